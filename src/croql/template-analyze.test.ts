import { describe, expect, it } from 'vitest';
import { analyzeTemplate, placeholderPrefixAt } from './template-analyze.ts';
import { completeTemplate } from './template-complete.ts';

const NOW = new Date('2024-05-15T13:45:30Z');

describe('analysis of a template', () => {
  it('places the core’s diagnostics in the template text', () => {
    const text = 'count of translations where (language = {{lang}} and bogus = 1) > 0';
    const { diagnostics } = analyzeTemplate(
      text,
      'strings',
      {},
      [{ name: 'lang', type: 'language', value: 'uk' }],
      NOW,
    );
    const unknown = diagnostics.find((d) => d.severity === 'error');
    expect(text.slice(unknown!.from, unknown!.to)).toBe('bogus');
  });

  it('a missing value is one error at its placeholder, not an error about a stand-in', () => {
    const text = 'user = {{who}} and count of approvals > 0';
    const { diagnostics } = analyzeTemplate(
      text,
      'translations',
      { users: [{ id: 1, username: 'alice' }] },
      [{ name: 'who', type: 'member', value: '' }],
      NOW,
    );
    expect(diagnostics).toHaveLength(1);
    expect(text.slice(diagnostics[0]!.from, diagnostics[0]!.to)).toBe('{{who}}');
    expect(diagnostics[0]!.message).toMatch(/^Parameter who: /);
  });

  it('a filled value is type-checked: a number where a text belongs is an error', () => {
    const { diagnostics } = analyzeTemplate(
      'text = {{n}}',
      'strings',
      {},
      [{ name: 'n', type: 'number', value: '3' }],
      NOW,
    );
    expect(diagnostics.some((d) => d.severity === 'error' && d.from === 0)).toBe(true);
  });

  it('a text without placeholders is analysed exactly as the core does', () => {
    expect(analyzeTemplate('max length > 3', 'strings', {}, [], NOW).diagnostics).toEqual([]);
  });
});

describe('completion in a template', () => {
  it('after a placeholder, the core completes as if its value were there', () => {
    const text = 'count of translations where (language = {{lang}} an';
    const result = completeTemplate(text, text.length, 'strings', {}, [
      { name: 'lang', type: 'language', value: '' },
    ]);
    expect(result?.from).toBe(text.length - 2);
    expect(result?.items.some((i) => i.label === 'and')).toBe(true);
  });

  it('`{{` starts a parameter completion', () => {
    expect(placeholderPrefixAt('id = {{ co', 10)).toEqual({ from: 5, typed: 'co' });
    expect(placeholderPrefixAt('id = 3', 6)).toBeNull();
  });
});
