import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOM_FILTER } from '../wire/ap-bridge.ts';
import { BASIC_FILTERS, basicFilterToCroql, editorFilterToCroql } from './editor-filter.ts';
import { filterToCroql } from './filters.ts';

const croqlOf = (id: string, params = {}, pinLanguage?: string) => {
  const result = filterToCroql(id, params, pinLanguage ? { pinLanguage } : {});
  if (result.kind === 'notExpressible') throw new Error(result.reason);
  return result.croql;
};

describe("Crowdin's advanced filter (CustomFilterObject) as CroQL, by the builder's converter", () => {
  it('converts the documented fields as the builder does, in the order the object gives them', () => {
    expect(editorFilterToCroql({ translations: 'untranslated', croql_expression: '' })).toEqual({
      croql: croqlOf('untranslated'),
      notConverted: [],
    });
    expect(
      editorFilterToCroql({ labels: [123, 456], label_match_rule: 'all', comments: 'no_comments' }).croql,
    ).toBe(
      `(${croqlOf('labels', { mode: 'includeAll', labels: ['123', '456'] })}) and (${croqlOf('comments', { kind: 'none' })})`,
    );
    expect(
      editorFilterToCroql({
        exclude_labels: [7],
        exclude_label_match_rule: 'any',
        croql_expression: ' is hidden ',
      }).croql,
    ).toBe(`(${croqlOf('labels', { mode: 'excludeAny', labels: ['7'] })}) and (is hidden)`);
  });

  it('pins conditions on translations to the target language when given one', () => {
    const { croql } = editorFilterToCroql(
      { ...EMPTY_CUSTOM_FILTER, translations: 'untranslated', labels: [3] },
      { targetLanguageId: 'de' },
    );
    expect(croql).toBe(
      '(count of languages summary where (language = @language:"de") = 0) and (count of labels where (id = 3) > 0)',
    );
    expect(croql).toContain(croqlOf('untranslated', {}, 'de'));
  });

  it('the empty filter (the docs’ full payload reference, the defaults) is no condition at all', () => {
    const empty = {
      added_from: '',
      translations: '',
      labels: [],
      label_match_rule: 'any',
      exclude_labels: [],
      exclude_label_match_rule: 'all',
      votes_count: null,
      sort_method: 0,
      sort_ascending: 1,
      croql_expression: '',
      ai_query: '',
    };
    expect(editorFilterToCroql(empty)).toEqual({ croql: '', notConverted: [] });
    expect(editorFilterToCroql(EMPTY_CUSTOM_FILTER, { targetLanguageId: 'de' })).toEqual({
      croql: '',
      notConverted: [],
    });
  });

  it('says what it could not convert instead of guessing', () => {
    const { croql, notConverted } = editorFilterToCroql({
      translations: 'translated',
      qa_issues: 'spellcheck',
      ai_query: 'short ones',
      comments: 'lots',
    });
    expect(croql).toBe(croqlOf('translated'));
    expect(notConverted).toEqual([
      'qa_issues = "spellcheck": the docs do not give this field\'s values, so it was not converted.',
      'ai_query: an AI filter is a prompt, not conditions, so it has no CroQL.',
      'comments: "lots" is not a value the docs give.',
    ]);
    expect(
      editorFilterToCroql({ ...EMPTY_CUSTOM_FILTER, votes: 'some', croql_expression: 'is hidden' }),
    ).toEqual({
      croql: 'is hidden',
      notConverted: ['votes = "some": the docs do not give this field\'s values, so it was not converted.'],
    });
  });
});

describe('the basic filters (AP.editor.setFilter numbers) as CroQL', () => {
  it('0 and 3 are every string; the others are the builder’s filters, pinned to the target language', () => {
    expect(basicFilterToCroql(0)).toEqual({ croql: '', notConverted: [] });
    expect(basicFilterToCroql(3, { targetLanguageId: 'de' })).toEqual({ croql: '', notConverted: [] });
    expect(basicFilterToCroql(2, { targetLanguageId: 'de' }).croql).toBe(
      'count of languages summary where (language = @language:"de") = 0',
    );
    expect(basicFilterToCroql(7).croql).toBe(croqlOf('comments', { kind: 'any' }));
    for (const value of Object.keys(BASIC_FILTERS).map(Number)) {
      const { croql, notConverted } = basicFilterToCroql(value, { targetLanguageId: 'de' });
      expect(croql !== '' || BASIC_FILTERS[value] === null || notConverted.length > 0).toBe(true);
    }
  });

  it('a number the docs do not list is said, not guessed', () => {
    expect(basicFilterToCroql(99)).toEqual({
      croql: '',
      notConverted: ['Basic filter 99: not one the docs list.'],
    });
  });
});
