import { describe, expect, it } from 'vitest';
import { clampedLine, EXPLAIN_SHOWN, explainLineText } from './explain-line.tsx';

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
    // An enterprise-only field on Crowdin is refused there, as the emulator refuses it; on Enterprise it reads.
    expect(explainLineText('isPassedWorkflow', 'strings', options)).toBe(
      '1 problem. `isPassedWorkflow` exists only in Crowdin Enterprise; on Crowdin it is not defined. Remove it, or run the query on an Enterprise organization.',
    );
    expect(explainLineText('isPassedWorkflow', 'strings', { ...options, edition: 'enterprise' })).toBe(
      'Strings that have passed the workflow.',
    );
  });

  it('reads a placeholder that stands for each of several languages with the words given, not one language', () => {
    const options = { languages: ['uk', 'de'], edition: 'enterprise' as const };
    const params = [{ name: 'language', type: 'language' as const, value: 'uk' }];
    const rule = 'count of languages summary where (language = {{language}} and is approved) > 0';
    expect(explainLineText(rule, 'strings', options, params)).toMatch(/Ukrainian/);
    const line = explainLineText(rule, 'strings', options, params, undefined, {
      language: 'each language in turn',
    });
    expect(line).toContain('in each language in turn');
    expect(line).not.toMatch(/Ukrainian/);
    const translations = 'count of translations where (language = {{language}}) > 0';
    expect(
      explainLineText(translations, 'strings', options, params, undefined, {
        language: 'each language in turn',
      }),
    ).toContain('in each language in turn');
  });

  it('reads a template’s relative datetime as written, with the datetime it stands for now', () => {
    const now = new Date('2024-05-15T13:45:30Z');
    const params = [{ name: 'since', type: 'datetime' as const, value: 'start of this week' }];
    expect(explainLineText('updated >= {{since}}', 'strings', {}, params, now)).toBe(
      'Strings that were updated on or after the start of this week (2024-05-13 00:00:00 UTC).',
    );
  });

  it('a long reading is cut at a word, never inside a code span', () => {
    expect(clampedLine('Short.')).toBeNull();
    const long = `Strings whose text contains ${'“word” and '.repeat(60)}more.`;
    const cut = clampedLine(long)!;
    expect(cut.length).toBeLessThanOrEqual(EXPLAIN_SHOWN + 1);
    expect(cut.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
    const code = `${'x '.repeat(130)}\`count of translations where (text contains "a") > 0\` and more words after it`;
    expect(clampedLine(code)!.includes('`')).toBe(false);
  });
});
