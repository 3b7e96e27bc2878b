// The public API of the CroQL core, in one place for the app's first screen. Imported from their own modules
// instead: completion and hover, which the app loads after the first screen (notes below); the checked model
// with its memo (checked-model.ts); the generated parser, for the editor's language; the types alone
// (types.ts); and, for examples, demo data, tests and the bench, the corpus and the generators.
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
export { locate, fieldOf, type Located } from './locate.ts';
export { OPERATORS, operator, operatorsAfter, rightTypes, resultType, SCALAR_TYPES } from './operators.ts';
export { DATETIME_FORMS, isValidDatetime } from './datetime.ts';
export { canonicalName, format, print as printExpr } from './format.ts';
export {
  datetimeBody,
  datetimeLiteral,
  escapeString,
  mentionLiteral,
  stringLiteral,
  type MentionKind,
} from './literals.ts';
export * from './template.ts';
export {
  parseRelative,
  describeRelative,
  resolveRelative,
  RELATIVE_SUGGESTIONS,
  type RelativeDatetime,
} from './relative-datetime.ts';
export { analyzeTemplate, placeholderPrefixAt } from './template-analyze.ts';
export { compile, compileModel } from './compile.ts';
export { explain, explainModel, type ExplainOptions } from './explain.ts';
export { applySuggestion, quickFixes, inListRewrite } from './fixes.ts';
export {
  cliArgument,
  crowdinCliValue,
  fromCrowdinCliValue,
  CLI_SHELLS,
  type CliArgument,
  type CliShell,
} from './cli-argument.ts';
// complete() is not re-exported here: importing it from './complete.ts' lets the app load completion (and its
// tables) in a chunk of its own, after the first screen (src/editor/completion.ts).
// Nor is hover(), for the same reason (src/editor/hover.ts), nor completeTemplate() (template-complete.ts).
