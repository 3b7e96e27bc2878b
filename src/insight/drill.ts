// What a click on a chart item does: the CroQL clause that selects exactly the rows the item counts, or,
// where CroQL cannot say it, a local filter of the loaded rows with the reason. Clauses are written by the
// builder's own writers (editor filters, field conditions), so one concept has one spelling; adding one
// goes through the builder's text-edit path (addClause), so nothing else in the query changes. Pure.
import type { ContextName } from '../croql/index.ts';
import { editDoc, openDoc } from '../builder/edit.ts';
import { filterToCroql, type FilterParams } from '../builder/filters.ts';
import { fieldText, group, raw, type FieldNode, type ValueLiteral } from '../builder/model.ts';
import { NONE, USAGE_BUCKETS } from './charts.ts';

export type Drill = { kind: 'clause'; clause: string } | { kind: 'local'; reason: string };

/** Usernames by user id, for `@user:"name"` mentions (an id is written when the name is unknown). */
export type UserNames = ReadonlyMap<number, string>;

const local = (reason: string): Drill => ({ kind: 'local', reason });
const clause = (text: string): Drill => ({ kind: 'clause', clause: text });

function filter(id: string, params: FilterParams, pinLanguage?: string): string {
  const r = filterToCroql(id, params, pinLanguage ? { pinLanguage } : {});
  if (r.kind === 'notExpressible') throw new Error(`Editor filter ${id} has no CroQL form: ${r.reason}`);
  return r.croql;
}

function field(
  path: string[],
  op: FieldNode['op'],
  value: ValueLiteral | null,
  value2: ValueLiteral | null = null,
) {
  return fieldText({ kind: 'field', id: '', path, op, value, value2 });
}

const num = (value: string): ValueLiteral => ({ kind: 'number', value });
const str = (value: string): ValueLiteral => ({ kind: 'string', value });

function user(key: string, names?: UserNames, label?: string): ValueLiteral {
  const name = label && label !== 'unknown' ? label : names?.get(Number(key));
  return name ? { kind: 'user', value: name } : num(key);
}

/** `YYYY-MM` → the first and the last second of that month, in the service's datetime literal forms. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')} 23:59:59` };
}

const isId = (key: string) => /^\d+$/.test(key);

/** The drill-down of item `key` of chart `chartId` in a listing. */
export function drillFor(
  context: ContextName,
  chartId: string,
  key: string,
  names?: UserNames,
  label?: string,
): Drill {
  const none = key === NONE;
  switch (`${context}/${chartId}`) {
    case 'strings/file':
      return none || !isId(key)
        ? local('CroQL cannot select strings without a file.')
        : clause(field(['id', 'file'], '=', num(key)));
    case 'strings/branch':
      return none || !isId(key)
        ? local('CroQL cannot select strings outside every branch.')
        : clause(field(['id', 'branch'], '=', num(key)));
    case 'strings/label':
      if (none) return clause('count of labels = 0');
      return isId(key)
        ? clause(filter('labels', { mode: 'includeAny', labels: [Number(key)] }))
        : local('This label has no numeric id.');
    case 'strings/type': {
      const type = { text: 'plain', plural: 'plural', icu: 'icu', asset: 'asset' }[key];
      return type ? clause(filter('stringType', { types: [type] })) : local('CroQL has no such string type.');
    }
    case 'strings/added':
    case 'strings/updated': {
      if (none) return local(`CroQL cannot select strings that were never ${chartId}.`);
      const { from, to } = monthRange(key);
      return clause(filter(chartId === 'added' ? 'stringsAdded' : 'stringsUpdated', { from, to }));
    }
    case 'translations/user':
      return none
        ? local('These translations name no user.')
        : clause(field(['user'], '=', user(key, names, label)));
    case 'translations/provider':
      return none
        ? local('CroQL cannot select translations without a provider (a comparison with no value is false).')
        : clause(field(['provider'], '=', str(key)));
    case 'translations/pluralForm':
      // A translation of a plain or ICU string has the plural form "none" in CroQL.
      return clause(field(['plural form'], '=', str(none ? 'none' : key)));
    case 'translations/preTranslated':
      return clause(field(['is pre translated'], key === 'yes' ? 'isTrue' : 'isFalse', null));
    case 'translations/updated': {
      if (none) return local('CroQL cannot select translations without a date.');
      const { from, to } = monthRange(key);
      return clause(
        field(['updated'], 'between', { kind: 'datetime', value: from }, { kind: 'datetime', value: to }),
      );
    }
    case 'tmSegments/recordLanguage':
      return local('A TM record has no language field in CroQL.');
    case 'tmSegments/usage': {
      const b = USAGE_BUCKETS.find((x) => x.key === key);
      if (!b) return local('These records have no usage count.');
      const cond =
        b.to === null
          ? field(['usageCount'], '>=', num(String(b.from)))
          : b.from === b.to
            ? field(['usageCount'], '=', num(String(b.from)))
            : field(['usageCount'], 'between', num(String(b.from)), num(String(b.to)));
      return clause(`count of records where (${cond}) > 0`);
    }
    case 'tmSegments/creator':
      return none || !isId(key)
        ? local('CroQL cannot select records without a creator.')
        : clause(`count of records where (${field(['createdBy'], '=', user(key, names))}) > 0`);
    case 'glossaryTerms/language':
      return none
        ? local('CroQL cannot select terms without a language.')
        : clause(field(['language'], '=', { kind: 'language', value: key }));
    case 'glossaryTerms/status':
    case 'glossaryTerms/partOfSpeech':
    case 'glossaryTerms/type':
      return none
        ? local(
            `CroQL cannot select terms without a ${chartId === 'partOfSpeech' ? 'part of speech' : chartId}.`,
          )
        : clause(field([chartId], '=', str(key)));
    default:
      return local('This chart has no CroQL form.');
  }
}

/**
 * `text` with `clause` added by `and`, through the builder's text-edit path: the query's own characters are
 * kept, and parentheses are added only where the precedence needs them.
 */
export function addClause(text: string, context: ContextName, clauseText: string): string {
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

/** The query of one matrix cell: Q with the state pinned to the language. */
export function matrixCellQuery(text: string, language: string, state: MatrixState): string {
  const s = MATRIX_STATES.find((x) => x.id === state)!;
  return addClause(text, 'strings', filter(s.filter, s.params, language));
}
