// The app descriptor (manifest.json) as a strict JSON Schema. No schema is published; this one carries the
// docs' tables (developer/crowdin-apps/app-descriptor.mdx and the module pages) and accepts the keys the
// official framework emits beyond them (../shared/crowdin-apps-notes.md, "The manifest"). Unknown keys are
// refused, as the service refuses them. Rules a schema cannot say (which auth a module needs, a step's
// companion webhook, …) are in manifest.ts.

import { UI_MODULE_TYPES } from '../../../wire/app-modules.ts';
import { INPUT_PORTS } from '../../../wire/workflow-step.ts';
import { uiEntrySchema } from './ui-module-types.ts';

export const OUTPUT_PORTS = INPUT_PORTS.filter((p) => p !== 'initial');
export const EDITOR_MODES = ['side-by-side', 'comfortable', 'multilingual'] as const;
export const ENVIRONMENTS = ['crowdin', 'crowdin-enterprise'] as const;

/** Module groups the docs list under "UI Modules": a serverless app (no baseUrl) may have only these. */
export const UI_GROUPS = [
  'chat',
  'context-menu',
  'custom-mt',
  'editor-asset-panel',
  'editor-right-panel',
  'editor-translations-panel',
  'modal',
  'organization-menu',
  'organization-menu-crowdsource',
  'organization-settings-menu',
  'profile-resources-menu',
  'profile-settings-menu',
  'project-integrations',
  'project-menu',
  'project-menu-crowdsource',
  'project-reports',
  'project-tools',
] as const;

/** Groups the docs or the framework know whose entries the emulator neither calls nor opens: key checked, rest free. */
const OTHER_GROUPS = [
  ...UI_GROUPS.filter((g) => !(UI_MODULE_TYPES as readonly string[]).includes(g)),
  'advisor-inspector',
  'ai-prompt-provider',
  'ai-provider',
  'ai-request-post-compile',
  'ai-request-post-parse',
  'ai-request-pre-compile',
  'ai-request-pre-parse',
  'announcement',
  'api',
  'auth-guard',
  'automation-action',
  'custom-spellchecker',
  'external-qa-check',
] as const;

/** File-processing groups with the plain `{key, url, signaturePatterns}` entry. */
export const FILE_HOOK_GROUPS = [
  'file-pre-import',
  'file-post-import',
  'file-pre-export',
  'file-post-export',
  'file-translations-alignment',
] as const;

/** File-processing groups the module-call route calls (translation alignment, with its own envelope, is not). */
export const MODULE_CALL_GROUPS = [
  'custom-file-format',
  'file-pre-import',
  'file-post-import',
  'file-pre-export',
  'file-post-export',
] as const;

/** Groups the emulator calls (webhooks, steps; file processing through the module-call route). */
export const HOSTED_GROUPS = ['webhook', 'workflow-step-type', ...MODULE_CALL_GROUPS] as const;

const text = { type: 'string', minLength: 1 } as const;
/** A URL relative to the app's baseUrl, as every module URL is. */
const relativeUrl = { type: 'string', pattern: '^/' } as const;
const environments = {
  type: 'array',
  items: { enum: ENVIRONMENTS },
  uniqueItems: true,
  minItems: 1,
} as const;
const signaturePatterns = {
  type: 'object',
  properties: { fileName: { type: 'string' }, fileContent: { type: 'string' } },
  additionalProperties: false,
} as const;
const key = { type: 'string', minLength: 1, maxLength: 255 } as const;
// A schema `description` names the document a rule comes from; problems quote it (manifest-problems.ts), so a
// refusal says whose rule it is. The step's titles and ports are in the docs' table since crowdin/docs
// f5b6b5a1 (developer/modules/other/workflow-step-type.mdx), and the framework's `Port` type is the same set.
const STEP_TABLE = "the docs' workflow-step-type table";
const title = {
  type: 'string',
  minLength: 3,
  maxLength: 30,
  description: STEP_TABLE,
} as const;
const inputPort = { enum: INPUT_PORTS, description: STEP_TABLE } as const;
const outputPort = {
  enum: OUTPUT_PORTS,
  description: `${STEP_TABLE}; "initial" is an input port only`,
} as const;

const webhookEntry = {
  type: 'object',
  required: ['key', 'url', 'events'],
  properties: {
    key,
    url: relativeUrl,
    events: { type: 'array', items: text, minItems: 1, uniqueItems: true },
    environments,
  },
  additionalProperties: false,
} as const;

const stepEntry = {
  type: 'object',
  required: ['key', 'name', 'boundaries'],
  properties: {
    key,
    name: text,
    logo: relativeUrl,
    description: { type: 'string' },
    boundaries: {
      type: 'object',
      required: ['input', 'outputs'],
      properties: {
        input: {
          type: 'object',
          required: ['title', 'ports'],
          properties: {
            title,
            ports: { type: 'array', items: inputPort, minItems: 1, uniqueItems: true },
          },
          additionalProperties: false,
        },
        outputs: {
          type: 'array',
          minItems: 1,
          maxItems: 2,
          items: {
            type: 'object',
            required: ['title', 'port'],
            properties: { title, port: outputPort },
            additionalProperties: false,
          },
        },
      },
      additionalProperties: false,
    },
    editorMode: { enum: EDITOR_MODES },
    updateSettingsUrl: relativeUrl,
    deleteSettingsUrl: relativeUrl,
    url: relativeUrl,
    environments: { ...environments, items: { enum: ['crowdin-enterprise'] } },
  },
  additionalProperties: false,
} as const;

/** A custom file format, or (with `stringsExport: true`) a custom bundle generator: they share the group. */
const fileFormatEntry = {
  type: 'object',
  required: ['key', 'type', 'url'],
  properties: {
    key,
    type: text,
    url: relativeUrl,
    multilingual: { type: 'boolean' },
    customSrxSupported: { type: 'boolean' },
    signaturePatterns,
    stringsExport: { type: 'boolean' },
    extensions: { type: 'array', items: { type: 'string', pattern: '^\\.' }, minItems: 1 },
    multilingualExport: { type: 'boolean' },
    environments,
  },
  additionalProperties: false,
} as const;

const fileHookEntry = {
  type: 'object',
  required: ['key', 'url'],
  properties: { key, url: relativeUrl, signaturePatterns, environments },
  additionalProperties: false,
} as const;

const otherEntry = { type: 'object', required: ['key'], properties: { key } } as const;

const group = (entry: object) => ({ type: 'array', items: entry }) as const;

export const MANIFEST_SCHEMA = {
  $id: 'https://croql.dev/schemas/crowdin-app-manifest.json',
  type: 'object',
  required: ['identifier', 'name', 'authentication'],
  properties: {
    identifier: { type: 'string', pattern: '^[a-z0-9-._]+$', maxLength: 255 },
    name: text,
    baseUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
    authentication: {
      type: 'object',
      properties: {
        type: { enum: ['none', 'crowdin_app', 'crowdin_agent'] },
        // null: no OAuth app, as Crowdin's starter app (crowdin/apps-quick-start manifest.js) says with `none`.
        clientId: { ...text, nullable: true },
      },
      additionalProperties: false,
    },
    description: { type: 'string' },
    logo: relativeUrl,
    events: {
      type: 'object',
      properties: { installed: relativeUrl, uninstall: relativeUrl, subscription_paid: relativeUrl },
      additionalProperties: false,
    },
    scopes: { type: 'array', items: text, uniqueItems: true },
    modules: {
      type: 'object',
      properties: {
        webhook: group(webhookEntry),
        'workflow-step-type': group(stepEntry),
        'custom-file-format': group(fileFormatEntry),
        ...Object.fromEntries(FILE_HOOK_GROUPS.map((g) => [g, group(fileHookEntry)])),
        ...Object.fromEntries(OTHER_GROUPS.map((g) => [g, group(otherEntry)])),
        ...Object.fromEntries(UI_MODULE_TYPES.map((g) => [g, group(uiEntrySchema(g))])),
      },
      additionalProperties: false,
    },
    environments,
    agent: {
      type: 'object',
      required: ['username'],
      properties: {
        username: { type: 'string', minLength: 3, maxLength: 128 },
        name: text,
        avatarUrl: relativeUrl,
      },
      additionalProperties: false,
    },
    // Emitted by the official framework (out/modules/manifest.js); not in the docs' table.
    restrictAiToSameApp: { type: 'boolean' },
    stringBasedAvailable: { type: 'boolean' },
    default_permissions: {
      type: 'object',
      properties: {
        user: { enum: ['owner', 'managers', 'all', 'guests', 'restricted'] },
        project: { enum: ['own', 'restricted'] },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;
