// Crowdin's editor filters as CroQL, through the builder's converter (filters.ts filterToCroql): a basic
// filter by number and the Advanced Filter (`AP.editor.getCustomFilter`'s CustomFilterObject, apps-js.mdx;
// its shape is src/wire/ap-bridge.ts CustomFilter). The editor panel's "From editor" and the editor
// stand-in's list both read this module. apps-js.mdx documents the values of `translations`, `comments`,
// `labels` / `label_match_rule`, `exclude_labels` / `exclude_label_match_rule` and `croql_expression`; any
// other field that is set is named in `notConverted`, never guessed.
import { EMPTY_CUSTOM_FILTER, type CustomFilter } from '../wire/ap-bridge.ts';
import { filterToCroql } from './filters.ts';
import type { ConversionResult, ConvertOptions, FilterParams } from './filter-types.ts';

/** The CroQL of what could be converted ('' when nothing was set or nothing could be: every string). */
export interface EditorFilterConversion {
  croql: string;
  /** One sentence per field that could not be converted exactly, or at all. */
  notConverted: string[];
}

export interface EditorFilterOptions {
  /**
   * The editor's target language: conditions on translations are pinned to it, as the editor shows one
   * language. Without it they hold for any target language.
   */
  targetLanguageId?: string;
}

/** The builder's filter for each basic filter number apps-js.mdx lists; 0 and 3 show every string. */
export const BASIC_FILTERS: Readonly<Record<number, readonly [string, FilterParams] | null>> = {
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

const pinOf = (options: EditorFilterOptions): ConvertOptions =>
  options.targetLanguageId === undefined ? {} : { pinLanguage: options.targetLanguageId };

/** A converter result's CroQL, its approximation or refusal said under `what`. */
function written(result: ConversionResult, what: string, notConverted: string[]): string | null {
  if (result.kind === 'notExpressible') {
    notConverted.push(`${what}: ${result.reason}`);
    return null;
  }
  if (result.kind === 'approximation') notConverted.push(`${what} (approximation): ${result.note}`);
  return result.croql;
}

/** A basic filter (`AP.editor.setFilter`'s number) as CroQL. */
export function basicFilterToCroql(value: number, options: EditorFilterOptions = {}): EditorFilterConversion {
  const filter = BASIC_FILTERS[value];
  if (filter === undefined)
    return { croql: '', notConverted: [`Basic filter ${value}: not one the docs list.`] };
  if (filter === null) return { croql: '', notConverted: [] };
  const notConverted: string[] = [];
  const croql = written(
    filterToCroql(filter[0], filter[1], pinOf(options)),
    `Basic filter ${value}`,
    notConverted,
  );
  return { croql: croql ?? '', notConverted };
}

/** Fields that only order the list, or qualify another field: not conditions of their own. */
const NOT_CONDITIONS = new Set<string>([
  'sort_method',
  'sort_ascending',
  'label_match_rule',
  'exclude_label_match_rule',
]);

/**
 * A field that holds nothing: empty, or the documented default (apps-js.mdx's full payload reference,
 * src/wire/ap-bridge.ts EMPTY_CUSTOM_FILTER). Crowdin's editor answers the whole object, defaults included.
 */
function isUnset(field: string, value: unknown): boolean {
  if (value === '' || value === null || value === undefined) return true;
  if (Array.isArray(value) && value.length === 0) return true;
  const fallback = (EMPTY_CUSTOM_FILTER as Record<string, unknown>)[field];
  return fallback !== undefined && JSON.stringify(value) === JSON.stringify(fallback);
}

const labelIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'number' || typeof v === 'string').map(String) : [];

/**
 * The Advanced Filter as CroQL: each set condition, in the object's order, joined by `and`. Takes the
 * object as Crowdin's editor answers it (every key, or only some; unknown keys are said, not dropped).
 */
export function editorFilterToCroql(
  filter: Partial<CustomFilter> | Readonly<Record<string, unknown>>,
  options: EditorFilterOptions = {},
): EditorFilterConversion {
  const fields = filter as Readonly<Record<string, unknown>>;
  const parts: string[] = [];
  const notConverted: string[] = [];
  const pin = pinOf(options);
  const add = (field: string, id: string, params: FilterParams, convert: ConvertOptions = {}) => {
    const croql = written(filterToCroql(id, params, convert), field, notConverted);
    if (croql) parts.push(croql);
  };
  const undocumentedValue = (field: string, value: unknown) =>
    notConverted.push(`${field}: ${JSON.stringify(value)} is not a value the docs give.`);
  for (const [field, value] of Object.entries(fields)) {
    if (isUnset(field, value) || NOT_CONDITIONS.has(field)) continue;
    switch (field) {
      case 'croql_expression':
        if (typeof value === 'string' && value.trim()) parts.push(value.trim());
        else if (typeof value !== 'string') undocumentedValue(field, value);
        break;
      case 'translations':
        if (value === 'untranslated' || value === 'translated') add(field, value, {}, pin);
        else undocumentedValue(field, value);
        break;
      case 'comments':
        if (value === 'have_comments') add(field, 'comments', { kind: 'any' });
        else if (value === 'no_comments') add(field, 'comments', { kind: 'none' });
        else undocumentedValue(field, value);
        break;
      case 'labels':
        add(field, 'labels', {
          mode: fields.label_match_rule === 'all' ? 'includeAll' : 'includeAny',
          labels: labelIds(value),
        });
        break;
      case 'exclude_labels':
        add(field, 'labels', {
          mode: fields.exclude_label_match_rule === 'any' ? 'excludeAny' : 'excludeAll',
          labels: labelIds(value),
        });
        break;
      case 'ai_query':
        notConverted.push('ai_query: an AI filter is a prompt, not conditions, so it has no CroQL.');
        break;
      default:
        notConverted.push(
          `${field} = ${JSON.stringify(value)}: the docs do not give this field's values, so it was not converted.`,
        );
    }
  }
  const croql = parts.length <= 1 ? (parts[0] ?? '') : parts.map((p) => `(${p})`).join(' and ');
  return { croql, notConverted };
}
