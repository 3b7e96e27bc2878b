// @vitest-environment happy-dom
// The delivery log on screen: what each row says, the app's calls under it, opening and closing a delivery.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keys } from '../connection/keys.ts';
import type { AppApiCall, DeliveryDetail, DeliverySummary } from '../wire/apps.ts';
import { DeliveryLog } from './DeliveryLog.tsx';
import { LOG_PAGE, useAppsUi } from './store.ts';
import { app, delivery, ORIGIN, overview, renderWith, text } from './testing.tsx';

const FILTERS = { app: '', state: '', event: '', kind: '' };

function showLog(deliveries: DeliverySummary[], calls: AppApiCall[] = [], apps = [app()]) {
  const data = overview(apps);
  return renderWith(
    <DeliveryLog origin={ORIGIN} overview={data} />,
    (client) => {
      client.setQueryData(keys.appsDeliveryList(ORIGIN, FILTERS, LOG_PAGE), {
        data: deliveries,
        total: deliveries.length,
        offset: 0,
        limit: LOG_PAGE,
      });
      client.setQueryData(keys.appsCalls(ORIGIN), { data: calls });
    },
    data,
  );
}

const rows = () => screen.getAllByTestId('delivery');

describe('the delivery log', () => {
  it('names each delivery by what it carried, its app and its answer; an opened settings page reads "opened"', () => {
    showLog([
      delivery({
        id: 2,
        kind: 'settings-page',
        moduleKey: 'router',
        events: [],
        eventCount: 0,
        lastAttempt: null,
      }),
      delivery({ id: 1 }),
    ]);
    const [page, batch] = rows();
    expect(text(page)).toContain('#2');
    expect(text(page)).toContain('opened');
    expect(text(page)).toContain('settings page opened');
    expect(text(page)).toContain('CroQL Router · router · in the Apps view');
    expect(text(batch)).toContain('delivered');
    expect(text(batch)).toContain('string.added ×2');
    expect(text(batch)).toContain('CroQL Router · hook · 200');
  });

  it('shows a batch a fault rule dropped as dropped and never sent, and a duplicate as a redelivery by its rule', () => {
    showLog([
      delivery({ id: 4, redeliveryOf: 3, faults: [{ rule: 'twice', fault: 'duplicate' }] }),
      delivery({
        id: 3,
        state: 'dropped',
        attemptCount: 0,
        lastAttempt: null,
        faults: [{ rule: 'lose-one', fault: 'drop' }],
      }),
    ]);
    const [copy, dropped] = rows();
    expect(dropped!.getAttribute('data-state')).toBe('dropped');
    expect(text(dropped)).toContain('fault lose-one: dropped, never sent');
    expect(text(dropped)).toContain('CroQL Router · hook · never sent');
    expect(text(copy)).toContain('(redelivery of #3)');
    expect(text(copy)).toContain('fault twice: sent again after its answer');
  });

  it('reads a module call whose answer the emulator refused as failed, with the reason beside the 200', () => {
    const refused = delivery({
      kind: 'module-call',
      moduleKey: 'fmt',
      state: 'failed',
      lastAttempt: {
        ...delivery().lastAttempt!,
        status: 200,
        ok: false,
        error: 'The answer is not what the service takes: text is required.',
      },
    });
    showLog([refused]);
    const row = rows()[0]!;
    expect(row?.getAttribute('data-state')).toBe('failed');
    expect(text(row.querySelector('.apps-state'))).toContain('failed');
    expect(text(row)).toContain('200, refused: The answer is not what the service takes: text is required');
  });

  it('names the app of an uninstalled app by the name the view knew, not its id', () => {
    useAppsUi.setState({ appNames: { 'old-app': 'Old App' } });
    showLog([delivery({ appId: 'old-app' }), delivery({ id: 2, appId: 'never-seen' })], [], []);
    expect(text(rows()[0])).toContain('Old App · hook');
    expect(text(rows()[1])).toContain('never-seen · hook');
  });

  it("lists the app's calls under the delivery that caused them, oldest first, with the CroQL decoded", () => {
    const call = (id: number, path: string): AppApiCall => ({
      id,
      appId: 'croql-router',
      at: '2026-11-28T10:02:01.000Z',
      kind: 'api',
      method: 'GET',
      path,
      status: 200,
      durationMs: 5,
      afterDelivery: 1,
    });
    showLog(
      [delivery()],
      [
        call(
          2,
          '/api/v2/projects/1/strings?croql=count+of+languages+summary+where+%28language+%3D+%40language%29+%3E+0',
        ),
        call(1, '/api/v2/projects/1'),
      ],
    );
    const calls = within(screen.getByTestId('app-calls')).getAllByRole('listitem');
    expect(text(calls[0])).toContain('GET /api/v2/projects/1 200');
    expect(text(calls[1])).toContain(
      'GET /api/v2/projects/1/strings?croql=count of languages summary where (language = @language) > 0',
    );
  });

  it('opens a delivery under its row, and Escape closes it with focus back on the row', async () => {
    const user = userEvent.setup();
    // A module call: not signed, so nothing of the opened delivery waits on Web Crypto.
    const call = delivery({ kind: 'module-call', moduleKey: 'fmt' });
    const detail: DeliveryDetail = {
      ...call,
      request: { method: 'POST', url: 'http://127.0.0.1:3000/hook', headers: {}, body: '{"events":[]}' },
      attempts: [],
      stepStrings: [],
    };
    const { client } = showLog([call]);
    client.setQueryData(keys.appsDelivery(ORIGIN, 1), detail);
    await user.click(rows()[0]!);
    expect(rows()[0]?.getAttribute('aria-expanded')).toBe('true');
    // Focus is inside the opened delivery; Escape closes it.
    screen.getByRole('button', { name: 'Download fixture' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('delivery-detail')).toBeNull();
    expect(rows()[0]?.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(rows()[0]);
  });
});
