// Crowdin's editor's advanced filter (`AP.editor.getCustomFilter`'s CustomFilterObject, apps-js.mdx) as
// CroQL, through the builder's converter (src/builder/filters.ts filterToCroql). apps-js.mdx documents the
// values of `translations`, `comments`, `labels` / `label_match_rule` and `croql_expression`; the other
// fields are listed without their values, so a set one is reported as not converted, never guessed.
import { filterToCroql, type ConversionResult, type FilterParams } from '../builder/filters.ts';

export interface CustomFilterConversion {
  /** The CroQL of what could be converted ('' when nothing was set or nothing could be). */
  croql: string;
  /** One sentence per field that could not be converted exactly, or at all. */
  notes: string[];
}

/** A field that holds nothing: the filter's defaults (apps-js.mdx's full payload reference). */
const isUnset = (value: unknown) =>
  value === '' ||
  value === null ||
  value === undefined ||
  (Array.isArray(value) && value.length === 0) ||
  value === 0;

/** Fields that only order or name the list, or belong to another filter: not conditions. */
const NOT_CONDITIONS = new Set([
  'sort_method',
  'sort_ascending',
  'label_match_rule',
  'exclude_label_match_rule',
]);

const labelIds = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v) => typeof v === 'number' || typeof v === 'string').map(String) : [];

export function customFilterToCroql(filter: Record<string, unknown>): CustomFilterConversion {
  const parts: string[] = [];
  const notes: string[] = [];
  const add = (field: string, id: string, params: FilterParams) => {
    const result: ConversionResult = filterToCroql(id, params);
    if (result.kind === 'notExpressible') notes.push(`${field}: ${result.reason}`);
    else {
      parts.push(result.croql);
      if (result.kind === 'approximation') notes.push(`${field} (approximation): ${result.note}`);
    }
  };
  for (const [field, value] of Object.entries(filter)) {
    if (isUnset(value) || NOT_CONDITIONS.has(field)) continue;
    switch (field) {
      case 'croql_expression':
        if (typeof value === 'string') parts.push(value.trim());
        break;
      case 'translations':
        if (value === 'untranslated') add(field, 'untranslated', {});
        else if (value === 'translated') add(field, 'translated', {});
        else notes.push(`translations = ${JSON.stringify(value)} is not a value the docs give.`);
        break;
      case 'comments':
        if (value === 'have_comments') add(field, 'comments', { kind: 'any' });
        else if (value === 'no_comments') add(field, 'comments', { kind: 'none' });
        else notes.push(`comments = ${JSON.stringify(value)} is not a value the docs give.`);
        break;
      case 'labels':
        add(field, 'labels', {
          mode: filter.label_match_rule === 'all' ? 'includeAll' : 'includeAny',
          labels: labelIds(value),
        });
        break;
      case 'exclude_labels':
        add(field, 'labels', {
          mode: filter.exclude_label_match_rule === 'any' ? 'excludeAny' : 'excludeAll',
          labels: labelIds(value),
        });
        break;
      case 'ai_query':
        notes.push('ai_query: an AI filter is a prompt, not conditions, so it has no CroQL.');
        break;
      default:
        notes.push(
          `${field} = ${JSON.stringify(value)}: the docs do not give this field's values, so it was not converted.`,
        );
    }
  }
  const croql = parts.length <= 1 ? (parts[0] ?? '') : parts.map((p) => `(${p})`).join(' and ');
  return { croql, notes };
}
