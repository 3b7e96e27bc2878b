import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as core from '../croql/index.ts';
import type { LiveValues, TemplateParam } from '../croql/index.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { checkedModel } from '../croql/checked-model.ts';
import { prepareRun } from './run.ts';
import { useWorkspace } from './store.ts';

// Counting the core's analyses shows whether Run analysed the text again.
vi.mock('../croql/index.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../croql/index.ts')>();
  return { ...actual, analyzeTemplate: vi.fn(actual.analyzeTemplate) };
});
const analyzeTemplate = vi.mocked(core.analyzeTemplate);

const VALUES: LiveValues = { users: [{ id: 1, username: 'alice' }], languages: [{ id: 'uk' }] };

describe('Run carries the checked model', () => {
  beforeEach(() => {
    useWorkspace.getState().actions.reset();
    analyzeTemplate.mockClear();
  });

  it('is the model lint already has for the same text, listing, options and values', () => {
    const text = 'updated >= {{since}} and count of comments where (user = @user:"alice") > 0';
    const params: TemplateParam[] = [{ name: 'since', type: 'datetime', value: '2024-05-01' }];
    const { actions } = useWorkspace.getState();
    actions.setText(text);
    actions.restoreParams(params);
    const now = new Date();
    // What lint asks as the text is typed (its options built afresh, as every caller builds them).
    const linted = checkedModel(
      text,
      'strings',
      analyzeOptions({ values: VALUES, edition: 'standard' }),
      params,
      now,
    );
    const prepared = prepareRun(analyzeOptions({ values: VALUES, edition: 'standard' }), now);
    expect(prepared.model).toBe(linted);
    expect(analyzeTemplate).toHaveBeenCalledTimes(1);
    expect(prepared.model.valid).toBe(true);
    expect(prepared.text).toBe(
      `updated >= '2024-05-01' and count of comments where (user = @user:"alice") > 0`,
    );
  });

  it('analyses when lint had another question: here, a value lint did not have', () => {
    const text = 'updated >= {{since}} and is hidden';
    const { actions } = useWorkspace.getState();
    actions.setText(text);
    const now = new Date();
    const linted = checkedModel(text, 'strings', {}, [], now);
    expect(linted.valid).toBe(false);
    expect(linted.diagnostics.map((d) => d.reason)).toContain('templateParameter');
    actions.restoreParams([{ name: 'since', type: 'datetime', value: '2024-05-01' }]);
    const prepared = prepareRun({}, now);
    expect(prepared.model).not.toBe(linted);
    expect(prepared.model.diagnostics).toEqual([]);
    expect(analyzeTemplate).toHaveBeenCalledTimes(2);
  });
});
