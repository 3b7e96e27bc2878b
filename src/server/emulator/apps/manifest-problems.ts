// Manifest problems in words: the JSON pointer of each, and Ajv's schema errors said as what to do.
// The rules a schema cannot state (manifest.ts) build their problems with the same helpers.
import type { ErrorObject } from 'ajv';
import type { ManifestProblem } from '../../../wire/apps.ts';

export const error = (pointer: string, rule: string, message: string): ManifestProblem => ({
  severity: 'error',
  pointer,
  rule,
  message,
});
export const warning = (pointer: string, rule: string, message: string): ManifestProblem => ({
  severity: 'warning',
  pointer,
  rule,
  message,
});

// ---- Ajv errors in words ------------------------------------------------------------------------------

const PATTERN_HINTS: Record<string, string> = {
  '^[a-z0-9-._]+$': 'may use only lowercase letters, digits, "-", "." and "_"',
  '^/': 'must be a URL relative to the app\'s baseUrl, starting with "/"',
  '^\\.': 'must start with a dot, e.g. ".resx"',
  '^https?://': 'must be an http(s) URL',
};

const KEY_HINTS: Record<string, string> = {
  authenticationType: 'did you mean "authentication": {"type": …}?',
  clientId: 'clientId belongs inside "authentication"',
  appSecret: 'the app secret is given at installation, never in the manifest',
};

export function schemaProblem(e: ErrorObject, root: unknown): ManifestProblem {
  const at = e.instancePath;
  const name = lastKey(at);
  const p = e.params as Record<string, unknown>;
  const rule = `schema/${e.keyword}`;
  switch (e.keyword) {
    case 'required':
      return error(
        `${at}/${escapePointer(String(p.missingProperty))}`,
        rule,
        `${describePath(at)} is missing the required key "${String(p.missingProperty)}".`,
      );
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const pointer = `${at}/${escapePointer(key)}`;
      if (at === '/modules') {
        return error(
          pointer,
          rule,
          `"${key}" is not a module type the service knows; it refuses the manifest. Module types: see the docs' modules pages.`,
        );
      }
      const hint = key.startsWith('_comment')
        ? ' Comments are not allowed: the service refuses every key it does not know.'
        : KEY_HINTS[key]
          ? ` The service refuses keys it does not know; ${KEY_HINTS[key]}`
          : ' The service refuses keys it does not know.';
      return error(pointer, rule, `Unknown key "${key}" in ${describePath(at)}.${hint}`);
    }
    case 'enum': {
      const value = valueAt(root, at);
      const allowed = (p.allowedValues as unknown[]).map((v) => String(v)).join(', ');
      return error(
        at,
        rule,
        `${describePath(at)} is ${JSON.stringify(value)}; allowed: ${allowed}${source(e)}.`,
      );
    }
    case 'pattern':
      return error(
        at,
        rule,
        `${describePath(at)} ${PATTERN_HINTS[String(p.pattern)] ?? `must match ${String(p.pattern)}`}; it is ${JSON.stringify(valueAt(root, at))}.`,
      );
    case 'minLength':
    case 'maxLength': {
      const s = e.parentSchema as { minLength?: number; maxLength?: number };
      const range =
        s.minLength !== undefined && s.maxLength !== undefined && s.minLength > 1
          ? `${s.minLength}–${s.maxLength} characters`
          : e.keyword === 'minLength'
            ? s.minLength === 1
              ? 'not empty'
              : `at least ${s.minLength} characters`
            : `at most ${s.maxLength} characters`;
      return error(at, rule, `${describePath(at)} must be ${range}${source(e)}.`);
    }
    case 'minItems':
    case 'maxItems':
      if (name === 'outputs') return error(at, rule, 'A workflow step declares one or two outputs.');
      return error(
        at,
        rule,
        `${describePath(at)} must have ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} item(s).`,
      );
    case 'type':
      return error(at, rule, `${describePath(at)} must be ${article(String(p.type))}.`);
    case 'format':
      return error(at, rule, `${describePath(at)} must be an absolute URL.`);
    case 'uniqueItems':
      return error(at, rule, `${describePath(at)} lists the same value twice.`);
    default:
      return error(at, rule, `${describePath(at)} ${e.message ?? 'is invalid'}.`);
  }
}

/** Whose rule it is, when the schema names it (a `description`): " (the docs' … table)". */
function source(e: ErrorObject): string {
  const description = (e.parentSchema as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? ` (${description})` : '';
}

function article(type: string): string {
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${type}`;
}

function describePath(pointer: string): string {
  if (!pointer) return 'The manifest';
  return pointer
    .split('/')
    .slice(1)
    .map(unescapePointer)
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '');
}

function lastKey(pointer: string): string {
  return unescapePointer(pointer.split('/').pop() ?? '');
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointer.split('/').slice(1).map(unescapePointer)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

export function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function dedupe(problems: ManifestProblem[]): ManifestProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.pointer}\0${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
