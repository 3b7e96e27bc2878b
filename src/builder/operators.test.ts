// The builder follows the operator table as the checker reads it (src/croql/operators.test.ts checks the
// checker and completion against the same cases): for every (operator, left type), the builder offers the
// operator, a value and fields of exactly the types the checker accepts.
import { describe, expect, it } from 'vitest';
import { analyze, SCALAR_TYPES, type ComparisonOp } from '../croql/index.ts';
import { acceptedRights, BINARY } from '../croql/operator-cases.ts';
import { fieldChoices, operatorsFor, rightFieldChoices, rightKinds, valueTypes } from './choices.ts';

/** Scopes whose fields (their own and their objects') cover every scalar type but float between them. */
const BUILDER_SCOPES = ['sourceString', 'stringTranslation'];
const typesInScope = (scope: string) =>
  new Set(
    fieldChoices(scope, 'enterprise').flatMap((c) => (c.def.type.kind === 'scalar' ? [c.def.type.type] : [])),
  );

describe('the builder agrees with the checker on every operator', () => {
  for (const op of BINARY) {
    if (op.kind === 'arithmetic') continue;
    for (const left of SCALAR_TYPES) {
      it(`${op.symbol} after ${left}`, () => {
        const accepted = acceptedRights(op, left);
        // The builder offers it for a field of this type exactly when the checker accepts it …
        expect(
          (operatorsFor(left) as string[]).includes(op.name),
          `builder offers ${op.symbol} for a ${left} field`,
        ).toBe(accepted.length > 0);
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

  it('a boolean compares with a boolean: the builder offers it', () => {
    expect(analyze('is hidden = is duplicate', 'strings').diagnostics).toEqual([]);
    expect(operatorsFor('boolean')).toEqual(['isTrue', 'isFalse', '=', '!=']);
    expect(rightKinds('sourceString', 'standard', 'boolean', '=')).toEqual(['field']);
  });

  it('texts order and languages contain, in the builder as in the checker', () => {
    expect(operatorsFor('string')).toEqual(expect.arrayContaining(['<', '>', 'contains']));
    expect(operatorsFor('language')).toContain('contains');
  });
});
