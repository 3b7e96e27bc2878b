// Parameterised queries: `{{name}}` placeholders in a query's text, each a typed value. The language never
// sees a placeholder: every consumer substitutes first (a value of the parameter's type, written by
// literals.ts so it can never leave its literal) and maps positions in the result back to the template.
// `sentQuery` is what Run sends; template-analyze.ts and template-complete.ts analyse and complete a
// template through the same substitution. Pure.
//
// A placeholder stands for a whole value, outside string and datetime literals: `language = {{lang}}`,
// `updated > {{since}}`. Inside a literal, `{{…}}` is ordinary text (strings in localization files hold
// `{{count}}` placeholders of their own, and searching for them must keep working).

import { datetimeBody, datetimeLiteral, mentionLiteral, stringLiteral } from './literals.ts';
import {
  describeRelative,
  parseRelative,
  RELATIVE_FORMS_TEXT,
  resolveRelative,
} from './relative-datetime.ts';

export const PARAM_TYPES = [
  'language',
  'member',
  'file',
  'label',
  'branch',
  'datetime',
  'number',
  'string',
] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export function isParamType(value: unknown): value is ParamType {
  return typeof value === 'string' && (PARAM_TYPES as readonly string[]).includes(value);
}

export interface TemplateParam {
  name: string;
  type: ParamType;
  /**
   * What the user entered: a language code, a username, an id, a number, any text, or a datetime, fixed
   * or relative to the run (`7 days ago`, relative-datetime.ts).
   */
  value: string;
}

export interface Placeholder {
  name: string;
  /** The whole `{{ name }}`. */
  from: number;
  to: number;
  /** Written right after `@user:` or `@language:`, which supply the mention themselves. */
  afterMention: boolean;
}

export const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/y;
const MENTION_BEFORE = /@(?:user|language):\s*$/i;

/** The placeholders of `text` outside its string and datetime literals, in order. */
export function findPlaceholders(text: string): Placeholder[] {
  const out: Placeholder[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? text.length : end + 1;
    } else if (c === '{' && text[i + 1] === '{') {
      PLACEHOLDER.lastIndex = i;
      const m = PLACEHOLDER.exec(text);
      if (m) {
        out.push({
          name: m[1]!,
          from: i,
          to: i + m[0].length,
          afterMention: MENTION_BEFORE.test(text.slice(Math.max(0, i - 20), i)),
        });
        i += m[0].length;
      } else i++;
    } else i++;
  }
  return out;
}

/** The distinct parameter names of a text, in order of first use. */
export function placeholderNames(text: string): string[] {
  return [...new Set(findPlaceholders(text).map((p) => p.name))];
}

/** A type for a new parameter, guessed from its name (`lang` → language, `since` → datetime, …). */
export function guessType(name: string): ParamType {
  const n = name.toLowerCase();
  if (/lang|locale/.test(n)) return 'language';
  if (/user|member|author|translator|who/.test(n)) return 'member';
  if (/file/.test(n)) return 'file';
  if (/label|tag/.test(n)) return 'label';
  if (/branch/.test(n)) return 'branch';
  if (/date|time|since|until|before|after|from|to$/.test(n)) return 'datetime';
  if (/count|num|min|max|limit|length|size|^n$/.test(n)) return 'number';
  return 'string';
}

export type Rendered =
  | {
      ok: true;
      literal: string;
      /** A datetime relative to the run: how it reads ("7 days ago") and what it became at `now`. */
      relative?: { phrase: string; datetime: string };
    }
  | { ok: false; message: string };

const ID = /^[1-9]\d{0,15}$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const LANGUAGE = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * A parameter's value as CroQL. Strings, usernames and language codes are quoted and escaped, so a value
 * holding `"` or `\` stays inside its literal. Ids and numbers must be numbers. Datetime literals have no
 * escapes, so a datetime is validated instead; a relative one becomes the datetime it names at `now`.
 */
export function renderValue(type: ParamType, raw: string, now: Date, afterMention = false): Rendered {
  const value = type === 'string' ? raw : raw.trim();
  if (value === '' && type !== 'string') return { ok: false, message: 'Choose or enter a value.' };
  switch (type) {
    case 'string':
      return { ok: true, literal: stringLiteral(value) };
    case 'language':
      if (!LANGUAGE.test(value)) {
        return {
          ok: false,
          message: `“${value}” is not a language code; pick one of the project's languages.`,
        };
      }
      return { ok: true, literal: afterMention ? stringLiteral(value) : mentionLiteral('language', value) };
    case 'member':
      return { ok: true, literal: afterMention ? stringLiteral(value) : mentionLiteral('user', value) };
    case 'file':
    case 'label':
    case 'branch':
      if (!ID.test(value))
        return { ok: false, message: `A ${type} is given by its numeric id; pick one from the list.` };
      return { ok: true, literal: value };
    case 'number':
      if (!NUMBER.test(value))
        return { ok: false, message: `“${value}” is not a number (write it like 10 or 10.5).` };
      return { ok: true, literal: value.startsWith('-') ? `(${value})` : value };
    case 'datetime': {
      const body = datetimeBody(value);
      if (body !== null) return { ok: true, literal: datetimeLiteral(body) };
      const relative = parseRelative(value);
      if (relative) {
        const datetime = resolveRelative(relative, now);
        return {
          ok: true,
          literal: datetimeLiteral(datetime),
          relative: { phrase: describeRelative(relative), datetime },
        };
      }
      return {
        ok: false,
        message: `“${value}” is not a datetime. Write today, 2024-05-01 or 2024-05-01 13:45:00 (UTC), or a time relative to the run: ${RELATIVE_FORMS_TEXT}.`,
      };
    }
  }
}

/** A value of the type that always checks, used while the real one is missing or wrong (analysis only). */
function standIn(type: ParamType, afterMention: boolean): string {
  switch (type) {
    case 'string':
      return stringLiteral('');
    case 'language':
      return afterMention ? stringLiteral('en') : mentionLiteral('language', 'en');
    case 'member':
      return afterMention ? stringLiteral('user') : mentionLiteral('user', 'user');
    case 'datetime':
      return datetimeLiteral('today');
    default:
      return '0';
  }
}

/** Where a placeholder went in the substituted text. */
export interface Replacement {
  name: string;
  from: number;
  to: number;
  outFrom: number;
  outTo: number;
  /** A stand-in was used: diagnostics inside it are about the stand-in, not the query. */
  standIn: boolean;
  /** A relative datetime's phrase ("7 days ago"), for readings of the query. */
  relative?: string;
}

export interface ParamProblem {
  name: string;
  message: string;
}

export interface Substitution {
  /** The query as it is sent. */
  text: string;
  replacements: Replacement[];
  /** Placeholders without a declaration, and declared values that are missing or wrong. */
  problems: ParamProblem[];
}

/**
 * Replaces every placeholder with its parameter's value, relative datetimes as they stand at `now`. A
 * placeholder whose value is missing or wrong gets a stand-in of its type and a problem, so the rest of the
 * query can still be checked; a text with problems must not be run.
 */
export function substitute(text: string, params: readonly TemplateParam[], now: Date): Substitution {
  const byName = new Map(params.map((p) => [p.name, p]));
  const placeholders = findPlaceholders(text);
  const problems = new Map<string, string>();
  const replacements: Replacement[] = [];
  let out = '';
  let last = 0;
  for (const ph of placeholders) {
    out += text.slice(last, ph.from);
    const param = byName.get(ph.name);
    const rendered: Rendered = param
      ? renderValue(param.type, param.value, now, ph.afterMention)
      : { ok: false, message: `{{${ph.name}}} has no declared parameter.` };
    if (!rendered.ok && !problems.has(ph.name)) problems.set(ph.name, rendered.message);
    const literal = rendered.ok ? rendered.literal : standIn(param?.type ?? 'string', ph.afterMention);
    replacements.push({
      name: ph.name,
      from: ph.from,
      to: ph.to,
      outFrom: out.length,
      outTo: out.length + literal.length,
      standIn: !rendered.ok,
      ...(rendered.ok && rendered.relative ? { relative: rendered.relative.phrase } : {}),
    });
    out += literal;
    last = ph.to;
  }
  out += text.slice(last);
  return { text: out, replacements, problems: [...problems].map(([name, message]) => ({ name, message })) };
}

/**
 * What Run sends for `text` with these values at `now` (the moment of the run): the text itself, or the
 * template with every value in place. A `problem` (the first missing or wrong value) means it must not be
 * sent; its form says why. `replacements` say where each value went (and which were relative).
 */
export function sentQuery(
  text: string,
  params: readonly TemplateParam[],
  now: Date,
): { text: string; template: boolean; problem: ParamProblem | null; replacements: Replacement[] } {
  if (findPlaceholders(text).length === 0) return { text, template: false, problem: null, replacements: [] };
  const sub = substitute(text, params, now);
  return { text: sub.text, template: true, problem: sub.problems[0] ?? null, replacements: sub.replacements };
}

/**
 * A position in the substituted text → the template. Inside a replaced value it maps to the placeholder's
 * start (`side` -1) or end (`side` 1); elsewhere it shifts by the length the replacements before it changed.
 */
export function mapToTemplate(replacements: readonly Replacement[], pos: number, side: -1 | 1 = -1): number {
  let delta = 0;
  for (const r of replacements) {
    if (pos <= r.outFrom) break;
    if (pos < r.outTo) return side < 0 ? r.from : r.to;
    delta = r.to - r.outTo;
  }
  return pos + delta;
}

/** A position in the template → the substituted text (a position inside a placeholder goes to its value's end). */
export function mapToSubstituted(replacements: readonly Replacement[], pos: number): number {
  let delta = 0;
  for (const r of replacements) {
    if (pos <= r.from) break;
    if (pos < r.to) return r.outTo;
    delta = r.outTo - r.to;
  }
  return pos + delta;
}

/** Keeps the parameters whose placeholder is in `text`, declaring missing ones with a guessed type. */
export function paramsForText(text: string, known: readonly TemplateParam[]): TemplateParam[] {
  const byName = new Map(known.map((p) => [p.name, p]));
  return placeholderNames(text).map((name) => byName.get(name) ?? { name, type: guessType(name), value: '' });
}

/** Untrusted input (a link, storage) → valid parameters; anything malformed is dropped. */
export function sanitizeParams(raw: unknown): TemplateParam[] {
  if (!Array.isArray(raw)) return [];
  const out: TemplateParam[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const { name, type, value } = item as Record<string, unknown>;
    if (typeof name === 'string' && PARAM_NAME.test(name) && isParamType(type) && typeof value === 'string') {
      if (!out.some((p) => p.name === name)) out.push({ name, type, value: value.slice(0, 10_000) });
    }
  }
  return out;
}
