// What the emulator sends to apps, kind by kind: each kind's noun and title, what a non-2xx means, the
// setting (and flag) of its answer window, and whether it is retried, redelivered or sent at all; and the
// states a delivery goes through. The emulator, `apps listen` and the Apps view read them from here.

/**
 * What the emulator sent: a webhook batch, an app event, a settings callback or a module call. And one thing
 * it does not send: `settings-page`, a step's settings page opened (the browser loads it, in the Apps view);
 * it is logged so that the calls the page makes as it loads are listed under it, not under an older delivery.
 * `module-page` is the same for a UI module's page (project menu, editor panel, …).
 */
export const DELIVERY_KINDS = [
  'webhook',
  'installed',
  'uninstall',
  'settings',
  'delete-settings',
  'module-call',
  'settings-page',
  'module-page',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

/** The settings that say how long the app has to answer a call (AppsSettings), each set by a flag. */
export type TimeoutSetting = 'webhookTimeoutSeconds' | 'installTimeoutSeconds' | 'moduleTimeoutSeconds';
export const TIMEOUT_FLAGS: Record<TimeoutSetting, string> = {
  webhookTimeoutSeconds: '--webhook-timeout',
  installTimeoutSeconds: '--install-timeout',
  moduleTimeoutSeconds: '--module-timeout',
};

/** What a delivery of one kind is: the emulator sends and logs it by these, the CLI and the view say them. */
export interface DeliveryKindFacts {
  /** What one is, in a sentence: "a webhook delivery". */
  noun: string;
  /** Its title in the log and `apps listen` (a webhook batch shows its events instead). */
  title: string;
  /**
   * Why an HTTP answer that is not a 2xx failed. The status stands beside it wherever an attempt is shown
   * (the log, the CLI, an install's refusal), so the words do not repeat it.
   */
  not2xx: string;
  /** How long the app has to answer; null for what the emulator does not send. */
  timeout: TimeoutSetting | null;
  /** A failed attempt is tried again on the retry schedule (retryScheduleSeconds). */
  retried: boolean;
  /** `POST /__apps/deliveries/{id}/redeliver` sends the same bytes again. */
  redeliverable: boolean;
  /** False for what is logged but not sent by the emulator: the browser loads a settings page. */
  sent: boolean;
}

export const DELIVERY_KIND_FACTS: Record<DeliveryKind, DeliveryKindFacts> = {
  webhook: {
    noun: 'a webhook delivery',
    title: 'webhook delivery',
    not2xx: 'Only a 2xx acknowledges a delivery.',
    timeout: 'webhookTimeoutSeconds',
    retried: true,
    redeliverable: true,
    sent: true,
  },
  installed: {
    noun: 'an installed event',
    title: 'installed event',
    not2xx: 'Only a 2xx completes an install.',
    timeout: 'installTimeoutSeconds',
    retried: false,
    redeliverable: false,
    sent: true,
  },
  uninstall: {
    noun: 'an uninstall event',
    title: 'uninstall event',
    not2xx: 'Not a 2xx; the app is removed whatever it answers.',
    timeout: 'installTimeoutSeconds',
    retried: false,
    redeliverable: false,
    sent: true,
  },
  settings: {
    noun: 'a settings callback (updateSettingsUrl)',
    title: 'step settings saved',
    not2xx: 'Only a 2xx saves the settings.',
    timeout: 'webhookTimeoutSeconds',
    retried: false,
    redeliverable: false,
    sent: true,
  },
  'delete-settings': {
    noun: 'a settings callback (deleteSettingsUrl)',
    title: 'step deleted',
    not2xx: 'Not a 2xx; the step is deleted whatever the app answers.',
    timeout: 'webhookTimeoutSeconds',
    retried: false,
    redeliverable: false,
    sent: true,
  },
  'module-call': {
    noun: 'a file-processing module call',
    title: 'module call',
    not2xx: 'Only a 2xx answers a module call.',
    timeout: 'moduleTimeoutSeconds',
    retried: false,
    redeliverable: false,
    sent: true,
  },
  'settings-page': {
    noun: 'the opening of a settings page (url)',
    title: 'settings page opened',
    not2xx: 'Only a 2xx loads the page.',
    timeout: null,
    retried: false,
    redeliverable: false,
    sent: false,
  },
  'module-page': {
    noun: "the opening of a UI module's page (url)",
    title: 'module page opened',
    not2xx: 'Only a 2xx loads the page.',
    timeout: null,
    retried: false,
    redeliverable: false,
    sent: false,
  },
};
/** `dropped`: a delivery fault rule (src/wire/faults.ts) kept it from being sent; the app never saw it. */
export const DELIVERY_STATES = ['queued', 'sending', 'retrying', 'delivered', 'failed', 'dropped'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** How long the app has to answer a delivery of this kind, in seconds; null for what is not sent. */
export function answerWindowSeconds(
  kind: DeliveryKind,
  settings: Record<TimeoutSetting, number>,
): number | null {
  const setting = DELIVERY_KIND_FACTS[kind].timeout;
  return setting === null ? null : settings[setting];
}
