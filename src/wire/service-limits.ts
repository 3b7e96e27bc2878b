// Limits of Crowdin's API that the emulator enforces and its clients (the playground, the language server,
// CroQL Router, the exported code) keep to.

/** The largest `limit` of a list request: one page holds at most this many rows (API v2 reference). */
export const PAGE_LIMIT = 500;

/**
 * Operations one PATCH of a workflow step's string statuses may carry. Crowdin's docs name no limit; this is
 * the emulator's, which refuses more, and CroQL Router sends its PATCHes in chunks of this size.
 */
export const STATUS_PATCH_LIMIT = 500;

/**
 * Events one webhook batch holds at most. Crowdin's docs name no cap; this is the emulator's default
 * (`--batch-max`, README), which sends a batch early when it holds this many.
 */
export const WEBHOOK_BATCH_EVENTS = 500;

/**
 * The largest webhook batch body an app reads: WEBHOOK_BATCH_EVENTS events of at most 16 KB each (an event
 * is a few KB: the string, its translation and the step; the review measured 670 KB for a full batch).
 * CroQL Router refuses a larger `Content-Length` before reading it (router/server/webhook-guard.ts).
 */
export const WEBHOOK_BATCH_MAX_BYTES = WEBHOOK_BATCH_EVENTS * 16 * 1024;
