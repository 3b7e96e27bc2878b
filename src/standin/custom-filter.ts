// What the editor stand-in's list shows for its filter: the editor's filters (a basic filter by number, the
// Advanced Filter as Crowdin's CustomFilterObject) written as CroQL by the playground's converter
// (src/builder/filters.ts), so the list is exactly the strings listing's answer to that CroQL. The stand-in
// shows one target language, as the editor does: conditions on translations are pinned to it.
import { filterToCroql, type ConversionResult, type FilterParams } from '../builder/filters.ts';
import { EMPTY_CUSTOM_FILTER, type CustomFilter } from '../wire/ap-bridge.ts';

/** The CroQL a filter sends (empty: every string) and what of the filter it could not say. */
export interface FilterQuery {
  croql: string;
  notApplied: string[];
}

/** The builder's filter for each basic filter number apps-js.mdx lists; 0 and 3 show every string. */
const BASIC: Record<number, [string, FilterParams] | null> = {
  0: null,
  3: null,
  2: ['untranslated', {}],
  4: ['approved', {}],
  5: ['translatedNotApproved', {}],
  7: ['comments', { kind: 'any' }],
  10: ['engine', { engine: 'tmOrMt' }],
  30: ['engine', { engine: 'tm' }],
  31: ['engine', { engine: 'mt' }],
};

function written(result: ConversionResult, what: string, notApplied: string[]): string | null {
  if (result.kind === 'notExpressible') {
    notApplied.push(`${what}: ${result.reason}`);
    return null;
  }
  if (result.kind === 'approximation') notApplied.push(`${what}: ${result.note}`);
  return result.croql;
}

export function basicFilterQuery(value: number, languageId: string): FilterQuery {
  const filter = BASIC[value];
  if (filter === undefined)
    return { croql: '', notApplied: [`Basic filter ${value}: not one the stand-in knows.`] };
  if (filter === null) return { croql: '', notApplied: [] };
  const notApplied: string[] = [];
  const croql = written(
    filterToCroql(filter[0], filter[1], { pinLanguage: languageId }),
    `Basic filter ${value}`,
    notApplied,
  );
  return { croql: croql ?? '', notApplied };
}

/** The keys the stand-in turns into CroQL; any other key set to a non-default value is reported. */
const CONVERTED = new Set<keyof CustomFilter>([
  'translations',
  'comments',
  'labels',
  'label_match_rule',
  'exclude_labels',
  'exclude_label_match_rule',
  'croql_expression',
  // Orders the list; a query only selects, and the stand-in lists in id order.
  'sort_method',
  'sort_ascending',
]);

/**
 * The Advanced Filter as CroQL. The docs give values for `translations`, `comments`, the labels and
 * `croql_expression` only; any other key set is said, not guessed.
 */
export function customFilterQuery(filter: CustomFilter, languageId: string): FilterQuery {
  const notApplied: string[] = [];
  const parts: string[] = [];
  const pin = { pinLanguage: languageId };
  const add = (result: ConversionResult, what: string) => {
    const croql = written(result, what, notApplied);
    if (croql) parts.push(croql);
  };
  if (filter.translations === 'translated') add(filterToCroql('translated', {}, pin), 'translations');
  else if (filter.translations === 'untranslated')
    add(filterToCroql('untranslated', {}, pin), 'translations');
  else if (filter.translations)
    notApplied.push(`translations: "${filter.translations}" is not a documented value.`);
  if (filter.comments === 'have_comments') add(filterToCroql('comments', { kind: 'any' }), 'comments');
  else if (filter.comments === 'no_comments') add(filterToCroql('comments', { kind: 'none' }), 'comments');
  else if (filter.comments) notApplied.push(`comments: "${filter.comments}" is not a documented value.`);
  if (filter.labels.length > 0) {
    const mode = filter.label_match_rule === 'all' ? 'includeAll' : 'includeAny';
    add(filterToCroql('labels', { mode, labels: filter.labels.map(String) }), 'labels');
  }
  if (filter.exclude_labels.length > 0) {
    const mode = filter.exclude_label_match_rule === 'any' ? 'excludeAny' : 'excludeAll';
    add(filterToCroql('labels', { mode, labels: filter.exclude_labels.map(String) }), 'exclude_labels');
  }
  if (filter.croql_expression.trim()) parts.push(filter.croql_expression.trim());
  for (const key of Object.keys(EMPTY_CUSTOM_FILTER) as (keyof CustomFilter)[]) {
    if (CONVERTED.has(key)) continue;
    if (JSON.stringify(filter[key]) !== JSON.stringify(EMPTY_CUSTOM_FILTER[key])) {
      notApplied.push(`${key}: the docs give no values for it, so the stand-in does not filter by it.`);
    }
  }
  const croql = parts.length > 1 ? parts.map((p) => `(${p})`).join(' and ') : (parts[0] ?? '');
  return { croql, notApplied };
}

/**
 * A CustomFilterObject as an app sets it (`setCustomFilter`): the documented keys over the defaults, each of
 * the default's type; the keys left out are named.
 */
export function readCustomFilter(value: unknown): { filter: CustomFilter; ignored: string[] } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const filter: Record<string, unknown> = { ...EMPTY_CUSTOM_FILTER };
  const ignored: string[] = [];
  for (const [key, given] of Object.entries(value)) {
    const fallback = (EMPTY_CUSTOM_FILTER as Record<string, unknown>)[key];
    const ok =
      key in EMPTY_CUSTOM_FILTER &&
      (Array.isArray(fallback)
        ? Array.isArray(given) && given.every((n) => Number.isInteger(n))
        : fallback === null
          ? given === null || typeof given === 'number'
          : typeof given === typeof fallback);
    if (ok) filter[key] = given;
    else ignored.push(key);
  }
  return { filter: filter as unknown as CustomFilter, ignored };
}
