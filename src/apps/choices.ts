// The emulator's settings as the Apps view lists them: what each is, its value, and whether it is the
// service's documented behaviour or the emulator's choice (README, "The emulator's choices").
import type { AppsSettings } from '../wire/apps.ts';

export interface Choice {
  what: string;
  value: string;
  /** null: as the service documents it. */
  ours: string | null;
  flag: string;
}

export const seconds = (n: number) => (n === 0 ? 'at once' : `${n} s`);

export function choicesOf(settings: AppsSettings): Choice[] {
  const retries = settings.retryScheduleSeconds;
  return [
    {
      what: 'Edition',
      value:
        settings.edition === 'crowdin-enterprise'
          ? `Crowdin Enterprise, organization "${settings.organization}"`
          : 'crowdin.com (workflow steps are Enterprise only)',
      ours: null,
      flag: '--organization DOMAIN',
    },
    {
      what: 'Batch interval',
      value: seconds(settings.batchIntervalSeconds),
      ours: settings.batchIntervalSeconds === 60 ? null : 'the service batches once a minute',
      flag: '--batch-interval SECONDS',
    },
    {
      what: 'Largest batch',
      value: `${settings.batchMaxEvents} events`,
      ours: 'Crowdin does not say how large a batch gets',
      flag: '--batch-max N',
    },
    {
      what: 'Webhook timeout',
      value: seconds(settings.webhookTimeoutSeconds),
      ours: "Crowdin does not say how long it waits for an app's webhook (project webhooks: 30 s)",
      flag: '--webhook-timeout SECONDS',
    },
    {
      what: 'Install timeout',
      value: seconds(settings.installTimeoutSeconds),
      ours: 'Crowdin does not say how long it waits for the installed and uninstall events',
      flag: '--install-timeout SECONDS',
    },
    {
      what: 'Module call timeout',
      value: seconds(settings.moduleTimeoutSeconds),
      ours:
        settings.moduleTimeoutSeconds === 120
          ? null
          : 'the service waits 2 minutes for a file-processing module',
      flag: '--module-timeout SECONDS',
    },
    {
      what: 'Retries',
      value:
        retries.length === 0
          ? 'none: a failed delivery makes its strings FAILED at once'
          : `${retries.length}, after ${retries.join(', ')} s; then the strings become FAILED`,
      ours: 'Crowdin retries "a limited number of times" and publishes no schedule',
      flag: '--retry-schedule LIST',
    },
    {
      what: 'HTTPS for framework apps',
      value: settings.tls
        ? `${settings.tls.origin}; crowdinUrls ${JSON.stringify(settings.tls.crowdinUrls)}, NODE_EXTRA_CA_CERTS=${settings.tls.caPath}, NODE_OPTIONS="--import ${settings.tls.dnsPreload}"`
        : 'off',
      ours: 'the official framework calls the API over HTTPS only; the emulator serves it with a local CA',
      flag: '--tls',
    },
    {
      what: 'Apps it calls',
      value: settings.allowRemoteApps ? 'any host' : 'this machine only (loopback)',
      ours: 'a local tool calls local apps unless told otherwise',
      flag: '--allow-remote-apps',
    },
  ];
}
