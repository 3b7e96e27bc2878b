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

const HOSTILE = 'a" or id > 0 or text = "\\';

describe('placeholders', () => {
  it('are found outside literals only; inside a string they are text', () => {
    const text = `text contains "{{count}} items" and language = {{lang}} and updated > '{{x}}' or {{ who }}`;
    expect(findPlaceholders(text).map((p) => p.name)).toEqual(['lang', 'who']);
  });
  it('after @user: or @language: they supply only the quoted value', () => {
    const [p] = findPlaceholders('user = @user:{{who}}');
    expect(p!.afterMention).toBe(true);
    expect(substitute('user = @user:{{who}}', [{ name: 'who', type: 'member', value: 'bob' }]).text).toBe(
      'user = @user:"bob"',
    );
  });
  it('a text without placeholders is unchanged', () => {
    expect(substitute('id > 3', []).text).toBe('id > 3');
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
      expect(renderValue(type, cases[type].value)).toEqual({ ok: true, literal: cases[type].literal });
    });
  }

  it('a string holding " and \\ stays one string literal: the query keeps its structure', () => {
    const sub = substitute('text contains {{needle}} and is hidden', [
      { name: 'needle', type: 'string', value: HOSTILE },
    ]);
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
      const rendered = renderValue(type, HOSTILE);
      if (type === 'language') expect(rendered.ok).toBe(false);
      else expect(rendered).toEqual({ ok: true, literal: `@user:${stringLiteral(HOSTILE)}` });
    }
  });

  it('ids and numbers must be numbers; negative numbers are parenthesised', () => {
    for (const type of ['file', 'label', 'branch'] as const) {
      expect(renderValue(type, '3 or id > 0').ok).toBe(false);
      expect(renderValue(type, '-1').ok).toBe(false);
      expect(renderValue(type, '').ok).toBe(false);
    }
    expect(renderValue('number', '1e3').ok).toBe(false);
    expect(renderValue('number', '0 or id > 0').ok).toBe(false);
    expect(renderValue('number', '-2')).toEqual({ ok: true, literal: '(-2)' });
  });

  it('datetimes are validated (their literal has no escape)', () => {
    expect(renderValue('datetime', "2024-05-01' or id > 0 or updated > '2024").ok).toBe(false);
    const bad = renderValue('datetime', 'yesterday');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/not a datetime/);
  });

  it('a missing or wrong value is a problem and gets a stand-in of its type', () => {
    const sub = substitute('updated > {{since}} and id = {{n}} and x = {{undeclared}}', [
      { name: 'since', type: 'datetime', value: 'soon' },
      { name: 'n', type: 'number', value: '' },
    ]);
    expect(sub.text).toBe(`updated > 'today' and id = 0 and x = ""`);
    expect(sub.problems.map((p) => p.name)).toEqual(['since', 'n', 'undeclared']);
    expect(sub.replacements.every((r) => r.standIn)).toBe(true);
  });
});

describe('positions map back to the template', () => {
  const text = 'language = {{lang}} and bogus = 1';
  const sub = substitute(text, [{ name: 'lang', type: 'language', value: 'uk' }]);
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
