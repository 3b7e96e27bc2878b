// @vitest-environment happy-dom
// An opened delivery on screen: a large body drawn in part, Copy as curl that says it copied (and warns
// when large), what a delivery under way waits for, an opened settings page.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { keys } from '../connection/keys.ts';
import type { DeliveryDetail as Detail } from '../wire/apps.ts';
import { DeliveryDetail } from './DeliveryDetail.tsx';
import { BODY_PREVIEW_CHARS } from './request.ts';
import { delivery, ORIGIN, renderWith, SETTINGS, text } from './testing.tsx';

function open(over: Partial<Detail> = {}) {
  // A module call: unsigned, so the panel does not wait on Web Crypto.
  const detail: Detail = {
    ...delivery({ kind: 'module-call', moduleKey: 'fmt' }),
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:3000/fmt',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    },
    attempts: [],
    stepStrings: [],
    ...over,
  };
  renderWith(
    <DeliveryDetail origin={ORIGIN} id={detail.id} secretOf={() => null} settings={SETTINGS} />,
    (client) => client.setQueryData(keys.appsDelivery(ORIGIN, detail.id), detail),
  );
  return screen.getByTestId('delivery-detail');
}

/** A JSON body of about `n` events, as a large webhook batch. */
function bigBody(n: number): string {
  return JSON.stringify({
    events: Array.from({ length: n }, (_, i) => ({
      event: 'string.added',
      string: { id: i, text: 'x'.repeat(40) },
    })),
  });
}

describe('an opened delivery', () => {
  it('draws the body only once asked, and a large one in part, with its size and Show all', async () => {
    const user = userEvent.setup();
    const body = bigBody(3000);
    const detail = open({ request: { method: 'POST', url: 'http://x/hook', headers: {}, body } });
    // Closed: nothing of the body is drawn yet.
    expect(within(detail).queryByTestId('request-body')).toBeNull();
    await user.click(within(detail).getByText('Request headers and body'));
    const drawn = within(detail).getByTestId('request-body').textContent!;
    expect(drawn.length).toBeLessThanOrEqual(BODY_PREVIEW_CHARS);
    expect(drawn.length).toBeGreaterThan(BODY_PREVIEW_CHARS / 2);
    expect(text(within(detail).getByTestId('body-cut'))).toMatch(
      /^The first [\d,]+ characters of [\d,]+ characters \(\d+ KB as sent\)/,
    );
    await user.click(within(detail).getByRole('button', { name: 'Show all' }));
    expect(within(detail).getByTestId('request-body').textContent).toBe(
      JSON.stringify(JSON.parse(body), null, 2),
    );
    expect(within(detail).queryByTestId('body-cut')).toBeNull();
  });

  it('draws a small body whole, indented', async () => {
    const user = userEvent.setup();
    const detail = open();
    await user.click(within(detail).getByText('Request headers and body'));
    expect(within(detail).getByTestId('request-body').textContent).toBe('{\n  "a": 1\n}');
    expect(within(detail).queryByTestId('body-cut')).toBeNull();
  });

  it('says Copy as curl copied, and puts the command on the clipboard', async () => {
    const user = userEvent.setup();
    const small = open();
    const copy = within(small).getByRole('button', { name: 'Copy as curl' });
    expect(small.querySelector('.apps-copy-note')).toBeNull();
    await user.click(copy);
    expect(text(copy)).toBe('✓ Copied');
    expect(await navigator.clipboard.readText()).toMatch(/^curl .*-X POST 'http:\/\/127.0.0.1:3000\/fmt'/);
  });

  it('warns that a large Copy as curl is large', () => {
    const detail = open({
      request: { method: 'POST', url: 'http://x/hook', headers: {}, body: bigBody(3000) },
    });
    expect(text(detail.querySelector('.apps-copy-note'))).toMatch(/^The command is \d+ KB on one line/);
  });

  it('says which attempt is under way and how long the app has, by its kind', () => {
    const detail = open({ state: 'sending', attemptCount: 1 });
    expect(text(within(detail).getByRole('status'))).toBe(
      "Attempt 2 is under way: the app has 120 s to answer (--module-timeout, the emulator's choice).",
    );
  });

  it('shows an opened settings page as opened by the browser, with nothing to redeliver', () => {
    const detail = open({ kind: 'settings-page', method: 'GET' });
    expect(within(detail).getByTestId('settings-page-opened')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Redeliver' })).toBeNull();
    expect(text(detail.querySelector('.apps-request-line'))).toMatch(/opened \d\d:\d\d:\d\d$/);
  });
});
