// Every (operator, left type, right type) case of the operator table, with the checker's verdict: what the
// tests of the checker, completion (operators.test.ts) and the builder (src/builder/operators.test.ts)
// compare their offers against.
import { analyze } from './check.ts';
import { OPERATORS, SCALAR_TYPES } from './operators.ts';
import type { ScalarType } from './types.ts';

/** An operand of each type, as a literal or a field of a source string. */
export const OPERAND: Record<ScalarType, string> = {
  integer: '1',
  float: '1.5',
  string: '"a"',
  boolean: 'is hidden',
  datetime: "'today'",
  user: '@user:"alice"',
  language: '@language:"uk"',
};

/** The operators between two operands. */
export const BINARY = OPERATORS.filter(
  (o) => o.kind === 'comparison' || o.kind === 'range' || o.kind === 'arithmetic',
);
export type BinaryOperator = (typeof BINARY)[number];

/** The query that puts `left` and `right` on either side of `op`. */
export function caseText(op: BinaryOperator, left: ScalarType, right: ScalarType): string {
  return op.kind === 'range'
    ? `${OPERAND[left]} between ${OPERAND[right]} and ${OPERAND[right]}`
    : `${OPERAND[left]} ${op.symbol} ${OPERAND[right]}`;
}

/** The right-hand types the checker accepts for `op` after `left` (a syntax error in a case is a bug here). */
export function acceptedRights(op: BinaryOperator, left: ScalarType): ScalarType[] {
  return SCALAR_TYPES.filter((right) => {
    const text = caseText(op, left, right);
    const { diagnostics } = analyze(text, 'strings');
    const syntax = diagnostics.find((d) => d.code === 'croqlInvalidSyntax');
    if (syntax) throw new Error(`${text}: ${syntax.message}`);
    return !diagnostics.some((d) => d.reason === 'typeMismatch');
  });
}
