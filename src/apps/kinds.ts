// Every lookup the view makes by delivery kind, in one place: the title of a delivery, what its state and
// last answer read as, and how long the app has to answer it, from each kind's facts (DELIVERY_KIND_FACTS in
// src/wire/delivery-kinds.ts, which the emulator and `apps listen` read too).
import type { AppsSettings, DeliveryDetail, DeliverySummary } from '../wire/apps.ts';
import { DELIVERY_KIND_FACTS, TIMEOUT_FLAGS, type DeliveryKind } from '../wire/delivery-kinds.ts';
import { clock } from './format.ts';

/** Kinds the emulator does not send: the browser loads them (the log says "opened", not a state). */
export const notSent = (kind: DeliveryKind): boolean => !DELIVERY_KIND_FACTS[kind].sent;

export function deliveryTitle(d: Pick<DeliverySummary, 'kind' | 'events' | 'eventCount'>): string {
  if (d.kind !== 'webhook') return DELIVERY_KIND_FACTS[d.kind].title;
  const events = d.events.length === 1 ? d.events[0] : `${d.events.length} kinds of event`;
  return `${events} ×${d.eventCount}`;
}

/** The state as the log's badge reads it. */
export function stateLabel(d: Pick<DeliverySummary, 'kind' | 'state'>): string {
  return notSent(d.kind) ? 'opened' : d.state;
}

/** The last answer, or what is going on now. */
export function deliveryStatus(d: DeliverySummary): string {
  if (notSent(d.kind)) return 'in the Apps view';
  const last = d.lastAttempt;
  // Without a status, the error is a sentence; its full stop would end the line before "; retry at".
  const error = last?.error?.replace(/\.$/, '') ?? null;
  const answer = last
    ? last.status !== null
      ? // A 2xx the emulator refused (an answer not in the module's shape) says why beside the status.
        `${last.status}${!last.ok && last.status < 300 && error ? `, refused: ${error}` : ''}`
      : (error ?? 'no answer')
    : '';
  switch (d.state) {
    case 'queued':
      return d.nextAttemptAt ? `queued until ${clock(d.nextAttemptAt)}` : 'queued';
    case 'sending':
      return 'sending…';
    case 'retrying':
      return `${answer}; retry at ${d.nextAttemptAt ? clock(d.nextAttemptAt) : 'soon'}`;
    case 'delivered':
    case 'failed':
      return answer;
    case 'dropped':
      return 'never sent';
  }
}

/**
 * What a delivery being sent is waiting for: its attempts list only those that ended, so without this an
 * app that hangs shows the last finished attempt and nothing of the one under way.
 */
export function underWayText(
  delivery: Pick<DeliveryDetail, 'kind' | 'attemptCount'>,
  settings: AppsSettings,
): string {
  // A kind that is not sent is never under way; the webhook window stands in for it.
  const setting = DELIVERY_KIND_FACTS[delivery.kind].timeout ?? 'webhookTimeoutSeconds';
  return `Attempt ${delivery.attemptCount + 1} is under way: the app has ${settings[setting]} s to answer (${TIMEOUT_FLAGS[setting]}, the emulator's choice).`;
}
