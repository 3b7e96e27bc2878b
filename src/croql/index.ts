// The public API of the CroQL core. Everything outside src/croql imports from here.
export type * from './types.ts';
export {
  schema,
  normalizeName,
  lookupField,
  fieldsOf,
  rootType,
  typeLabel,
  allFieldNames,
  describeFieldType,
  countField,
  CONTEXT_LABELS,
} from './schema.ts';
export { analyze } from './check.ts';
export { format } from './format.ts';
export { compile } from './compile.ts';
export { explain } from './explain.ts';
export { complete } from './complete.ts';
export { hover } from './hover.ts';
