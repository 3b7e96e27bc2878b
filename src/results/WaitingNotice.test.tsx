// @vitest-environment happy-dom
// The notice for a run whose request goes unanswered: it says so once WAITING_NOTICE_MS have passed, not
// before, and goes once the answer comes. Timers are the test's (vi's fake clock), so a busy machine cannot
// decide it; e2e/workbench.spec.ts checks the same notice against a silent host in Chromium.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../auth/session.ts';
import { useInspectorStore } from '../rows/requests.ts';
import { WAITING_NOTICE_MS, WaitingNotice } from './WaitingNotice.tsx';

const URL_WAITED = 'http://127.0.0.1:4318/api/v2/projects/1/strings?limit=500';

beforeEach(() => {
  vi.useFakeTimers();
  useAuthStore.setState({
    session: {
      connection: 'emulator',
      domain: null,
      apiUrl: 'http://127.0.0.1:4318/api/v2',
      clientId: null,
      accessToken: 'token',
      refreshToken: null,
      expiresAt: Date.now() + 3_600_000,
      scope: 'project',
    },
  });
  useInspectorStore.getState().actions.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useAuthStore.setState({ session: null });
  useInspectorStore.getState().actions.clear();
});

describe('WaitingNotice', () => {
  it('says nothing before a second has passed, then names the host, and goes when the answer comes', () => {
    const id = useInspectorStore.getState().actions.send(URL_WAITED);
    render(<WaitingNotice running onRetry={() => {}} onCancel={() => {}} />);
    act(() => vi.advanceTimersByTime(WAITING_NOTICE_MS - 1));
    expect(screen.queryByTestId('waiting-notice')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('waiting-notice').textContent).toContain(
      'No answer from the emulator at 127.0.0.1:4318 yet',
    );
    act(() =>
      useInspectorStore.getState().actions.settle(id, { status: 200, elapsedMs: 1200, size: 2, body: {} }),
    );
    expect(screen.queryByTestId('waiting-notice')).toBeNull();
  });

  it('says nothing for a run that is not running, however long its request waits', () => {
    useInspectorStore.getState().actions.send(URL_WAITED);
    render(<WaitingNotice running={false} onRetry={() => {}} onCancel={() => {}} />);
    act(() => vi.advanceTimersByTime(WAITING_NOTICE_MS * 5));
    expect(screen.queryByTestId('waiting-notice')).toBeNull();
  });
});
