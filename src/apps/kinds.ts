// Every lookup the view makes by delivery kind, in one place: the title of a delivery, what its state and
// last answer read as, and how long the app has to answer it. (The emulator describes each kind in
// src/wire/apps.ts; the view's words for them live here only.)
import type { AppsSettings, DeliveryDetail, DeliveryKind, DeliverySummary } from '../wire/apps.ts';
import { clock } from './format.ts';

/** What a delivery carries, in a few words. */
const KIND_TITLES: Record<Exclude<DeliveryKind, 'webhook'>, string> = {
  installed: 'installed event',
  uninstall: 'uninstall event',
  settings: 'step settings saved',
  'delete-settings': 'step deleted',
  'module-call': 'module call',
  'settings-page': 'settings page opened',
};

/** Kinds the emulator does not send: the browser loads them (the log says "opened", not a state). */
export const notSent = (kind: DeliveryKind): boolean => kind === 'settings-page';

export function deliveryTitle(d: Pick<DeliverySummary, 'kind' | 'events' | 'eventCount'>): string {
  if (d.kind !== 'webhook') return KIND_TITLES[d.kind];
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
  }
}

type AnswerWindow = keyof Pick<
  AppsSettings,
  'webhookTimeoutSeconds' | 'installTimeoutSeconds' | 'moduleTimeoutSeconds'
>;

/** How long the app has to answer a call of this kind. */
const ANSWER_WINDOW: Record<DeliveryKind, AnswerWindow> = {
  webhook: 'webhookTimeoutSeconds',
  settings: 'webhookTimeoutSeconds',
  'delete-settings': 'webhookTimeoutSeconds',
  installed: 'installTimeoutSeconds',
  uninstall: 'installTimeoutSeconds',
  'module-call': 'moduleTimeoutSeconds',
  // Never sent (the browser loads the page): never under way.
  'settings-page': 'webhookTimeoutSeconds',
};
const WINDOW_FLAGS: Record<AnswerWindow, string> = {
  webhookTimeoutSeconds: '--webhook-timeout',
  installTimeoutSeconds: '--install-timeout',
  moduleTimeoutSeconds: '--module-timeout',
};

/**
 * What a delivery being sent is waiting for: its attempts list only those that ended, so without this an
 * app that hangs shows the last finished attempt and nothing of the one under way.
 */
export function underWayText(
  delivery: Pick<DeliveryDetail, 'kind' | 'attemptCount'>,
  settings: AppsSettings,
): string {
  const window = ANSWER_WINDOW[delivery.kind];
  return `Attempt ${delivery.attemptCount + 1} is under way: the app has ${settings[window]} s to answer (${WINDOW_FLAGS[window]}, the emulator's choice).`;
}
