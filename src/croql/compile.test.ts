import { describe, expect, it } from 'vitest';
import { compile, datetimeLiteralMs, toTime } from './compile.ts';
import { specQueries } from './corpus.ts';
import {
  fixtureEnv,
  fixtureStrings,
  fixtureTerms,
  fixtureTmSegments,
  fixtureTranslations,
} from './fixtures.ts';
import type { ListingName, ContextObject } from './types.ts';

function run(query: string, context: ListingName, data: ContextObject[]): unknown[] {
  const { predicate, diagnostics } = compile(query, context, fixtureEnv);
  expect(
    diagnostics.filter((d) => d.severity === 'error'),
    query,
  ).toEqual([]);
  return data.filter(predicate!).map((o) => o.id ?? o.text);
}
const strings = (q: string) => run(q, 'strings', fixtureStrings);

// Answers computed by hand from fixtures.ts ("today" is 2024-06-15).
const STRING_CASES: [string, number[]][] = [
  // booleans, missing boolean = false
  ['is hidden', [3, 5]],
  ['not is hidden', [1, 2, 4, 6]],
  ['is visible', [1, 2]],
  ['type is plain or type is icu', [1, 3, 5, 6]],
  ['is duplicate xor is hidden', [5, 6]],
  ['is hidden and not is duplicate and count of translations > 0', [5]],
  // strings: = exact and case-sensitive, contains case-insensitive; plural text
  ['text = "Save changes"', [1]],
  ['text = "save changes"', []],
  ['text contains "SAVE"', [1]],
  ['"Terms of Service and more" contains text', [3]],
  ['text contains "o"', [3, 5, 6]],
  ['text != "Goodbye"', [1, 2, 3, 5]],
  ['text contains "item"', [2]],
  ['text = "{n} items"', [2]],
  ['text = "{n} item"', []],
  ['text < "H"', [6]],
  // numbers, null, arithmetic, division by zero
  ['max length > 3', [1, 5]],
  ['max length != 5', [1, 3]],
  ['not (max length = 5)', [1, 2, 3, 4, 6]],
  ['max length / 0 = 1', []],
  ['max length / 0 != 1', []],
  ['max length * 2 - 10 >= 30', [1]],
  ['-max length < -10', [1]],
  ['max length between 5 and 20', [1, 5]],
  ['max length between 6 and 19', []],
  ['3 < max length', [1, 5]],
  ['max length + 1 between 1 and max length + 1', [1, 3, 5]],
  // datetimes: UTC, 'today', inclusive between, zone-less text read as UTC
  ["added between '2024-01-01' and 'today'", [1, 2, 5, 6]],
  ["added > 'today'", []],
  ["added >= 'today'", [5]],
  ["updated < '2024-06-15'", [2, 5]],
  ["updated > '2024-06-15 07:59:59'", [1]],
  ["added = '2024-03-01 12:00:00'", [2]],
  // collections, counts, where, nested scopes
  ['count of translations = 1', [5]],
  ['count of translations = 0', [4]],
  ['count of translations >= 2', [1, 2, 3, 6]],
  ['0 < count of translations where (language = @language:"de")', [1, 3, 6]],
  ['count of translations where (language = @language:"uk") = 2', [2]],
  [
    'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
    [3, 4, 5, 6],
  ],
  [
    'count of translations > 0 and count of translations = count of translations where (user = @user:"bob")',
    [2, 6],
  ],
  ['count of translations where (user != @user:"alice") > 0', [2, 3, 5, 6]],
  ['count of translations where (user = @user:"DMITRO") > 0', [3]],
  ['count of translations where (user = 5) > 0', [5]],
  ['count of translations where (language = "UK") > 0', [1, 2, 6]],
  ['count of translations where (language contains "u") > 0', [1, 2, 6]],
  ['count of translations where (is pre translated and provider = "deepl") > 0', [5]],
  ['count of translations where (count of approvals where (user = @user:"carol") > 0) > 0', [1]],
  ['count of translations where (count of votes where (is up) >= 2) > 0', [1]],
  ['count of (translations where (language = @language:"uk")) where (plural form = "few") > 0', [2]],
  // a name of an enclosing scope inside `where`
  ['count of translations where (text contains "Terms" and is duplicate) > 0', [3]],
  [
    'count of translations where (count of votes where (user != 2 and language = "uk" and type is plain) > 0) > 0',
    [1],
  ],
  ['text contains "Save" and (count of translations where (text contains "Save") = 0)', [1]],
  // objects: of, with, missing object
  ['identifier = "button.save" and id of file = 10', [1]],
  ['id of file = 10', [1, 2]],
  ['name of file contains "JSON"', [1, 2, 3, 5, 6]],
  ['name of branch = "main"', [1]],
  ['file with (id = 12 and name = "web.json")', [5, 6]],
  ['not (branch with (name = "main"))', []],
  ['not (branch with (name = "x"))', [1]],
  ['(branch with (name = "main")) or is hidden', [1, 3, 5]],
  // comments, labels, screenshots, languages summary
  ['count of comments where (has unresolved issue) > 0', [1]],
  ['id of file = 12 and count of comments where (has unresolved issue) > 0', []],
  ['count of comments where (user = @user:"emma") > 0', [3]],
  ['count of labels where (is system) > 0', [2]],
  ['count of labels where (title = "ui") > 0', [1, 2]],
  ['count of screenshots > 0', [1]],
  ['count of languages summary where (approvalsCount >= 1) > 0', [1, 3]],
  ['count of languages summary = 0', [4]],
  ['count of languages summary where (is partially translated) > 0', [2]],
  ['count of languages summary where (has spelling qa issues) > 0', [2]],
  ['is duplicate and count of languages summary where (has shared translation) > 0', [3, 6]],
  [
    'is duplicate and count of languages summary where (not has shared translation and is translated) > 0',
    [3, 6],
  ],
  ['count of languages summary where (is translated and not is approved) > 0', [1, 3, 5, 6]],
  ["count of languages summary where (translation updated between '2024-05-01' and '2024-05-31') > 0", [1]],
  ['count of languages summary where (rating > 0) > 0', [1]],
  // if
  ['if is hidden then max length > 3 else count of translations > 1', [1, 2, 5, 6]],
  ['(if is hidden then 1 else 2) = 2', [1, 2, 4, 6]],
];

describe('compile: source strings', () => {
  it.each(STRING_CASES)('%s', (query, expected) => {
    expect(strings(query)).toEqual(expected);
  });
});

describe('compile: a predicate that reads only an enclosing object', () => {
  // `translations` inside a translation is the string's collection, so each level used to loop over all of
  // them again: the work grew with the collection size to the power of the depth. The predicate is the same for every element, so it runs once.
  it('nested counts over the enclosing collection evaluate once per level', () => {
    const nested = (levels: number, inner: string) =>
      'count of translations where ('.repeat(levels) + inner + ') > 0'.repeat(levels);
    const reads = { n: 0 };
    const counted = fixtureStrings.map(
      (s) => new Proxy(s, { get: (o, k) => (k === 'isHidden' && reads.n++, Reflect.get(o, k)) }),
    );
    const { predicate } = compile(nested(12, 'is hidden'), 'strings', fixtureEnv);
    const matched = counted.filter(predicate!).map((o) => o.id);
    expect(matched).toEqual(strings('is hidden and count of translations > 0'));
    expect(reads.n).toBeLessThanOrEqual(12 * fixtureStrings.length);
    expect(strings(nested(3, 'language = @language:"uk"'))).toEqual(
      strings('count of translations where (language = @language:"uk") > 0'),
    );
  });
});

describe('compile: other contexts', () => {
  it('translations', () => {
    const t = (q: string) => run(q, 'translations', fixtureTranslations);
    expect(t('user = @user:"alice" or count of votes where (is up) >= 2')).toEqual(['Зберегти']);
    expect(t('count of approvals > 0')).toEqual(['Скасувати']);
    expect(t('provider = "tm"')).toEqual(['Зберегти']);
    expect(t('plural form = "other"')).toEqual(['Вийти']);
    expect(t("updated < 'today'")).toEqual(['Зберегти']);
  });
  it('TM segments', () => {
    const t = (q: string) => run(q, 'tmSegments', fixtureTmSegments);
    expect(t('count of records where (usageCount > 0) > 0')).toEqual([1]);
    expect(t('count of records where (createdBy = @user:"carol") > 0')).toEqual([2]);
    expect(t('count of records = 0')).toEqual([3]);
  });
  it('glossary terms', () => {
    const t = (q: string) => run(q, 'glossaryTerms', fixtureTerms);
    expect(t('status = "not_recommended" or status = "obsolete"')).toEqual([2, 3]);
    expect(t('user = @user:"alice" and language = @language:"uk"')).toEqual([3]);
    expect(t('text contains "CART" and partOfSpeech = "noun"')).toEqual([1]);
    expect(t('type = "abbreviation" and note contains "possible"')).toEqual([2]);
    expect(t("createdAt > '2024-01-01'")).toEqual([1, 3]);
    expect(t('url contains "wikipedia"')).toEqual([2]);
    expect(t('lemma = "кошик"')).toEqual([3]);
  });
});

describe('compile: errors give no predicate', () => {
  it.each([
    ['is hidden and', 'croqlInvalidSyntax'],
    ['count of translations where (user = @user:"nobody") > 0', 'croqlInvalidLogic'],
    ['count of translations where (language = @language:"xx") > 0', 'croqlInvalidLogic'],
    ['max length', 'croqlInvalidLogic'],
    ['is hiden', 'croqlInvalidLogic'],
  ])('%s', (query, code) => {
    const { predicate, diagnostics } = compile(query, 'strings', fixtureEnv);
    expect(predicate).toBeNull();
    expect(diagnostics.some((d) => d.code === code && d.severity === 'error')).toBe(true);
  });

  it('an empty query is an error, not "everything"', () => {
    expect(compile('   ', 'strings', fixtureEnv).predicate).toBeNull();
  });
});

describe('compile: the spec corpus', () => {
  it('every spec query compiles in its context and runs on the fixture without throwing', () => {
    for (const q of specQueries) {
      const { predicate, diagnostics } = compile(q.text, q.context, fixtureEnv);
      expect(
        diagnostics.filter((d) => d.severity === 'error'),
        q.text,
      ).toEqual([]);
      const data = {
        strings: fixtureStrings,
        translations: fixtureTranslations,
        tmSegments: fixtureTmSegments,
        glossaryTerms: fixtureTerms,
      }[q.context];
      for (const obj of data) expect(typeof predicate!(obj)).toBe('boolean');
    }
  });
});

describe('datetimes', () => {
  const now = new Date('2024-06-15T13:45:00Z');
  it('reads literals as UTC', () => {
    expect(datetimeLiteralMs('today', now)).toBe(Date.UTC(2024, 5, 15));
    expect(datetimeLiteralMs('2024-02-29', now)).toBe(Date.UTC(2024, 1, 29));
    expect(datetimeLiteralMs('2024-02-29 23:59:58', now)).toBe(Date.UTC(2024, 1, 29, 23, 59, 58));
  });
  it('reads context values with and without a zone', () => {
    expect(toTime('2019-09-20T12:43:57+00:00')).toBe(Date.UTC(2019, 8, 20, 12, 43, 57));
    expect(toTime('2019-09-20T14:43:57+02:00')).toBe(Date.UTC(2019, 8, 20, 12, 43, 57));
    expect(toTime('2019-09-20 12:43:57')).toBe(Date.UTC(2019, 8, 20, 12, 43, 57));
    expect(toTime('2019-09-20T12:43:57')).toBe(Date.UTC(2019, 8, 20, 12, 43, 57));
    expect(toTime('not a date')).toBeNull();
    expect(toTime(null)).toBeNull();
  });
});

describe('compile: environment', () => {
  it('takes language codes as written when the project lists no languages', () => {
    const env = { ...fixtureEnv, languages: [] };
    const { predicate } = compile(
      'count of translations where (language = @language:"fr") > 0',
      'strings',
      env,
    );
    expect(fixtureStrings.filter(predicate!).map((s) => s.id)).toEqual([3, 6]);
  });
  it('reads a user given as an object by its id', () => {
    const { predicate } = compile('user = @user:"bob"', 'translations', fixtureEnv);
    expect(predicate!({ user: { id: 2, username: 'bob' } })).toBe(true);
    expect(predicate!({ user: { id: 1 } })).toBe(false);
  });
});

describe('each operand is evaluated at most once per object', () => {
  /** An object that counts how often each key is read. */
  function counting(obj: ContextObject) {
    const reads = new Map<string, number>();
    const proxy = new Proxy(obj, {
      get(target, key, receiver) {
        if (typeof key === 'string') reads.set(key, (reads.get(key) ?? 0) + 1);
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { proxy, reads };
  }

  it('a chain of unary minus reads its field once, and keeps its meaning', () => {
    for (const signs of [1, 2, 20, 21, 62, 63]) {
      const query = '-'.repeat(signs) + 'max length > 1';
      const { predicate } = compile(query, 'strings', fixtureEnv);
      const { proxy, reads } = counting({ id: 1, maxLength: 5 });
      expect(predicate!(proxy), query).toBe(signs % 2 === 0);
      expect(reads.get('maxLength'), query).toBe(1);
      // A missing value stays missing: the comparison is false either way.
      expect(predicate!({ id: 2 }), query).toBe(false);
    }
  });

  it('a chain of not reads its operand once, in three-valued logic', () => {
    for (const nots of [1, 2, 20, 21, 61]) {
      const query = 'not '.repeat(nots) + '(file with (id = 3))';
      const { predicate } = compile(query, 'strings', fixtureEnv);
      const { proxy, reads } = counting({ id: 1, file: { id: 3 } });
      expect(predicate!(proxy), query).toBe(nots % 2 === 0);
      expect(reads.get('file'), query).toBe(1);
      // No file: `file with (…)` is unknown, and so is its negation; a listing treats unknown as false.
      expect(predicate!({ id: 2 }), query).toBe(false);
    }
  });
});

describe('fused forms give what the plain forms give', () => {
  const only = 'count of translations > 0 and count of translations = count of translations where (user = 1)';
  const data: ContextObject[] = [
    { id: 1 },
    { id: 2, translations: [] },
    { id: 3, translations: [{ user: 1 }, { user: 1 }] },
    { id: 4, translations: [{ user: 1 }, { user: 2 }] },
    { id: 5, translations: [{ user: { id: 1 } }] },
    { id: 6, isHidden: true, translations: [{ user: 2 }] },
    { id: 7, isHidden: true, isDuplicate: true, translations: [{ user: 1 }] },
  ];
  it.each([
    [only, [3, 5, 7]],
    ['count of translations = count of translations where (user = 1)', [1, 2, 3, 5, 7]],
    ['count of translations != count of translations where (user = 1)', [4, 6]],
    ['is hidden and not is duplicate and count of translations > 0', [6]],
    ['is hidden and not is duplicate and count of translations > 1', []],
  ])('%s', (query, ids) => {
    expect(run(query, 'strings', data)).toEqual(ids);
  });
});
