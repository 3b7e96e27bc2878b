// The editor's advanced filters (the service's advanced filter panel; see README, "The visual builder and
// the filter converter") and their CroQL.
// Rows of the spec table "Expressions equivalent to the editor's advanced filter" yield exactly the
// table's expression; filters the table does not give get the most faithful expression over the schema
// (each choice is explained beside it); filters without an exact form are approximations (labelled) or
// not expressible (with the reason). Nothing here parses: it only writes text.
import { datetimeLiteral, fieldsOf, mentionLiteral, stringLiteral } from '../croql/index.ts';

// ---------------------------------------------------------------------------------------------------------
// Parameters

export interface ChoiceOption {
  value: string;
  label: string;
}

export type ParamSpec =
  | { key: string; label: string; kind: 'datetime' }
  | { key: string; label: string; kind: 'user' }
  | { key: string; label: string; kind: 'number' }
  | { key: string; label: string; kind: 'text' }
  | { key: string; label: string; kind: 'labels' }
  | { key: string; label: string; kind: 'choice'; options: readonly ChoiceOption[] }
  /** An ordered, non-empty selection of options (each at most once). */
  | { key: string; label: string; kind: 'multiChoice'; options: readonly ChoiceOption[] };

/** datetime: `today` / `YYYY-MM-DD` / `YYYY-MM-DD HH:MM:SS`; user: a username; number: its digits. */
export type ParamValue = string | string[] | number[];
export type FilterParams = Record<string, ParamValue>;

export type ConversionResult =
  | { kind: 'exact'; croql: string }
  | { kind: 'approximation'; croql: string; note: string }
  | { kind: 'notExpressible'; reason: string };

export interface ConvertOptions {
  /** A language code: restricts languages-summary and translations conditions to that language. */
  pinLanguage?: string;
}

export type FilterCategory =
  | 'Dates'
  | 'Text'
  | 'Labels'
  | 'Translation status'
  | 'Duplicates'
  | 'Approval'
  | 'Engine'
  | 'Comments'
  | 'Screenshots'
  | 'Visibility'
  | 'QA issues'
  | 'String type'
  | 'Votes'
  | 'Members'
  | 'Not expressible';

export interface FilterDef {
  id: string;
  label: string;
  category: FilterCategory;
  params: readonly ParamSpec[];
  /** Conditions on languages summary or translations, which the pin restricts to one language. */
  pinnable: boolean;
  /** The editor offers it on the enterprise edition only. */
  enterpriseOnly?: boolean;
  /** `spec`: a row of the spec table; `ours`: our expression over the schema; `none`: no exact form. */
  origin: 'spec' | 'ours' | 'none';
  convert: (params: FilterParams, pin: string | undefined) => ConversionResult;
}

// ---------------------------------------------------------------------------------------------------------
// Text helpers

const userMention = (name: string) => mentionLiteral('user', name);
const languageMention = (code: string) => mentionLiteral('language', code);
const datetime = datetimeLiteral;

function str(params: FilterParams, key: string, fallback = ''): string {
  const v = params[key];
  return typeof v === 'string' ? v : fallback;
}
function num(params: FilterParams, key: string): string {
  const v = str(params, key, '0').trim();
  return /^\d+(\.\d+)?$/.test(v) ? v : '0';
}
function list(params: FilterParams, key: string): string[] {
  const v = params[key];
  return Array.isArray(v) ? v.map(String) : [];
}

/** `cond` with the language pin in front; `cond` is parenthesised when it is an `or`/`xor` chain. */
function pinned(cond: string, pin: string | undefined, condIsDisjunction = false): string {
  if (pin === undefined) return cond;
  return `language = ${languageMention(pin)} and ${condIsDisjunction ? `(${cond})` : cond}`;
}
/** `count of languages summary where (cond) > 0`. */
function summary(cond: string, pin: string | undefined, condIsDisjunction = false): string {
  return `count of languages summary where (${pinned(cond, pin, condIsDisjunction)}) > 0`;
}
/** `count of translations where (cond) > 0`. */
function translations(cond: string, pin: string | undefined): string {
  return `count of translations where (${pinned(cond, pin)}) > 0`;
}
const exact = (croql: string): ConversionResult => ({ kind: 'exact', croql });

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

const COMPARE_OPS: readonly ChoiceOption[] = [
  { value: '>', label: 'greater than' },
  { value: '<', label: 'less than' },
];

export const COMMENT_ISSUE_KINDS: readonly ChoiceOption[] = [
  { value: 'generalQuestion', label: 'General question' },
  { value: 'translationMistake', label: 'Current translation is wrong' },
  { value: 'contextRequest', label: 'Lack of contextual information' },
  { value: 'sourceMistake', label: 'Mistake in source string' },
];

const dateRange: ParamSpec[] = [
  { key: 'from', label: 'From', kind: 'datetime' },
  { key: 'to', label: 'To', kind: 'datetime' },
];
const member: ParamSpec[] = [{ key: 'user', label: 'Member', kind: 'user' }];

/** A filter whose expression is `count of languages summary where (cond) > 0`, no parameters. */
function summaryFilter(
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

function labelCondition(ids: string[]): string {
  return ids.map((id) => `id = ${/^\d+$/.test(id) ? id : '0'}`).join(' or ');
}

// ---------------------------------------------------------------------------------------------------------
// The catalogue. Order matters twice: it is the order of the picker, and reading CroQL back picks the
// first filter whose expression matches (no two exact filters write the same text; a test checks).

export const FILTERS: readonly FilterDef[] = [
  {
    id: 'stringsAdded',
    label: 'Strings added',
    category: 'Dates',
    params: dateRange,
    pinnable: false,
    origin: 'spec',
    convert: (p) => exact(`added between ${datetime(str(p, 'from'))} and ${datetime(str(p, 'to'))}`),
  },
  {
    id: 'stringsUpdated',
    label: 'Strings updated',
    category: 'Dates',
    params: dateRange,
    pinnable: false,
    origin: 'spec',
    convert: (p) => exact(`updated between ${datetime(str(p, 'from'))} and ${datetime(str(p, 'to'))}`),
  },
  {
    id: 'translationsUpdated',
    label: 'Translations updated',
    category: 'Dates',
    params: dateRange,
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) =>
      exact(
        summary(`translation updated between ${datetime(str(p, 'from'))} and ${datetime(str(p, 'to'))}`, pin),
      ),
  },
  {
    // The editor matches words and phrases in the chosen scope; CroQL only has a case-insensitive
    // substring test, so this is labelled an approximation and never read back from text.
    id: 'verbalExpression',
    label: 'Verbal expression',
    category: 'Text',
    params: [
      { key: 'text', label: 'Expression', kind: 'text' },
      {
        key: 'scope',
        label: 'Scope',
        kind: 'choice',
        options: [
          { value: 'strings', label: 'Strings' },
          { value: 'context', label: 'Context' },
          { value: 'translations', label: 'Translations' },
          { value: 'identifier', label: 'Identifier' },
          { value: 'everything', label: 'Everything' },
        ],
      },
    ],
    pinnable: true,
    origin: 'none',
    convert: (p, pin) => {
      const needle = stringLiteral(str(p, 'text'));
      const inTranslations = translations(`text contains ${needle}`, pin);
      const byScope: Record<string, string> = {
        strings: `text contains ${needle}`,
        context: `context contains ${needle}`,
        identifier: `identifier contains ${needle}`,
        translations: inTranslations,
        everything: `text contains ${needle} or context contains ${needle} or identifier contains ${needle} or ${inTranslations}`,
      };
      return {
        kind: 'approximation',
        croql: byScope[str(p, 'scope', 'strings')] ?? byScope.strings!,
        note: 'Approximation: CroQL has no verbal (word and phrase) search; this is a case-insensitive substring test.',
      };
    },
  },
  {
    // Labels by id (ids are what the API's labelIds use; titles can be renamed). "Exclude all" drops the
    // strings carrying every one of the labels; "exclude any" drops those carrying at least one.
    id: 'labels',
    label: 'Labels',
    category: 'Labels',
    params: [
      {
        key: 'mode',
        label: 'Match',
        kind: 'choice',
        options: [
          { value: 'includeAny', label: 'include any of' },
          { value: 'includeAll', label: 'include all of' },
          { value: 'excludeAny', label: 'exclude any of' },
          { value: 'excludeAll', label: 'exclude all of' },
        ],
      },
      { key: 'labels', label: 'Labels', kind: 'labels' },
    ],
    pinnable: false,
    origin: 'ours',
    convert: (p) => {
      const ids = list(p, 'labels');
      const safe = ids.length > 0 ? ids : ['0'];
      const every = safe.map((id) => `count of labels where (${labelCondition([id])}) > 0`).join(' and ');
      switch (str(p, 'mode', 'includeAny')) {
        case 'includeAll':
          return exact(every);
        case 'excludeAny':
          return exact(`count of labels where (${labelCondition(safe)}) = 0`);
        case 'excludeAll':
          return exact(
            safe.length === 1 ? `count of labels where (${labelCondition(safe)}) = 0` : `not (${every})`,
          );
        default:
          return exact(`count of labels where (${labelCondition(safe)}) > 0`);
      }
    },
  },
  {
    // Without a pin the spec's form: no summary entry at all. Pinned: no entry for that language.
    id: 'untranslated',
    label: 'Untranslated',
    category: 'Translation status',
    params: [],
    pinnable: true,
    origin: 'spec',
    convert: (_p, pin) =>
      exact(
        pin === undefined
          ? 'count of languages summary = 0'
          : `count of languages summary where (language = ${languageMention(pin)}) = 0`,
      ),
  },
  summaryFilter(
    'partiallyTranslated',
    'Partially translated (plurals)',
    'Translation status',
    'is partially translated',
  ),
  summaryFilter('translated', 'Translated', 'Translation status', 'is translated'),
  summaryFilter('sameAsSource', 'Same as source', 'Translation status', 'has translation as source'),
  summaryFilter(
    'modifiedSource',
    'Modified source',
    'Translation status',
    'is source changed after translation',
  ),
  {
    id: 'masterStrings',
    label: 'Master strings',
    category: 'Duplicates',
    params: [],
    pinnable: false,
    origin: 'spec',
    convert: () => exact('not is duplicate'),
  },
  {
    id: 'duplicatesOnly',
    label: 'Duplicates only',
    category: 'Duplicates',
    params: [],
    pinnable: false,
    origin: 'spec',
    convert: () => exact('is duplicate'),
  },
  {
    id: 'duplicatesShared',
    label: 'Duplicates with shared translations',
    category: 'Duplicates',
    params: [],
    pinnable: true,
    origin: 'spec',
    convert: (_p, pin) => exact(`is duplicate and ${summary('has shared translation', pin)}`),
  },
  {
    id: 'duplicatesOwn',
    label: 'Duplicates with own translations',
    category: 'Duplicates',
    params: [],
    pinnable: true,
    origin: 'spec',
    convert: (_p, pin) =>
      exact(`is duplicate and ${summary('not has shared translation and is translated', pin)}`),
  },
  summaryFilter(
    'translatedNotApproved',
    'Translated, not approved',
    'Approval',
    'is translated and not is approved',
  ),
  summaryFilter('partiallyApproved', 'Partially approved (plurals)', 'Approval', 'is partially approved'),
  summaryFilter('approved', 'Approved', 'Approval', 'is approved'),
  summaryFilter(
    'translationAfterApproval',
    'Translation after approval',
    'Approval',
    'has translation after approval',
  ),
  {
    // Uses the summary's `approvalsCount` like the spec pattern "one or more approvals".
    id: 'approvalsCount',
    label: 'Approvals count',
    category: 'Approval',
    params: [
      { key: 'op', label: 'Comparison', kind: 'choice', options: COMPARE_OPS },
      { key: 'count', label: 'Approvals', kind: 'number' },
    ],
    pinnable: true,
    enterpriseOnly: true,
    origin: 'ours',
    convert: (p, pin) => exact(summary(`approvalsCount ${str(p, 'op', '>')} ${num(p, 'count')}`, pin)),
  },
  {
    // MT, TM and AI are the docs' rows; `is auto translated` is "TM, MT or AI" in the newest docs (older
    // versions said TM or MT); "any engine" is every engine flag, written so it differs from "method: auto".
    id: 'engine',
    label: 'Translated by engine',
    category: 'Engine',
    params: [
      {
        key: 'engine',
        label: 'Engine',
        kind: 'choice',
        options: [
          { value: 'mt', label: 'Machine translation' },
          { value: 'tm', label: 'Translation memory' },
          { value: 'tmOrMt', label: 'TM, MT or AI (auto-translated)' },
          { value: 'ai', label: 'AI' },
          { value: 'any', label: 'Any engine' },
        ],
      },
    ],
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) => {
      const engine = str(p, 'engine', 'mt');
      if (engine === 'any')
        return exact(summary('is translated by tm or is translated by mt or is translated by ai', pin, true));
      const flag: Record<string, string> = {
        mt: 'is translated by mt',
        tm: 'is translated by tm',
        tmOrMt: 'is auto translated',
        ai: 'is translated by ai',
      };
      return exact(summary(flag[engine] ?? flag.mt!, pin));
    },
  },
  {
    // Auto: an engine (TM, MT or AI) produced the top translation; manual: translated, by none of them.
    id: 'translationMethod',
    label: 'Translation method',
    category: 'Engine',
    params: [
      {
        key: 'method',
        label: 'Method',
        kind: 'choice',
        options: [
          { value: 'auto', label: 'Automatic' },
          { value: 'manual', label: 'Manual' },
        ],
      },
    ],
    pinnable: true,
    origin: 'ours',
    convert: (p, pin) =>
      str(p, 'method', 'auto') === 'manual'
        ? exact(summary('is translated and not is auto translated and not is translated by ai', pin))
        : exact(summary('is auto translated or is translated by ai', pin, true)),
  },
  {
    // "With comments" is a spec row; the rest use the comment fields. The schema has no issue kind, so
    // the four issue kinds are approximations matching an unresolved issue of any kind.
    id: 'comments',
    label: 'Comments',
    category: 'Comments',
    params: [
      {
        key: 'kind',
        label: 'Comments',
        kind: 'choice',
        options: [
          { value: 'any', label: 'With comments' },
          { value: 'none', label: 'Without comments' },
          { value: 'issues', label: 'With issues' },
          { value: 'unresolvedIssues', label: 'With unresolved issues' },
          ...COMMENT_ISSUE_KINDS.map((k) => ({ value: k.value, label: `Issue: ${k.label} (approximation)` })),
        ],
      },
    ],
    pinnable: false,
    origin: 'spec',
    convert: (p) => {
      const kind = str(p, 'kind', 'any');
      switch (kind) {
        case 'none':
          return exact('count of comments = 0');
        case 'issues':
          return exact('count of comments where (has issue) > 0');
        case 'unresolvedIssues':
          return exact('count of comments where (has unresolved issue) > 0');
        case 'any':
          return exact('count of comments > 0');
        default:
          return {
            kind: 'approximation',
            croql: 'count of comments where (has unresolved issue) > 0',
            note: 'Approximation: comments carry no issue kind in CroQL; this matches unresolved issues of every kind.',
          };
      }
    },
  },
  {
    id: 'screenshots',
    label: 'Screenshots',
    category: 'Screenshots',
    params: [
      {
        key: 'has',
        label: 'Screenshots',
        kind: 'choice',
        options: [
          { value: 'with', label: 'With screenshots' },
          { value: 'without', label: 'Without screenshots' },
        ],
      },
    ],
    pinnable: false,
    origin: 'spec',
    convert: (p) => exact(`count of screenshots ${str(p, 'has', 'with') === 'without' ? '= 0' : '> 0'}`),
  },
  {
    id: 'visibility',
    label: 'Visibility',
    category: 'Visibility',
    params: [
      {
        key: 'visibility',
        label: 'Visibility',
        kind: 'choice',
        options: [
          { value: 'visible', label: 'Visible' },
          { value: 'hidden', label: 'Hidden' },
        ],
      },
    ],
    pinnable: false,
    origin: 'ours',
    convert: (p) => exact(str(p, 'visibility', 'visible') === 'hidden' ? 'is hidden' : 'is visible'),
  },
  {
    id: 'qaIssues',
    label: 'QA issues',
    category: 'QA issues',
    params: [
      {
        key: 'check',
        label: 'QA check',
        kind: 'choice',
        options: [{ value: 'any', label: 'Any check' }, ...QA_CHECKS],
      },
    ],
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) => {
      const check = str(p, 'check', 'any');
      const known = QA_CHECKS.some((c) => c.value === check);
      return exact(summary(known ? `has ${check} qa issues` : 'has qa issues', pin));
    },
  },
  {
    id: 'stringType',
    label: 'String type',
    category: 'String type',
    params: [{ key: 'types', label: 'Types', kind: 'multiChoice', options: STRING_TYPES }],
    pinnable: false,
    origin: 'spec',
    convert: (p) => {
      const types = list(p, 'types').filter((t) => STRING_TYPES.some((o) => o.value === t));
      return exact((types.length > 0 ? types : ['plain']).map((t) => `type is ${t}`).join(' or '));
    },
  },
  {
    // The spec's "votes" row is `rating > 0`; the editor's "greater/less than N" varies the comparison.
    id: 'votes',
    label: 'Votes',
    category: 'Votes',
    params: [
      { key: 'op', label: 'Comparison', kind: 'choice', options: COMPARE_OPS },
      { key: 'count', label: 'Rating', kind: 'number' },
    ],
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) => exact(summary(`rating ${str(p, 'op', '>')} ${num(p, 'count')}`, pin)),
  },
  {
    id: 'translatedBy',
    label: 'Translated by',
    category: 'Members',
    params: member,
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) => exact(translations(`user = ${userMention(str(p, 'user'))}`, pin)),
  },
  {
    id: 'notTranslatedBy',
    label: 'Not translated by',
    category: 'Members',
    params: member,
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) => exact(translations(`user != ${userMention(str(p, 'user'))}`, pin)),
  },
  {
    id: 'approvedBy',
    label: 'Approved by',
    category: 'Members',
    params: member,
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) =>
      exact(translations(`count of approvals where (user = ${userMention(str(p, 'user'))}) > 0`, pin)),
  },
  {
    id: 'notApprovedBy',
    label: 'Not approved by',
    category: 'Members',
    params: member,
    pinnable: true,
    origin: 'spec',
    convert: (p, pin) =>
      exact(translations(`count of approvals where (user != ${userMention(str(p, 'user'))}) > 0`, pin)),
  },
  {
    id: 'preTranslation',
    label: 'Pre-translation used / not used',
    category: 'Not expressible',
    params: [],
    pinnable: false,
    origin: 'none',
    convert: () => ({
      kind: 'notExpressible',
      reason:
        'The spec lists no CroQL equivalent of the pre-translation filter (it matches how the whole string was processed, not one translation).',
    }),
  },
  {
    id: 'sortOrder',
    label: 'Sort order',
    category: 'Not expressible',
    params: [],
    pinnable: false,
    origin: 'none',
    convert: () => ({
      kind: 'notExpressible',
      reason: 'A query only selects; ordering is the listing’s `orderBy` parameter, not part of CroQL.',
    }),
  },
];

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
