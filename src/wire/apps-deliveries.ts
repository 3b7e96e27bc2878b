// What the emulator sends to installed apps, as its control routes show it: the webhook headers, triggering
// and flushing events, each delivery with its attempts and its fixture, and the calls apps make back. The
// kinds and states: src/wire/delivery-kinds.ts.
import type { DeliveryKind, DeliveryState } from './delivery-kinds.ts';
import type { DeliveryFaultNote } from './faults.ts';

/** Headers of every webhook delivery, with the service's names. */
export const WEBHOOK_HEADERS = {
  signature: 'X-Crowdin-Signature',
  id: 'X-Crowdin-Id',
  domain: 'X-Crowdin-Domain',
  moduleKey: 'X-Module-Key',
  userAgent: 'Crowdin-Webhook',
} as const;

/** `POST /__apps/{appId}/trigger`: a documented event built from live objects; ids pick the objects. */
export interface TriggerRequest {
  event: string;
  stringId?: number;
  fileId?: number;
  languageId?: string;
  userId?: number;
  branchId?: number;
}

export interface TriggerResponse {
  event: string;
  /** Webhook modules the event was queued for. */
  modules: string[];
}

/** `POST /__apps/flush`: queued batches and waiting retries, sent now; all apps', or one app's. */
export interface FlushRequest {
  app?: string;
}

export interface FlushResponse {
  deliveries: number;
  retries: number;
}

/** One try of a delivery. */
export interface AttemptInfo {
  n: number;
  startedAt: string;
  durationMs: number;
  /** The HTTP status, null when no answer came (timeout, refused, not HTTP). */
  status: number | null;
  /** Why the attempt failed, in words; null when it succeeded. */
  error: string | null;
  /** The first bytes of the answer's body (UTF-8, at most 2 KB). */
  answerStart: string;
  answerBytes: number;
  /** The answer was larger than the emulator reads; it stopped reading there. */
  answerTruncated: boolean;
  /** A redirect's Location (never followed). */
  location: string | null;
  ok: boolean;
}

export interface DeliverySummary {
  id: number;
  kind: DeliveryKind;
  appId: string;
  moduleKey: string | null;
  /** The distinct event names in the body, in order of first appearance. */
  events: string[];
  eventCount: number;
  method: string;
  url: string;
  state: DeliveryState;
  createdAt: string;
  attemptCount: number;
  lastAttempt: AttemptInfo | null;
  nextAttemptAt: string | null;
  redeliveryOf: number | null;
  bodyBytes: number;
  /** The X-Crowdin-Signature sent, null for unsigned calls. */
  signature: string | null;
  /** What delivery fault rules did to it (`POST /__faults`), in the order they acted; empty for most. */
  faults: DeliveryFaultNote[];
}

export interface DeliveryDetail extends DeliverySummary {
  request: Fixture;
  attempts: AttemptInfo[];
  /** The (step, string, language) pairs a step event batch carries. */
  stepStrings: { stepId: number; stringId: number; languageId: string }[];
}

/** `GET /__apps/deliveries?app&state&event&kind&limit&offset`, newest first. */
export interface DeliveriesResponse {
  data: DeliverySummary[];
  total: number;
  offset: number;
  limit: number;
}

/** `GET /__apps/deliveries/{id}/fixture`: the request exactly as sent, to replay in the app's tests. */
export interface Fixture {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A call the app made to the emulator with one of its tokens, or a token request. */
export interface AppApiCall {
  id: number;
  appId: string;
  at: string;
  kind: 'token' | 'api';
  method: string;
  path: string;
  status: number;
  durationMs: number;
  /** The newest delivery to the app that had started before this call: the one that likely caused it. */
  afterDelivery: number | null;
}

/** `GET /__apps/calls?app&limit`, newest first. */
export interface AppCallsResponse {
  data: AppApiCall[];
}
