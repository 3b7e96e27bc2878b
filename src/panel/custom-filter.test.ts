import { describe, expect, it } from 'vitest';
import { filterToCroql } from '../builder/filters.ts';
import { customFilterToCroql } from './custom-filter.ts';

const croqlOf = (id: string, params = {}) => {
  const result = filterToCroql(id, params);
  if (result.kind === 'notExpressible') throw new Error(result.reason);
  return result.croql;
};

describe("Crowdin's advanced filter (CustomFilterObject) as CroQL, by the builder's converter", () => {
  it('converts the documented fields as the builder does', () => {
    expect(customFilterToCroql({ translations: 'untranslated', croql_expression: '' })).toEqual({
      croql: croqlOf('untranslated'),
      notes: [],
    });
    expect(
      customFilterToCroql({ labels: [123, 456], label_match_rule: 'all', comments: 'no_comments' }).croql,
    ).toBe(
      `(${croqlOf('labels', { mode: 'includeAll', labels: ['123', '456'] })}) and (${croqlOf('comments', { kind: 'none' })})`,
    );
  });

  it('the empty filter of the docs’ full payload reference is no condition at all', () => {
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
    expect(customFilterToCroql(empty)).toEqual({ croql: '', notes: [] });
  });

  it('says what it could not convert instead of guessing', () => {
    const { croql, notes } = customFilterToCroql({
      translations: 'translated',
      qa_issues: 'spellcheck',
      ai_query: 'short ones',
    });
    expect(croql).toBe(croqlOf('translated'));
    expect(notes).toEqual([
      'qa_issues = "spellcheck": the docs do not give this field\'s values, so it was not converted.',
      'ai_query: an AI filter is a prompt, not conditions, so it has no CroQL.',
    ]);
  });
});
