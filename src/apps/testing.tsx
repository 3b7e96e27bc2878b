// Component tests of the Apps view (src/apps/*.test.tsx): each renders a real component under a real
// QueryClient whose cache holds what the emulator would have answered, so nothing is fetched unless a test
// means it to be (then from an origin where nothing listens: the emulator stopped).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { afterEach } from 'vitest';
import { keys } from '../connection/keys.ts';
import type { AppInfo, AppsOverview, DeliverySummary, StepInfo } from '../wire/apps.ts';
import { SETTINGS } from './fixtures.ts';
import { useAppsUi } from './store.ts';

export { SETTINGS };

/** Port 9 (discard): nothing listens there, so a request fails at once, as with a stopped emulator. */
export const ORIGIN = 'http://127.0.0.1:9';

afterEach(() => {
  cleanup();
  useAppsUi.setState(useAppsUi.getInitialState(), true);
});

export function renderWith(
  ui: ReactElement,
  seed: (client: QueryClient) => void = () => {},
  apps: AppsOverview = overview(),
) {
  const client = new QueryClient({
    // What the cache holds is what the emulator said: not read again while a test looks at it.
    defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } },
  });
  // No API client (no session is checked against an allow-list): the view falls back to ids.
  client.setQueryData(keys.authConfig(), null);
  client.setQueryData(keys.appsOverview(ORIGIN), apps);
  seed(client);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const result: RenderResult = render(ui, { wrapper });
  /** Renders anew under the same cache: the view left and entered again. */
  const renderAgain = (next: ReactElement) => render(next, { wrapper });
  return { ...result, client, renderAgain };
}

export function step(over: Partial<StepInfo> = {}): StepInfo {
  return {
    id: 101,
    projectId: 1,
    appId: 'croql-router',
    moduleKey: 'router',
    title: 'Route',
    languages: ['uk', 'de'],
    outputs: [
      { title: 'Matched', port: 'true' },
      { title: 'Not matched', port: 'false' },
    ],
    active: true,
    createdAt: '2026-11-28T10:01:00.000Z',
    counts: { uk: { NEED_PROCESS: 3, DONE: 2 }, de: { FAILED: 1 } },
    settings: null,
    settingsSavedAt: null,
    ...over,
  };
}

export function app(over: Partial<AppInfo> = {}): AppInfo {
  return {
    appId: 'croql-router',
    name: 'CroQL Router',
    manifestUrl: 'http://127.0.0.1:3000/manifest.json',
    baseUrl: 'http://127.0.0.1:3000',
    authenticationType: 'crowdin_app',
    clientId: 'client-1',
    appSecret: 'secret-of-the-app',
    installedAt: '2026-11-28T10:00:30.000Z',
    installedBy: { id: 1, username: 'alice' },
    projects: 'all',
    agent: null,
    scopes: ['project'],
    modules: [],
    webhooks: [],
    stepTypes: [],
    uiModules: [],
    steps: [],
    problems: [],
    warnings: [],
    ...over,
  };
}

export function overview(apps: AppInfo[] = []): AppsOverview {
  return { settings: SETTINGS, clients: [], apps, problems: [], queued: [] };
}

export function delivery(over: Partial<DeliverySummary> = {}): DeliverySummary {
  return {
    id: 1,
    kind: 'webhook',
    appId: 'croql-router',
    moduleKey: 'hook',
    events: ['string.added'],
    eventCount: 2,
    method: 'POST',
    url: 'http://127.0.0.1:3000/hook',
    state: 'delivered',
    faults: [],
    createdAt: '2026-11-28T10:02:00.000Z',
    attemptCount: 1,
    lastAttempt: {
      n: 1,
      startedAt: '2026-11-28T10:02:00.000Z',
      durationMs: 12,
      status: 200,
      error: null,
      answerStart: '',
      answerBytes: 0,
      answerTruncated: false,
      location: null,
      ok: true,
    },
    nextAttemptAt: null,
    redeliveryOf: null,
    bodyBytes: 120,
    signature: null,
    ...over,
  };
}

/** An element's text as a reader sees it: whitespace collapsed. */
export function text(element: Element | null | undefined): string {
  return (element?.textContent ?? '').replace(/\s+/g, ' ').trim();
}
