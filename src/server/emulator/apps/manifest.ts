// Manifest validation: the strict schema (manifest-schema.ts) through Ajv, then the rules a schema cannot
// state, each with a rule id, a JSON pointer and a message that says what to do. The service's own error
// texts are used where the docs give them (their words: manifest-problems.ts). Also which modules are
// active in an edition. Reading a manifest: manifest-source.ts.
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { AppsSettings, ManifestProblem, ValidationReport } from '../../../wire/apps.ts';
import { STEP_EVENT } from '../../../wire/apps.ts';
import { problemPlace } from '../../../wire/manifest-words.ts';
import { isServiceScope } from '../../../wire/scopes.ts';
import { DOCUMENTED_EVENTS } from './events.ts';
import {
  clientIdRequired,
  dedupe,
  error,
  escapePointer,
  isObject,
  schemaProblem,
  warning,
} from './manifest-problems.ts';
import { HOSTED_GROUPS, MANIFEST_SCHEMA, UI_GROUPS } from './manifest-schema.ts';
import { isUiModuleType } from './ui-module-types.ts';

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
  authentication: { type?: 'none' | 'crowdin_app' | 'crowdin_agent'; clientId?: string | null };
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
  /** The framework's default module permissions: `user` is a ModuleAccessCategory. */
  default_permissions?: { user?: string; project?: string };
}

/** The edition the emulator plays (AppsSettings.edition): the values a manifest's `environments` lists. */
export type Edition = AppsSettings['edition'];

/**
 * Whether the service installs a module in this edition: a module's own `environments` decide, else the
 * app's top-level ones; a manifest that names none is installed everywhere. Every place that asks whether a
 * module receives deliveries, is offered or is shown active asks this.
 */
export function moduleActive(
  module: { environments?: readonly string[] | string },
  app: Pick<Manifest, 'environments'>,
  edition: Edition,
): boolean {
  const environments = module.environments ?? app.environments;
  // A UI module's page may write one environment as a string (ui-module-types.ts).
  return (
    !environments || (typeof environments === 'string' ? [environments] : environments).includes(edition)
  );
}

/** Webhook modules of the app that receive `event` (step events too), active in this edition. */
export function subscribedModules(manifest: Manifest, event: string, edition: Edition): string[] {
  return (manifest.modules?.webhook ?? [])
    .filter((w) => w.events.includes(event) && moduleActive(w, manifest, edition))
    .map((w) => w.key);
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
    if (!auth?.clientId) out.push(clientIdRequired(authType));
    if (!isObject(m.events) || typeof m.events.installed !== 'string') {
      out.push(
        error(
          '/events/installed',
          'installed-event',
          `is required with ${authType}: the installed event carries the app secret the app needs to get a token.`,
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
            `Module key "${entry.key}" is used twice (first at ${problemPlace(first)}): a key names one module of the app (X-Module-Key).`,
          ),
        );
      } else seen.set(entry.key, where);
    });
    if (
      !(HOSTED_GROUPS as readonly string[]).includes(g) &&
      !isUiModuleType(g) &&
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
