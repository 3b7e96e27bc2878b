import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/fixtures.ts';
import { useConnectionChoice } from '../connection/choice.ts';
import { useWorkspace } from '../workspace/store.ts';
import { encodePermalink, encodeRawPermalink } from './codec.ts';
import { saveDraft } from '../library/draft.ts';
import { restoreAtStartup } from './startup.ts';

const draft = {
  text: 'is hidden',
  context: 'strings' as const,
  target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
};

describe('what the page opens with', () => {
  let replaced: string[];
  beforeEach(() => {
    replaced = [];
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('history', {
      state: null,
      replaceState: (_s: unknown, _t: string, url: string) => replaced.push(url),
    });
    useWorkspace.getState().actions.reset();
    useConnectionChoice.setState({ connection: 'emulator', domain: '' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('restores the draft kept before a reload or the sign-in redirect', () => {
    saveDraft(draft);
    expect(restoreAtStartup(new URL('http://app/'))).toBeNull();
    expect(useWorkspace.getState().text).toBe('is hidden');
    expect(useWorkspace.getState().target.projectId).toBe(1);
    expect(replaced).toEqual([]);
  });

  it('a permalink wins over the draft, sets connection, listing and target, and leaves the address', () => {
    saveDraft(draft);
    const hash = encodePermalink({
      connection: 'enterprise',
      domain: 'acme',
      projectId: 7,
      context: 'tmSegments',
      listingId: 3,
      text: 'id > 1',
    });
    const notice = restoreAtStartup(new URL(`http://app/${hash}`));
    expect(notice?.kind).toBe('info');
    expect(useWorkspace.getState()).toMatchObject({ text: 'id > 1', listing: 'tmSegments' });
    expect(useWorkspace.getState().target).toMatchObject({ projectId: 7, tmId: 3, languageId: null });
    expect(useConnectionChoice.getState()).toMatchObject({ connection: 'enterprise', domain: 'acme' });
    expect(replaced).toEqual(['/']);
    // …and is what a reload now restores.
    useWorkspace.setState({ text: '' });
    restoreAtStartup(new URL('http://app/'));
    expect(useWorkspace.getState().text).toBe('id > 1');
  });

  it('a damaged link keeps the draft and explains', () => {
    saveDraft(draft);
    const notice = restoreAtStartup(new URL('http://app/#v1/@@@'));
    expect(notice?.kind).toBe('error');
    expect(useWorkspace.getState().text).toBe('is hidden');
  });

  it('a link of another version loads only its text, with a warning', () => {
    saveDraft(draft);
    const notice = restoreAtStartup(new URL(`http://app/${encodeRawPermalink(2, { q: 'id = 2' })}`));
    expect(notice?.kind).toBe('warning');
    expect(useWorkspace.getState().text).toBe('id = 2');
    expect(useWorkspace.getState().target.projectId).toBe(1);
  });

  it('a new tab opens on the last draft of another tab, unless a link says what to open', () => {
    saveDraft(draft);
    vi.stubGlobal('sessionStorage', memoryStorage());
    useWorkspace.getState().actions.reset();
    expect(restoreAtStartup(new URL('http://app/'))).toBeNull();
    expect(useWorkspace.getState().text).toBe('is hidden');
    expect(useWorkspace.getState().target.projectId).toBe(1);

    vi.stubGlobal('sessionStorage', memoryStorage());
    useWorkspace.getState().actions.reset();
    const notice = restoreAtStartup(new URL('http://app/?croql=id%20%3D%203'));
    expect(useWorkspace.getState().text).toBe('id = 3');
    // Nothing of this tab was replaced, so nothing is said to be one Undo away.
    expect(notice?.text).not.toContain('Undo');
  });

  it('?croql= prefills the text and is removed from the address, other parameters stay', () => {
    restoreAtStartup(new URL('http://app/?croql=id%20%3D%203&x=1'));
    expect(useWorkspace.getState().text).toBe('id = 3');
    expect(replaced).toEqual(['/?x=1']);
  });
});
