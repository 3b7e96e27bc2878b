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
  LISTING_LABELS,
} from './schema.ts';
export { analyze } from './check.ts';
export { OPERATORS, operator, operatorsAfter, rightTypes, resultType, SCALAR_TYPES } from './operators.ts';
export { DATETIME_FORMS, isValidDatetime } from './datetime.ts';
export { format } from './format.ts';
export { compile, compileModel } from './compile.ts';
export { explain, explainModel } from './explain.ts';
export { complete } from './complete.ts';
export { hover } from './hover.ts';
