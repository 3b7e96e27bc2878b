import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setDiagnosticsEffect } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import * as core from '../croql/index.ts';
import type { AnalyzeResult, Edition, ListingName, LiveValues, TemplateParam } from '../croql/index.ts';
import { parsed } from '../testing/editor-state.ts';
import { analyzeOptions } from './analyze-options.ts';
import { analysisTime, checkedModel } from '../croql/checked-model.ts';
import { explainLineText } from './explain-line.tsx';
import { createEditorState, croqlFeatures } from './extensions.ts';
import { croqlDiagnostics, LintTiming } from './lint.ts';

// Every analysis the editor's side asks of the core goes through these two: counting them shows who analysed.
vi.mock('../croql/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../croql/index.ts')>();
  return { ...actual, analyze: vi.fn(actual.analyze), analyzeTemplate: vi.fn(actual.analyzeTemplate) };
});
const analyzeTemplate = vi.mocked(core.analyzeTemplate);
const analyze = vi.mocked(core.analyze);
/** The core's own answer, not counted and not from the memo. */
const fresh = (...args: Parameters<typeof core.analyzeTemplate>) =>
  analyzeTemplate.getMockImplementation()!(...args);

const VALUES: LiveValues = {
  users: [
    { id: 1, username: 'alice' },
    { id: 2, username: 'bob' },
  ],
  languages: [{ id: 'uk' }, { id: 'de' }],
};

function editor(
  text: string,
  config: { context?: ListingName; edition?: Edition; templateParams?: TemplateParam[] } = {},
): EditorState {
  return createEditorState(text, { values: VALUES, edition: 'standard', ...config }, croqlFeatures());
}

/** The model as the core gives it, compared by what anyone reads from it. */
const reading = (m: AnalyzeResult) => ({
  ast: m.ast,
  diagnostics: m.diagnostics,
  valid: m.valid,
  listing: m.listing,
});

beforeEach(() => {
  analyzeTemplate.mockClear();
  analyze.mockClear();
});

describe('one checked model for lint, the explain line and Run', () => {
  it('the explain line reads the model lint computed for a keystroke: no second analysis', () => {
    const state = parsed(editor('count of comments > 0'));
    const tr = state.update({ changes: { from: state.doc.length, insert: ' and is hiden' } });
    const carried = tr.effects.find((e) => e.is(setDiagnosticsEffect))!.value;
    expect(carried.map((d) => d.message)).toEqual([expect.stringMatching(/Did you mean `is hidden`/)]);
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    // Lint handed over the editor's incremental tree …
    expect(analyzeTemplate.mock.calls[0]![2].tree).toBeDefined();

    const line = explainLineText(
      tr.newDoc.toString(),
      'strings',
      analyzeOptions({ values: VALUES, edition: 'standard' }),
    );
    expect(line).toBe('1 problem. `is hiden` is not a field of a source string. Did you mean `is hidden`?');
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    expect(analyze).not.toHaveBeenCalled();
  });

  it('whichever asks first analyses: lint after the explain line reuses its model, and the results are unchanged', () => {
    const text = 'count of translations where (user = @user:"zed") > 0 and is hidden';
    const options = analyzeOptions({ values: VALUES, edition: 'standard' });
    const line = explainLineText(text, 'strings', options);
    expect(line).toBe('1 problem. There is no user `zed` in this project.');
    const state = editor(text);
    const linted = croqlDiagnostics(state);
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    // … and a model analysed without a tree is the one lint would have got with it.
    const withTree = fresh(text, 'strings', { ...options, tree: undefined }, [], new Date());
    expect(linted.map((d) => [d.from, d.to, d.message])).toEqual(
      withTree.diagnostics.map((d) => [d.from, d.to, d.message]),
    );
  });

  it('equal questions get the very same model: options compared by value, the tree left out', () => {
    const text = 'is hidden and count of comments where (user = @user:"bob") > 0';
    const ask = () =>
      checkedModel(text, 'strings', analyzeOptions({ values: VALUES, edition: 'standard' }), [], new Date());
    const first = ask();
    expect(ask()).toBe(first);
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    expect(reading(first)).toEqual(
      reading(
        fresh(text, 'strings', analyzeOptions({ values: VALUES, edition: 'standard' }), [], new Date()),
      ),
    );
  });

  it('anything that decides the result asks again: text, listing, edition, members, languages', () => {
    const text =
      'isPassedWorkflow and language = @language:"uk" and count of comments where (user = @user:"alice") > 0';
    const standard = analyzeOptions({ values: VALUES, edition: 'standard' });
    const now = new Date();
    const base = checkedModel(text, 'strings', standard, [], now);
    const variants = [
      checkedModel(`${text} `, 'strings', standard, [], now),
      checkedModel(text, 'glossaryTerms', standard, [], now),
      checkedModel(text, 'strings', { ...standard, edition: 'enterprise' }, [], now),
      checkedModel(text, 'strings', { ...standard, users: [{ id: 1, username: 'alicia' }] }, [], now),
      checkedModel(text, 'strings', { ...standard, languages: ['de'] }, [], now),
      checkedModel(text, 'strings', { ...standard, users: undefined }, [], now),
    ];
    expect(analyzeTemplate).toHaveBeenCalledTimes(1 + variants.length);
    for (const v of variants) expect(v).not.toBe(base);
    // Each is the core's own answer for its question.
    expect(reading(variants[2]!)).toEqual(
      reading(fresh(text, 'strings', { ...standard, edition: 'enterprise' }, [], now)),
    );
    expect(base.diagnostics.map((d) => d.reason)).not.toEqual(variants[2]!.diagnostics.map((d) => d.reason));
  });

  it('a template: its values decide, and `now` only through what a relative datetime becomes', () => {
    const text = 'updated >= {{since}} and is hidden';
    const params = (value: string): TemplateParam[] => [{ name: 'since', type: 'datetime', value }];
    const morning = new Date('2024-05-15T09:00:00.100Z');
    const first = checkedModel(text, 'strings', {}, params('7 days ago'), morning);
    // The same second: the same datetime is sent, the same model serves.
    expect(
      checkedModel(text, 'strings', {}, params('7 days ago'), new Date('2024-05-15T09:00:00.900Z')),
    ).toBe(first);
    // A day that starts the same: `start of this week` names the same datetime hours apart.
    const week = checkedModel(text, 'strings', {}, params('start of this week'), morning);
    expect(
      checkedModel(text, 'strings', {}, params('start of this week'), new Date('2024-05-15T17:00:00Z')),
    ).toBe(week);
    expect(analyzeTemplate).toHaveBeenCalledTimes(2);
    // A later second is another datetime; a wrong value is another problem, though both are stand-ins.
    const later = new Date('2024-05-15T09:00:01Z');
    expect(checkedModel(text, 'strings', {}, params('7 days ago'), later)).not.toBe(first);
    const wrong = checkedModel(text, 'strings', {}, params('soon'), morning);
    const wronger = checkedModel(text, 'strings', {}, params('later'), morning);
    expect(wrong.diagnostics[0]!.message).toMatch(/“soon” is not a datetime/);
    expect(wronger.diagnostics[0]!.message).toMatch(/“later” is not a datetime/);
    expect(analyzeTemplate).toHaveBeenCalledTimes(5);
    expect(reading(wronger)).toEqual(reading(fresh(text, 'strings', {}, params('later'), morning)));
  });

  it('lint in a template shares with the explain line too, and the line still says what lint underlines', () => {
    const text = 'updated >= {{since}} and is duplicat';
    const templateParams: TemplateParam[] = [{ name: 'since', type: 'datetime', value: '2024-05-01' }];
    const linted = croqlDiagnostics(editor(text, { templateParams }));
    const line = explainLineText(
      text,
      'strings',
      analyzeOptions({ values: VALUES, edition: 'standard' }),
      templateParams,
    );
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    expect(linted.map((d) => d.message)).toEqual([expect.stringMatching(/`is duplicat`/)]);
    expect(line).toBe(`1 problem. ${linted[0]!.message}`);
  });

  it('times each analysis once, whoever ran it: a model from the memo keeps its analysis time', () => {
    const text = 'count of approvals > 2';
    const tree = vi.fn(() => undefined);
    const first = checkedModel(text, 'strings', {}, [], new Date(), { tree });
    expect(tree).toHaveBeenCalledTimes(1);
    const ms = analysisTime(first);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(checkedModel(text, 'strings', {}, [], new Date(), { tree })).toBe(first);
    expect(tree).toHaveBeenCalledTimes(1);
    expect(analysisTime(first)).toBe(ms);
  });

  it('lint waits for a pause after three slow analyses and lints every keystroke again after a fast one', () => {
    // A new model whose analysis took `ms` by the clock checked-model.ts reads (whoever asked for it).
    let n = 0;
    const timedModel = (ms: number) => {
      const clock = vi.spyOn(performance, 'now').mockReturnValueOnce(0).mockReturnValueOnce(ms);
      const model = checkedModel(`id = ${++n}`, 'strings', {}, [], new Date());
      clock.mockRestore();
      expect(analysisTime(model)).toBe(ms);
      return model;
    };
    const timing = new LintTiming();
    const slow = [20, 30, 25].map((ms) => timedModel(ms));
    timing.note(slow[0]!);
    timing.note(slow[1]!);
    expect(timing.slow).toBe(false);
    timing.note(slow[2]!);
    expect(timing.slow).toBe(true);
    expect(timing.delay).toBe(10);
    // The same model again (lint reading the explain line's model) is not a new analysis.
    timing.note(slow[2]!);
    timing.note(slow[2]!);
    expect(timing.slow).toBe(true);
    timing.note(timedModel(1));
    expect(timing.slow).toBe(false);
  });
});
