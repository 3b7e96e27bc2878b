// @vitest-environment happy-dom
// "Out of date" follows what the user edited: a template's text as written and its values, not the text
// that was sent with the values substituted (the walk's D1: every template run stayed out of date).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authConfigQuery } from '../connection/config.ts';
import type { AuthConfig } from '../wire/connection.ts';
import { useRunStore } from '../workspace/run.ts';
import { useWorkspace } from '../workspace/store.ts';
import { useStale } from './use-stale.ts';

function Probe() {
  const stale = useStale(useRunStore((s) => s.current));
  return <p data-testid="probe">{stale ? 'out of date' : 'current'}</p>;
}

let queryClient: QueryClient;
const shown = () => screen.getByTestId('probe').textContent;
const workspace = () => useWorkspace.getState().actions;
const run = () => act(() => useRunStore.getState().actions.run(useWorkspace.getState().target));

beforeEach(() => {
  workspace().reset();
  useRunStore.getState().actions.clear();
  workspace().setProject(1);
  queryClient = new QueryClient();
  // Signed out: the sign-in's configuration is known, so nothing is asked of a server.
  queryClient.setQueryData(authConfigQuery().queryKey, {} as AuthConfig);
  render(
    <QueryClientProvider client={queryClient}>
      <Probe />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  queryClient.clear();
});

describe('useStale', () => {
  it('a template run with a relative date is current, and so is running it again', () => {
    act(() => {
      workspace().setText('updated >= {{since}} and not is hidden');
      workspace().setParamType('since', 'datetime');
      workspace().setParamValue('since', 'start of this week');
    });
    run();
    expect(useRunStore.getState().current!.text).not.toContain('{{since}}');
    expect(shown()).toBe('current');
    run();
    expect(shown()).toBe('current');
  });

  it('a template is out of date once a value changes, and current again when it is put back', () => {
    act(() => {
      workspace().setText('updated >= {{since}}');
      workspace().setParamType('since', 'datetime');
      workspace().setParamValue('since', '2024-05-01');
    });
    run();
    act(() => workspace().setParamValue('since', '2024-06-01'));
    expect(shown()).toBe('out of date');
    act(() => workspace().setParamValue('since', '2024-05-01'));
    expect(shown()).toBe('current');
    act(() => workspace().setParamType('since', 'string'));
    expect(shown()).toBe('out of date');
  });

  it('the text, the listing or the target changing puts any run out of date', () => {
    act(() => workspace().setText('is duplicate'));
    run();
    expect(shown()).toBe('current');
    act(() => workspace().setText('is duplicate and is hidden'));
    expect(shown()).toBe('out of date');
    act(() => workspace().setText('is duplicate'));
    expect(shown()).toBe('current');
    act(() => workspace().setProject(2));
    expect(shown()).toBe('out of date');
    act(() => workspace().setProject(1));
    act(() => workspace().setListing('translations'));
    expect(shown()).toBe('out of date');
  });
});
