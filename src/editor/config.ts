// The editor's CroQL configuration as state: the listing (schema), edition, live values, the member search
// and the run callback. Changing it is an effect on the one EditorView, never a new view.
import { StateEffect, StateField } from '@codemirror/state';
import type { AnalyzeOptions, ListingName, Diagnostic, Edition, LiveValues } from '../croql/index.ts';
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

/**
 * The service returns at most this many members in one page; a list that long may be cut short, so it
 * cannot prove a username unknown.
 */
const MEMBER_PAGE_LIMIT = 500;

/**
 * What analyze() needs from the configuration. A list is passed only once it is loaded and complete:
 * analyze() checks mentions against the lists it is given, and an absent list means "don't check".
 */
export function analyzeOptions(config: CroqlConfig): AnalyzeOptions {
  const { users, languages } = config.values;
  return {
    users:
      users && users.length < MEMBER_PAGE_LIMIT
        ? users.map((u) => ({ id: u.id, username: u.username }))
        : undefined,
    languages: languages?.map((l) => l.id),
    edition: config.edition,
  };
}

/** Croql errors the service returned for the text as it was run; any edit makes them stale and drops them. */
export const setServerDiagnostics = StateEffect.define<Diagnostic[]>();

export const serverDiagnosticsField = StateField.define<Diagnostic[]>({
  create: () => [],
  update(value, tr) {
    for (const e of tr.effects) if (e.is(setServerDiagnostics)) return e.value;
    return tr.docChanged ? [] : value;
  },
});
