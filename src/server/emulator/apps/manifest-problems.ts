// Manifest problems in words: the JSON pointer of each, and Ajv's schema errors said as what to do there
// (the place is shown once beside the message: src/wire/manifest-words.ts). The rules a schema cannot
// state (manifest.ts) build their problems with the same helpers.
import type { ErrorObject } from 'ajv';
import type { ManifestProblem } from '../../../wire/apps.ts';
import { registerClientHow } from '../../../wire/manifest-words.ts';

export const error = (pointer: string, rule: string, message: string, inView?: string): ManifestProblem => ({
  severity: 'error',
  pointer,
  rule,
  message,
  ...(inView === undefined ? {} : { inView }),
});
export const warning = (pointer: string, rule: string, message: string): ManifestProblem => ({
  severity: 'warning',
  pointer,
  rule,
  message,
});

// ---- the OAuth app a manifest names --------------------------------------------------------------------

/** Rule client-id: an app that gets tokens names its OAuth app; worded for a terminal and for the view. */
export function clientIdRequired(authType: string): ManifestProblem {
  const what = `is required with ${authType}: the id of the OAuth app whose scopes the app gets.`;
  return error(
    '/authentication/clientId',
    'client-id',
    `${what} ${registerClientHow('terminal')}`,
    `${what} ${registerClientHow('view')}`,
  );
}

/** An install whose clientId is no OAuth app of the emulator: the refusal's message, and its view wording. */
export function unknownClient(
  clientId: string,
  name: string,
  scopes: readonly string[] | undefined,
): { message: string; inView: string } {
  const what = `authentication.clientId "${clientId}" is not an OAuth app of this emulator.`;
  const scope = (scopes ?? ['project']).join(' ');
  return {
    message: `${what} ${registerClientHow('terminal', name, scope)}`,
    inView: `${what} ${registerClientHow('view', name, scope)}`,
  };
}

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
        'is missing; the service requires it.',
      );
    case 'additionalProperties': {
      const key = String(p.additionalProperty);
      const pointer = `${at}/${escapePointer(key)}`;
      if (at === '/modules') {
        return error(
          pointer,
          rule,
          `is not a module type the service knows; it refuses the manifest. Module types: see the docs' modules pages.`,
        );
      }
      const message = key.startsWith('_comment')
        ? 'is a comment, and comments are not allowed: the service refuses every key it does not know.'
        : `is not a key the service knows here; it refuses the manifest${KEY_HINTS[key] ? ` (${KEY_HINTS[key]})` : ''}.`;
      return error(pointer, rule, message);
    }
    case 'enum': {
      const value = valueAt(root, at);
      const allowed = (p.allowedValues as unknown[]).map((v) => String(v)).join(', ');
      return error(at, rule, `is ${JSON.stringify(value)}; allowed: ${allowed}${source(e)}.`);
    }
    case 'pattern':
      return error(
        at,
        rule,
        `${PATTERN_HINTS[String(p.pattern)] ?? `must match ${String(p.pattern)}`}; it is ${JSON.stringify(valueAt(root, at))}.`,
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
      return error(at, rule, `must be ${range}${source(e)}.`);
    }
    case 'minItems':
    case 'maxItems':
      if (name === 'outputs') return error(at, rule, 'A workflow step declares one or two outputs.');
      return error(
        at,
        rule,
        `must have ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${String(p.limit)} item(s).`,
      );
    case 'type':
      return error(at, rule, `must be ${article(String(p.type))}.`);
    case 'format':
      return error(at, rule, 'must be an absolute URL.');
    case 'uniqueItems':
      return error(at, rule, 'lists the same value twice.');
    default:
      return error(at, rule, `${e.message ?? 'is invalid'}.`);
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
