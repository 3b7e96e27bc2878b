// The emulator's settings as its overview gives them, for the Apps view's tests (unit and component).
import type { AppsSettings } from '../wire/apps.ts';

export const SETTINGS: AppsSettings = {
  startedAt: '2026-11-28T10:00:00.000Z',
  edition: 'crowdin-enterprise',
  organization: 'acme',
  organizationId: 1,
  batchIntervalSeconds: 60,
  batchMaxEvents: 500,
  webhookTimeoutSeconds: 30,
  installTimeoutSeconds: 20,
  moduleTimeoutSeconds: 120,
  retryScheduleSeconds: [5, 30],
  allowRemoteApps: false,
  tls: null,
};
