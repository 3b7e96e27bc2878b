import { describe, expect, it } from 'vitest';
import { freshStorage } from '../testing/stores.ts';
import { readStore } from '../ui/stored.ts';
import { checkHidden, HIDDEN_STORE, useTableStore } from './table-store.ts';

describe('the hidden columns in storage', () => {
  const local = freshStorage('localStorage');

  it('keeps the lists of known listings and says what it left out', () => {
    expect(checkHidden({ strings: ['text', 'context'], glossaryTerms: [3], sepia: ['x'] })).toEqual({
      value: { strings: ['text', 'context'] },
      dropped: [
        'glossaryTerms[0]: expected text, found the number 3',
        '"sepia" is not a listing (strings, translations, tmSegments, glossaryTerms)',
      ],
    });
    expect(checkHidden([])).toEqual({ unreadable: 'it is a list of 0, not columns by listing' });
  });

  it('reads through the check: what it left out is said, and the data as stored is kept aside', () => {
    const stored = JSON.stringify({ strings: ['text'], tmSegments: 'all' });
    local.storage.setItem('croql.columns.v1', stored);
    expect(readStore(HIDDEN_STORE)).toEqual({ strings: ['text'] });
    expect(local.noticeTexts()).toEqual([
      expect.stringMatching(
        /^Your choice of hidden columns: one entry could not be read and was left out \(tmSegments: expected a list of text, found the text "all"\)/,
      ),
    ]);
    expect(local.valuesUnder('croql.columns.v1.unreadable.')).toEqual([stored]);
  });

  it('with storage full, a column hidden stays hidden for the page, and a notice says it is not kept', () => {
    local.refuseWrites();
    expect(() => useTableStore.getState().actions.toggleColumn('strings', 'text')).not.toThrow();
    expect(useTableStore.getState().hidden.strings).toEqual(['text']);
    expect(local.noticeTexts()).toEqual([
      "Your choice of hidden columns was not saved: the browser's storage for this site is full. They stay hidden until you reload the page.",
    ]);
  });
});
