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

  it('uses the same analysis as lint: members, languages and edition', () => {
    const options = {
      users: [{ id: 1, username: 'alice' }],
      languages: ['uk'],
      edition: 'standard' as const,
    };
    const line = explainLineText('count of translations where (user = @user:"zed") > 0', 'strings', options);
    expect(line).toBe('1 problem. There is no user `zed` in this project.');
    expect(line).not.toMatch(/Strings/);
    expect(explainLineText('language = @language:"xx"', 'glossaryTerms', options)).toMatch(/^1 problem\. /);
    // An enterprise-only field on the standard edition is a warning: the reading stays.
    expect(explainLineText('isPassedWorkflow', 'strings', options)).toBe(
      'Strings that have passed the workflow.',
    );
  });
});
