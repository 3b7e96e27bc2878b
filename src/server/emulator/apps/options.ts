// The emulator's choices for hosting apps where the service's docs are silent, each a command-line flag
// (cli.ts, described in src/wire/apps.ts AppsSettings) and a row of the README's "Develop a Crowdin app against the emulator".
import { randomBytes } from 'node:crypto';
import type { AppsSettings } from '../../../wire/apps.ts';

export interface AppsOptions extends Pick<
  AppsSettings,
  | 'batchIntervalSeconds'
  | 'batchMaxEvents'
  | 'webhookTimeoutSeconds'
  | 'installTimeoutSeconds'
  | 'moduleTimeoutSeconds'
  | 'retryScheduleSeconds'
  | 'allowRemoteApps'
> {
  /**
   * Key app secrets, OAuth app credentials and agent ids derive from, so they stay the same for an app
   * across restarts. The CLI keeps one in a private file (secrets.ts); tests get a random one.
   */
  secretKey: string;
}

export function defaultAppsOptions(): AppsOptions {
  return {
    batchIntervalSeconds: 60,
    batchMaxEvents: 500,
    webhookTimeoutSeconds: 30,
    installTimeoutSeconds: 30,
    moduleTimeoutSeconds: 120,
    retryScheduleSeconds: [10, 30, 60],
    allowRemoteApps: false,
    secretKey: randomBytes(32).toString('base64url'),
  };
}

/** The organization id the emulator reports (X-Crowdin-Id, installed event); one organization per emulator. */
export const ORGANIZATION_ID = 1;

/** The id of the project's workflow that app steps are added to (one workflow per project). */
export const WORKFLOW_ID = 1;
