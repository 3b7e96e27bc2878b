// The catalogue of the editor's advanced filters (the service's advanced filter panel) with the CroQL each
// writes: rows of the spec table "Expressions equivalent to the editor's advanced filter" give exactly the
// table's expression; the others the most faithful expression over the schema, an approximation
// (labelled) or the reason there is none. Looked up and converted through filters.ts.
import { stringLiteral } from '../croql/index.ts';
import {
  userMention,
  languageMention,
  datetime,
  str,
  num,
  list,
  summary,
  translations,
  exact,
  STRING_TYPES,
  QA_CHECKS,
  COMPARE_OPS,
  COMMENT_ISSUE_KINDS,
  dateRange,
  member,
  summaryFilter,
  labelCondition,
} from './filter-parts.ts';
import type { FilterDef } from './filter-types.ts';

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
