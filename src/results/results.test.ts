import { describe, expect, it } from 'vitest';
import { partialRow } from '../testing/fixtures.ts';
import { csvField, flattenRow, toCsv } from '../rows/export.ts';
import { COLUMNS, displayText } from '../rows/fields.ts';
import { conjunction, findEmptyingClause, topLevelAndClauses } from './clauses.ts';
import { toServerDiagnostics } from './server-diagnostics.ts';
import type { Expr } from '../croql/types.ts';

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('writes a header and CRLF-terminated records', () => {
    const csv = toCsv([
      { id: 1, identifier: 'a', text: 'Hello, world' },
      { id: 2, identifier: 'b', text: 'He said "no"' },
    ]);
    expect(csv).toBe('id,identifier,text\r\n1,a,"Hello, world"\r\n2,b,"He said ""no"""\r\n');
  });

  it('flattens plural source texts into one column per form, in CLDR order', () => {
    const csv = toCsv([
      { id: 1, text: 'Plain', type: 'text' },
      { id: 2, text: { other: '%d files', one: 'One file' }, type: 'plural' },
    ]);
    const [header, plain, plural] = csv.trimEnd().split('\r\n');
    expect(header).toBe('id,text,text.one,text.other,type');
    expect(plain).toBe('1,Plain,,,text');
    expect(plural).toBe('2,,One file,%d files,plural');
  });

  it("flattens a plural translation's forms and takes user fields from the first form", () => {
    const flat = flattenRow({
      stringId: 7,
      contentType: 'text/plain',
      plurals: [
        { translationId: 1, text: 'Один файл', pluralForm: 'one', user: { id: 2, username: 'bob' } },
        { translationId: 2, text: 'Файлів', pluralForm: 'other', user: { id: 2, username: 'bob' } },
      ],
    });
    expect(flat).toMatchObject({
      stringId: '7',
      'text.one': 'Один файл',
      'text.other': 'Файлів',
      'user.username': 'bob',
      translationId: '1',
    });
  });

  it('joins arrays of scalars and keeps nested records as JSON', () => {
    const flat = flattenRow({ labelIds: [1, 3], records: [{ languageId: 'en', text: 'Hi' }] });
    expect(flat.labelIds).toBe('1; 3');
    expect(JSON.parse(flat.records!)).toEqual([{ languageId: 'en', text: 'Hi' }]);
  });

  it('is empty for no rows', () => expect(toCsv([])).toBe(''));
});

describe('result columns', () => {
  it('shows a plural text compactly on one line', () => {
    expect(displayText(partialRow({ text: { other: 'Files', one: 'File' } }))).toBe(
      'one: File · other: Files',
    );
    expect(
      displayText(
        partialRow({
          plurals: [
            { pluralForm: 'one', text: 'a' },
            { pluralForm: 'other', text: 'b' },
          ],
        }),
      ),
    ).toBe('one: a · other: b');
  });

  it('projects a source string onto the strings columns', () => {
    const row = partialRow({
      id: 5,
      identifier: 'menu.open',
      text: 'Open',
      type: 'text',
      fileId: 3,
      branchId: null,
      isHidden: true,
      isDuplicate: true,
      labelIds: [1, 2],
    });
    expect(COLUMNS.strings.map((c) => c.value(row))).toEqual([
      '5',
      'menu.open',
      'Open',
      'text',
      'file 3',
      'hidden, duplicate',
      '1, 2',
    ]);
  });

  it("names a string's file, branch and labels from the project's lists, keeping ids the lists lack", () => {
    const row = partialRow({ id: 5, fileId: 3, branchId: 1, labelIds: [1, 2, 9] });
    const names = {
      files: new Map([[3, 'strings.json']]),
      branches: new Map([[1, 'main']]),
      labels: new Map([
        [1, 'checkout'],
        [2, 'v2'],
      ]),
    };
    const value = (key: string) => COLUMNS.strings.find((c) => c.key === key)!.value(row, names);
    expect(value('file')).toBe('strings.json, branch main');
    expect(value('labelIds')).toBe('checkout, v2, 9');
    expect(
      COLUMNS.strings.find((c) => c.key === 'file')!.value(partialRow({ fileId: 4, branchId: 2 }), names),
    ).toBe('file 4, branch 2');
  });

  it('projects a translation (user, provider, date) and a TM segment', () => {
    const t = partialRow({
      stringId: 9,
      text: 'Привіт',
      user: { username: 'carol' },
      provider: 'tm',
      createdAt: '2024-01-02T00:00:00+00:00',
    });
    expect(COLUMNS.translations.map((c) => c.value(t))).toEqual([
      '9',
      'Привіт',
      'carol',
      'tm',
      '2024-01-02T00:00:00+00:00',
    ]);
    const s = partialRow({
      id: 1,
      records: [
        { languageId: 'en', text: 'Hi' },
        { languageId: 'uk', text: 'Привіт' },
      ],
    });
    expect(COLUMNS.tmSegments[1]!.value(s)).toBe('en: Hi · uk: Привіт');
  });
});

// A hand-built AST of `a = 1 and (b or c) and d` (parentheses make no node).
const text = 'a = 1 and (b or c) and d';
const id = (name: string, from: number): Expr => ({
  kind: 'identifier',
  name,
  raw: name,
  from,
  to: from + 1,
});
const ast: Expr = {
  kind: 'logical',
  op: 'and',
  from: 0,
  to: 24,
  opSpans: [
    { from: 6, to: 9 },
    { from: 19, to: 22 },
  ],
  operands: [
    {
      kind: 'comparison',
      op: '=',
      from: 0,
      to: 5,
      opSpan: { from: 2, to: 3 },
      left: id('a', 0),
      right: { kind: 'number', value: 1, isInteger: true, raw: '1', from: 4, to: 5 },
    },
    {
      kind: 'logical',
      op: 'or',
      from: 11,
      to: 17,
      opSpans: [{ from: 13, to: 15 }],
      operands: [id('b', 11), id('c', 16)],
    },
    id('d', 23),
  ],
};

describe('top-level and clauses', () => {
  it('splits the and-chain, not the or inside parentheses', () => {
    expect(topLevelAndClauses(ast, text).map((c) => c.text)).toEqual(['a = 1', 'b or c', 'd']);
  });

  it('is one clause for a query that is not an and', () => {
    expect(topLevelAndClauses(id('d', 0), 'd').map((c) => c.text)).toEqual(['d']);
    expect(topLevelAndClauses(null, '')).toEqual([]);
  });

  it('re-joins clauses with parentheses so precedence holds', () => {
    expect(conjunction(topLevelAndClauses(ast, text))).toBe('(a = 1) and (b or c) and (d)');
  });

  it('names the one clause that matches nothing alone', async () => {
    const clauses = topLevelAndClauses(ast, text);
    const verdict = await findEmptyingClause(clauses, async (q) => q !== 'b or c');
    expect(verdict).toMatchObject({ kind: 'single', clause: { text: 'b or c' } });
  });

  it('finds the clause whose addition empties the result when each matches alone', async () => {
    const clauses = topLevelAndClauses(ast, text);
    const asked: string[] = [];
    const verdict = await findEmptyingClause(clauses, async (q) => {
      asked.push(q);
      return !q.includes('(d)');
    });
    expect(verdict).toMatchObject({ kind: 'combination', clause: { text: 'd' } });
    expect(asked).toContain('(a = 1) and (b or c)');
  });
});

describe('server diagnostics', () => {
  it('keeps the reported range, clamps it, and covers the whole text without one', () => {
    const [ranged, unranged, overlong] = toServerDiagnostics(
      [
        { code: 'croqlInvalidLogic', message: "Identifier 'apply' is undefined", from: 0, to: 5 },
        { code: 'croqlInvalidSyntax', message: 'Bad' },
        { code: 'croqlInvalidLogic', message: 'Far', from: 3, to: 99 },
      ],
      'apply = 1',
    );
    expect(ranged).toMatchObject({ from: 0, to: 5, severity: 'error', code: 'croqlInvalidLogic' });
    expect(unranged).toMatchObject({ from: 0, to: 9, code: 'croqlInvalidSyntax' });
    expect(overlong).toMatchObject({ from: 3, to: 9 });
  });
});

describe('clauses of a parsed query', () => {
  it('splits what analyze() parses, keeping a parenthesised or-group whole', async () => {
    const { analyze } = await import('../croql/index.ts');
    const text = 'is hidden and (not is duplicate or text contains "a") and max length > 3';
    const clauses = topLevelAndClauses(analyze(text, 'strings').ast, text);
    expect(clauses.map((c) => c.text)).toEqual([
      'is hidden',
      'not is duplicate or text contains "a"',
      'max length > 3',
    ]);
    // Each clause is a query of its own.
    for (const c of clauses) expect(analyze(c.text, 'strings').diagnostics).toEqual([]);
  });
});
