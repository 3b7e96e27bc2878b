// The operator table is the one description of which operators exist and what they accept: the checker,
// completion and the builder all follow it. This walks every (operator, left type, right type).
import { describe, expect, it } from 'vitest';
import { fieldChoices, operatorsFor, rightFieldChoices, rightKinds, valueTypes } from '../builder/choices.ts';
import { analyze } from './check.ts';
import { complete } from './complete.ts';
import { FOREIGN_OPERATORS, OPERATORS, resultType, SCALAR_TYPES } from './operators.ts';
import { fieldsOf } from './schema.ts';
import type { ComparisonOp, ScalarType } from './types.ts';

/** An operand of each type, as a literal or a field of a source string. */
const OPERAND: Record<ScalarType, string> = {
  integer: '1',
  float: '1.5',
  string: '"a"',
  boolean: 'is hidden',
  datetime: "'today'",
  user: '@user:"alice"',
  language: '@language:"uk"',
};

const BINARY = OPERATORS.filter(
  (o) => o.kind === 'comparison' || o.kind === 'range' || o.kind === 'arithmetic',
);

function checkerAccepts(op: (typeof BINARY)[number], left: ScalarType, right: ScalarType): boolean {
  const text =
    op.kind === 'range'
      ? `${OPERAND[left]} between ${OPERAND[right]} and ${OPERAND[right]}`
      : `${OPERAND[left]} ${op.symbol} ${OPERAND[right]}`;
  const { diagnostics } = analyze(text, 'strings');
  expect(
    diagnostics.filter((d) => d.code === 'croqlInvalidSyntax'),
    text,
  ).toEqual([]);
  return !diagnostics.some((d) => d.reason === 'typeMismatch');
}

function completionOffersAfter(left: ScalarType): string[] {
  const text = OPERAND[left] + ' ';
  return complete(text, text.length, 'strings')?.items.map((i) => i.label) ?? [];
}

/** Inside `translations where (…)` there are fields of every type but float. */
const SCOPE = 'count of translations where (';
const FIELDS_BY_TYPE = new Map<ScalarType, string>();
for (const scope of ['stringTranslation', 'sourceString']) {
  for (const f of fieldsOf(scope)) {
    if (f.type.kind === 'scalar' && !FIELDS_BY_TYPE.has(f.type.type)) FIELDS_BY_TYPE.set(f.type.type, f.name);
  }
}

function completionFieldTypesAfter(op: string, left: ScalarType): Set<ScalarType> {
  const text = `${SCOPE}${OPERAND[left]} ${op} `;
  const labels = new Set(complete(text, text.length, 'strings')?.items.map((i) => i.label) ?? []);
  const types = new Set<ScalarType>();
  for (const [type, name] of FIELDS_BY_TYPE) if (labels.has(name)) types.add(type);
  return types;
}

/** Scopes whose fields (their own and their objects') cover every scalar type but float between them. */
const BUILDER_SCOPES = ['sourceString', 'stringTranslation'];
const typesInScope = (scope: string) =>
  new Set(
    fieldChoices(scope, 'enterprise').flatMap((c) => (c.def.type.kind === 'scalar' ? [c.def.type.type] : [])),
  );

describe('the operator table agrees with the checker, completion and the builder', () => {
  for (const op of BINARY) {
    for (const left of SCALAR_TYPES) {
      it(`${op.symbol} after ${left}`, () => {
        const accepted = SCALAR_TYPES.filter((right) => checkerAccepts(op, left, right));
        // The checker follows the table.
        for (const right of SCALAR_TYPES) {
          const arity = op.kind === 'range' ? [left, right, right] : [left, right];
          expect(resultType(op.name, arity) !== null, `${left} ${op.symbol} ${right}`).toBe(
            accepted.includes(right),
          );
        }
        // Completion offers the operator after such an operand exactly when the checker accepts it …
        expect(completionOffersAfter(left).includes(op.symbol), `offered after ${left}`).toBe(
          accepted.length > 0,
        );
        // … and, after it, fields of exactly the types the checker accepts on its right.
        if (op.kind !== 'arithmetic' && accepted.length > 0) {
          const offered = completionFieldTypesAfter(op.symbol, left);
          for (const right of FIELDS_BY_TYPE.keys()) {
            expect(offered.has(right), `${left} ${op.symbol} field of type ${right}`).toBe(
              accepted.includes(right),
            );
          }
        }
        // The builder offers it for a field of this type exactly when the checker accepts it …
        if (op.kind !== 'arithmetic') {
          expect(
            (operatorsFor(left) as string[]).includes(op.name),
            `builder offers ${op.symbol} for a ${left} field`,
          ).toBe(accepted.length > 0);
        }
        // … and, on its right, a value when the checker accepts one the builder can write (booleans have
        // no literal), and fields of exactly the types the checker accepts there.
        if (op.kind === 'comparison') {
          for (const scope of BUILDER_SCOPES) {
            const kinds = rightKinds(scope, 'enterprise', left, op.name as ComparisonOp);
            expect(kinds.includes('value'), `builder: ${left} ${op.symbol} a value`).toBe(
              accepted.some((right) => valueTypes(left).includes(right)),
            );
            const offered = new Set(
              rightFieldChoices(scope, 'enterprise', left, op.name as ComparisonOp).map(
                (c) => c.def.type.kind === 'scalar' && c.def.type.type,
              ),
            );
            for (const right of typesInScope(scope)) {
              expect(
                offered.has(right),
                `builder in ${scope}: ${left} ${op.symbol} field of type ${right}`,
              ).toBe(accepted.includes(right));
            }
          }
        }
      });
    }
  }

  it('a boolean compares with a boolean: the checker accepts it, completion and the builder offer it', () => {
    expect(analyze('is hidden = is duplicate', 'strings').diagnostics).toEqual([]);
    expect(completionOffersAfter('boolean')).toEqual(expect.arrayContaining(['=', '!=']));
    expect(operatorsFor('boolean')).toEqual(['isTrue', 'isFalse', '=', '!=']);
    expect(rightKinds('sourceString', 'standard', 'boolean', '=')).toEqual(['field']);
  });

  it('texts order and languages contain, in the checker, completion and the builder alike', () => {
    expect(analyze('text < "m"', 'strings').diagnostics).toEqual([]);
    expect(completionOffersAfter('string')).toEqual(expect.arrayContaining(['<', '>']));
    expect(operatorsFor('string')).toEqual(expect.arrayContaining(['<', '>', 'contains']));
    expect(analyze('language contains "u"', 'glossaryTerms').diagnostics).toEqual([]);
    expect(completionOffersAfter('language')).toContain('contains');
    expect(operatorsFor('language')).toContain('contains');
  });
});

describe('foreign spellings', () => {
  it.each(Object.entries(FOREIGN_OPERATORS))('%s is reported with the CroQL to write', (spelling, f) => {
    const text = spelling === '!' ? '! is hidden' : `is hidden ${spelling} is duplicate`;
    const { diagnostics } = analyze(text, 'strings');
    const d = diagnostics.find((x) => x.reason === 'unknownOperator');
    expect(d?.message, text).toContain(f.hint);
    if (f.write) expect(d?.suggestions?.[0]?.insert.trim(), text).toBe(f.write);
  });
});
