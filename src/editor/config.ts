// The editor's CroQL configuration as state: the listing (schema), edition, live values, the member search
// and the run callback. Changing it is an effect on the one EditorView, never a new view.
import { StateEffect, StateField } from '@codemirror/state';
import type { ListingName, Diagnostic, Edition, LiveValues } from '../croql/index.ts';
import type { TemplateParam } from '../croql/index.ts';

export type SearchUsers = (
  search: string,
  signal: AbortSignal,
) => Promise<{ id: number; username: string; fullName?: string }[]>;

export interface CroqlConfig {
  context: ListingName;
  edition: Edition;
  values: LiveValues;
  searchUsers: SearchUsers | null;
  onRun: () => void;
  /** The parameters of the `{{name}}` placeholders in the text (a template); empty for a plain query. */
  templateParams: readonly TemplateParam[];
  /** Says an outcome to screen readers (the component's aria-live region). */
  announce: (message: string) => void;
}

export const DEFAULT_CONFIG: CroqlConfig = {
  context: 'strings',
  edition: 'standard',
  values: {},
  searchUsers: null,
  templateParams: [],
  onRun: () => {},
  announce: () => {},
};

export const setCroqlConfig = StateEffect.define<Partial<CroqlConfig>>();

export const croqlConfig = StateField.define<CroqlConfig>({
  create: () => DEFAULT_CONFIG,
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setCroqlConfig)) value = { ...value, ...e.value };
    return value;
  },
});

/** Croql errors the service returned for the text as it was run; any edit makes them stale and drops them. */
export const setServerDiagnostics = StateEffect.define<Diagnostic[]>();

export const serverDiagnosticsField = StateField.define<Diagnostic[]>({
  create: () => [],
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setServerDiagnostics)) return e.value;
    return tr.docChanged ? [] : value;
  },
});
