// Limits of Crowdin's API that the emulator enforces and its clients (the playground, the language server,
// CroQL Router, the exported code) keep to.

/** The largest `limit` of a list request: one page holds at most this many rows (API v2 reference). */
export const PAGE_LIMIT = 500;

/**
 * Operations one PATCH of a workflow step's string statuses may carry. Crowdin's docs name no limit; this is
 * the emulator's, which refuses more, and CroQL Router sends its PATCHes in chunks of this size.
 */
export const STATUS_PATCH_LIMIT = 500;
