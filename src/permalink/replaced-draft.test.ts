// Opening a link over an unsaved draft loses nothing: the draft is one Undo away and in the history.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionChoice } from '../connection/choice.ts';
import { useWorkspace } from '../workspace/store.ts';
import { memoryStorage } from '../testing/fixtures.ts';
import { encodePermalink } from './codec.ts';
import { saveDraft } from '../library/draft.ts';
import { useLibraryStore } from '../library/library.ts';
import { restoreAtStartup } from './startup.ts';

const target = { projectId: 1, languageId: null, tmId: null, glossaryId: null };
const link = encodePermalink({
  connection: 'emulator',
  domain: null,
  projectId: 1,
  context: 'strings',
  listingId: null,
  text: 'id > 1',
});

describe('a link that replaces the draft', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('history', { state: null, replaceState: () => {} });
    useWorkspace.getState().actions.reset();
    useConnectionChoice.setState({ connection: 'emulator', domain: '' });
    useLibraryStore.getState().actions.clearAll();
  });
  afterEach(() => vi.unstubAllGlobals());

  for (const [kind, url] of [
    ['a permalink', `http://app/${link}`],
    ['a ?croql= prefill', `http://app/?croql=${encodeURIComponent('id > 1')}`],
  ] as const) {
    it(`keeps the unsaved draft for Undo and in the history (${kind})`, () => {
      saveDraft({ text: 'is hidden and text contains "draft"', context: 'strings', target });
      const notice = restoreAtStartup(new URL(url));
      expect(useWorkspace.getState().text).toBe('id > 1');
      expect(useWorkspace.getState().actions.takeReplacedText()).toBe('is hidden and text contains "draft"');
      expect(useWorkspace.getState().actions.takeReplacedText()).toBeNull();
      expect(useLibraryStore.getState().library.history.map((h) => h.text)).toEqual([
        'is hidden and text contains "draft"',
      ]);
      expect(notice?.text).toMatch(/previous query is one Undo away .* history/);
    });
  }

  it('keeps nothing when the draft is empty or already holds the link’s text', () => {
    for (const text of ['', '   ', 'id > 1']) {
      saveDraft({ text, context: 'strings', target });
      const notice = restoreAtStartup(new URL(`http://app/${link}`));
      expect(useWorkspace.getState().actions.takeReplacedText()).toBeNull();
      expect(notice?.text).not.toMatch(/Undo/);
    }
    expect(useLibraryStore.getState().library.history).toEqual([]);
  });
});
