// The bridge's editor part as served: each `AP.editor` call reaches the parent with its arguments and its
// callback hears the parent's answer; `AP.events` hears the editor's events; `AP.getContext` follows the
// context the parent gives; `AP.getJwtToken` asks the parent for a fresh token before the old one expires.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EDITOR_CALL_NAMES, EMPTY_CUSTOM_FILTER } from '../../../wire/ap-bridge.ts';
import { jwtWith, load, ORIGINS } from './bridge-testing.ts';

afterEach(() => vi.useRealTimers());

/** The last call the parent got. */
function lastCall(posted: ReturnType<typeof load>['posted']) {
  const message = posted.at(-1)!.message;
  if (message.type !== 'call') throw new Error(`The last message is ${message.type}, not a call.`);
  return message;
}

describe('AP.editor', () => {
  it('offers every call of the protocol', () => {
    const { AP } = load();
    expect(Object.keys(AP.editor).sort()).toEqual([...EDITOR_CALL_NAMES].sort());
  });

  it.each([
    ['getCroqlFilter', 'is hidden'],
    ['getCustomFilter', { ...EMPTY_CUSTOM_FILTER, translations: 'untranslated' }],
    ['getFilter', 12],
    ['getFiltersList', [{ name: 'Show All', value: 3 }]],
    ['getWorkflowStepStatusFilter', 'Done'],
    ['getString', { id: 7, identifier: 'a', text: 'Hi', context: null, max_length: 0, file: null }],
    ['getProjectTargetLanguages', [{ id: 'fr', name: 'French', code: 'fr' }]],
    ['getCroqlFilter', null],
  ])('%s(callback) asks the parent and the callback hears its answer (%j)', (method, value) => {
    const { AP, posted, tell } = load();
    const heard: unknown[] = [];
    AP.editor[method]((v: unknown) => heard.push(v));
    const call = lastCall(posted);
    expect(call).toMatchObject({ type: 'call', method, args: [] });
    expect(call.requestId).toEqual(expect.any(String));
    tell({ type: 'answer', requestId: 'someone-else', value: 'no' });
    expect(heard).toEqual([]);
    tell({ type: 'answer', requestId: call.requestId!, value });
    // An answer is heard once: a repeat of it is not another call's answer.
    tell({ type: 'answer', requestId: call.requestId!, value: 'again' });
    expect(heard).toEqual([value]);
  });

  it('a getter without its callback is the app’s mistake, said at once', () => {
    const { AP } = load();
    expect(() => AP.editor.getCroqlFilter()).toThrow(/AP.editor.getCroqlFilter needs a callback/);
  });

  it.each([
    ['setCroqlFilter', ["text contains 'Welcome'"]],
    ['resetCroqlFilter', []],
    ['setCustomFilter', [{ translations: 'untranslated', labels: [1, 2], label_match_rule: 'any' }]],
    ['resetCustomFilter', []],
    ['setFilter', [2]],
    ['setWorkflowStepStatusFilter', ['DONE']],
  ])('%s%j reaches the parent with its arguments and no request id', (method, args) => {
    const { AP, posted } = load();
    AP.editor[method](...args);
    expect(lastCall(posted)).toMatchObject({ method, args, requestId: null });
  });

  it('setTargetLanguage takes one id or several, and its optional callback hears the parent’s verdict', () => {
    const { AP, posted, tell } = load();
    AP.editor.setTargetLanguage('de');
    expect(lastCall(posted)).toMatchObject({ method: 'setTargetLanguage', args: ['de'], requestId: null });
    const verdicts: unknown[] = [];
    AP.editor.setTargetLanguage(['de', 'xx'], (v: unknown) => verdicts.push(v));
    const call = lastCall(posted);
    expect(call.args).toEqual([['de', 'xx']]);
    tell({ type: 'answer', requestId: call.requestId!, value: 'Language "xx" is not a target language.' });
    expect(verdicts).toEqual(['Language "xx" is not a target language.']);
  });

  it('arguments that are not JSON are refused with the reason, nothing is posted', () => {
    const { AP, posted } = load();
    const before = posted.length;
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => AP.editor.setCustomFilter(cyclic)).toThrow(/arguments are not JSON/);
    expect(posted.length).toBe(before);
  });

  it('answers from another origin are not heard', () => {
    const { AP, posted, tell } = load();
    const heard: unknown[] = [];
    AP.editor.getString((v: unknown) => heard.push(v));
    tell({ type: 'answer', requestId: lastCall(posted).requestId!, value: 'forged' }, 'http://evil.example');
    expect(heard).toEqual([]);
  });
});

describe('AP.events', () => {
  const string = { id: 7, identifier: 'a', text: 'Hi', context: null, max_length: 0, file: null };

  it('on hears each editor event the parent fires; off and offAll stop it; once hears one', () => {
    const { AP, tell } = load();
    const heard: unknown[] = [];
    const listener = (data: unknown) => heard.push(['on', data]);
    AP.events.on('string.change', listener);
    AP.events.once('string.change', (data: unknown) => heard.push(['once', data]));
    AP.events.on('language.change', (data: unknown) => heard.push(['language', data]));
    tell({ type: 'event', name: 'string.change', data: string });
    tell({ type: 'event', name: 'string.change', data: null });
    tell({ type: 'event', name: 'language.change', data: { project_id: 1 } });
    AP.events.off('string.change', listener);
    tell({ type: 'event', name: 'string.change', data: string });
    AP.events.offAll('language.change');
    tell({ type: 'event', name: 'language.change', data: {} });
    expect(heard).toEqual([
      ['on', string],
      ['once', string],
      ['on', null],
      ['language', { project_id: 1 }],
    ]);
  });

  it('onAny hears every event with its name; a listener that throws does not silence the others', () => {
    const { AP, tell } = load();
    const heard: unknown[] = [];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    AP.events.on('file.change', () => {
      throw new Error('app bug');
    });
    const any = (name: unknown, data: unknown) => heard.push([name, data]);
    AP.events.onAny(any);
    tell({ type: 'event', name: 'file.change', data: { editor: { file: 3 } } });
    tell({ type: 'event', name: 'translation.added', data: { id: 1, string_id: 7, text: 'Salut' } });
    AP.events.offAny(any);
    tell({ type: 'event', name: 'file.change', data: {} });
    expect(heard).toEqual([
      ['file.change', { editor: { file: 3 } }],
      ['translation.added', { id: 1, string_id: 7, text: 'Salut' }],
    ]);
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('emit fires the app’s own events; the parent may fire only the editor’s, from its origin', () => {
    const { AP, tell } = load();
    const heard: unknown[] = [];
    AP.events.on('my-event', (d: unknown) => heard.push(d));
    AP.events.on('string.change', (d: unknown) => heard.push(d));
    AP.events.emit('my-event', { status: 'updated' });
    tell({ type: 'event', name: 'my-event' as 'string.change', data: 'from the parent' });
    tell({ type: 'event', name: 'string.change', data: 'forged' }, 'http://evil.example');
    expect(heard).toEqual([{ status: 'updated' }]);
  });

  it('theme.changed fires when the parent’s theme changes', () => {
    const { AP, tell } = load();
    const heard: unknown[] = [];
    AP.events.on('theme.changed', (d: unknown) => heard.push(d));
    tell({ type: 'theme', theme: 'light' });
    tell({ type: 'theme', theme: 'light' });
    tell({ type: 'theme', theme: 'dark' });
    expect(heard).toEqual(['dark']);
  });
});

describe('AP.getContext and AP.getJwtToken', () => {
  it('getContext answers the context the parent gave last, else the token’s', () => {
    const { AP, tell } = load();
    const seen: unknown[] = [];
    AP.getContext((c: unknown) => seen.push(c));
    const editor = { project_id: 1, editor: { target_language_id: 'de', mode: 'translate' } };
    tell({ type: 'context', context: editor });
    AP.getContext((c: unknown) => seen.push(c));
    expect(seen).toEqual([{ project_id: 1, organization_id: 1, user_id: 1, user_login: 'alice' }, editor]);
  });

  it('a token with time left is answered at once, without asking the parent', () => {
    const jwt = jwtWith({ exp: Math.floor(Date.now() / 1000) + 900, context: {} });
    const { AP, posted } = load({ jwt });
    const before = posted.length;
    const tokens: unknown[] = [];
    AP.getJwtToken((t: unknown) => tokens.push(t));
    expect(tokens).toEqual([jwt]);
    expect(posted.length).toBe(before);
  });

  it('a token about to expire: the parent is asked once, every caller hears the fresh one, then it is used', () => {
    const jwt = jwtWith({ exp: Math.floor(Date.now() / 1000) + 30, context: {} });
    const fresh = jwtWith({ exp: Math.floor(Date.now() / 1000) + 900, context: { project_id: 2 } });
    const { AP, posted, tell } = load({ jwt });
    const tokens: unknown[] = [];
    AP.getJwtToken((t: unknown) => tokens.push(['a', t]));
    AP.getJwtToken((t: unknown) => tokens.push(['b', t]));
    const requests = posted.filter((p) => p.message.type === 'tokenRequest' && p.origin === ORIGINS[0]);
    expect(requests).toHaveLength(1);
    expect(tokens).toEqual([]);
    const requestId = (requests[0]!.message as { requestId: string }).requestId;
    tell({ type: 'token', requestId, jwtToken: fresh, problem: null });
    expect(tokens).toEqual([
      ['a', fresh],
      ['b', fresh],
    ]);
    AP.getJwtToken((t: unknown) => tokens.push(['c', t]));
    expect(tokens.at(-1)).toEqual(['c', fresh]);
    // The context of a fresh token is the one getContext answers (the parent gave none).
    AP.getContext((c: unknown) => tokens.push(c));
    expect(tokens.at(-1)).toEqual({ project_id: 2 });
  });

  it('no fresh token (the parent refused, or never answered): a live token is answered, an expired one is null', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const live = jwtWith({ exp: Math.floor(Date.now() / 1000) + 60 });
    const one = load({ jwt: live });
    const tokens: unknown[] = [];
    one.AP.getJwtToken((t: unknown) => tokens.push(t));
    const request = one.posted.find((p) => p.message.type === 'tokenRequest')!.message as {
      requestId: string;
    };
    one.tell({
      type: 'token',
      requestId: request.requestId,
      jwtToken: null,
      problem: 'The app is uninstalled.',
    });
    expect(tokens).toEqual([live]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('The app is uninstalled.'));

    const expired = jwtWith({ exp: Math.floor(Date.now() / 1000) - 5 });
    const two = load({ jwt: expired });
    two.AP.getJwtToken((t: unknown) => tokens.push(t));
    expect(tokens).toHaveLength(1);
    vi.runAllTimers();
    expect(tokens).toEqual([live, null]);
    warn.mockRestore();
  });
});

describe('AP.redirect', () => {
  it('asks the parent to go to the path, with queryParams as strings (apps-js.mdx, "Navigation")', () => {
    const { AP, posted } = load();
    AP.redirect('/u/projects/1/apps/croql-playground/croql-playground', { croql: 'is hidden', a: 123 });
    expect(posted.at(-1)!.message).toMatchObject({
      type: 'redirect',
      path: '/u/projects/1/apps/croql-playground/croql-playground',
      queryParams: { croql: 'is hidden', a: '123' },
    });
    AP.redirect('/settings#account');
    expect(posted.at(-1)!.message).toMatchObject({
      type: 'redirect',
      path: '/settings#account',
      queryParams: {},
    });
  });

  it('a call without a path, or with queryParams that are not an object, is the app’s mistake, said at once', () => {
    const { AP, posted } = load();
    const before = posted.length;
    expect(() => AP.redirect()).toThrow(/AP.redirect needs a path/);
    expect(() => AP.redirect('/store/apps', 'a=1')).toThrow(/queryParams must be an object/);
    expect(posted.length).toBe(before);
  });
});
