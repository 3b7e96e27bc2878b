// The parameters of the query being edited: each `{{name}}`'s type and value, by name. The text is in the
// query store; the parameters that count are those whose placeholder is in it (`paramsForText`). Kept in
// sessionStorage on every change, like the draft, so values survive a reload and the sign-in redirect.
import { create } from 'zustand';
import { useQueryStore } from '../query/store.ts';
import {
  paramsForText,
  sanitizeParams,
  substitute,
  type ParamType,
  type TemplateParam,
} from '../croql/index.ts';

const KEY = 'croql.template.v1';

interface TemplateState {
  /** Every parameter declared in this tab, by name (a placeholder removed and typed again keeps its value). */
  known: TemplateParam[];
  /** Set when Run was refused for missing or wrong values, so the form shows its messages. */
  runRefused: boolean;
  actions: {
    setType: (name: string, type: ParamType) => void;
    setValue: (name: string, value: string) => void;
    /** Replace the values (a permalink, a saved query, a history entry). */
    restore: (params: readonly TemplateParam[]) => void;
    refuseRun: (refused: boolean) => void;
  };
}

function read(): TemplateParam[] {
  try {
    return sanitizeParams(JSON.parse(sessionStorage.getItem(KEY) ?? '[]'));
  } catch {
    return [];
  }
}

function write(known: TemplateParam[]): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(known));
  } catch {
    // storage unavailable: the values last for this page
  }
}

export const useTemplateStore = create<TemplateState>()((set, get) => {
  const update = (name: string, patch: Partial<TemplateParam>) => {
    const text = useQueryStore.getState().text;
    const current = paramsForText(text, get().known).find((p) => p.name === name) ??
      get().known.find((p) => p.name === name) ?? { name, type: 'string' as const, value: '' };
    const known = [...get().known.filter((p) => p.name !== name), { ...current, ...patch }];
    write(known);
    set({ known });
  };
  return {
    known: typeof sessionStorage === 'undefined' ? [] : read(),
    runRefused: false,
    actions: {
      setType: (name, type) => update(name, { type }),
      setValue: (name, value) => update(name, { value }),
      restore: (params) => {
        const names = new Set(params.map((p) => p.name));
        const known = [...get().known.filter((p) => !names.has(p.name)), ...params];
        write(known);
        set({ known, runRefused: false });
      },
      refuseRun: (runRefused) => set({ runRefused }),
    },
  };
});

/** The parameters of `text` (declared with a guessed type when new). */
export function templateParamsOf(text: string): TemplateParam[] {
  return paramsForText(text, useTemplateStore.getState().known);
}

/** The current query's parameters, or undefined when it has none (a plain query). */
export function currentTemplateParams(): TemplateParam[] | undefined {
  const params = templateParamsOf(useQueryStore.getState().text);
  return params.length ? params : undefined;
}

/** What Run sends for `text`: the text itself, or the substituted template; null while a value is missing or wrong. */
export function queryToRun(
  text: string,
): { text: string; template?: { text: string; params: TemplateParam[] } } | null {
  const params = templateParamsOf(text);
  if (params.length === 0) return { text };
  const sub = substitute(text, params);
  if (sub.problems.length) return null;
  return { text: sub.text, template: { text, params } };
}
