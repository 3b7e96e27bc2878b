// What the catalogue of editor filters (filter-catalogue.ts) writes its CroQL with: text helpers, the
// parameters' option lists and the shapes several filters share. Nothing here parses: it only writes text.
import { datetimeLiteral, fieldsOf, mentionLiteral } from '../croql/index.ts';
import type {
  ChoiceOption,
  ConversionResult,
  FilterCategory,
  FilterDef,
  FilterParams,
  ParamSpec,
} from './filter-types.ts';

// ---------------------------------------------------------------------------------------------------------
// Text helpers

export const userMention = (name: string) => mentionLiteral('user', name);
export const languageMention = (code: string) => mentionLiteral('language', code);
export const datetime = datetimeLiteral;

export function str(params: FilterParams, key: string, fallback = ''): string {
  const v = params[key];
  return typeof v === 'string' ? v : fallback;
}
export function num(params: FilterParams, key: string): string {
  const v = str(params, key, '0').trim();
  return /^\d+(\.\d+)?$/.test(v) ? v : '0';
}
export function list(params: FilterParams, key: string): string[] {
  const v = params[key];
  return Array.isArray(v) ? v.map(String) : [];
}

/** `cond` with the language pin in front; `cond` is parenthesised when it is an `or`/`xor` chain. */
function pinned(cond: string, pin: string | undefined, condIsDisjunction = false): string {
  if (pin === undefined) return cond;
  return `language = ${languageMention(pin)} and ${condIsDisjunction ? `(${cond})` : cond}`;
}
/** `count of languages summary where (cond) > 0`. */
export function summary(cond: string, pin: string | undefined, condIsDisjunction = false): string {
  return `count of languages summary where (${pinned(cond, pin, condIsDisjunction)}) > 0`;
}
/** `count of translations where (cond) > 0`. */
export function translations(cond: string, pin: string | undefined): string {
  return `count of translations where (${pinned(cond, pin)}) > 0`;
}
export const exact = (croql: string): ConversionResult => ({ kind: 'exact', croql });

// ---------------------------------------------------------------------------------------------------------
// Parameter option lists

export const STRING_TYPES: readonly ChoiceOption[] = [
  { value: 'plain', label: 'Simple' },
  { value: 'plural', label: 'Plurals' },
  { value: 'icu', label: 'ICU' },
  { value: 'asset', label: 'Asset' },
];

/** Every per-check QA boolean of the languages summary (`has <kind> qa issues`), from the schema. */
export const QA_CHECKS: readonly ChoiceOption[] = fieldsOf('languageSummary')
  .map((f) => /^has (.+) qa issues$/.exec(f.name)?.[1])
  .filter((kind): kind is string => kind !== undefined)
  .map((kind) => ({ value: kind, label: kind.charAt(0).toUpperCase() + kind.slice(1) }));

export const COMPARE_OPS: readonly ChoiceOption[] = [
  { value: '>', label: 'greater than' },
  { value: '<', label: 'less than' },
];

export const COMMENT_ISSUE_KINDS: readonly ChoiceOption[] = [
  { value: 'generalQuestion', label: 'General question' },
  { value: 'translationMistake', label: 'Current translation is wrong' },
  { value: 'contextRequest', label: 'Lack of contextual information' },
  { value: 'sourceMistake', label: 'Mistake in source string' },
];

export const dateRange: ParamSpec[] = [
  { key: 'from', label: 'From', kind: 'datetime' },
  { key: 'to', label: 'To', kind: 'datetime' },
];
export const member: ParamSpec[] = [{ key: 'user', label: 'Member', kind: 'user' }];

/** A filter whose expression is `count of languages summary where (cond) > 0`, no parameters. */
export function summaryFilter(
  id: string,
  label: string,
  category: FilterCategory,
  cond: string,
  origin: 'spec' | 'ours' = 'spec',
): FilterDef {
  return {
    id,
    label,
    category,
    params: [],
    pinnable: true,
    origin,
    convert: (_p, pin) => exact(summary(cond, pin)),
  };
}

export function labelCondition(ids: string[]): string {
  return ids.map((id) => `id = ${/^\d+$/.test(id) ? id : '0'}`).join(' or ');
}
