// The Apps view's own logic: what the stream makes stale, the calls beside their delivery, the check before
// sending a query, what waits for the next batch, and which window messages are the settings page's bridge.
import { describe, expect, it } from 'vitest';
import { keys } from '../connection/keys.ts';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION } from '../wire/ap-bridge.ts';
import type { AppApiCall, AppsOverview, AppsSettings } from '../wire/apps.ts';
import { choicesOf } from './choices.ts';
import { SETTINGS } from './fixtures.ts';
import { ControlRequestError } from './client.ts';
import { registeredMessage } from './InstallForm.tsx';
import { deliveryStatus, deliveryTitle, underWayText } from './kinds.ts';
import { callsByDelivery } from './log.ts';
import { saidAtTop } from './parts.tsx';
import { queuedLine } from './QueuedBatches.tsx';
import { sendRefusal } from './send.ts';
import { bridgeMessage, unsaved } from './settings-page.ts';
import { useAppsUi } from './store.ts';
import { staleKeys, withStepCounts } from './stream.ts';

const origin = 'http://127.0.0.1:8787';

describe('the live stream', () => {
  it('marks stale what an event changes, and nothing of the settings page being edited', () => {
    const delivery = { type: 'delivery', delivery: {} } as never;
    expect(staleKeys(origin, delivery)).toEqual([keys.appsDeliveries(origin)]);
    // New counts also mark the overview stale, so a read already under way cannot leave older counts.
    expect(staleKeys(origin, { type: 'statuses', stepId: 7, counts: {} })).toEqual([
      keys.appsStepStrings(origin, 7),
      keys.appsOverview(origin),
    ]);
    const page = keys.appsSettingsPage(origin, 'app', 7);
    const prefix = keys.apps(origin);
    expect(page.slice(0, prefix.length)).not.toEqual(prefix);
  });

  it("writes a step's new counts into the overview, leaving the other steps as they were", () => {
    const step = (id: number) => ({ id, counts: { uk: { NEED_PROCESS: 3 } } });
    const overview = { apps: [{ appId: 'a', steps: [step(1), step(2)] }] } as unknown as AppsOverview;
    const next = withStepCounts(overview, 2, { uk: { DONE: 3 } });
    expect(next.apps[0]!.steps.map((s) => s.counts)).toEqual([
      { uk: { NEED_PROCESS: 3 } },
      { uk: { DONE: 3 } },
    ]);
    expect(next.apps[0]!.steps[0]).toBe(overview.apps[0]!.steps[0]);
  });
});

describe('the log', () => {
  it("groups the app's calls under the delivery that caused them, oldest first", () => {
    const call = (id: number, afterDelivery: number | null) => ({ id, afterDelivery }) as AppApiCall;
    const grouped = callsByDelivery([call(4, 2), call(3, 2), call(2, null), call(1, 1)]);
    expect(grouped.get(2)!.map((c) => c.id)).toEqual([3, 4]);
    expect(grouped.get(null)!.map((c) => c.id)).toEqual([2]);
    expect(grouped.get(1)!.map((c) => c.id)).toEqual([1]);
  });

  it('names what a delivery carries', () => {
    expect(deliveryTitle({ kind: 'webhook', events: ['file.added'], eventCount: 2 })).toBe('file.added ×2');
    expect(deliveryTitle({ kind: 'webhook', events: ['a', 'b'], eventCount: 5 })).toBe('2 kinds of event ×5');
    expect(deliveryTitle({ kind: 'settings', events: [], eventCount: 0 })).toBe('step settings saved');
  });
});

describe('sending the strings a query matches', () => {
  it('refuses an empty query and one the checker refuses, naming the first problem', () => {
    expect(sendRefusal('  ', 'enterprise', {})).toMatch(/Write the query first/);
    expect(sendRefusal('identifier contains', 'enterprise', {})).toMatch(
      /^The query has 1 problem, so nothing was sent: /,
    );
    expect(sendRefusal('identifier contains "paypal" and not is hidden', 'enterprise', {})).toBeNull();
  });
});

describe('the settings page bridge', () => {
  const frame = {} as Window;
  const message = { protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, type: 'ready', href: 'x' };
  it('listens only to the framed page, on its origin, speaking the protocol', () => {
    const page = 'http://127.0.0.1:3000';
    expect(bridgeMessage({ data: message, origin: page, source: frame }, frame, page)).toEqual(message);
    expect(
      bridgeMessage({ data: message, origin: 'http://evil.test', source: frame }, frame, page),
    ).toBeNull();
    expect(bridgeMessage({ data: message, origin: page, source: {} as Window }, frame, page)).toBeNull();
    expect(
      bridgeMessage({ data: { ...message, version: 2 }, origin: page, source: frame }, frame, page),
    ).toBeNull();
    expect(bridgeMessage({ data: 'ready', origin: page, source: frame }, frame, page)).toBeNull();
  });

  it('tells a form that differs from the saved settings', () => {
    expect(unsaved(undefined, { a: 1 })).toBe(false);
    expect(unsaved({ a: 1 }, { a: 1 })).toBe(false);
    expect(unsaved({ a: 2 }, { a: 1 })).toBe(true);
    expect(unsaved({ a: 1 }, undefined)).toBe(true);
  });
});

describe("the emulator's choices", () => {
  it('marks as ours what Crowdin does not publish, and as the service what it does', () => {
    const settings: AppsSettings = { ...SETTINGS, retryScheduleSeconds: [10, 30, 60] };
    const ground = Object.fromEntries(choicesOf(settings).map((c) => [c.what, c.ours === null]));
    expect(ground).toMatchObject({
      'Batch interval': true,
      'Module call timeout': true,
      Retries: false,
      'Webhook timeout': false,
      'Install timeout': false,
      'Largest batch': false,
    });
    const faster = choicesOf({ ...settings, batchIntervalSeconds: 0, retryScheduleSeconds: [] });
    expect(faster.find((c) => c.what === 'Batch interval')).toMatchObject({
      value: 'at once',
      ours: expect.any(String),
    });
    expect(faster.find((c) => c.what === 'Retries')!.value).toMatch(/^none/);
  });
});

describe('what waits for the next batch', () => {
  it('says how many events, to which app and module, and when they go', () => {
    const at = new Date(2026, 10, 28, 8, 51, 3).toISOString();
    const batch = { appId: 'step-app', moduleKey: 'step-hook', events: 1780, sendsAt: at };
    expect(queuedLine(batch, 'Test Step App')).toBe(
      '1,780 events wait for the next batch to Test Step App (step-hook), at 08:51:03',
    );
    expect(queuedLine({ ...batch, events: 1 }, 'Test Step App')).toMatch(/^1 event waits for/);
  });
});

describe('a delivery row', () => {
  it('says why an attempt got no answer, and when the retry goes, in one sentence', () => {
    const retrying = {
      kind: 'webhook',
      state: 'retrying',
      nextAttemptAt: '2026-01-01T10:00:30.000Z',
      lastAttempt: { status: null, error: 'No answer within 30 s.' },
    } as never;
    expect(deliveryStatus(retrying)).toMatch(/^No answer within 30 s; retry at \d\d:\d\d:30$/);
    const failed = {
      kind: 'webhook',
      state: 'failed',
      lastAttempt: { status: 500, error: 'Only a 2xx…' },
    } as never;
    expect(deliveryStatus(failed)).toBe('500');
    // A settings page opened has no answer: the browser loaded it here.
    const opened = { kind: 'settings-page', state: 'delivered', lastAttempt: null } as never;
    expect(deliveryStatus(opened)).toBe('in the Apps view');
    expect(deliveryTitle(opened)).toBe('settings page opened');
  });
});

describe('registering an OAuth app', () => {
  const mine = { clientId: 'abc', clientSecret: 's', name: 'My step', scopes: ['project'] };
  it('says whether the name was new, or gave the credentials it had (and its scopes now)', () => {
    expect(registeredMessage('My step', 'project', [], 'abc')).toBe(
      'Registered My step: its client id and secret are above.',
    );
    expect(registeredMessage('My step', 'project', [mine], 'abc')).toBe(
      'My step was registered already: the same client id and secret.',
    );
    expect(registeredMessage('My step', 'project tm', [mine], 'abc')).toBe(
      'My step was registered already: the same client id and secret, its scopes now project tm.',
    );
  });
});

describe('a restart of the emulator', () => {
  it('is told from the first read and from another emulator, and lets go of ids of the previous run', () => {
    // From the store's first state, whatever ran before in this file.
    useAppsUi.setState(useAppsUi.getInitialState(), true);
    const { sawRun } = useAppsUi.getState().actions;
    const a = 'http://127.0.0.1:8787';
    expect(sawRun(a, '2026-01-01T10:00:00.000Z')).toBe(false);
    expect(sawRun(a, '2026-01-01T10:00:00.000Z')).toBe(false);
    useAppsUi.setState({
      selectedDelivery: 10,
      settingsStep: 101,
      installUrl: 'http://127.0.0.1:3000/m.json',
    });
    expect(sawRun(a, '2026-01-01T11:00:00.000Z')).toBe(true);
    expect(useAppsUi.getState()).toMatchObject({
      restartedAt: '2026-01-01T11:00:00.000Z',
      selectedDelivery: null,
      settingsStep: null,
      // What was typed stays.
      installUrl: 'http://127.0.0.1:3000/m.json',
    });
    useAppsUi.getState().actions.dismissRestart();
    // Another emulator is not a restart.
    expect(sawRun('http://127.0.0.1:9999', '2026-01-01T12:00:00.000Z')).toBe(false);
    expect(useAppsUi.getState().restartedAt).toBeNull();
  });
});

describe('a delivery being sent', () => {
  it('says which attempt is under way and how long the app has, by the kind of call', () => {
    const settings = {
      webhookTimeoutSeconds: 30,
      installTimeoutSeconds: 20,
      moduleTimeoutSeconds: 120,
    } as AppsSettings;
    expect(underWayText({ kind: 'webhook', attemptCount: 1 }, settings)).toBe(
      "Attempt 2 is under way: the app has 30 s to answer (--webhook-timeout, the emulator's choice).",
    );
    expect(underWayText({ kind: 'installed', attemptCount: 0 }, settings)).toContain(
      'Attempt 1 is under way: the app has 20 s to answer (--install-timeout',
    );
  });
});

describe('a panel whose read failed', () => {
  it('stays quiet only when the emulator is gone, the top says so, and the panel still shows its data', () => {
    const gone = new ControlRequestError('The emulator at … did not answer.', 0, 'unreachable');
    const refused = new ControlRequestError('Step 7 is unknown.', 404, 'unknownStep');
    expect(saidAtTop(gone, true, gone)).toBe(true);
    // Nothing shown yet, or the top says nothing, or another failure: the panel says it.
    expect(saidAtTop(gone, false, gone)).toBe(false);
    expect(saidAtTop(gone, true, null)).toBe(false);
    expect(saidAtTop(refused, true, gone)).toBe(false);
  });
});
