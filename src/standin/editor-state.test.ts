// The editor the stand-in plays: each AP.editor call reads or changes its filter, language and string as
// apps-js.mdx describes, refuses what the docs do not allow with the reason, and the list's CroQL follows.
import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOM_FILTER, type EditorLanguage } from '../wire/ap-bridge.ts';
import { editorCall, filterQuery, initialState, type EditorWorld } from './editor-state.ts';

const LANGUAGES: EditorLanguage[] = [
  { id: 'de', name: 'German', code: 'de', internal_code: 'de', preferred: false },
  { id: 'uk', name: 'Ukrainian', code: 'uk', internal_code: 'uk', preferred: false },
];
const STRING = {
  id: 7,
  identifier: 'a',
  text: 'Hi',
  context: null,
  max_length: 0,
  file: { id: 1, name: 'a.json' },
};
const WORLD: EditorWorld = { languages: LANGUAGES, string: STRING };
const start = initialState('de');

describe('the stand-in editor', () => {
  it('setCroqlFilter filters the list by exactly that CroQL; getCroqlFilter answers it; reset clears it', () => {
    const set = editorCall(start, 'setCroqlFilter', ['text contains "Save"'], WORLD);
    expect(filterQuery(set.state)).toEqual({ croql: 'text contains "Save"', notConverted: [] });
    expect(editorCall(set.state, 'getCroqlFilter', [], WORLD).answer).toBe('text contains "Save"');
    expect(editorCall(set.state, 'getFilter', [], WORLD).answer).toBe(12);
    expect(editorCall(set.state, 'getCustomFilter', [], WORLD).answer).toBeNull();
    const reset = editorCall(set.state, 'resetCroqlFilter', [], WORLD);
    expect(reset.state.filter).toEqual({ kind: 'none' });
    expect(editorCall(reset.state, 'getCroqlFilter', [], WORLD).answer).toBeNull();
  });

  it('an empty or non-string CroQL is refused with the reason, the filter kept', () => {
    for (const bad of ['  ', 42, undefined]) {
      const outcome = editorCall(start, 'setCroqlFilter', [bad], WORLD);
      expect(outcome.state).toBe(start);
      expect(outcome.notice).toMatch(/setCroqlFilter needs a CroQL query/);
    }
  });

  it('setCustomFilter sets the Advanced Filter over the defaults; getCustomFilter answers the whole object', () => {
    const set = editorCall(
      start,
      'setCustomFilter',
      [{ translations: 'untranslated', labels: [3], bogus: 1 }],
      WORLD,
    );
    const custom = { ...EMPTY_CUSTOM_FILTER, translations: 'untranslated', labels: [3] };
    expect(editorCall(set.state, 'getCustomFilter', [], WORLD).answer).toEqual(custom);
    expect(set.notice).toContain('bogus');
    expect(editorCall(set.state, 'getCroqlFilter', [], WORLD).answer).toBeNull();
    // The list: the builder's converter, pinned to the editor's language, both conditions.
    expect(filterQuery(set.state).croql).toBe(
      '(count of languages summary where (language = @language:"de") = 0) and (count of labels where (id = 3) > 0)',
    );
    expect(editorCall(set.state, 'resetCustomFilter', [], WORLD).state.filter).toEqual({ kind: 'none' });
  });

  it('keys the docs give no values for are said, not guessed', () => {
    const set = editorCall(
      start,
      'setCustomFilter',
      [{ votes: 'some', croql_expression: 'is hidden' }],
      WORLD,
    );
    expect(filterQuery(set.state)).toEqual({
      croql: 'is hidden',
      notConverted: ['votes = "some": the docs do not give this field\'s values, so it was not converted.'],
    });
  });

  it('setFilter takes the documented numbers; getFilter answers them; 12 is the Advanced Filter', () => {
    const untranslated = editorCall(start, 'setFilter', [2], WORLD);
    expect(editorCall(untranslated.state, 'getFilter', [], WORLD).answer).toBe(2);
    expect(filterQuery(untranslated.state).croql).toBe(
      'count of languages summary where (language = @language:"de") = 0',
    );
    expect(editorCall(start, 'getFilter', [], WORLD).answer).toBe(3);
    expect(editorCall(start, 'setFilter', [12], WORLD).state.filter).toEqual({
      kind: 'advanced',
      custom: EMPTY_CUSTOM_FILTER,
    });
    expect(editorCall(start, 'setFilter', [99], WORLD).notice).toMatch(/not one of the filters/);
  });

  it('the workflow step status filter is set in capitals and answered as the docs spell it', () => {
    const done = editorCall(start, 'setWorkflowStepStatusFilter', ['DONE'], WORLD);
    expect(editorCall(done.state, 'getWorkflowStepStatusFilter', [], WORLD).answer).toBe('Done');
    expect(editorCall(start, 'setWorkflowStepStatusFilter', ['LATER'], WORLD).notice).toMatch(
      /not ALL, TODO/,
    );
  });

  it('setTargetLanguage switches to a project language; an unknown one is the callback’s error, nothing changed', () => {
    const uk = editorCall(start, 'setTargetLanguage', ['uk'], WORLD);
    expect(uk.state.languageId).toBe('uk');
    expect(uk.answer).toBeNull();
    const bad = editorCall(start, 'setTargetLanguage', [['uk', 'xx']], WORLD);
    expect(bad.state).toBe(start);
    expect(bad.answer).toBe('Not a target language of the project: xx.');
  });

  it('getString answers the selected string; getProjectTargetLanguages the project’s languages', () => {
    expect(editorCall(start, 'getString', [], WORLD).answer).toEqual(STRING);
    expect(editorCall(start, 'getString', [], { ...WORLD, string: null }).answer).toBeNull();
    expect(editorCall(start, 'getProjectTargetLanguages', [], WORLD).answer).toEqual(LANGUAGES);
  });
});
