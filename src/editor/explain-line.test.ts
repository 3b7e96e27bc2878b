import { describe, expect, it } from 'vitest';
import { explainLineText } from './explain-line.tsx';

describe('the line under the editor', () => {
  it('reads a valid query in plain English', () => {
    expect(explainLineText('is hidden', 'strings')).toMatch(/hidden/i);
    expect(explainLineText('  ', 'strings')).toBe('An empty query lists everything.');
  });

  it('while the query has errors, counts the problems and says the first one', () => {
    expect(explainLineText('is hiden and is duplicat', 'strings')).toBe(
      '2 problems. `is hiden` is not a field of a source string. Did you mean `is hidden`?',
    );
    expect(explainLineText('is hidden and', 'strings')).toBe('1 problem. `and` needs an operand after it.');
  });
});
