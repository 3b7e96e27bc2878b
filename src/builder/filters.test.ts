import { describe, expect, it } from 'vitest';
import { FILTERS, QA_CHECKS, filterToCroql, type FilterParams } from './filters.ts';

const R = [`'2024-01-01'`, `'today'`];
const range = { from: '2024-01-01', to: 'today' };

/** Each row of the spec table "Expressions equivalent to the editor's advanced filter". */
const specRows: [row: string, filter: string, params: FilterParams, expression: string][] = [
  ['strings added', 'stringsAdded', range, `added between ${R[0]} and ${R[1]}`],
  ['strings updated', 'stringsUpdated', range, `updated between ${R[0]} and ${R[1]}`],
  ['string type', 'stringType', { types: ['plain', 'icu'] }, 'type is plain or type is icu'],
  ['with comments', 'comments', { kind: 'any' }, 'count of comments > 0'],
  ['with screenshots', 'screenshots', { has: 'with' }, 'count of screenshots > 0'],
  ['with QA issues', 'qaIssues', { check: 'any' }, 'count of languages summary where (has qa issues) > 0'],
  ['untranslated', 'untranslated', {}, 'count of languages summary = 0'],
  [
    'partially translated (plurals)',
    'partiallyTranslated',
    {},
    'count of languages summary where (is partially translated) > 0',
  ],
  ['translated', 'translated', {}, 'count of languages summary where (is translated) > 0'],
  [
    'translated by',
    'translatedBy',
    { user: 'alice' },
    'count of translations where (user = @user:"alice") > 0',
  ],
  [
    'not translated by',
    'notTranslatedBy',
    { user: 'bob' },
    'count of translations where (user != @user:"bob") > 0',
  ],
  ['same as source', 'sameAsSource', {}, 'count of languages summary where (has translation as source) > 0'],
  [
    'modified source',
    'modifiedSource',
    {},
    'count of languages summary where (is source changed after translation) > 0',
  ],
  [
    'translations updated',
    'translationsUpdated',
    range,
    `count of languages summary where (translation updated between ${R[0]} and ${R[1]}) > 0`,
  ],
  ['votes', 'votes', { op: '>', count: '0' }, 'count of languages summary where (rating > 0) > 0'],
  ['master strings', 'masterStrings', {}, 'not is duplicate'],
  ['duplicates only', 'duplicatesOnly', {}, 'is duplicate'],
  [
    'duplicates with shared translations',
    'duplicatesShared',
    {},
    'is duplicate and count of languages summary where (has shared translation) > 0',
  ],
  [
    'duplicates with own translations',
    'duplicatesOwn',
    {},
    'is duplicate and count of languages summary where (not has shared translation and is translated) > 0',
  ],
  [
    'translated, not approved',
    'translatedNotApproved',
    {},
    'count of languages summary where (is translated and not is approved) > 0',
  ],
  [
    'partially approved (plurals)',
    'partiallyApproved',
    {},
    'count of languages summary where (is partially approved) > 0',
  ],
  ['approved', 'approved', {}, 'count of languages summary where (is approved) > 0'],
  [
    'approved by',
    'approvedBy',
    { user: 'carol' },
    'count of translations where (count of approvals where (user = @user:"carol") > 0) > 0',
  ],
  [
    'not approved by',
    'notApprovedBy',
    { user: 'carol' },
    'count of translations where (count of approvals where (user != @user:"carol") > 0) > 0',
  ],
  [
    'translation after approval',
    'translationAfterApproval',
    {},
    'count of languages summary where (has translation after approval) > 0',
  ],
  [
    'translated by machine translation',
    'engine',
    { engine: 'mt' },
    'count of languages summary where (is translated by mt) > 0',
  ],
  [
    'translated by TM',
    'engine',
    { engine: 'tm' },
    'count of languages summary where (is translated by tm) > 0',
  ],
  [
    'translated by TM, MT or AI',
    'engine',
    { engine: 'tmOrMt' },
    'count of languages summary where (is auto translated) > 0',
  ],
];

describe('each spec row yields exactly the table expression', () => {
  for (const [row, filter, params, expression] of specRows) {
    it(row, () => {
      expect(filterToCroql(filter, params)).toEqual({ kind: 'exact', croql: expression });
    });
  }

  it('substitutes parameters: other dates, users with quotes, other string types', () => {
    expect(filterToCroql('stringsAdded', { from: '2023-05-06 10:00:00', to: '2023-06-01' })).toEqual({
      kind: 'exact',
      croql: `added between '2023-05-06 10:00:00' and '2023-06-01'`,
    });
    expect(filterToCroql('translatedBy', { user: 'o"neil\\x' })).toMatchObject({
      croql: 'count of translations where (user = @user:"o\\"neil\\\\x") > 0',
    });
    expect(filterToCroql('stringType', { types: ['plural'] })).toMatchObject({ croql: 'type is plural' });
  });
});

describe('pin to language', () => {
  const pin = { pinLanguage: 'uk' };
  it('adds the language inside languages-summary conditions', () => {
    expect(filterToCroql('translated', {}, pin)).toMatchObject({
      croql: 'count of languages summary where (language = @language:"uk" and is translated) > 0',
    });
    expect(filterToCroql('translatedNotApproved', {}, pin)).toMatchObject({
      croql:
        'count of languages summary where (language = @language:"uk" and is translated and not is approved) > 0',
    });
    expect(filterToCroql('duplicatesShared', {}, pin)).toMatchObject({
      croql:
        'is duplicate and count of languages summary where (language = @language:"uk" and has shared translation) > 0',
    });
  });
  it('keeps an or-chain together under the pin', () => {
    expect(filterToCroql('engine', { engine: 'any' }, pin)).toMatchObject({
      croql:
        'count of languages summary where (language = @language:"uk" and (is translated by tm or is translated by mt or is translated by ai)) > 0',
    });
  });
  it('untranslated in one language: no summary entry for it', () => {
    expect(filterToCroql('untranslated', {}, pin)).toMatchObject({
      croql: 'count of languages summary where (language = @language:"uk") = 0',
    });
  });
  it('restricts translations conditions too', () => {
    expect(filterToCroql('translatedBy', { user: 'alice' }, pin)).toMatchObject({
      croql: 'count of translations where (language = @language:"uk" and user = @user:"alice") > 0',
    });
  });
  it('is ignored by filters that do not look at languages', () => {
    expect(filterToCroql('duplicatesOnly', {}, pin)).toEqual({ kind: 'exact', croql: 'is duplicate' });
  });
});

describe('filters beyond the spec table', () => {
  it('labels: include/exclude any/all by id', () => {
    const labels = ['3', '5'];
    expect(filterToCroql('labels', { mode: 'includeAny', labels })).toMatchObject({
      croql: 'count of labels where (id = 3 or id = 5) > 0',
    });
    expect(filterToCroql('labels', { mode: 'includeAll', labels })).toMatchObject({
      croql: 'count of labels where (id = 3) > 0 and count of labels where (id = 5) > 0',
    });
    expect(filterToCroql('labels', { mode: 'excludeAny', labels })).toMatchObject({
      croql: 'count of labels where (id = 3 or id = 5) = 0',
    });
    expect(filterToCroql('labels', { mode: 'excludeAll', labels })).toMatchObject({
      croql: 'not (count of labels where (id = 3) > 0 and count of labels where (id = 5) > 0)',
    });
  });
  it('comments, screenshots, visibility, votes, approvals count, QA check, AI engine, method', () => {
    expect(filterToCroql('comments', { kind: 'none' })).toMatchObject({ croql: 'count of comments = 0' });
    expect(filterToCroql('comments', { kind: 'unresolvedIssues' })).toMatchObject({
      croql: 'count of comments where (has unresolved issue) > 0',
    });
    expect(filterToCroql('screenshots', { has: 'without' })).toMatchObject({
      croql: 'count of screenshots = 0',
    });
    expect(filterToCroql('visibility', { visibility: 'hidden' })).toMatchObject({ croql: 'is hidden' });
    expect(filterToCroql('votes', { op: '<', count: '3' })).toMatchObject({
      croql: 'count of languages summary where (rating < 3) > 0',
    });
    expect(filterToCroql('approvalsCount', { op: '>', count: '1' })).toMatchObject({
      croql: 'count of languages summary where (approvalsCount > 1) > 0',
    });
    expect(filterToCroql('qaIssues', { check: 'spelling' })).toMatchObject({
      croql: 'count of languages summary where (has spelling qa issues) > 0',
    });
    expect(filterToCroql('engine', { engine: 'ai' })).toMatchObject({
      croql: 'count of languages summary where (is translated by ai) > 0',
    });
    expect(filterToCroql('translationMethod', { method: 'manual' })).toMatchObject({
      croql:
        'count of languages summary where (is translated and not is auto translated and not is translated by ai) > 0',
    });
  });
  it('offers every QA boolean of the schema as a check', () => {
    expect(QA_CHECKS.map((c) => c.value)).toEqual(
      expect.arrayContaining(['empty translation', 'spelling', 'custom', 'ai', 'mdx syntax']),
    );
    expect(QA_CHECKS.length).toBeGreaterThanOrEqual(20);
  });
});

describe('approximations and filters without a CroQL form', () => {
  it('verbal expression is a labelled contains approximation, per scope', () => {
    const r = filterToCroql('verbalExpression', { text: 'Save', scope: 'context' });
    expect(r).toMatchObject({ kind: 'approximation', croql: 'context contains "Save"' });
    if (r.kind === 'approximation') expect(r.note).toMatch(/approximation/i);
    expect(filterToCroql('verbalExpression', { text: 'Save', scope: 'translations' })).toMatchObject({
      kind: 'approximation',
      croql: 'count of translations where (text contains "Save") > 0',
    });
  });
  it('comment issue kinds are approximations', () => {
    expect(filterToCroql('comments', { kind: 'generalQuestion' })).toMatchObject({
      kind: 'approximation',
      croql: 'count of comments where (has unresolved issue) > 0',
    });
  });
  it('pre-translation and sort order are not expressible, with a reason', () => {
    for (const id of ['preTranslation', 'sortOrder']) {
      const r = filterToCroql(id, {});
      expect(r.kind).toBe('notExpressible');
      if (r.kind === 'notExpressible') expect(r.reason.length).toBeGreaterThan(20);
    }
  });
  it('an unknown filter is reported, not dropped', () => {
    expect(filterToCroql('nope', {})).toMatchObject({ kind: 'notExpressible' });
  });
  it('every filter of the notes is in the catalogue, with the choices the notes name, and nothing else', () => {
    // ../shared/crowdin-api-notes.md, "The editor's advanced filter", in its order: filter id, and the
    // values of its choice parameter that the notes name.
    const notes: [string, Record<string, string[]>?][] = [
      ['stringsAdded'],
      ['stringsUpdated'],
      ['translationsUpdated'],
      ['verbalExpression', { scope: ['strings', 'context', 'translations', 'identifier', 'everything'] }],
      ['labels', { mode: ['includeAll', 'includeAny', 'excludeAll', 'excludeAny'] }],
      ['untranslated'],
      ['partiallyTranslated'],
      ['translated'],
      ['sameAsSource'],
      ['modifiedSource'],
      ['masterStrings'],
      ['duplicatesOnly'],
      ['duplicatesShared'],
      ['duplicatesOwn'],
      ['translatedNotApproved'],
      ['partiallyApproved'],
      ['approved'],
      ['translationAfterApproval'],
      ['approvalsCount', { op: ['>', '<'] }],
      ['engine', { engine: ['mt', 'tm', 'ai', 'any'] }],
      ['translationMethod', { method: ['auto', 'manual'] }],
      [
        'comments',
        {
          kind: [
            'none',
            'any',
            'unresolvedIssues',
            'generalQuestion',
            'translationMistake',
            'contextRequest',
            'sourceMistake',
          ],
        },
      ],
      ['screenshots', { has: ['with', 'without'] }],
      ['visibility', { visibility: ['visible', 'hidden'] }],
      ['qaIssues', { check: ['any'] }],
      ['stringType', { types: ['plain', 'plural', 'icu'] }],
      ['votes', { op: ['>', '<'] }],
      ['translatedBy'],
      ['notTranslatedBy'],
      ['approvedBy'],
      ['notApprovedBy'],
      ['preTranslation'],
      ['sortOrder'],
    ];
    expect(FILTERS.map((f) => f.id)).toEqual(notes.map(([id]) => id));
    for (const [id, choices = {}] of notes) {
      const def = FILTERS.find((f) => f.id === id)!;
      for (const [key, values] of Object.entries(choices)) {
        const spec = def.params.find((p) => p.key === key);
        const options = spec && 'options' in spec ? spec.options.map((o) => o.value) : [];
        expect(options, `${id}.${key}`).toEqual(expect.arrayContaining(values));
      }
    }
    // Not expressible, as the notes say.
    for (const id of ['preTranslation', 'sortOrder']) {
      expect(filterToCroql(id, {}).kind, id).toBe('notExpressible');
    }
  });
});
