// The editor the stand-in plays, as data: its filter (none, a basic filter, the Advanced Filter or CroQL),
// the workflow step status filter, the target language and the selected string; and how each `AP.editor`
// call of the panel reads or changes it (apps-js.mdx, "Editor Actions"). Where the docs leave a behaviour
// open, the choice is here and in the README (the editor stand-in).
import {
  ADVANCED_FILTER,
  EDITOR_FILTERS,
  EMPTY_CUSTOM_FILTER,
  STEP_STATUS_ANSWERS,
  STEP_STATUS_FILTERS,
  type CustomFilter,
  type EditorCall,
  type EditorLanguage,
  type StepStatusFilter,
  type StringData,
} from '../wire/ap-bridge.ts';
import {
  basicFilterToCroql,
  editorFilterToCroql,
  type EditorFilterConversion,
} from '../builder/editor-filter.ts';
import { readCustomFilter } from './custom-filter.ts';

/** One filter at a time, as the editor's filter menu has it. */
export type EditorFilter =
  | { kind: 'none' }
  | { kind: 'basic'; value: number }
  | { kind: 'advanced'; custom: CustomFilter }
  | { kind: 'croql'; croql: string };

export interface EditorState {
  filter: EditorFilter;
  stepStatus: StepStatusFilter;
  languageId: string;
  stringId: number | null;
}

/** What a call needs beyond the state: the project's target languages and the selected string's data. */
export interface EditorWorld {
  languages: readonly EditorLanguage[];
  string: StringData | null;
}

export interface CallOutcome {
  state: EditorState;
  /** What the call's callback hears (undefined: the call has none). */
  answer?: unknown;
  /** What the stand-in says about the call: a refusal, or what of it was not taken. */
  notice: string | null;
}

export function initialState(languageId: string): EditorState {
  return { filter: { kind: 'none' }, stepStatus: 'ALL', languageId, stringId: null };
}

/** The CroQL the list is the listing's answer to, and what of the filter it could not say. */
export function filterQuery(state: EditorState): EditorFilterConversion {
  const filter = state.filter;
  switch (filter.kind) {
    case 'none':
      return { croql: '', notConverted: [] };
    case 'basic':
      return basicFilterToCroql(filter.value, { targetLanguageId: state.languageId });
    case 'advanced':
      return editorFilterToCroql(filter.custom, { targetLanguageId: state.languageId });
    case 'croql':
      return { croql: filter.croql, notConverted: [] };
  }
}

/** The filter in words, for the stand-in's own line. */
export function describeFilter(filter: EditorFilter): string {
  switch (filter.kind) {
    case 'none':
      return 'No filter';
    case 'basic':
      return `Basic filter: ${EDITOR_FILTERS.find((f) => f.value === filter.value)?.name ?? filter.value}`;
    case 'advanced':
      return 'Advanced Filter';
    case 'croql':
      return 'CroQL';
  }
}

const show = (value: unknown) => JSON.stringify(value) ?? String(value);

/** The languages `ids` names (by id or code), and those it names that the project does not have. */
function languagesOf(ids: unknown, languages: readonly EditorLanguage[]) {
  const list = Array.isArray(ids) ? ids : [ids];
  const found = list.map((id) => languages.find((l) => l.id === String(id) || l.code === String(id)));
  const missing = list.filter((_, i) => !found[i]).map(String);
  return {
    found: found.filter((l) => l !== undefined),
    missing,
    valid: list.every((id) => typeof id === 'string'),
  };
}

/** The panel's `AP.editor[method](...args)` against the editor's state. */
export function editorCall(
  state: EditorState,
  method: EditorCall,
  args: readonly unknown[],
  world: EditorWorld,
): CallOutcome {
  const same = (answer?: unknown, notice: string | null = null): CallOutcome => ({ state, answer, notice });
  const next = (changed: Partial<EditorState>, notice: string | null = null): CallOutcome => ({
    state: { ...state, ...changed },
    notice,
  });
  const [first] = args;
  switch (method) {
    case 'getString':
      return same(world.string);
    case 'getCroqlFilter':
      // Only the CroQL filter's text: with another filter active the panel hears null (and reads that one).
      return same(state.filter.kind === 'croql' ? state.filter.croql : null);
    case 'setCroqlFilter':
      if (typeof first !== 'string' || first.trim() === '') {
        return same(
          undefined,
          `setCroqlFilter needs a CroQL query (a string); it got ${show(first)}. The filter is unchanged.`,
        );
      }
      return next({ filter: { kind: 'croql', croql: first } });
    case 'resetCroqlFilter':
      return state.filter.kind === 'croql' ? next({ filter: { kind: 'none' } }) : same();
    case 'getCustomFilter':
      return same(state.filter.kind === 'advanced' ? state.filter.custom : null);
    case 'setCustomFilter': {
      const read = readCustomFilter(first);
      if (!read) {
        return same(
          undefined,
          `setCustomFilter needs a CustomFilterObject (an object); it got ${show(first)}. The filter is unchanged.`,
        );
      }
      const notice = read.ignored.length
        ? `setCustomFilter: not taken (unknown key, or not of the documented type): ${read.ignored.join(', ')}.`
        : null;
      return next({ filter: { kind: 'advanced', custom: read.filter } }, notice);
    }
    case 'resetCustomFilter':
      return state.filter.kind === 'advanced' ? next({ filter: { kind: 'none' } }) : same();
    case 'getFiltersList':
      return same(EDITOR_FILTERS);
    case 'getFilter':
      // The CroQL filter is part of the Advanced Filter (its `croql_expression`): both are filter 12.
      return same(
        state.filter.kind === 'basic'
          ? state.filter.value
          : state.filter.kind === 'none'
            ? 3
            : ADVANCED_FILTER,
      );
    case 'setFilter': {
      if (!EDITOR_FILTERS.some((f) => f.value === first)) {
        return same(
          undefined,
          `setFilter: ${show(first)} is not one of the filters getFiltersList gives. The filter is unchanged.`,
        );
      }
      if (first === ADVANCED_FILTER) {
        return state.filter.kind === 'advanced'
          ? same()
          : next({ filter: { kind: 'advanced', custom: { ...EMPTY_CUSTOM_FILTER } } });
      }
      return next({ filter: first === 3 ? { kind: 'none' } : { kind: 'basic', value: first as number } });
    }
    case 'getWorkflowStepStatusFilter':
      return same(STEP_STATUS_ANSWERS[state.stepStatus]);
    case 'setWorkflowStepStatusFilter': {
      const status = typeof first === 'string' ? first.toUpperCase() : '';
      if (!(STEP_STATUS_FILTERS as readonly string[]).includes(status)) {
        return same(
          undefined,
          `setWorkflowStepStatusFilter: ${show(first)} is not ALL, TODO, PENDING or DONE.`,
        );
      }
      return next({ stepStatus: status as StepStatusFilter });
    }
    case 'getProjectTargetLanguages':
      return same(world.languages);
    case 'setTargetLanguage': {
      const { found, missing, valid } = languagesOf(first, world.languages);
      if (!valid || missing.length > 0 || found.length === 0) {
        const problem = valid
          ? `Not a target language of the project: ${missing.join(', ') || '(none given)'}.`
          : `setTargetLanguage takes a language id or an array of them; it got ${show(first)}.`;
        return { state, answer: problem, notice: problem };
      }
      // Side-by-side: the first language given (an array is multilingual mode's, which the stand-in lacks).
      return { state: { ...state, languageId: found[0]!.id }, answer: null, notice: null };
    }
  }
}
