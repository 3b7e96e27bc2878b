import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { lex } from './lex.ts';
import { MAX_QUERY_LENGTH, parse } from './parse.ts';
import type { ListingName, Expr } from './types.ts';

/** A compact, position-free picture of a tree: `(and (= a 1) b)`; arithmetic chains infix: `(a - b + c)`. */
function shape(e: Expr | null): string {
  if (!e) return '∅';
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'datetime':
    case 'mention':
      return e.raw;
    case 'identifier':
      return e.name;
    case 'error':
      return '⚠';
    case 'negate':
      return `(neg ${shape(e.operand)})`;
    case 'not':
      return `(not ${shape(e.operand)})`;
    case 'arithmetic':
      return `(${e.operands.map((x, i) => (i ? `${e.ops[i - 1]} ` : '') + shape(x)).join(' ')})`;
    case 'logical':
      return `(${e.op} ${e.operands.map(shape).join(' ')})`;
    case 'comparison':
      return `(${e.op} ${shape(e.left)} ${shape(e.right)})`;
    case 'between':
      return `(between ${shape(e.subject)} ${shape(e.low)} ${shape(e.high)})`;
    case 'member':
      return `(of ${e.member.name} ${shape(e.object)})`;
    case 'filter':
      return `(${e.op} ${shape(e.subject)} ${shape(e.predicate)})`;
    case 'if':
      return `(if ${shape(e.condition)} ${shape(e.then)} ${shape(e.else)})`;
  }
}

const tree = (text: string) => {
  const { ast, diagnostics } = parse(text);
  expect(diagnostics).toEqual([]);
  return shape(ast);
};

describe('precedence (one row of the table each)', () => {
  it.each([
    ['1: parentheses group', '(a or b) and c', '(and (or a b) c)'],
    [
      '2: where binds tighter than of',
      'count of translations where (x) = 0',
      '(= (of count (where translations x)) 0)',
    ],
    ['2: where/with are left-associative', 'a where (b) with (c)', '(with (where a b) c)'],
    ['2: where takes one primary item', 'a where b and c', '(and (where a b) c)'],
    ['3: of is right-associative', 'a of b of c', '(of a (of b c))'],
    ['4: unary minus below of', '-count of votes', '(neg (of count votes))'],
    ['4: unary minus above *', '-a * b', '((neg a) * b)'],
    ['5: * and / are one chain, left to right', 'a / b * c', '(a / b * c)'],
    ['6: + and - are one chain, below *', 'a - b + c * d', '(a - b + (c * d))'],
    ['7: comparison below arithmetic', 'a + 1 >= b * 2', '(>= (a + 1) (b * 2))'],
    ['7: between below arithmetic', 'a between b - 1 and c + 1', '(between a (b - 1) (c + 1))'],
    ['7: contains', 'text contains "x"', '(contains text "x")'],
    ['8: not below comparison', 'not 1 < 10', '(not (< 1 10))'],
    ['8: not above and', 'not a and b', '(and (not a) b)'],
    ['9: and above xor', 'a xor b and c', '(xor a (and b c))'],
    ['9: a chain of and is one node', 'a and b and c', '(and a b c)'],
    ['9: a parenthesised first operand joins the chain', '(a and b) and c', '(and a b c)'],
    ['9: a parenthesised later operand stays a group', 'a and (b and c)', '(and a (and b c))'],
    ['6: a parenthesised first sum joins the chain', '(a - b) + c', '(a - b + c)'],
    ['6: a parenthesised later sum stays a group', 'a - (b + c)', '(a - (b + c))'],
    ['10: xor above or', 'a or b xor c', '(or a (xor b c))'],
    ['11: a chain of or is one node', 'a or b or c', '(or a b c)'],
    ['12: else extends as far as possible', 'if a then b else c or d', '(if a b (or c d))'],
    ['12: if needs parentheses inside an operator', '(if a then 1 else 2) = x', '(= (if a 1 2) x)'],
  ])('%s', (_row, text, expected) => {
    expect(tree(text)).toBe(expected);
  });

  it('between inside and', () => {
    expect(tree("added between '2024-01-01' and 'today' and is hidden")).toBe(
      "(and (between added '2024-01-01' 'today') is hidden)",
    );
  });

  it('the spec example groups as documented', () => {
    expect(
      tree('count of translations where (language = @language:"uk" and (count of approvals > 0)) = 0'),
    ).toBe(
      '(= (of count (where translations (and (= language @language:"uk") (> (of count approvals) 0)))) 0)',
    );
  });
});

describe('lexical rules', () => {
  it('keywords are case-insensitive; names are whitespace- and case-insensitive', () => {
    expect(tree('Is   Hidden AND NOT Type\nIs Plain')).toBe('(and is hidden (not type is plain))');
  });

  it('every Unicode space separator (Zs) separates words and names, as ASCII whitespace does', () => {
    const zs = Array.from({ length: 0x10000 }, (_, c) => String.fromCharCode(c)).filter((ch) =>
      /\p{Zs}/u.test(ch),
    );
    expect(zs).toHaveLength(17);
    for (const sp of [...zs, '\t', '\n', '\r', '\v', '\f']) {
      const text = `is${sp}hidden${sp}and${sp}not${sp}max${sp}${sp}length${sp}>${sp}1`;
      expect(tree(text)).toBe('(and is hidden (not (> max length 1)))');
      // The editor helpers' scanner (completion, hover) reads the same words.
      expect(
        lex(text).map((t) => (t.kind === 'name' ? t.words.map((w) => w.text).join(' ') : t.kind)),
      ).toEqual(['is hidden', 'keyword', 'keyword', 'max length', 'op', 'number']);
    }
  });

  it('words that are keys of every JavaScript object (constructor, __proto__) are names, not keywords', () => {
    expect(tree('constructor = 1 and __proto__ > 2')).toBe('(and (= constructor 1) (> __proto__ 2))');
    expect(lex('is constructor').map((t) => t.kind)).toEqual(['name']);
    for (const name of ['constructor', '__proto__']) {
      expect(analyze(`${name} = 1`, 'strings').diagnostics).toMatchObject([
        { reason: 'unknownField', message: `\`${name}\` is not a field of a source string.` },
      ]);
    }
  });

  it('is and has are words of names, not keywords', () => {
    expect(tree('has qa issues or is hidden')).toBe('(or has qa issues is hidden)');
  });

  it('string escapes', () => {
    const { ast } = parse('text = "say \\"hi\\" \\\\ bye"');
    expect(ast?.kind === 'comparison' && ast.right.kind === 'string' && ast.right.value).toBe(
      'say "hi" \\ bye',
    );
  });

  it('numbers, datetimes and mentions', () => {
    const { ast, diagnostics } = parse("a = 10.01 and b > '2024-02-29 23:59:59' and u = @user:\"O'Brien\"");
    expect(diagnostics).toEqual([]);
    expect(shape(ast)).toBe("(and (= a 10.01) (> b '2024-02-29 23:59:59') (= u @user:\"O'Brien\"))");
  });

  it('unicode aliases mean the ASCII operators', () => {
    expect(tree('a ≠ 1 and b ≥ 2 and c ≤ 3')).toBe('(and (!= a 1) (>= b 2) (<= c 3))');
  });

  it('every node carries its range', () => {
    const { ast } = parse('  id of file = 3');
    expect(ast).toMatchObject({ kind: 'comparison', from: 2, to: 16, opSpan: { from: 13, to: 14 } });
    expect(ast?.kind === 'comparison' && ast.left).toMatchObject({
      kind: 'member',
      from: 2,
      to: 12,
      member: { from: 2, to: 4 },
    });
  });

  it('blank text has no tree and no diagnostics', () => {
    expect(parse('  \n ')).toEqual({ ast: null, diagnostics: [], tree: null });
  });
});

interface Invalid {
  text: string;
  code: 'croqlInvalidSyntax' | 'croqlInvalidLogic';
  reason: string;
  /** The first diagnostic's range is the first occurrence of this substring (or [from, to]). */
  at: string | [number, number];
  context?: ListingName;
  severity?: 'error' | 'warning';
}

const S = 'croqlInvalidSyntax' as const;
const L = 'croqlInvalidLogic' as const;

const invalid: Invalid[] = [
  // syntax
  { text: '(is hidden', code: S, reason: 'unclosedParen', at: '(' },
  { text: 'count of translations where (is hidden > 0', code: S, reason: 'unclosedParen', at: '(' },
  { text: 'is hidden)', code: S, reason: 'unexpectedToken', at: ')' },
  { text: 'is hidden and', code: S, reason: 'missingOperand', at: 'and' },
  { text: 'text =', code: S, reason: 'missingOperand', at: '=' },
  { text: '= 1', code: S, reason: 'missingOperand', at: '=' },
  { text: 'is hidden and or is duplicate', code: S, reason: 'missingOperand', at: 'and' },
  { text: 'count of', code: S, reason: 'missingOperand', at: 'of' },
  { text: 'not', code: S, reason: 'missingOperand', at: 'not' },
  { text: 'translations where', code: S, reason: 'missingOperand', at: 'where' },
  { text: '()', code: S, reason: 'missingOperand', at: '(' },
  { text: 'added between 1', code: S, reason: 'missingOperand', at: 'between' },
  { text: 'if is hidden then 1', code: S, reason: 'missingOperand', at: 'if' },
  { text: 'is hidden is duplicate', code: S, reason: 'unexpectedToken', at: 'is duplicate' },
  { text: 'text = "a" "b"', code: S, reason: 'unexpectedToken', at: '"b"' },
  { text: 'language = "uk", "de"', code: S, reason: 'unexpectedToken', at: ',' },
  { text: 'text = "a\\nb"', code: S, reason: 'badEscape', at: '\\n' },
  { text: 'text = "abc', code: S, reason: 'unterminatedString', at: '"abc' },
  { text: "added > '2024-01-01", code: S, reason: 'unterminatedString', at: "'2024-01-01" },
  { text: "added > '2024-13-01'", code: S, reason: 'badDatetime', at: "'2024-13-01'" },
  { text: "added > 'yesterday'", code: S, reason: 'badDatetime', at: "'yesterday'" },
  { text: "added > '2024-01-01T10:00:00'", code: S, reason: 'badDatetime', at: "'2024-01-01T10:00:00'" },
  { text: 'language in "uk"', code: S, reason: 'unknownOperator', at: 'in' },
  { text: 'text == "a"', code: S, reason: 'unknownOperator', at: '==' },
  { text: 'is hidden && is duplicate', code: S, reason: 'unknownOperator', at: '&&' },
  { text: 'is hidden || is duplicate', code: S, reason: 'unknownOperator', at: '||' },
  { text: '!is hidden', code: S, reason: 'unknownOperator', at: '!' },
  { text: 'text <> "a"', code: S, reason: 'unknownOperator', at: '<>' },
  { text: 'text like "a"', code: S, reason: 'unknownOperator', at: 'like' },
  { text: 'max length = 1 = 2', code: S, reason: 'chainedComparison', at: [15, 16] },
  { text: 'max length < 1 between 0 and 5', code: S, reason: 'chainedComparison', at: 'between' },
  { text: 'user = @team:"x"', code: S, reason: 'badMention', at: '@team' },
  { text: 'user = @user', code: S, reason: 'badMention', at: '@user' },
  {
    text: '(translations where (is hidden)) of file',
    code: S,
    reason: 'badMember',
    at: '(translations where (is hidden))',
  },
  { text: 'text = "a" \u0000', code: S, reason: 'unexpectedToken', at: '\u0000' },
  { text: 'text = "a" 😀', code: S, reason: 'unexpectedToken', at: '😀' },
  { text: '('.repeat(65) + 'a' + ')'.repeat(65), code: S, reason: 'tooDeep', at: [64, 65] },
  // The 65th operator nested without parentheses, each time.
  { text: 'not '.repeat(65) + 'is hidden', code: S, reason: 'tooDeep', at: [256, 259] },
  { text: 'not '.repeat(16_000) + 'is hidden', code: S, reason: 'tooDeep', at: [256, 259] },
  { text: '- '.repeat(64) + '1 > 0', code: S, reason: 'tooDeep', at: [126, 127] },
  // Refused before parsing, at the same place.
  { text: '-'.repeat(60_000) + '1 > 0', code: S, reason: 'tooDeep', at: [64, 65] },
  { text: 'NOT !'.repeat(10_000) + 'is hidden', code: S, reason: 'tooDeep', at: [160, 163] },
  { text: 'count of '.repeat(64) + 'translations > 0', code: S, reason: 'tooDeep', at: [567, 572] },
  {
    text: 'translations' + ' where (is hidden)'.repeat(65) + ' = 0',
    code: S,
    reason: 'tooDeep',
    at: [0, 12],
  },
  { text: 'if a then 1 else '.repeat(65) + '2', code: S, reason: 'tooDeep', at: [1088, 1090] },
  {
    text: 'a'.repeat(MAX_QUERY_LENGTH + 5),
    code: S,
    reason: 'tooLong',
    at: [MAX_QUERY_LENGTH, MAX_QUERY_LENGTH + 5],
  },
  // logic
  { text: 'is hiden', code: L, reason: 'unknownField', at: 'is hiden' },
  { text: 'type is plainn or type is icu', code: L, reason: 'unknownField', at: 'type is plainn' },
  { text: 'count of translations where (usr = 1) > 0', code: L, reason: 'unknownField', at: 'usr' },
  { text: 'name of file = "a" and nmae of file = "b"', code: L, reason: 'unknownField', at: 'nmae' },
  { text: 'partOfSpeech = "noun"', code: L, reason: 'wrongContext', at: 'partOfSpeech' },
  { text: 'is hidden', code: L, reason: 'wrongContext', at: 'is hidden', context: 'glossaryTerms' },
  { text: 'usageCount > 0', code: L, reason: 'wrongContext', at: 'usageCount', context: 'tmSegments' },
  { text: 'is hidden = 1', code: L, reason: 'typeMismatch', at: 'is hidden = 1' },
  { text: 'text contains 5', code: L, reason: 'typeMismatch', at: 'text contains 5' },
  { text: "text > '2024-01-01'", code: L, reason: 'typeMismatch', at: "text > '2024-01-01'" },
  { text: 'text + 1 = 2', code: L, reason: 'typeMismatch', at: 'text' },
  { text: "added between 1 and 'today'", code: L, reason: 'typeMismatch', at: "added between 1 and 'today'" },
  { text: 'is hidden and max length', code: L, reason: 'typeMismatch', at: 'max length' },
  {
    text: 'if max length then 1 else 2',
    code: L,
    reason: 'typeMismatch',
    at: 'max length',
    context: 'strings',
  },
  {
    text: '(if is hidden then 1 else "a") = 1',
    code: L,
    reason: 'typeMismatch',
    at: 'if is hidden then 1 else "a"',
  },
  { text: 'text where (is hidden)', code: L, reason: 'notCollection', at: 'text' },
  { text: 'count of file = 1', code: L, reason: 'notCollection', at: 'count of file' },
  { text: 'translations with (is pre translated)', code: L, reason: 'notObject', at: 'translations' },
  { text: 'id of text = 1', code: L, reason: 'notObject', at: 'text' },
  { text: 'text of translations = "a"', code: L, reason: 'unknownField', at: 'text' },
  { text: 'count = 1', code: L, reason: 'missingOf', at: 'count' },
  { text: 'count of translations', code: L, reason: 'notBoolean', at: 'count of translations' },
  { text: 'text = @user:"alice"', code: L, reason: 'typeMismatch', at: 'text = @user:"alice"' },
  { text: 'translations = 0', code: L, reason: 'typeMismatch', at: 'translations = 0' },
  {
    text: 'user = @user:"mallory"',
    code: L,
    reason: 'unknownUser',
    at: '@user:"mallory"',
    context: 'translations',
  },
  { text: 'user = 1.5', code: L, reason: 'typeMismatch', at: 'user = 1.5', context: 'translations' },
  {
    text: 'language = @language:"xx"',
    code: L,
    reason: 'unknownLanguage',
    at: '@language:"xx"',
    context: 'glossaryTerms',
  },
  { text: 'language = "xx"', code: L, reason: 'unknownLanguage', at: '"xx"', context: 'glossaryTerms' },
  {
    text: 'isPassedWorkflow',
    code: L,
    reason: 'enterpriseOnly',
    at: 'isPassedWorkflow',
  },
  {
    text: 'count of fields where (value = "High") > 0',
    code: L,
    reason: 'enterpriseOnly',
    at: 'fields',
  },
];

describe(`${invalid.length} invalid queries`, () => {
  const options = {
    users: [
      { id: 1, username: 'alice' },
      { id: 2, username: 'bob' },
    ],
    languages: ['uk', 'de'],
    edition: 'standard' as const,
  };
  it.each(invalid.map((c) => [c.text.length > 80 ? c.text.slice(0, 60) + '…' : c.text, c] as const))(
    '%s',
    (_name, c) => {
      const { diagnostics } = analyze(c.text, c.context ?? 'strings', options);
      const [from, to] =
        typeof c.at === 'string' ? [c.text.indexOf(c.at), c.text.indexOf(c.at) + c.at.length] : c.at;
      expect(from).toBeGreaterThanOrEqual(0);
      expect(diagnostics[0]).toMatchObject({
        code: c.code,
        reason: c.reason,
        from,
        to,
        severity: c.severity ?? 'error',
      });
      expect(diagnostics[0]!.message.length).toBeGreaterThan(10);
    },
  );

  it('has at least 40 cases', () => expect(invalid.length).toBeGreaterThanOrEqual(40));
});

describe('messages a person understands', () => {
  it('unknown field with a did-you-mean quick fix', () => {
    const [d] = analyze('is hiden', 'strings').diagnostics;
    expect(d?.message).toBe('`is hiden` is not a field of a source string. Did you mean `is hidden`?');
    expect(d?.suggestions).toEqual([
      { label: 'Replace with `is hidden`', from: 0, to: 8, insert: 'is hidden' },
    ]);
  });

  it('unknown operator with a quick fix', () => {
    const [d] = analyze('text == "a"', 'strings').diagnostics;
    expect(d?.suggestions?.[0]).toMatchObject({ from: 5, to: 7, insert: '=' });
  });

  it('an unknown user is named', () => {
    const [d] = analyze('user = @user:"bobb"', 'translations', {
      users: [{ id: 2, username: 'bob' }],
    }).diagnostics;
    expect(d?.message).toContain('`bobb`');
    expect(d?.message).toContain('Did you mean `bob`?');
  });

  it('mentions are not validated without lists', () => {
    expect(
      analyze('user = @user:"anyone" and language = @language:"zz"', 'glossaryTerms').diagnostics,
    ).toEqual([]);
  });

  it('a `)` in the wrong place is reported at that `)`, with the move that fixes it', () => {
    const text = 'count of translations where (language = @language:"uk" > 0) and is hidden';
    const { diagnostics } = analyze(text, 'strings');
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d).toMatchObject({ reason: 'misplacedParen', from: text.indexOf(')'), to: text.indexOf(')') + 1 });
    expect(d?.message).toBe(
      'This `)` is in the wrong place: the group opened after `where` should end after `@language:"uk"`.',
    );
    expect(d?.message).not.toMatch(/needs true or false|chained/);
    const [fix] = d!.suggestions!;
    expect(fix!.label).toBe('Move the `)` after `@language:"uk"`');
    const fixed = text.slice(0, fix!.from) + fix!.insert + text.slice(fix!.to);
    expect(fixed).toBe('count of translations where (language = @language:"uk") > 0 and is hidden');
    expect(analyze(fixed, 'strings').diagnostics).toEqual([]);
  });

  it('a `)` that closes its group too early is reported, not the stray one after it', () => {
    const text = 'count of translations where (language = @language:"uk") and count of votes > 0) > 0';
    const [d, ...rest] = analyze(text, 'strings').diagnostics;
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ reason: 'misplacedParen', from: text.indexOf(')') });
    expect(d?.message).toMatch(/^This `\)` closes the group opened after `where` too early/);
    expect(d?.suggestions).toEqual([
      { label: 'Remove this `)`', from: text.indexOf(')'), to: text.indexOf(')') + 1, insert: '' },
    ]);
    // An error no parenthesis causes keeps its own message (and costs no search).
    expect(analyze('(is hiden) and (count of translations > 0)', 'strings').diagnostics[0]?.reason).toBe(
      'unknownField',
    );
    // A stray `)` that is simply one too many keeps its own message.
    expect(analyze('is hidden and (count of translations > 0))', 'strings').diagnostics[0]?.reason).toBe(
      'unexpectedToken',
    );
  });

  it('`is approved` on a translation says what to write there, as a quick fix that checks', () => {
    const [d] = analyze('is approved and provider = "tm"', 'translations').diagnostics;
    expect(d?.message).toBe(
      '`is approved` is not a field of a translation. It is a field of a languages summary entry. On a translation, write `count of approvals > 0` instead.',
    );
    expect(d?.suggestions).toEqual([
      { label: 'Replace with `count of approvals > 0`', from: 0, to: 11, insert: 'count of approvals > 0' },
    ]);
    // Inside a comparison the expression keeps its meaning in parentheses; the fixed query checks.
    const text = 'is approved = is pre translated';
    const [fix] = analyze(text, 'translations').diagnostics[0]!.suggestions!;
    const fixed = text.slice(0, fix!.from) + fix!.insert + text.slice(fix!.to);
    expect(fixed).toBe('(count of approvals > 0) = is pre translated');
    expect(analyze(fixed, 'translations').diagnostics).toEqual([]);
    expect(
      analyze('count of translations where (is approved) > 0', 'strings').diagnostics[0]?.suggestions,
    ).toEqual([expect.objectContaining({ insert: 'count of approvals > 0' })]);
  });

  it('enterprise-only fields are fine on the enterprise edition and when the edition is unknown', () => {
    expect(analyze('isPassedWorkflow', 'strings', { edition: 'enterprise' }).diagnostics).toEqual([]);
    expect(analyze('isPassedWorkflow', 'strings').diagnostics).toEqual([]);
  });
});

describe('bad input never throws', () => {
  it('stops checking after too many errors and says where', () => {
    const words = ['a', '=', 'and', 'not', '-', 'of', 'where', '(', ')', '"s"'];
    const text = Array.from({ length: 990 }, (_, i) => words[(i * 7) % 10]).join(' ');
    const last = parse(text).diagnostics.at(-1)!;
    expect(last).toMatchObject({ code: 'croqlInvalidSyntax', reason: 'tooManyErrors', to: text.length });
    expect(last.from).toBeGreaterThan(0);
  });

  const cases: [string, string][] = [
    ['1 MiB of text', 'is hidden and '.repeat(75_000).slice(0, 1 << 20)],
    ['10,000 nested parentheses', '('.repeat(10_000) + 'is hidden' + ')'.repeat(10_000)],
    ['10,000 unclosed parentheses', '('.repeat(10_000)],
    ['garbage', Array.from({ length: 990 }, (_, i) => '=,"x\u0000😀 a)'[i % 10]).join('')],
    ['NUL characters', '\u0000is hidden\u0000 and \u0000'],
    ['astral characters', '😀 is 𝔥idden = "🎉" and 𝟙 > 0'],
    ['lone surrogates', 'text = "\ud800" and \udc00'],
    ['only operators', '= = and or not ( ) ) ( < > ≠ ≥ ≤ - + * / where of with between if then else'],
  ];
  it.each(cases)('%s', (_name, text) => {
    const { diagnostics } = analyze(text, 'strings');
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) {
      expect(d.from).toBeGreaterThanOrEqual(0);
      expect(d.to).toBeLessThanOrEqual(text.length);
      expect(d.from).toBeLessThanOrEqual(d.to);
    }
  });
});

describe('long queries', () => {
  const chainOf = (n: number, term: (i: number) => string, op: string) =>
    Array.from({ length: n }, (_, i) => term(i + 1)).join(` ${op} `);

  it('a chain of 5,000 terms inside the length limit is one node, without errors', () => {
    const text = `count of labels where (${chainOf(5000, (i) => `id = ${i}`, 'or')}) > 0`;
    expect(text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    const { ast, diagnostics } = parse(text);
    expect(diagnostics).toEqual([]);
    const filter = ast?.kind === 'comparison' && ast.left.kind === 'member' ? ast.left.object : null;
    const chain = filter?.kind === 'filter' ? filter.predicate : null;
    expect(chain?.kind === 'logical' && chain.op === 'or' && chain.operands.length).toBe(5000);
    expect(chain?.kind === 'logical' && chain.opSpans.length).toBe(4999);
  });

  it('`is hidden and …` 295 times is not cut short by the parser', () => {
    const text = chainOf(296, () => 'is hidden', 'and');
    const { ast, diagnostics } = analyze(text, 'strings');
    expect(diagnostics).toEqual([]);
    expect(ast?.kind === 'logical' && ast.operands.length).toBe(296);
  });

  it('long chains of every operator parse without errors', () => {
    for (const op of ['and', 'or', 'xor', '+', '-', '*', '/']) {
      const terms = chainOf(5000, (i) => String(i), op);
      const text = ['+', '-', '*', '/'].includes(op) ? `${terms} > 0` : terms;
      expect(parse(text).diagnostics.filter((d) => d.code === 'croqlInvalidSyntax')).toEqual([]);
    }
    // `>`, `count of` and 62 filters: 64 operators.
    const filters = 'count of translations' + ' where (is hidden)'.repeat(62) + ' > 0';
    expect(parse(filters).diagnostics).toEqual([]);
  });

  it('each operator token keeps its range in the chain', () => {
    const { ast } = parse('a and b AND c');
    expect(ast).toMatchObject({
      kind: 'logical',
      opSpans: [
        { from: 2, to: 5 },
        { from: 8, to: 11 },
      ],
    });
    expect(parse('a - b + c').ast).toMatchObject({
      kind: 'arithmetic',
      ops: ['-', '+'],
      opSpans: [
        { from: 2, to: 3 },
        { from: 6, to: 7 },
      ],
    });
  });

  it('64 operators nest without parentheses, and 64 parentheses around them', () => {
    expect(parse('not '.repeat(64) + 'is hidden').diagnostics).toEqual([]);
    const nested = '(not '.repeat(64) + 'is hidden' + ')'.repeat(64);
    expect(parse(nested).diagnostics).toEqual([]);
  });

  it('a nesting error says where and what to do', () => {
    const [d] = parse('not '.repeat(100) + 'is hidden').diagnostics;
    expect(d).toMatchObject({ reason: 'tooDeep', from: 256, to: 259 });
    expect(d!.message).toBe(
      'Operators are nested more than 64 levels deep here (as in `not not …` or `a of b of …`). Simplify the query.',
    );
    expect(parse('not '.repeat(100) + 'is hidden').diagnostics).toHaveLength(1);
  });
});
