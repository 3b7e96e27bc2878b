// Manifest validation: the strict schema (manifest-schema.ts) through Ajv, then the rules a schema cannot
// state, each with a rule id, a JSON pointer and a message that says what to do. The service's own error
// texts are used where the docs give them. Also reads a manifest from a file or a URL, with clear messages
// for what can go wrong on the way (unreachable, refused, too large, not JSON).
import { readFileSync, statSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import type { ManifestProblem, ValidationReport } from '../../../wire/apps.ts';
import { MANIFEST_TIMEOUT_SECONDS, STEP_EVENT } from '../../../wire/apps.ts';
import { isServiceScope } from '../../../wire/scopes.ts';
import { DOCUMENTED_EVENTS } from './events.ts';
import { HOSTED_GROUPS, MANIFEST_SCHEMA, UI_GROUPS } from './manifest-schema.ts';
import type { AppCaller } from './outgoing.ts';

/** A manifest larger than this is refused before it is parsed (the emulator's choice). */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
export const MANIFEST_TIMEOUT_MS = MANIFEST_TIMEOUT_SECONDS * 1000;

export const STEP_AUTH_ERROR =
  'Only crowdin_agent authentication type is allowed for workflow-step-type module type';
export const SERVERLESS_ERROR = 'Serverless apps allow only UI module types';
export const SCOPES_EXCEED_ERROR = 'Requested scopes exceed the access level specified in the OAuth app';

export interface WebhookEntry {
  key: string;
  url: string;
  events: string[];
  environments?: string[];
}

export interface StepEntry {
  key: string;
  name: string;
  logo?: string;
  description?: string;
  boundaries: { input: { title: string; ports: string[] }; outputs: { title: string; port: string }[] };
  editorMode?: string;
  updateSettingsUrl?: string;
  deleteSettingsUrl?: string;
  url?: string;
  environments?: string[];
}

/** A manifest that passed validation (warnings aside). */
export interface Manifest {
  identifier: string;
  name: string;
  baseUrl?: string;
  authentication: { type?: 'none' | 'crowdin_app' | 'crowdin_agent'; clientId?: string };
  description?: string;
  logo?: string;
  events?: { installed?: string; uninstall?: string; subscription_paid?: string };
  scopes?: string[];
  modules?: Record<string, ({ key: string } & Record<string, unknown>)[]> & {
    webhook?: WebhookEntry[];
    'workflow-step-type'?: StepEntry[];
  };
  environments?: string[];
  agent?: { username: string; name?: string; avatarUrl?: string };
}

/** Scope names the official framework emits that the scopes page does not list. */
const FRAMEWORK_SCOPES = new Set(['all', 'application.storage']);

let compiled: ReturnType<Ajv['compile']> | null = null;

function schemaValidator() {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: true, strict: true, verbose: true });
    addFormats(ajv, ['uri']);
    compiled = ajv.compile(MANIFEST_SCHEMA);
  }
  return compiled;
}

/** Validates a parsed manifest: the report, and the typed manifest when it has no errors. */
export function validateManifest(value: unknown): { report: ValidationReport; manifest: Manifest | null } {
  const problems: ManifestProblem[] = [];
  const validate = schemaValidator();
  if (!validate(value)) problems.push(...(validate.errors ?? []).map((e) => schemaProblem(e, value)));
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    problems.push(...semanticProblems(value as Partial<Manifest>));
  }
  const errors = dedupe(problems.filter((p) => p.severity === 'error'));
  const warnings = dedupe(problems.filter((p) => p.severity === 'warning'));
  const report = { ok: errors.length === 0, errors, warnings };
  return { report, manifest: report.ok ? (value as Manifest) : null };
}

const error = (pointer: string, rule: string, message: string): ManifestProblem => ({
  severity: 'error',
  pointer,
  rule,
  message,
});
const warning = (pointer: string, rule: string, message: string): ManifestProblem => ({
  severity: 'warning',
  pointer,
  rule,
  message,
});

function semanticProblems(m: Partial<Manifest>): ManifestProblem[] {
  const out: ManifestProblem[] = [];
  const auth = isObject(m.authentication) ? m.authentication : undefined;
  const authType = auth?.type ?? 'none';
  const modules = isObject(m.modules) ? (m.modules as Record<string, unknown>) : {};
  const entries = (group: string) =>
    (Array.isArray(modules[group]) ? modules[group] : []).filter(isObject) as Record<string, unknown>[];
  const steps = entries('workflow-step-type');
  const webhooks = entries('webhook');

  if (steps.length && authType !== 'crowdin_agent') {
    out.push(error(auth ? '/authentication/type' : '/authentication', 'step-auth', STEP_AUTH_ERROR));
  }
  if (authType === 'crowdin_app' || authType === 'crowdin_agent') {
    if (!auth?.clientId) {
      out.push(
        error(
          '/authentication/clientId',
          'client-id',
          `authentication.clientId is required with ${authType}: the id of the OAuth app whose scopes the app gets. Register one with \`npm run emulator -- apps client --name NAME --scopes "project"\`.`,
        ),
      );
    }
    if (!isObject(m.events) || typeof m.events.installed !== 'string') {
      out.push(
        error(
          '/events/installed',
          'installed-event',
          `events.installed is required with ${authType}: the installed event carries the app secret the app needs to get a token.`,
        ),
      );
    }
  }
  if (authType === 'crowdin_agent' && !isObject(m.agent)) {
    out.push(
      error(
        '/agent',
        'agent-block',
        'crowdin_agent authentication needs an "agent" object with at least "username" (3–128 characters): the bot user created for the app.',
      ),
    );
  }
  if (authType !== 'crowdin_agent' && isObject(m.agent)) {
    out.push(
      warning(
        '/agent',
        'agent-unused',
        `"agent" is used only with crowdin_agent authentication; with ${authType} no bot user is created.`,
      ),
    );
  }

  const groups = Object.keys(modules);
  if (m.baseUrl === undefined) {
    const backend = groups.filter((g) => !(UI_GROUPS as readonly string[]).includes(g));
    if (backend.length)
      out.push(
        error('/baseUrl', 'serverless', `${SERVERLESS_ERROR} (${backend.join(', ')} need a baseUrl).`),
      );
    else
      out.push(
        warning(
          '/baseUrl',
          'serverless-not-hosted',
          'A serverless app (no baseUrl) has nothing the emulator can call; it cannot be installed here.',
        ),
      );
  } else if (typeof m.baseUrl === 'string' && m.baseUrl.startsWith('http://')) {
    out.push(
      warning(
        '/baseUrl',
        'https-base-url',
        'The service requires baseUrl to start with https://. The emulator accepts http:// so that an app on this machine can be installed.',
      ),
    );
  }

  if (steps.length) {
    const companion = webhooks.some((w) => Array.isArray(w.events) && w.events.includes(STEP_EVENT));
    if (!companion) {
      out.push(
        warning(
          '/modules/webhook',
          'step-webhook',
          `No webhook module subscribes to ${STEP_EVENT}. The service installs this app, but strings that reach its steps are never delivered, and saving the workflow again later fails with "Some required dependencies are unmet". Add {"key": "…", "url": "/webhooks", "events": ["${STEP_EVENT}"]} under modules.webhook.`,
        ),
      );
    }
    const scopes = Array.isArray(m.scopes) ? m.scopes : [];
    if (scopes.length && !scopes.some((s) => s === 'project' || s === '*' || s === 'all')) {
      out.push(
        warning(
          '/scopes',
          'step-scope',
          'The string-status API needs the "project" scope; without it every PATCH is refused (403).',
        ),
      );
    }
    steps.forEach((step, i) => {
      const outputs = (step.boundaries as StepEntry['boundaries'] | undefined)?.outputs;
      if (Array.isArray(outputs) && outputs.length === 2 && outputs[0]?.port === outputs[1]?.port) {
        out.push(
          warning(
            `/modules/workflow-step-type/${i}/boundaries/outputs/1/port`,
            'step-output-ports',
            `Both outputs use the port "${String(outputs[0]?.port)}": a PATCH names the port, so the two cannot be told apart.`,
          ),
        );
      }
    });
  }

  const seen = new Map<string, string>();
  for (const g of groups) {
    entries(g).forEach((entry, i) => {
      if (typeof entry.key !== 'string') return;
      const where = `/modules/${escapePointer(g)}/${i}/key`;
      const first = seen.get(entry.key);
      if (first) {
        out.push(
          error(
            where,
            'duplicate-module-key',
            `Module key "${entry.key}" is used twice (first at ${first}): a key names one module of the app (X-Module-Key).`,
          ),
        );
      } else seen.set(entry.key, where);
    });
    if (
      !(HOSTED_GROUPS as readonly string[]).includes(g) &&
      Array.isArray(modules[g]) &&
      (modules[g] as unknown[]).length
    ) {
      out.push(
        warning(
          `/modules/${escapePointer(g)}`,
          'unhosted-module',
          `The emulator installs "${g}" modules but never calls them.`,
        ),
      );
    }
  }
  entries('custom-file-format').forEach((entry, i) => {
    if (entry.stringsExport === true && !Array.isArray(entry.extensions)) {
      out.push(
        error(
          `/modules/custom-file-format/${i}/extensions`,
          'bundle-extensions',
          'A custom bundle generator (stringsExport: true) must list its "extensions", each with a leading dot, e.g. [".resx"].',
        ),
      );
    }
  });
  webhooks.forEach((w, i) => {
    if (!Array.isArray(w.events)) return;
    w.events.forEach((event, j) => {
      if (typeof event === 'string' && !DOCUMENTED_EVENTS.includes(event)) {
        out.push(
          warning(
            `/modules/webhook/${i}/events/${j}`,
            'unknown-event',
            `"${event}" is not an event the docs list; the emulator never sends it.`,
          ),
        );
      }
    });
  });
  if (Array.isArray(m.scopes)) {
    m.scopes.forEach((scope, i) => {
      if (typeof scope === 'string' && !isServiceScope(scope) && !FRAMEWORK_SCOPES.has(scope)) {
        out.push(
          error(
            `/scopes/${i}`,
            'unknown-scope',
            `"${scope}" is not a scope the service knows. Use its names, e.g. project, project.source, project.translation, tm, glossary.`,
          ),
        );
      }
    });
  }
  return out;
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

function schemaProblem(e: ErrorObject, root: unknown): ManifestProblem {
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
      return error(at, rule, `${describePath(at)} is ${JSON.stringify(value)}; allowed: ${allowed}.`);
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
      return error(at, rule, `${describePath(at)} must be ${range}.`);
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

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function dedupe(problems: ManifestProblem[]): ManifestProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const k = `${p.pointer}\0${p.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

// ---- reading a manifest -------------------------------------------------------------------------------

/** A manifest that could not be read or parsed; `code` says which way. */
export class ManifestSourceError extends Error {
  constructor(
    readonly code: 'unreachable' | 'refused' | 'tooLarge' | 'notJson' | 'notFound',
    message: string,
    readonly status: number | null = null,
    readonly answerStart = '',
  ) {
    super(message);
  }
}

/** Parses manifest text; the error names the line and column. */
export function parseManifestText(text: string, source: string): unknown {
  if (text.replace(/^\uFEFF/, '').trim() === '') {
    // JSON.parse would say "Unexpected end of JSON input", which reads like a cut-off manifest.
    throw new ManifestSourceError(
      'notJson',
      `The manifest at ${source} is empty: no text at all, not even \`{}\`.`,
    );
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const position = /position (\d+)/.exec(message);
    let where = '';
    if (position) {
      const before = text.slice(0, Number(position[1]));
      const line = before.split('\n').length;
      where = ` at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
    }
    const start = text.trimStart().slice(0, 1);
    const hint = start === '<' ? " It looks like HTML: is the URL the app's manifest.json?" : '';
    throw new ManifestSourceError(
      'notJson',
      `The manifest at ${source} is not JSON${where}: ${message}.${hint}`,
    );
  }
}

/** Reads a manifest from a URL (through the app caller's rules) or a file. */
export async function readManifest(source: string, caller: AppCaller): Promise<unknown> {
  if (/^https?:\/\//i.test(source)) {
    const refusal = caller.refusal(source);
    if (refusal) throw new ManifestSourceError('unreachable', `Cannot fetch the manifest: ${refusal}`);
    const result = await caller.call({
      method: 'GET',
      url: source,
      headers: { Accept: 'application/json' },
      timeoutMs: MANIFEST_TIMEOUT_MS,
      maxAnswerBytes: MAX_MANIFEST_BYTES,
    });
    if (result.error) {
      throw new ManifestSourceError(
        'unreachable',
        `Cannot fetch the manifest at ${source}: ${result.error.message}`,
      );
    }
    const start = result.body.subarray(0, 300).toString('utf8');
    if (result.status! < 200 || result.status! > 299) {
      const where =
        result.status! >= 300 && result.status! < 400 && result.headers.location
          ? ` (a redirect to ${result.headers.location}, which the emulator does not follow: give the final URL)`
          : '';
      const said = start.replace(/\s+/g, ' ').trim();
      const answer = said ? `: ${said.length > 120 ? `${said.slice(0, 120)}…` : said}` : '';
      throw new ManifestSourceError(
        'refused',
        `The manifest URL ${source} answered ${result.status}${where}${answer}.`,
        result.status,
        start,
      );
    }
    if (result.truncated) {
      throw new ManifestSourceError(
        'tooLarge',
        `The manifest at ${source} is larger than ${MAX_MANIFEST_BYTES / 1024} KB; a manifest is a small JSON file.`,
      );
    }
    return parseManifestText(result.body.toString('utf8'), source);
  }
  let size: number;
  try {
    size = statSync(source).size;
  } catch {
    throw new ManifestSourceError(
      'notFound',
      `No manifest file at ${source}. Give a path to manifest.json or its URL.`,
    );
  }
  if (size > MAX_MANIFEST_BYTES) {
    throw new ManifestSourceError(
      'tooLarge',
      `${source} is larger than ${MAX_MANIFEST_BYTES / 1024} KB; a manifest is a small JSON file.`,
    );
  }
  return parseManifestText(readFileSync(source, 'utf8'), source);
}
