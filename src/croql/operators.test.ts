// The operator table is the one description of which operators exist and what they accept: the checker
// and completion follow it (the builder too: src/builder/operators.test.ts). This walks every (operator,
// left type, right type).
import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { complete } from './complete.ts';
import { acceptedRights, BINARY, OPERAND } from './operator-cases.ts';
import { FOREIGN_OPERATORS, resultType, SCALAR_TYPES } from './operators.ts';
import { fieldsOf } from './schema.ts';
import type { ScalarType } from './types.ts';

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

describe('the operator table agrees with the checker and completion', () => {
  for (const op of BINARY) {
    for (const left of SCALAR_TYPES) {
      it(`${op.symbol} after ${left}`, () => {
        const accepted = acceptedRights(op, left);
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
      });
    }
  }

  it('a boolean compares with a boolean: the checker accepts it, completion offers it', () => {
    expect(analyze('is hidden = is duplicate', 'strings').diagnostics).toEqual([]);
    expect(completionOffersAfter('boolean')).toEqual(expect.arrayContaining(['=', '!=']));
  });

  it('texts order and languages contain, in the checker and completion alike', () => {
    expect(analyze('text < "m"', 'strings').diagnostics).toEqual([]);
    expect(completionOffersAfter('string')).toEqual(expect.arrayContaining(['<', '>']));
    expect(analyze('language contains "u"', 'glossaryTerms').diagnostics).toEqual([]);
    expect(completionOffersAfter('language')).toContain('contains');
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
