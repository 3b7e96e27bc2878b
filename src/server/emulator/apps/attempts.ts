// One try of a delivery as the log and the wire describe it (AttemptInfo): what came back, or why nothing
// did, in words a developer acts on.
import { type AttemptInfo } from '../../../wire/apps.ts';
import { DELIVERY_KIND_FACTS, type DeliveryKind } from '../../../wire/delivery-kinds.ts';
import type { OutgoingResult } from './outgoing.ts';

/** Bytes of each answer kept in the log. */
const ANSWER_START_BYTES = 2048;

/** What came back, in a few words for a sentence: `the app answered 500`, or why nothing did. */
export function outcomeWords(a: Pick<AttemptInfo, 'status' | 'error'>): string {
  return a.status !== null ? `the app answered ${a.status}` : (a.error ?? 'no answer');
}

export function attemptInfo(
  kind: DeliveryKind,
  n: number,
  startedAt: number,
  result: OutgoingResult,
): AttemptInfo {
  const status = result.status;
  const ok = result.error === null && status !== null && status >= 200 && status <= 299;
  const location =
    status !== null && status >= 300 && status < 400 ? (result.headers.location ?? null) : null;
  let error: string | null = result.error?.message ?? null;
  if (!ok && !error && status !== null) {
    error =
      status >= 300 && status < 400
        ? `A redirect${location ? ` to ${location}` : ''}: the service does not follow redirects.`
        : DELIVERY_KIND_FACTS[kind].not2xx;
  }
  return {
    n,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: result.durationMs,
    status,
    error,
    answerStart: result.body.subarray(0, ANSWER_START_BYTES).toString('utf8'),
    answerBytes: result.bodyBytes,
    answerTruncated: result.truncated,
    location,
    ok,
  };
}
