// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableIframePageLoading": true}}
// A step's settings page on screen: opened only by the user (never by a render, StrictMode's double
// render included), kept as it was when the view comes back, framed to its height; Delete asked first.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { keys } from '../connection/keys.ts';
import type { SettingsPageResponse } from '../wire/apps.ts';
import { SettingsPage, StepSettings } from './SettingsPanel.tsx';
import { FRAME_HEIGHT } from './settings-page.ts';
import { useAppsUi } from './store.ts';
import { ORIGIN, renderWith, step, text } from './testing.tsx';

const PAGE_KEY = keys.appsSettingsPage(ORIGIN, 'croql-router', 101);

const PAGE: SettingsPageResponse = {
  // about:blank: the frame loads nothing in the test.
  url: 'about:blank',
  jwtToken: 't',
  origin: ORIGIN,
  clientId: 'client-1',
  expiresAt: '2026-11-28T11:00:00.000Z',
  bridgeUrl: `${ORIGIN}/apps/dist/iframe.js`,
  parentOrigins: ['http://localhost:5173'],
  deliveryId: 9,
};

describe("a step's settings page", () => {
  it('is not opened by rendering: in StrictMode, with nothing read yet, nothing is fetched', () => {
    useAppsUi.setState({ settingsStep: 101 });
    const { client } = renderWith(
      <StrictMode>
        <SettingsPage origin={ORIGIN} step={step()} />
      </StrictMode>,
    );
    expect(client.getQueryState(PAGE_KEY)?.fetchStatus ?? 'idle').toBe('idle');
    expect(client.getQueryState(PAGE_KEY)?.dataUpdateCount ?? 0).toBe(0);
    expect(text(screen.getByTestId('settings-page'))).toContain('The page is not loaded. Open it again');
  });

  it('comes back as it was left when the view is entered again: the same page, not read again', () => {
    const seed = (client: Parameters<Parameters<typeof renderWith>[1] & object>[0]) =>
      client.setQueryData(PAGE_KEY, PAGE);
    const first = renderWith(<SettingsPage origin={ORIGIN} step={step()} />, seed);
    const frame = screen.getByTitle('Settings page of step Route') as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(PAGE.url);
    expect(frame.style.height).toBe(`${FRAME_HEIGHT.initial}px`);
    // Leaving the view unmounts it; the cache keeps the page (gcTime), so entering again reads nothing.
    first.unmount();
    first.renderAgain(<SettingsPage origin={ORIGIN} step={step()} />);
    expect((screen.getByTitle('Settings page of step Route') as HTMLIFrameElement).getAttribute('src')).toBe(
      PAGE.url,
    );
    expect(first.client.getQueryState(PAGE_KEY)?.dataUpdateCount).toBe(1);
  });

  it('opens on the button, reading the page once per press, and the button goes while it is open', async () => {
    // The settings-page route, answering as the emulator does, counting its openings.
    const openings: string[] = [];
    const server = createServer((request, response) => {
      openings.push(`${request.method} ${request.url}`);
      response.writeHead(200, {
        'content-type': 'application/json',
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
      });
      response.end(JSON.stringify(PAGE));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const user = userEvent.setup();
    const { client, rerender } = renderWith(
      <StepSettings origin={origin} step={step()} hasPage open={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Open the settings page' }));
    expect(useAppsUi.getState().settingsStep).toBe(101);
    const key = keys.appsSettingsPage(origin, 'croql-router', 101);
    await waitFor(() => expect(client.getQueryState(key)?.status).toBe('success'));
    // One GET (a CORS preflight may precede it: the browser's, not an opening).
    expect(openings.filter((o) => !o.startsWith('OPTIONS'))).toEqual([
      'GET /__apps/croql-router/steps/101/settings-page',
    ]);
    rerender(<StepSettings origin={origin} step={step()} hasPage open />);
    expect(screen.queryByRole('button', { name: 'Open the settings page' })).toBeNull();
  });

  it('offers no settings page for a step type without one', () => {
    renderWith(<StepSettings origin={ORIGIN} step={step()} hasPage={false} open={false} />);
    expect(screen.queryByRole('button', { name: 'Open the settings page' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete the step…' })).toBeTruthy();
  });

  it('asks before deleting the step, with focus in the question; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    renderWith(<StepSettings origin={ORIGIN} step={step()} hasPage={false} open={false} />);
    await user.click(screen.getByRole('button', { name: 'Delete the step…' }));
    const question = screen.getByRole('group', { name: 'Delete step Route?' });
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Delete' }));
    await act(() => user.keyboard('{Escape}'));
    expect(screen.queryByRole('group', { name: 'Delete step Route?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete the step…' }));
  });

  it('shows the settings the app last took', async () => {
    const user = userEvent.setup();
    renderWith(
      <StepSettings
        origin={ORIGIN}
        step={step({
          settings: { rules: [{ query: 'is hidden' }] },
          settingsSavedAt: '2026-11-28T10:05:00.000Z',
        })}
        hasPage
        open={false}
      />,
    );
    await user.click(screen.getByText(/^Settings saved at/));
    expect(JSON.parse(screen.getByTestId('saved-settings').textContent!)).toEqual({
      rules: [{ query: 'is hidden' }],
    });
  });
});
