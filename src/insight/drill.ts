// The writers of drill-down clauses (each chart's `drill` in charts.ts uses them): the CroQL clause that
// selects exactly the rows an item counts, or, where CroQL cannot say it, a local filter of the loaded rows
// with the reason. Clauses are written by the builder's own writers (editor filters, field conditions), so
// one concept has one spelling; adding one goes through the builder's text-edit path (addClause), so
// nothing else in the query changes. The languages matrix's cells are such clauses too. Pure.
import type { ListingName } from '../croql/index.ts';
import { editDoc, openDoc } from '../builder/edit.ts';
import { filterToCroql, type FilterParams } from '../builder/filters.ts';
import { fieldText, group, raw, type FieldNode, type ValueLiteral } from '../builder/model.ts';

export type Drill = { kind: 'clause'; clause: string } | { kind: 'local'; reason: string };

/** Usernames by user id, for `@user:"name"` mentions (an id is written when the name is unknown). */
export type UserNames = ReadonlyMap<number, string>;

export const local = (reason: string): Drill => ({ kind: 'local', reason });
export const clause = (text: string): Drill => ({ kind: 'clause', clause: text });

export function filter(id: string, params: FilterParams, pinLanguage?: string): string {
  const r = filterToCroql(id, params, pinLanguage ? { pinLanguage } : {});
  if (r.kind === 'notExpressible') throw new Error(`Editor filter ${id} has no CroQL form: ${r.reason}`);
  return r.croql;
}

export function field(
  path: string[],
  op: FieldNode['op'],
  value: ValueLiteral | null,
  value2: ValueLiteral | null = null,
) {
  return fieldText({ kind: 'field', id: '', path, op, value, value2 });
}

export const num = (value: string): ValueLiteral => ({ kind: 'number', value });
export const str = (value: string): ValueLiteral => ({ kind: 'string', value });

export function user(key: string, names?: UserNames, label?: string): ValueLiteral {
  const name = label && label !== 'unknown' ? label : names?.get(Number(key));
  return name ? { kind: 'user', value: name } : num(key);
}

/** `YYYY-MM` → the first and the last second of that month, in the service's datetime literal forms. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')} 23:59:59` };
}

export const isId = (key: string) => /^\d+$/.test(key);

/**
 * `text` with `clause` added by `and`, through the builder's text-edit path: the query's own characters are
 * kept, and parentheses are added only where the precedence needs them.
 */
export function addClause(text: string, context: ListingName, clauseText: string): string {
  const doc = openDoc(text, context);
  const node = raw(clauseText);
  const root =
    doc.root.op === 'and' && !doc.root.negated
      ? { ...doc.root, children: [...doc.root.children, node] }
      : group('and', [doc.root, node]);
  return editDoc(doc, root).text;
}

/** The four states of the languages matrix, each the editor filter that selects it, pinned to a language. */
export const MATRIX_STATES = [
  { id: 'untranslated', label: 'Untranslated', filter: 'untranslated', params: {} },
  {
    id: 'translatedNotApproved',
    label: 'Translated, not approved',
    filter: 'translatedNotApproved',
    params: {},
  },
  { id: 'approved', label: 'Approved', filter: 'approved', params: {} },
  { id: 'qaIssues', label: 'With QA issues', filter: 'qaIssues', params: { check: 'any' } },
] as const satisfies readonly { id: string; label: string; filter: string; params: FilterParams }[];

export type MatrixState = (typeof MATRIX_STATES)[number]['id'];

/** What is counted per language: the matrix's states, and "translated" (Insight's progress per language). */
const COUNTED_STATES = [
  ...MATRIX_STATES,
  { id: 'translated', label: 'Translated', filter: 'translated', params: {} },
] as const;
export type CountedState = (typeof COUNTED_STATES)[number]['id'];

/** The query of one matrix cell: Q with the state pinned to the language. */
export function matrixCellQuery(text: string, language: string, state: CountedState): string {
  const s = COUNTED_STATES.find((x) => x.id === state)!;
  return addClause(text, 'strings', filter(s.filter, s.params, language));
}
