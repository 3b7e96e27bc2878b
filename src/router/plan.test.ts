import { describe, expect, it } from 'vitest';
import { DELIVERED_KEYS } from './event-context.ts';
import { CARRIED_KEYS, checkRule, planSettings, ruleText } from './plan.ts';

const plan = (query: string) => {
  const check = checkRule({ query, output: 'true' }, { languages: ['uk', 'de'] });
  if (!check.ok) throw new Error(check.diagnostics.map((d) => d.message).join('; '));
  return check.plan;
};

describe('planning a rule from its checked model', () => {
  it('runs a rule locally when it reads only what a delivery carries', () => {
    const p = plan('text contains "Save" and not is hidden and max length > 0 and name of file = "a.json"');
    expect(p.path).toBe('local');
    expect(p.why).toBe(
      'Runs on each delivery: it reads only “text”, “is hidden”, “max length” and “name of file”, which every delivery carries.',
    );
  });

  it('names the project lists a local rule needs for titles given by id', () => {
    const p = plan('count of labels where (title = "legal") > 0 or name of branch = "main"');
    expect(p.path).toBe('local');
    expect(p.lookups).toEqual({ labels: true, branches: true });
    expect(p.why).toMatch(
      /label titles from the project's labels and branch names from the project's branches/,
    );
    expect(plan('count of labels where (id = 5) > 0').lookups).toEqual({ labels: false, branches: false });
  });

  it('sends a rule that reads anything else through the listing, and says which fields', () => {
    const p = plan('count of comments where (has unresolved issue) > 0 and text contains "a"');
    expect(p.path).toBe('api');
    expect(p.why).toBe(
      "Runs through the project's strings listing: a delivery does not carry “has unresolved issue of comment”.",
    );
    expect(plan('isPassedWorkflow').path).toBe('api');
    expect(plan('context of file contains "UI"').path).toBe('api');
    expect(plan('type of file = "json"').why).toMatch(/names the file's type differently/);
  });

  it('plans locally exactly the keys a delivered context has', () => {
    expect([...CARRIED_KEYS].sort()).toEqual([...DELIVERED_KEYS].sort());
    const all =
      'text = "" or identifier = "" or context = "" or max length > 0 or type is plain or type is plural or type is icu or type is asset or is visible or is hidden or is duplicate or added > \'2024-01-01\' or updated > \'2024-01-01\' or id of file = 1 or id of branch = 1 or count of labels > 0';
    const p = plan(all);
    expect(p.path).toBe('local');
    expect(p.reads).toHaveLength(16);
  });
});

describe('{{language}}', () => {
  it('is the language being routed, substituted by the templates', () => {
    const q = 'count of languages summary where (language = {{language}} and is approved) > 0';
    expect(plan(q).perLanguage).toBe(true);
    expect(ruleText(q, 'uk')).toBe(
      'count of languages summary where (language = @language:"uk" and is approved) > 0',
    );
    expect(ruleText('language = @language:{{language}}', 'de')).toBe('language = @language:"de"');
  });

  it('is the only placeholder a rule may hold', () => {
    const check = checkRule({ query: 'text contains {{word}}', output: 'true' }, {});
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.diagnostics[0]!.message).toMatch(
      /Only \{\{language\}\} can stand in a rule/,
    );
  });
});

describe('planSettings', () => {
  it("refuses settings with a rule the core refuses, at the rule, with the core's diagnostics", () => {
    const result = planSettings(
      {
        rules: [
          { query: 'is hidden', output: 'true' },
          { query: 'is hiden', output: 'false' },
        ],
        default: 'false',
      },
      {},
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]!.pointer).toBe('/rules/1/query');
    expect(result.problems[0]!.message).toMatch(/^Rule 2: /);
    expect(result.problems[0]!.diagnostics![0]!.from).toBe(0);
  });

  it('checks mentions against the project when it knows its members', () => {
    const rule = { query: 'count of comments where (user = @user:"zed") > 0', output: 'true' as const };
    expect(
      planSettings({ rules: [rule], default: 'false' }, { users: [{ id: 1, username: 'alice' }] }).ok,
    ).toBe(false);
    expect(planSettings({ rules: [rule], default: 'false' }, {}).ok).toBe(true);
  });
});
