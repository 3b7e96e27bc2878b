import { describe, expect, it } from 'vitest';
import { analyze, compile } from './index.ts';
import { stringLiteral } from './literals.ts';
import {
  findPlaceholders,
  mapToTemplate,
  paramsForText,
  PARAM_TYPES,
  renderValue,
  sanitizeParams,
  substitute,
  type ParamType,
} from './template.ts';

/** A fixed moment for the values relative to a run: Wednesday 2024-05-15 13:45:30 UTC. */
const NOW = new Date('2024-05-15T13:45:30Z');
const HOSTILE = 'a" or id > 0 or text = "\\';

describe('placeholders', () => {
  it('are found outside literals only; inside a string they are text', () => {
    const text = `text contains "{{count}} items" and language = {{lang}} and updated > '{{x}}' or {{ who }}`;
    expect(findPlaceholders(text).map((p) => p.name)).toEqual(['lang', 'who']);
  });
  it('after @user: or @language: they supply only the quoted value', () => {
    const [p] = findPlaceholders('user = @user:{{who}}');
    expect(p!.afterMention).toBe(true);
    expect(
      substitute('user = @user:{{who}}', [{ name: 'who', type: 'member', value: 'bob' }], NOW).text,
    ).toBe('user = @user:"bob"');
  });
  it('a text without placeholders is unchanged', () => {
    expect(substitute('id > 3', [], NOW).text).toBe('id > 3');
  });
});

describe('substitution quotes and escapes by type', () => {
  const cases: Record<ParamType, { value: string; literal: string }> = {
    language: { value: 'pt-BR', literal: '@language:"pt-BR"' },
    member: { value: 'alice', literal: '@user:"alice"' },
    file: { value: '3', literal: '3' },
    label: { value: '12', literal: '12' },
    branch: { value: '2', literal: '2' },
    datetime: { value: '2024-05-01 13:45:00', literal: "'2024-05-01 13:45:00'" },
    number: { value: '10.5', literal: '10.5' },
    string: { value: 'say "hi" \\ bye', literal: '"say \\"hi\\" \\\\ bye"' },
  };
  for (const type of PARAM_TYPES) {
    it(`${type}: ${cases[type].value} → ${cases[type].literal}`, () => {
      expect(renderValue(type, cases[type].value, NOW)).toEqual({ ok: true, literal: cases[type].literal });
    });
  }

  it('a string holding " and \\ stays one string literal: the query keeps its structure', () => {
    const sub = substitute(
      'text contains {{needle}} and is hidden',
      [{ name: 'needle', type: 'string', value: HOSTILE }],
      NOW,
    );
    expect(sub.problems).toEqual([]);
    expect(sub.text).toBe(`text contains ${stringLiteral(HOSTILE)} and is hidden`);
    const { diagnostics } = analyze(sub.text, 'strings');
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // Had the value broken out, `or id > 0` would match every string; it matches only the literal text.
    const { predicate } = compile(sub.text, 'strings', { users: [], languages: [], now: new Date() });
    expect(predicate!({ id: 1, text: `x ${HOSTILE} y`, isHidden: true })).toBe(true);
    expect(predicate!({ id: 2, text: 'other', isHidden: true })).toBe(false);
    expect(predicate!({ id: 3, text: HOSTILE, isHidden: false })).toBe(false);
  });

  it('a member or language holding " and \\ stays inside its mention', () => {
    for (const type of ['member', 'language'] as const) {
      const rendered = renderValue(type, HOSTILE, NOW);
      if (type === 'language') expect(rendered.ok).toBe(false);
      else expect(rendered).toEqual({ ok: true, literal: `@user:${stringLiteral(HOSTILE)}` });
    }
  });

  it('ids and numbers must be numbers; negative numbers are parenthesised', () => {
    for (const type of ['file', 'label', 'branch'] as const) {
      expect(renderValue(type, '3 or id > 0', NOW).ok).toBe(false);
      expect(renderValue(type, '-1', NOW).ok).toBe(false);
      expect(renderValue(type, '', NOW).ok).toBe(false);
    }
    expect(renderValue('number', '1e3', NOW).ok).toBe(false);
    expect(renderValue('number', '0 or id > 0', NOW).ok).toBe(false);
    expect(renderValue('number', '-2', NOW)).toEqual({ ok: true, literal: '(-2)' });
  });

  it('datetimes are validated (their literal has no escape)', () => {
    expect(renderValue('datetime', "2024-05-01' or id > 0 or updated > '2024", NOW).ok).toBe(false);
    const bad = renderValue('datetime', 'soon', NOW);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/not a datetime.*relative to the run: 7 days ago/);
  });

  it('a datetime relative to the run becomes the datetime it names at that moment', () => {
    expect(renderValue('datetime', '7 days ago', NOW)).toEqual({
      ok: true,
      literal: "'2024-05-08 13:45:30'",
      relative: { phrase: '7 days ago', datetime: '2024-05-08 13:45:30' },
    });
    const sub = substitute(
      'updated >= {{since}} and added < {{before}}',
      [
        { name: 'since', type: 'datetime', value: 'Start of this week' },
        { name: 'before', type: 'datetime', value: '2024-01-01' },
      ],
      NOW,
    );
    expect(sub.text).toBe("updated >= '2024-05-13 00:00:00' and added < '2024-01-01'");
    expect(sub.replacements.map((r) => r.relative)).toEqual(['the start of this week', undefined]);
    // The same template a month later names a later week: a saved "changed this week" stays true.
    const later = substitute(
      'updated >= {{since}}',
      [{ name: 'since', type: 'datetime', value: 'start of this week' }],
      new Date('2024-06-15T08:00:00Z'),
    );
    expect(later.text).toBe("updated >= '2024-06-10 00:00:00'");
  });

  it('a missing or wrong value is a problem and gets a stand-in of its type', () => {
    const sub = substitute(
      'updated > {{since}} and id = {{n}} and x = {{undeclared}}',
      [
        { name: 'since', type: 'datetime', value: 'soon' },
        { name: 'n', type: 'number', value: '' },
      ],
      NOW,
    );
    expect(sub.text).toBe(`updated > 'today' and id = 0 and x = ""`);
    expect(sub.problems.map((p) => p.name)).toEqual(['since', 'n', 'undeclared']);
    expect(sub.replacements.every((r) => r.standIn)).toBe(true);
  });
});

describe('positions map back to the template', () => {
  const text = 'language = {{lang}} and bogus = 1';
  const sub = substitute(text, [{ name: 'lang', type: 'language', value: 'uk' }], NOW);
  it('after a placeholder they shift by the length change', () => {
    const at = sub.text.indexOf('bogus');
    expect(mapToTemplate(sub.replacements, at)).toBe(text.indexOf('bogus'));
  });
  it('inside a value they go to the placeholder', () => {
    const inside = sub.text.indexOf('"uk"') + 1;
    expect(mapToTemplate(sub.replacements, inside, -1)).toBe(text.indexOf('{{'));
    expect(mapToTemplate(sub.replacements, inside, 1)).toBe(text.indexOf('}}') + 2);
  });
});

describe('declarations', () => {
  it('a new placeholder gets a type guessed from its name and keeps known values', () => {
    const params = paramsForText(
      'language = {{lang}} and user = {{who}} and updated > {{since}} and text contains {{q}}',
      [{ name: 'q', type: 'string', value: 'x' }],
    );
    expect(params.map((p) => [p.name, p.type, p.value])).toEqual([
      ['lang', 'language', ''],
      ['who', 'member', ''],
      ['since', 'datetime', ''],
      ['q', 'string', 'x'],
    ]);
  });
  it('untrusted parameters are sanitised', () => {
    expect(
      sanitizeParams([
        { name: 'ok', type: 'number', value: '1' },
        { name: 'bad name', type: 'number', value: '1' },
        { name: 'x', type: 'nope', value: '1' },
        { name: 'ok', type: 'string', value: 'dup' },
        'junk',
      ]),
    ).toEqual([{ name: 'ok', type: 'number', value: '1' }]);
    expect(sanitizeParams('x')).toEqual([]);
  });
});
