import { describe, expect, it } from 'vitest';
import { MAX_RULES, readSettings } from './settings.ts';

describe('readSettings', () => {
  it('reads the documented shape', () => {
    const value = { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' };
    expect(readSettings(value)).toEqual({ ok: true, settings: value });
  });

  it('names every problem at its place', () => {
    const result = readSettings({
      rules: [{ query: ' ', output: 'approved' }, 3],
      default: 'maybe',
      extra: 1,
    });
    expect(result.ok).toBe(false);
    const pointers = result.ok ? [] : result.problems.map((p) => p.pointer);
    expect(pointers).toEqual(['/extra', '/default', '/rules/0/query', '/rules/0/output', '/rules/1']);
  });

  it('refuses what is not an object, and a list too long to be a table', () => {
    expect(readSettings('rules').ok).toBe(false);
    expect(readSettings([]).ok).toBe(false);
    const rules = Array.from({ length: MAX_RULES + 1 }, () => ({ query: 'is hidden', output: 'true' }));
    const result = readSettings({ rules, default: 'false' });
    expect(result.ok ? '' : result.problems[0]!.message).toMatch(/At most 50 rules/);
  });
});
