// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CrowdinAP } from '../auth/app-mode.ts';
import type { PlaygroundContext } from '../wire/playground-app.ts';
import { Panel } from './Panel.tsx';

afterEach(cleanup);

const CONTEXT: PlaygroundContext = {
  projectId: 7,
  projectIdentifier: 'umbrella',
  userId: 3,
  userLogin: 'alice',
  organizationId: 1,
  domain: null,
  edition: 'crowdin',
  moduleKey: 'croql-filter',
  crowdinBaseUrl: 'https://crowdin.com',
};

/** Crowdin's editor as the panel sees it through `AP.editor` (apps-js.mdx), with what was called. */
function fakeAP(editor: { croql?: string | null; custom?: Record<string, unknown> | null } = {}) {
  const calls = { set: [] as string[], resets: 0, redirects: [] as [string, unknown][] };
  const listeners = new Map<string, (data: unknown) => void>();
  const ap: CrowdinAP = {
    editor: {
      getCroqlFilter: (cb) => cb(editor.croql ?? null),
      setCroqlFilter: (croql) => void calls.set.push(croql),
      resetCroqlFilter: () => void calls.resets++,
      getCustomFilter: (cb) => cb(editor.custom ?? null),
      getString: (cb) => cb(null),
    },
    events: {
      on: (event, listener) => void listeners.set(event, listener),
      off: (event) => void listeners.delete(event),
    },
    redirect: (path, query) => void calls.redirects.push([path, query]),
  };
  return { ap, calls, listeners };
}

function renderPanel(ap: CrowdinAP | null, openUrl = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Panel ap={ap} context={CONTEXT} openUrl={openUrl} />
    </QueryClientProvider>,
  );
  return openUrl;
}

const button = (name: string) => screen.getByRole('button', { name });
const editorText = () => document.querySelector('.cm-content')?.textContent ?? '';

describe('the editor panel', () => {
  it('From editor loads the CroQL filter Crowdin’s editor has, and Apply sends it back', async () => {
    const { ap, calls } = fakeAP({ croql: 'text contains "Welcome"' });
    renderPanel(ap);
    await userEvent.click(button('From editor'));
    await waitFor(() => expect(editorText()).toBe('text contains "Welcome"'));
    expect(screen.getByText('Loaded the editor’s CroQL filter.')).toBeTruthy();
    await userEvent.click(button('Apply to editor'));
    expect(calls.set).toEqual(['text contains "Welcome"']);
  });

  it('From editor converts an advanced filter and says what it could not convert', async () => {
    const { ap } = fakeAP({
      croql: '',
      custom: { translations: 'untranslated', comments: 'have_comments', votes: 'most', sort_method: 2 },
    });
    renderPanel(ap);
    await userEvent.click(button('From editor'));
    await waitFor(() =>
      expect(editorText()).toBe('(count of languages summary = 0) and (count of comments > 0)'),
    );
    expect(screen.getByText(/except what could not be converted/)).toBeTruthy();
    expect(screen.getByText(/votes = "most": the docs do not give this field's values/)).toBeTruthy();
  });

  it('From editor with no filter at all says so and keeps the query', async () => {
    const { ap } = fakeAP({ croql: null, custom: null });
    renderPanel(ap);
    await userEvent.click(button('From editor'));
    expect(screen.getByText('The editor has no filter: nothing to load.')).toBeTruthy();
  });

  it('Reset resets the editor’s CroQL filter; Apply with an empty query resets too', async () => {
    const { ap, calls } = fakeAP();
    renderPanel(ap);
    await userEvent.click(button('Reset'));
    expect(calls.resets).toBe(1);
    await userEvent.click(button('Apply to editor'));
    expect(calls).toMatchObject({ set: [], resets: 2 });
  });

  it('Open in the playground redirects to the project menu module with the query', async () => {
    const { ap, calls } = fakeAP({ croql: 'id = 5' });
    renderPanel(ap);
    await userEvent.click(button('From editor'));
    await waitFor(() => expect(editorText()).toBe('id = 5'));
    await userEvent.click(button('Open in the playground'));
    expect(calls.redirects).toEqual([
      ['/project/umbrella/apps/croql-playground/croql-playground', { croql: 'id = 5' }],
    ]);
  });

  it('without a bridge the editor buttons are off and the playground opens in a new tab', async () => {
    const openUrl = renderPanel(null);
    expect((button('Apply to editor') as HTMLButtonElement).disabled).toBe(true);
    expect((button('From editor') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Crowdin’s editor is not reachable from this page/)).toBeTruthy();
    await userEvent.click(button('Open in the playground'));
    expect(openUrl).toHaveBeenCalledWith(
      'https://crowdin.com/project/umbrella/apps/croql-playground/croql-playground',
    );
  });

  it('shows the string selected in Crowdin’s editor as string.change reports it', async () => {
    const { ap, listeners } = fakeAP();
    renderPanel(ap);
    expect(screen.getByText(/Select a string in the editor/)).toBeTruthy();
    listeners.get('string.change')!({
      id: 1568759,
      identifier: 'welcome.key',
      text: 'Welcome!',
      context: 'Main screen',
      file: { id: 1, name: 'google_play.xml' },
    });
    await waitFor(() => expect(screen.getByText('welcome.key')).toBeTruthy());
    expect(screen.getByText('google_play.xml')).toBeTruthy();
    expect(button('Why does this string match?')).toBeTruthy();
  });
});
