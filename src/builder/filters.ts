// The editor's advanced filters (the service's advanced filter panel; see README, "The visual builder and
// the filter converter") and their CroQL: a filter by its id, its default parameters, and its conversion.
// The catalogue is filter-catalogue.ts, its building blocks filter-parts.ts, the shapes filter-types.ts.
// Rows of the spec table "Expressions equivalent to the editor's advanced filter" yield exactly the
// table's expression; filters the table does not give get the most faithful expression over the schema
// (each choice is explained beside it); filters without an exact form are approximations (labelled) or
// not expressible (with the reason). Nothing here parses: it only writes text.
import { FILTERS } from './filter-catalogue.ts';
import type { ConversionResult, ConvertOptions, FilterDef, FilterParams } from './filter-types.ts';

export { FILTERS } from './filter-catalogue.ts';
export { COMMENT_ISSUE_KINDS, QA_CHECKS, STRING_TYPES } from './filter-parts.ts';
export type * from './filter-types.ts';

const byId = new Map(FILTERS.map((f) => [f.id, f]));

export function filterDef(id: string): FilterDef | undefined {
  return byId.get(id);
}

export function defaultParams(def: FilterDef): FilterParams {
  const params: FilterParams = {};
  for (const spec of def.params) {
    switch (spec.kind) {
      case 'datetime':
        params[spec.key] = spec.key === 'to' ? 'today' : '2024-01-01';
        break;
      case 'number':
        params[spec.key] = '0';
        break;
      case 'choice':
        params[spec.key] = spec.options[0]!.value;
        break;
      case 'multiChoice':
        params[spec.key] = [spec.options[0]!.value];
        break;
      case 'labels':
        params[spec.key] = [];
        break;
      default:
        params[spec.key] = '';
    }
  }
  return params;
}

/** The CroQL of an editor filter with its parameters; unknown ids are reported, never dropped. */
export function filterToCroql(
  filterId: string,
  params: FilterParams,
  options: ConvertOptions = {},
): ConversionResult {
  const def = byId.get(filterId);
  if (!def) return { kind: 'notExpressible', reason: `Unknown editor filter "${filterId}".` };
  const pin = def.pinnable && options.pinLanguage ? options.pinLanguage : undefined;
  return def.convert({ ...defaultParams(def), ...params }, pin);
}
