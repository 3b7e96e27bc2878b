// Hostile inputs for the core's complexity guards: what made work explode before (prefix runs `- - - x`,
// `not not …`, nested `count of … where (…)`, long chains, deep parentheses, `if … else if …`) and random
// edits of them, each at most 4 KiB. The property test (src/croql/time.property.test.ts) checks that the
// core answers them correctly; `npm run bench` (src/bench/croql-hostile.bench.ts) times them.
import fc from 'fast-check';
import { arbitraryExpressionText, arbitraryQuery } from './arbitrary.ts';

export const MAX_BYTES = 4096;
/** Linear work of the largest size: a 4 KiB `or` chain. */
export const REFERENCE = 'id = 1 or '.repeat(409) + 'id = 2';

const fitted = (text: string) => {
  let out = text;
  while (new TextEncoder().encode(out).length > MAX_BYTES) out = out.slice(0, Math.floor(out.length * 0.9));
  return out;
};

const term = fc.constantFrom(
  'is hidden',
  'max length > 1',
  '(file with (id = 3))',
  'text contains "a"',
  'count of translations > 0',
  "added between '2024-01-01' and 'today'",
  'id = 1',
  'x',
);
const prefix = fc
  .array(fc.constantFrom('-', '- ', 'not ', '!', 'NOT -', '--'), { maxLength: 120 })
  .map((p) => p.join(''));
const prefixed = fc.tuple(prefix, term).map(([p, t]) => p + t);

/** `count of translations where (… count of translations where (P) > 0 …) > 0`, `levels` deep. */
const nestedCounts = fc
  .tuple(fc.integer({ min: 1, max: 70 }), prefixed, fc.constantFrom('translations', 'comments', 'labels'))
  .map(([levels, inner, collection]) => {
    const open = `count of ${collection} where (`;
    return open.repeat(levels) + inner + ') > 0'.repeat(levels);
  });
const chain = fc
  .tuple(
    fc.array(fc.oneof(term, prefixed), { minLength: 2, maxLength: 400 }),
    fc.constantFrom(' and ', ' or ', ' xor ', ' + ', ' - ', ' * ', ' = '),
  )
  .map(([terms, op]) => terms.join(op));
const parens = fc
  .tuple(fc.integer({ min: 1, max: 70 }), fc.oneof(term, prefixed, chain))
  .map(([n, inner]) => '('.repeat(n) + inner + ')'.repeat(n));
const ifElse = fc
  .tuple(fc.integer({ min: 1, max: 80 }), term)
  .map(([n, t]) => `if ${t} then 1 else `.repeat(n) + '2 > 1');
const ofChain = fc.integer({ min: 1, max: 300 }).map((n) => 'count of '.repeat(n) + 'translations > 0');

const structured = fc.oneof(
  prefixed,
  nestedCounts,
  chain,
  parens,
  ifElse,
  ofChain,
  arbitraryExpressionText(),
);
/** A structured input with a random edit: a slice cut out, or pieces put in. */
const edited = fc
  .tuple(
    structured,
    fc.nat(),
    fc.nat({ max: 40 }),
    fc.constantFrom('', '(', ')', ' not ', ' - ', '"', ' and '),
  )
  .map(([text, at, cut, insert]) => {
    const pos = at % (text.length + 1);
    return text.slice(0, pos) + insert + text.slice(pos + cut);
  });
/** One hostile input of at most MAX_BYTES bytes. */
export const hostile = fc
  .oneof(structured, edited, arbitraryQuery('strings'), fc.string({ unit: 'binary', maxLength: 400 }))
  .map(fitted);
