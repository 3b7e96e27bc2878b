import { describe, expect, it } from 'vitest';
import { datetimeBody, datetimeLiteral, mentionLiteral, stringLiteral } from './literals.ts';
import { parse } from './parse.ts';

const HOSTILE = ['', 'plain', 'a "quoted" word', 'back\\slash', '\\"', 'a" or id > 0 or text = "\\', '{{x}}'];

/** The one literal `text` parses to (a comparison's right operand). */
function operandOf(text: string) {
  const { ast, diagnostics } = parse(`text = ${text}`);
  expect(diagnostics).toEqual([]);
  expect(ast?.kind).toBe('comparison');
  return ast?.kind === 'comparison' ? ast.right : null;
}

describe('literals round-trip through the parser', () => {
  it.each(HOSTILE)('a string literal of %j reads back as the same value', (value) => {
    expect(operandOf(stringLiteral(value))).toMatchObject({ kind: 'string', value });
  });

  it.each(HOSTILE.filter(Boolean))('a mention of %j reads back as the same kind and value', (value) => {
    for (const kind of ['user', 'language'] as const) {
      expect(operandOf(mentionLiteral(kind, value))).toMatchObject({
        kind: 'mention',
        mentionKind: kind,
        value,
      });
    }
  });

  it('a datetime literal of each accepted form reads back without a diagnostic', () => {
    for (const body of ['today', '2024-02-29', '2024-05-01 13:45:00']) {
      expect(operandOf(datetimeLiteral(body))).toMatchObject({ kind: 'datetime' });
    }
  });
});

describe('typed datetimes', () => {
  it('take the forms CroQL reads and a browser’s datetime-local value; refuse days that do not exist', () => {
    expect(datetimeBody('today')).toBe('today');
    expect(datetimeBody(' Today ')).toBe('today');
    expect(datetimeBody('2024-02-29')).toBe('2024-02-29');
    expect(datetimeBody('2024-05-01T13:45')).toBe('2024-05-01 13:45:00');
    expect(datetimeBody('2023-02-29')).toBeNull();
    expect(datetimeBody('2024-04-31 00:00:00')).toBeNull();
    expect(datetimeBody('2024-05-01 25:00:00')).toBeNull();
    expect(datetimeBody('yesterday')).toBeNull();
  });
});
