// fast-check generators of CroQL text, for property tests here and in the builder.
//   arbitraryQuery(context): a query that analyses with no diagnostics in that context (type-correct,
//     boolean, names from the schema), written with random spacing, keyword case and name spellings.
//   arbitraryExpressionText(): syntactically plausible text mixing every operator with and without
//     parentheses; some of it does not parse (filter with `parse`), the rest exercises precedence.
import fc from 'fast-check';
import { fieldsOf, rootType } from './schema.ts';
import type { ListingName, FieldDef } from './types.ts';

type Gen = fc.Arbitrary<string>;

const space = fc.constantFrom(' ', ' ', ' ', '  ', '\n', '\t', '\u00a0', '\u2003', '\u3000');
const keywordCase = (kw: string) =>
  fc.constantFrom(kw, kw.toUpperCase(), kw.charAt(0).toUpperCase() + kw.slice(1));

/** `a KW b` with random spacing and keyword case. */
function infix(left: Gen, kw: string, right: Gen): Gen {
  return fc.tuple(left, space, keywordCase(kw), space, right).map((p) => p.join(''));
}

function spelling(f: FieldDef): Gen {
  const variants = [f.name, f.key, f.name.toUpperCase(), f.name.split(' ').join('   ')];
  return fc.constantFrom(...variants);
}

const stringLiteral = fc
  .string({ maxLength: 8 })
  .map((s) => '"' + s.replace(/[\\"]/g, (c) => '\\' + c) + '"');
const integer = fc.nat({ max: 1000 }).map(String);
const number = fc.oneof(
  integer,
  fc.tuple(fc.nat({ max: 99 }), fc.nat({ max: 99 })).map(([a, b]) => `${a}.${b}`),
);
const datetime = fc.constantFrom("'today'", "'2024-01-01'", "'2023-12-31 23:59:59'", "'2020-02-29'");
const comparison = fc.constantFrom('=', '!=', '>', '>=', '<', '<=', '≠', '≥', '≤');
const paren = (g: Gen): Gen => g.map((s) => `(${s})`);

/** A boolean expression valid in the scope chain (innermost type last). */
function booleanIn(scopes: readonly string[], depth: number): Gen {
  const inner = scopes[scopes.length - 1]!;
  const fields = scopes.flatMap((s) => fieldsOf(s));
  const byType = (pred: (f: FieldDef) => boolean) => fields.filter(pred);
  const scalarOf = (...types: string[]) =>
    byType((f) => f.type.kind === 'scalar' && types.includes(f.type.type));
  const options: Gen[] = [];

  const booleans = scalarOf('boolean');
  if (booleans.length) options.push(fc.constantFrom(...booleans).chain(spelling));
  const numbers = scalarOf('integer', 'float');
  if (numbers.length) {
    options.push(
      fc
        .tuple(fc.constantFrom(...numbers).chain(spelling), comparison, number)
        .map(([f, op, n]) => `${f} ${op} ${n}`),
    );
  }
  const strings = scalarOf('string');
  if (strings.length) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...strings).chain(spelling),
          fc.constantFrom('=', '!=', 'contains', 'CONTAINS'),
          stringLiteral,
        )
        .map(([f, op, s]) => `${f} ${op} ${s}`),
    );
  }
  const datetimes = scalarOf('datetime');
  if (datetimes.length) {
    const field = fc.constantFrom(...datetimes).chain(spelling);
    options.push(fc.tuple(field, comparison, datetime).map(([f, op, d]) => `${f} ${op} ${d}`));
    options.push(fc.tuple(field, datetime, datetime).map(([f, a, b]) => `${f} between ${a} and ${b}`));
  }
  const users = scalarOf('user');
  if (users.length) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...users).chain(spelling),
          fc.constantFrom('=', '!='),
          fc.constantFrom('@user:"alice"', '@user:"bob"', '1', '2'),
        )
        .map(([f, op, v]) => `${f} ${op} ${v}`),
    );
  }
  const languages = scalarOf('language');
  if (languages.length) {
    options.push(
      fc
        .tuple(
          fc.constantFrom(...languages).chain(spelling),
          fc.constantFrom('=', '!='),
          fc.constantFrom('@language:"uk"', '"de"'),
        )
        .map(([f, op, v]) => `${f} ${op} ${v}`),
    );
  }
  // `count of records > 2`: the only kind of condition a TM segment's own fields allow at the leaves.
  const counted = fieldsOf(inner).filter((f) => f.type.kind === 'collection');
  if (counted.length) {
    options.push(
      fc
        .tuple(fc.constantFrom(...counted).chain(spelling), comparison, integer)
        .map(([name, op, n]) => `count of ${name} ${op} ${n}`),
    );
  }
  if (depth > 0) {
    const sub = () => booleanIn(scopes, depth - 1);
    options.push(infix(paren(sub()), 'and', paren(sub())));
    options.push(infix(paren(sub()), 'or', paren(sub())));
    options.push(infix(paren(sub()), 'xor', paren(sub())));
    options.push(fc.tuple(keywordCase('not'), space, paren(sub())).map((p) => p.join('')));
    options.push(fc.tuple(sub(), sub(), sub()).map(([c, a, b]) => `(if (${c}) then (${a}) else (${b}))`));
    const collections = fieldsOf(inner).filter((f) => f.type.kind === 'collection');
    if (collections.length) {
      options.push(
        fc
          .constantFrom(...collections)
          .chain((f) =>
            fc.tuple(
              spelling(f),
              booleanIn([...scopes, (f.type as { elementType: string }).elementType], depth - 1),
              comparison,
              integer,
              fc.boolean(),
            ),
          )
          .map(
            ([name, p, op, n, plusOne]) => `count of ${name} where (${p})${plusOne ? ' + 1' : ''} ${op} ${n}`,
          ),
      );
    }
    const objects = fieldsOf(inner).filter((f) => f.type.kind === 'object');
    if (objects.length) {
      options.push(
        fc
          .constantFrom(...objects)
          .chain((f) =>
            fc.tuple(
              spelling(f),
              booleanIn([...scopes, (f.type as { objectType: string }).objectType], depth - 1),
            ),
          )
          .map(([name, p]) => `${name} with (${p})`),
      );
    }
  }
  return fc.oneof(...options);
}

export function arbitraryQuery(context: ListingName, depth = 3): Gen {
  return booleanIn([rootType(context)], depth);
}

/** Any operators, with and without parentheses: for precedence and round-trip properties. */
export function arbitraryExpressionText(): Gen {
  const { expr } = fc.letrec<{ expr: string; atom: string }>((tie) => ({
    atom: fc.oneof(
      fc.constantFrom('a', 'b c', 'is hidden', 'count', 'x1'),
      integer,
      stringLiteral,
      datetime,
      fc.constantFrom('@user:"alice"', '@language:"uk"'),
    ),
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      tie('atom'),
      paren(tie('expr')),
      fc
        .tuple(
          tie('expr'),
          fc.constantFrom(
            'and',
            'or',
            'xor',
            '+',
            '-',
            '*',
            '/',
            '=',
            '!=',
            '<',
            '≥',
            'contains',
            'where',
            'with',
            'of',
          ),
          tie('expr'),
        )
        .map(([l, op, r]) => `${l} ${op} ${r}`),
      fc.tuple(fc.constantFrom('not ', '-'), tie('expr')).map(([op, e]) => op + e),
      fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `${a} between ${b} and ${c}`),
      fc.tuple(tie('expr'), tie('expr'), tie('expr')).map(([a, b, c]) => `if ${a} then ${b} else ${c}`),
    ),
  }));
  return expr;
}
