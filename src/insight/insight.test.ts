import { describe, expect, it } from 'vitest';
import { analyze, type ListingName } from '../croql/index.ts';
import { partialRow, partialRows } from '../testing/fixtures.ts';
import { aggregateLoaded, aggregateRows, CHUNK, orderedItems } from './aggregate.ts';
import { CHARTS, NONE, chartOf, drillFor, monthOf, rowHasItem } from './charts.ts';
import { addClause, MATRIX_STATES, matrixCellQuery, monthRange } from './drill.ts';
import { icuLiteralText } from '../rows/icu.ts';
import { measureSource, measureText } from './words.ts';

const errorsOf = (text: string, context: ListingName) =>
  analyze(text, context).diagnostics.filter((d) => d.severity === 'error');

describe('words and characters', () => {
  it('counts words of plain text, code points as characters', () => {
    expect(measureText("Don't save the e-mail twice")).toEqual({ words: 5, chars: 27 });
    expect(measureText('Ünïcödé wörds 3')).toEqual({ words: 3, chars: 15 });
    expect(measureText('保存する')).toEqual({ words: 4, chars: 4 });
    expect(measureText('  ...  ')).toEqual({ words: 0, chars: 7 });
  });

  it('reads only the literal text of an ICU message', () => {
    const icu = '{count, plural, =0 {No items} one {# item in {place}} other {# items}} left';
    expect(icuLiteralText(icu)).toEqual(['No items', ' item in ', ' items', ' left']);
    expect(measureSource(icu, 'icu').words).toBe(6);
    expect(measureSource("It''s '{literal}'", 'icu').words).toBe(2);
    expect(measureSource('Hello, {name}!', 'icu')).toEqual({ words: 1, chars: 8 });
    // The README's example.
    expect(measureSource('{count, plural, one {# item} other {# items}} left', 'icu').words).toBe(3);
  });

  it('adds up every form of a plural string', () => {
    expect(measureSource({ one: 'One apple', other: '{count} apples' }, 'plural')).toEqual({
      words: 4,
      chars: 23,
    });
  });
});

describe('aggregation', () => {
  const strings = partialRows([
    {
      id: 1,
      fileId: 3,
      branchId: 1,
      labelIds: [5, 6],
      type: 'text',
      text: 'Save now',
      createdAt: '2025-03-04T10:07:00+00:00',
      updatedAt: null,
    },
    {
      id: 2,
      fileId: 3,
      branchId: null,
      labelIds: [],
      type: 'plural',
      text: { one: 'item', other: 'items' },
      createdAt: '2025-03-31T23:07:00+00:00',
      updatedAt: '2025-04-01T00:00:00+00:00',
    },
    {
      id: 3,
      fileId: 4,
      branchId: 1,
      labelIds: [5],
      type: 'icu',
      text: '{n, plural, other {# files}}',
      createdAt: '2025-04-01T00:07:00+00:00',
      updatedAt: null,
    },
  ]);

  it('counts every chart of a listing in one pass', () => {
    const a = aggregateRows('strings', strings);
    const rows = (id: string) => Object.fromEntries([...a.charts[id]!.values()].map((b) => [b.key, b.rows]));
    expect(a.rows).toBe(3);
    expect(rows('file')).toEqual({ 3: 2, 4: 1 });
    expect(rows('branch')).toEqual({ 1: 2, [NONE]: 1 });
    expect(rows('label')).toEqual({ 5: 2, 6: 1, [NONE]: 1 });
    expect(rows('type')).toEqual({ text: 1, plural: 1, icu: 1 });
    expect(rows('added')).toEqual({ '2025-03': 2, '2025-04': 1 });
    expect(rows('updated')).toEqual({ '2025-04': 1, [NONE]: 2 });
    expect(a.source).toEqual({ words: 5, chars: 8 + 4 + 5 + ' files'.length });
  });

  it('counts a row once per item and its parts as the second measure', () => {
    const translations = partialRows([
      {
        stringId: 1,
        plurals: [
          {
            pluralForm: 'one',
            user: { id: 2, username: 'bob' },
            provider: null,
            isPreTranslated: false,
            createdAt: '2025-01-02T00:00:00+00:00',
          },
          {
            pluralForm: 'other',
            user: { id: 2, username: 'bob' },
            provider: 'tm',
            isPreTranslated: true,
            createdAt: '2025-02-02T00:00:00+00:00',
          },
        ],
      },
      {
        stringId: 2,
        user: { id: 3, username: 'carol' },
        provider: 'mt',
        isPreTranslated: true,
        createdAt: '2025-01-05T00:00:00+00:00',
      },
    ]);
    const a = aggregateRows('translations', translations);
    expect(a.charts.user!.get('2')).toEqual(expect.objectContaining({ rows: 1, parts: 2, label: 'bob' }));
    expect(a.charts.preTranslated!.get('yes')).toEqual(expect.objectContaining({ rows: 2, parts: 2 }));
    expect(a.charts.preTranslated!.get('no')).toEqual(expect.objectContaining({ rows: 1, parts: 1 }));
    expect(a.charts.pluralForm!.get(NONE)).toEqual(expect.objectContaining({ rows: 1, parts: 1 }));
    expect(a.charts.updated!.get('2025-01')).toEqual(expect.objectContaining({ rows: 2, parts: 2 }));
  });

  it('counts a chunk of rows once, and merging chunks equals counting all rows', () => {
    const many = Array.from({ length: CHUNK * 2 + 7 }, (_, i) => partialRow({ ...strings[i % 3]!, id: i }));
    const first = aggregateLoaded('strings', many.slice(0, CHUNK + 3));
    const grown = aggregateLoaded('strings', many);
    // A chunk of the same row objects is the same cached totals: counted once.
    expect(aggregateLoaded('strings', many.slice(0, CHUNK))).toBe(
      aggregateLoaded('strings', many.slice(0, CHUNK)),
    );
    const whole = aggregateRows('strings', many);
    for (const spec of CHARTS.strings) {
      const strip = (m: typeof whole) =>
        orderedItems(spec, m.charts[spec.id]!).map(({ key, rows, parts }) => ({ key, rows, parts }));
      expect(strip(grown)).toEqual(strip(whole));
    }
    expect(grown.source).toEqual(whole.source);
    // With a budget, each call counts that many new chunks and goes on from there.
    const fresh = many.map((r) => ({ ...r }));
    expect(aggregateLoaded('strings', fresh, 1).rows).toBe(CHUNK);
    expect(aggregateLoaded('strings', fresh, 1).rows).toBe(2 * CHUNK);
    expect(aggregateLoaded('strings', fresh, 1).rows).toBe(fresh.length);
    expect(first.rows).toBe(CHUNK + 3);
  });

  it('orders months in time and puts "no value" last', () => {
    const a = aggregateRows('strings', strings);
    expect(orderedItems(chartOf('strings', 'updated')!, a.charts.updated!).map((b) => b.key)).toEqual([
      '2025-04',
      NONE,
    ]);
    expect(monthOf('2025-03-31T23:30:00-02:00')).toBe('2025-04');
  });
});

describe('drill-down clauses', () => {
  it('writes the documented forms, each accepted by the checker in its listing', () => {
    const cases: [ListingName, string, string, string][] = [
      ['strings', 'file', '3', 'id of file = 3'],
      ['strings', 'branch', '2', 'id of branch = 2'],
      ['strings', 'label', '5', 'count of labels where (id = 5) > 0'],
      ['strings', 'label', NONE, 'count of labels = 0'],
      ['strings', 'type', 'text', 'type is plain'],
      ['strings', 'added', '2026-03', "added between '2026-03-01' and '2026-03-31 23:59:59'"],
      ['strings', 'updated', '2024-02', "updated between '2024-02-01' and '2024-02-29 23:59:59'"],
      ['translations', 'provider', 'tm', 'provider = "tm"'],
      ['translations', 'pluralForm', 'few', 'plural form = "few"'],
      ['translations', 'pluralForm', NONE, 'plural form = "none"'],
      ['translations', 'preTranslated', 'no', 'not is pre translated'],
      ['translations', 'updated', '2025-12', "updated between '2025-12-01' and '2025-12-31 23:59:59'"],
      ['tmSegments', 'usage', '0', 'count of records where (usageCount = 0) > 0'],
      ['tmSegments', 'usage', '5–19', 'count of records where (usageCount between 5 and 19) > 0'],
      ['tmSegments', 'usage', '100+', 'count of records where (usageCount >= 100) > 0'],
      ['tmSegments', 'creator', '3', 'count of records where (createdBy = 3) > 0'],
      ['glossaryTerms', 'language', 'de', 'language = @language:"de"'],
      ['glossaryTerms', 'partOfSpeech', 'noun', 'partOfSpeech = "noun"'],
      ['glossaryTerms', 'status', 'preferred', 'status = "preferred"'],
    ];
    for (const [context, chart, key, expected] of cases) {
      expect(drillFor(context, chart, key)).toEqual({ kind: 'clause', clause: expected });
      expect(errorsOf(expected, context), expected).toEqual([]);
    }
    expect(drillFor('translations', 'user', '2', undefined, 'bob')).toEqual({
      kind: 'clause',
      clause: 'user = @user:"bob"',
    }); // A label is drilled by its title when no other label has it, by its id when one does.
    const labels = new Map([
      [1, 'ui'],
      [2, 'v2'],
      [3, 'v2'],
    ]);
    const byTitle = 'count of labels where (title = "ui") > 0';
    expect(drillFor('strings', 'label', '1', undefined, undefined, { labels })).toEqual({
      kind: 'clause',
      clause: byTitle,
    });
    expect(errorsOf(byTitle, 'strings')).toEqual([]);
    expect(drillFor('strings', 'label', '2', undefined, undefined, { labels })).toEqual(
      drillFor('strings', 'label', '2'),
    );
  });

  it('filters locally where CroQL cannot say it, and says why', () => {
    const d = drillFor('tmSegments', 'recordLanguage', 'de');
    expect(d.kind).toBe('local');
    expect(drillFor('translations', 'provider', NONE).kind).toBe('local');
    const spec = chartOf('tmSegments', 'recordLanguage')!;
    expect(
      rowHasItem(spec, partialRow({ records: [{ languageId: 'en' }, { languageId: 'de' }] }), 'de'),
    ).toBe(true);
    expect(rowHasItem(spec, partialRow({ records: [{ languageId: 'en' }] }), 'de')).toBe(false);
  });

  it('adds a clause by `and`, keeping every character of the query', () => {
    expect(addClause('', 'strings', 'id of file = 3')).toBe('id of file = 3');
    expect(addClause('is  hidden', 'strings', 'id of file = 3')).toBe('is  hidden and id of file = 3');
    expect(addClause('is hidden or  is duplicate', 'strings', 'id of file = 3')).toBe(
      '(is hidden or  is duplicate) and id of file = 3',
    );
    expect(addClause('Is Hidden AND not is duplicate', 'strings', 'type is icu')).toBe(
      'Is Hidden AND not is duplicate and type is icu',
    );
  });

  it('pins each matrix state to a language', () => {
    expect(matrixCellQuery('is hidden', 'de', 'approved')).toBe(
      'is hidden and count of languages summary where (language = @language:"de" and is approved) > 0',
    );
    expect(matrixCellQuery('', 'uk', 'untranslated')).toBe(
      'count of languages summary where (language = @language:"uk") = 0',
    );
    for (const s of MATRIX_STATES)
      expect(errorsOf(matrixCellQuery('is hidden or is duplicate', 'fr', s.id), 'strings')).toEqual([]);
  });

  it('knows the length of every month', () => {
    expect(monthRange('2025-02').to).toBe('2025-02-28 23:59:59');
    expect(monthRange('2025-12')).toEqual({ from: '2025-12-01', to: '2025-12-31 23:59:59' });
  });
});
