// CroQL in Python (host-python.ts), both ways checked against Python itself: `python3` parses each source
// (its `ast`, once per batch) and says what string the `croql` argument holds, or that it builds it at run
// time or refuses it. A query read out of a literal must be that string; an edit written into one must
// make Python read the edited query.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findRegions } from './regions.ts';
import { hostEdit } from './region.ts';
import { jsRegions } from './host-js.ts';
import { pythonRegions } from './host-python.ts';
import { randomEdit } from './testing.ts';

const READ = `
import ast, json, sys, warnings
warnings.simplefilter('ignore')
def value(node):
    if isinstance(node, ast.JoinedStr):
        parts = [v.value for v in node.values if isinstance(v, ast.Constant)]
        return ''.join(parts) if len(parts) == len(node.values) else None
    v = ast.literal_eval(node)
    return v if isinstance(v, str) else None
out = []
for source in json.load(sys.stdin):
    try:
        tree = ast.parse(source)
        found = [k.value for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords if k.arg == 'croql']
        out.append(value(found[0]))
    except Exception:
        out.append(None)
json.dump(out, sys.stdout)
`;

/** What Python reads as each source's `croql=` argument: a string, or null (built at run time, refused). */
function pythonReads(sources: readonly string[]): (string | null)[] {
  let out: string;
  try {
    out = execFileSync('python3', ['-c', READ], { input: JSON.stringify(sources), encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    throw new Error('python3 is not on PATH, and these tests ask Python itself: apt-get install python3', {
      cause: error,
    });
  }
  return JSON.parse(out) as (string | null)[];
}

const call = (literal: string) =>
  `rows = client.source_strings.list_strings(projectId=1, croql=${literal})\n`;

/** Characters that escapes, quotes, braces and line endings treat specially, and ones outside the BMP. */
const HARD = ['a', ' ', '"', "'", '\\', '{', '}', '\n', '\r', '\t', '\0', 'é', '😀', '1', '7', 'x', 'N', 'u'];
const queries = fc.array(fc.constantFrom(...HARD), { maxLength: 24 }).map((a) => a.join(''));
const QUOTES = ["'", '"', "'''", '"""'];
const PREFIXES = ['', 'r', 'f', 'rf', 'u', 'R', 'F'];

/** Pieces of a literal's content written by hand: escapes of every kind, line breaks, braces. */
const WRITTEN = [
  'a',
  ' ',
  'é',
  '😀',
  '"',
  "'",
  '\\\\',
  "\\'",
  '\\"',
  '\\n',
  '\\t',
  '\\a',
  '\\x41',
  '\\u00e9',
];
WRITTEN.push('\\U0001F600', '\\101', '\\0', '\\7', '\\d', '\\{', '\\\n', '\\\r\n', '\n', '\r\n', '{{', '}}');
WRITTEN.push('{x}', '\\x4', '1', '7');

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A literal written by hand: a prefix, a quote, and content Python may or may not accept. */
const literals = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.constantFrom(...QUOTES), fc.array(fc.constantFrom(...WRITTEN)))
  .map(([prefix, quote, parts]) => `${prefix}${quote}${parts.join('')}${quote}`);
/** Literals side by side inside brackets, with what may stand between them. */
const joined = fc
  .tuple(
    fc.array(literals, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('', ' ', '\n    ', '  # a comment\n    ', ' \\\n '),
  )
  .map(([parts, gap]) => `(${parts.join(gap)})`);

describe('CroQL in Python, as Python reads it', () => {
  for (const quote of QUOTES) {
    for (const prefix of ['', 'f']) {
      it(`a query written into ${prefix}${quote}…${quote} is the query Python reads, and the one the server reads`, () => {
        const encode = pythonRegions(call(`${prefix}${quote}x${quote}`), 1).regions[0]!.encode;
        const sample = fc.sample(queries, 300);
        const sources = sample.map((q) => call(`${prefix}${quote}${encode(q)}${quote}`));
        expect(pythonReads(sources)).toEqual(sample);
        expect(sources.map((s) => pythonRegions(s, 1).regions[0]?.text)).toEqual(sample);
      });
    }
  }

  it('a literal written by hand, or several side by side, reads as Python reads it', () => {
    const sources = fc.sample(fc.oneof(literals, joined), 1000).map(call);
    const python = pythonReads(sources);
    const ours = sources.map((s) => pythonRegions(s, 1).regions[0]?.text ?? null);
    // Where Python refuses the literal or builds it at run time, there is nothing to check against; a
    // literal Python reads is read the same.
    const read = python.flatMap((p, i) => (p === null ? [] : [[sources[i], ours[i]]]));
    expect(read).toEqual(python.flatMap((p, i) => (p === null ? [] : [[sources[i], p]])));
    expect(read.length).toBeGreaterThan(300);
  });

  it('leaves alone what Python builds at run time or what this server cannot name', () => {
    for (const literal of ['f"id of file = {file_id}"', '"\\N{BULLET} x"', '("a" f"{b}")']) {
      expect(pythonRegions(call(literal), 1).regions).toEqual([]);
    }
  });

  it('writes an edit anywhere in a query so that Python reads the edited query', () => {
    const cases = fc.sample(
      fc
        .tuple(
          fc.oneof(literals, joined),
          fc.nat(),
          fc.nat(),
          fc.array(fc.constantFrom(...HARD), { maxLength: 6 }),
        )
        .map(([literal, a, b, typed]) => {
          const source = call(literal);
          const region = pythonRegions(source, 1).regions[0];
          return region ? { ...randomEdit(source, region, a, b, typed.join('')), source } : null;
        })
        .filter((c) => c !== null),
      1000,
    );
    // Only literals Python reads: an edit of one it refuses has nothing to be checked against. Nor does one
    // that splits a character outside the BMP in two (Python's source holds no half of one).
    const before = pythonReads(cases.map((c) => c.source));
    const kept = cases.filter((c, i) => before[i] !== null && !LONE_SURROGATE.test(c.expected));
    expect(kept.length).toBeGreaterThan(300);
    expect(pythonReads(kept.map((c) => c.edited))).toEqual(kept.map((c) => c.expected));
  });

  it('keeps the comments between literals side by side when an edit spans them', () => {
    const source = call(`(\n    'count of labels > 0 '  # any label\n    r'and text contains "\\d"'\n)`);
    const region = pythonRegions(source, 1).regions[0]!;
    expect(region.text).toBe('count of labels > 0 and text contains "\\d"');
    const edit = hostEdit(region, 0, region.text.length, 'is hidden');
    const edited = source.slice(0, edit.from) + edit.text + source.slice(edit.to);
    expect(edited).toContain('# any label');
    expect(pythonReads([edited])).toEqual(['is hidden']);
  });

  it('maps each character to where it is written: an escape, a Windows line break', () => {
    const source = call('"""a\\x41\r\nb"""');
    const region = pythonRegions(source, 1).regions[0]!;
    expect(region.text).toBe('aA\nb');
    expect(source.slice(region.map![1], region.map![2])).toBe('\\x41');
    expect(source.slice(region.map![2], region.map![3])).toBe('\r\n');
  });
});

describe('the listing of a query in Python', () => {
  const listingOf = (source: string) =>
    findRegions('file:///sync.py', 'python', source, 5).regions.map((r) => r.listing);

  it('is the one whose official client method takes the query', () => {
    const source = [
      'client.source_strings.list_strings(projectId=1, croql="is hidden")',
      'client.string_translations.list_language_translations(',
      '    languageId="uk", projectId=1, croql="count of votes > 0")',
      'client.glossaries.list_terms(glossaryId=2, croql="text contains \'x\'")',
    ].join('\n');
    expect(listingOf(source)).toEqual(['strings', 'translations', 'glossaryTerms']);
  });

  it('is the one whose API path the call names, for a plain HTTP call', () => {
    const source = [
      'requests.get(f"{BASE}/tms/{tm_id}/segments", params={"croql": "count of records > 1"})',
      "requests.get(BASE + '/projects/1/languages/uk/translations', params={'croql': 'count of votes > 0'})",
      'croql = "is hidden"',
    ].join('\n');
    expect(listingOf(source)).toEqual(['tmSegments', 'translations', 'strings']);
  });

  it('is not that of a call closed before it (Python and JavaScript alike)', () => {
    const python = 'client.glossaries.list_terms(glossaryId=2, croql="x")\nrun(croql="is hidden")';
    expect(listingOf(python)).toEqual(['glossaryTerms', 'strings']);
    const js = "await api.glossariesApi.listTerms(2, { croql: 'x' });\nawait run(1, { croql: 'is hidden' });";
    expect(jsRegions(js, 5).regions.map((r) => r.listing)).toEqual(['glossaryTerms', 'strings']);
  });

  it('is read from a .py file whatever the editor calls its language', () => {
    expect(findRegions('file:///sync.py', 'plaintext', 'f(croql="is hiden")', 5).regions).toHaveLength(1);
  });
});
