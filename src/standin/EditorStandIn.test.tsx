// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"enableIframePageLoading": true}}
// The stand-in on screen: the list is the listing's answer to the panel's CroQL, the panel's getters hear the
// editor's state, and a string selected with the keyboard reaches the panel as string.change.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { readBridgeData, wrapBridge, type BridgeMessage, type BridgeRequest } from '../wire/ap-bridge.ts';
import { EditorStandIn, type PanelOpening } from './EditorStandIn.tsx';

afterEach(cleanup);

const strings = () => within(screen.getByRole('listbox', { name: 'Strings' }));

const row = (id: number, text: string) => ({
  data: {
    id,
    text,
    identifier: `k${id}`,
    context: '',
    maxLength: 0,
    fileId: 1,
    type: 'text',
    labelIds: [],
    isHidden: id === 2,
    isDuplicate: false,
    hasPlurals: false,
    isIcu: false,
    projectId: 1,
    branchId: null,
    masterStringId: null,
    webUrl: '',
    createdAt: null,
    updatedAt: null,
  },
});

/** A client answering as the emulator would: the project, its file, and strings by `croql`. */
const client: ApiClient = {
  baseUrl: 'http://emulator.test/api/v2',
  async get<T>(path: string, params: Record<string, string | number | undefined>) {
    const lists: Record<string, unknown[]> = {
      '/projects': [
        {
          data: {
            id: 1,
            name: 'Demo',
            sourceLanguageId: 'en',
            targetLanguages: [
              { id: 'de', name: 'German' },
              { id: 'uk', name: 'Ukrainian' },
            ],
          },
        },
      ],
      '/projects/1/files': [{ data: { id: 1, name: 'app.json' } }],
      '/projects/1/labels': [],
      '/projects/1/strings':
        params.croql === 'is hidden'
          ? [row(2, 'Hidden')]
          : [row(1, 'Save'), row(2, 'Hidden'), row(3, 'Open')],
    };
    const data = Number(params.offset ?? 0) > 0 ? [] : (lists[path] ?? []);
    const body = {
      data,
      pagination: { offset: Number(params.offset ?? 0), limit: Number(params.limit ?? 25) },
    };
    return { status: 200, body: body as T, url: path, elapsedMs: 1, headers: new Headers() };
  },
};

const OPENING: PanelOpening = {
  url: 'about:blank',
  jwtToken: 't',
  context: { project_id: 1, organization_id: 1, user_id: 1 },
  parentOrigins: [],
  expiresAt: null,
};

function renderStandIn(api: ApiClient = client) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(keys.authConfig(), null);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return render(
    <EditorStandIn
      client={api}
      appName="Example"
      moduleName="Example panel"
      theme="light"
      open={async () => OPENING}
      onClose={() => {}}
    />,
    { wrapper },
  );
}

/** Opens the panel and records what the stand-in posts to it; `send` is the panel's bridge posting. */
async function openPanel() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open the panel' }));
  const frame = (await screen.findByTitle('Example panel panel')) as HTMLIFrameElement;
  const sent: BridgeRequest[] = [];
  frame.contentWindow!.postMessage = ((message: unknown) => {
    const request = readBridgeData<BridgeRequest>(message);
    if (request) sent.push(request);
  }) as Window['postMessage'];
  const send = (message: Parameters<typeof wrapBridge<BridgeMessage>>[0]) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          data: wrapBridge<BridgeMessage>(message),
          origin: 'null',
          source: frame.contentWindow,
        }),
      );
    });
  await send({ type: 'ready', href: 'about:blank' });
  await screen.findByText('The panel loaded the bridge.');
  return { user, sent, send };
}

describe('the editor stand-in', () => {
  it('lists what the listing answers for the panel’s CroQL, and answers the panel’s getters from it', async () => {
    renderStandIn();
    await waitFor(() => expect(screen.getByTestId('standin-count').textContent).toBe('3 strings.'));
    const { sent, send } = await openPanel();
    await send({ type: 'call', method: 'setCroqlFilter', args: ['is hidden'], requestId: null });
    await waitFor(() => expect(screen.getByTestId('standin-count').textContent).toBe('1 string.'));
    expect(screen.getByTestId('standin-croql').textContent).toBe('croql=is hidden');
    expect(
      strings()
        .getAllByRole('option')
        .map((o) => o.getAttribute('data-string-id')),
    ).toEqual(['2']);
    await send({ type: 'call', method: 'getCroqlFilter', args: [], requestId: 'r1' });
    expect(sent).toContainEqual(
      wrapBridge<BridgeRequest>({ type: 'answer', requestId: 'r1', value: 'is hidden' }),
    );
    await send({ type: 'call', method: 'getCustomFilter', args: [], requestId: 'r2' });
    expect(sent).toContainEqual(wrapBridge<BridgeRequest>({ type: 'answer', requestId: 'r2', value: null }));
  });

  it('an Advanced Filter set in the stand-in is what getCustomFilter answers', async () => {
    renderStandIn();
    const { user, sent, send } = await openPanel();
    await user.click(screen.getByText('Advanced Filter'));
    await user.selectOptions(screen.getByLabelText('Translations'), 'untranslated');
    await user.click(screen.getByRole('button', { name: 'Apply the Advanced Filter' }));
    await send({ type: 'call', method: 'getCustomFilter', args: [], requestId: 'r3' });
    const answer = sent.find((m) => m.type === 'answer' && m.requestId === 'r3');
    expect(answer).toMatchObject({ value: { translations: 'untranslated', labels: [] } });
  });

  it('a string selected with the keyboard reaches the panel as string.change; a language change as language.change', async () => {
    renderStandIn();
    await waitFor(() => expect(strings().getAllByRole('option')).toHaveLength(3));
    const { sent } = await openPanel();
    const list = screen.getByRole('listbox', { name: 'Strings' });
    list.focus();
    fireEvent.keyDown(list, { key: 'Home' });
    fireEvent.keyDown(list, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(sent.filter((m) => m.type === 'event' && m.name === 'string.change').at(-1)).toMatchObject({
        data: { id: 2, text: 'Hidden', identifier: 'k2', file: { id: 1, name: 'app.json' } },
      }),
    );
    expect(strings().getByRole('option', { selected: true }).getAttribute('data-string-id')).toBe('2');
    fireEvent.change(screen.getByLabelText('Target language'), { target: { value: 'uk' } });
    await waitFor(() =>
      expect(sent.filter((m) => m.type === 'event' && m.name === 'language.change').at(-1)).toMatchObject({
        data: { project_id: 1, editor: { target_language_id: 'uk' } },
      }),
    );
  });

  it('the list says it is busy while the listing is read, and a key then selects nothing', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const slow: ApiClient = {
      baseUrl: client.baseUrl,
      async get(path, params, signal) {
        if (path.endsWith('/strings')) await held;
        return client.get(path, params, signal);
      },
    };
    renderStandIn(slow);
    const list = await screen.findByRole('listbox', { name: 'Strings' });
    await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('true'));
    fireEvent.keyDown(list, { key: 'Home' });
    expect(strings().queryAllByRole('option')).toHaveLength(0);
    answer();
    await waitFor(() => expect(list.getAttribute('aria-busy')).toBe('false'));
    expect(strings().getAllByRole('option')).toHaveLength(3);
    expect(strings().queryByRole('option', { selected: true })).toBeNull();
    fireEvent.keyDown(list, { key: 'Home' });
    expect(strings().getByRole('option', { selected: true }).getAttribute('data-string-id')).toBe('1');
  });
});
