// The UI module types the emulator opens, each as the docs describe it (crowdin/docs
// developer/modules/ui-modules/*.mdx): the editions it exists on (overview.mdx's table), where it opens
// (project, organization, account), the manifest keys it requires and allows (each page's "Properties"),
// and the user categories its "Access" section offers per edition. The manifest schema (manifest-schema.ts),
// the module permissions (ui-module-access.ts) and the page opening (ui-modules.ts) all read this table.
import type { ModuleAccessCategory, UiModuleType } from '../../../wire/app-modules.ts';
import { UI_MODULE_TYPES } from '../../../wire/app-modules.ts';
import type { Edition, Manifest } from './manifest.ts';

export interface UiTypeRule {
  /** Where the overview's table marks it ✔. */
  editions: readonly Edition[];
  scope: 'project' | 'organization' | 'account';
  /** Keys its page marks "Required: yes", beyond `key`, `name` and `url`. */
  required: readonly string[];
  /** The JSON Schema of each other key its page lists (`environments` is added from `editions`). */
  properties: Record<string, object>;
  /** The "Access" list, per edition it exists on. */
  categories: Partial<Record<Edition, readonly ModuleAccessCategory[]>>;
  editorPanel: boolean;
}

const BOTH: readonly Edition[] = ['crowdin', 'crowdin-enterprise'];
const ENTERPRISE: readonly Edition[] = ['crowdin-enterprise'];
const CROWDIN: readonly Edition[] = ['crowdin'];

const relativeUrl = { type: 'string', pattern: '^/' } as const;
const modes = (values: readonly string[]) =>
  ({ type: 'array', items: { enum: values }, minItems: 1, uniqueItems: true }) as const;

/** editor-right-panel.mdx's allowed `modes`. */
export const RIGHT_PANEL_MODES = [
  'translate',
  'comfortable',
  'side-by-side',
  'multilingual',
  'review',
  'assets',
] as const;
/** editor-translations-panel.mdx's allowed `modes`. */
export const TRANSLATIONS_PANEL_MODES = ['assets', 'review', 'translate'] as const;

const both = (...c: ModuleAccessCategory[]) => ({ crowdin: c, 'crowdin-enterprise': c });
const PANEL_ACCESS = both('owner', 'managers', 'all', 'restricted');
const TOOL_ACCESS = both('owner', 'all', 'restricted');

/** A tool-like entry (tools, reports, integrations): `logo` required, `description` allowed. */
const toolLike: Pick<UiTypeRule, 'required' | 'properties'> = {
  required: ['logo'],
  properties: { logo: relativeUrl, description: { type: 'string' } },
};

export const UI_TYPE_RULES: Record<UiModuleType, UiTypeRule> = {
  'project-menu': {
    editions: BOTH,
    scope: 'project',
    required: [],
    properties: {},
    categories: PANEL_ACCESS,
    editorPanel: false,
  },
  'project-menu-crowdsource': {
    editions: ENTERPRISE,
    scope: 'project',
    required: [],
    properties: {},
    categories: both('owner', 'all', 'restricted', 'guests'),
    editorPanel: false,
  },
  'project-tools': {
    editions: BOTH,
    scope: 'project',
    ...toolLike,
    categories: TOOL_ACCESS,
    editorPanel: false,
  },
  'project-reports': {
    editions: BOTH,
    scope: 'project',
    ...toolLike,
    categories: TOOL_ACCESS,
    editorPanel: false,
  },
  'project-integrations': {
    editions: BOTH,
    scope: 'project',
    ...toolLike,
    categories: TOOL_ACCESS,
    editorPanel: false,
  },
  'editor-right-panel': {
    editions: BOTH,
    scope: 'project',
    required: ['modes'],
    properties: { modes: modes(RIGHT_PANEL_MODES), supportsMultipleStrings: { type: 'boolean' } },
    categories: PANEL_ACCESS,
    editorPanel: true,
  },
  'editor-translations-panel': {
    editions: BOTH,
    scope: 'project',
    required: ['modes'],
    properties: { modes: modes(TRANSLATIONS_PANEL_MODES) },
    categories: PANEL_ACCESS,
    editorPanel: true,
  },
  'editor-asset-panel': {
    editions: BOTH,
    scope: 'project',
    required: ['fileNamePattern'],
    properties: { fileNamePattern: { type: 'string', minLength: 1 } },
    categories: PANEL_ACCESS,
    editorPanel: true,
  },
  'organization-menu': {
    editions: ENTERPRISE,
    scope: 'organization',
    required: ['icon'],
    properties: { icon: relativeUrl },
    categories: { 'crowdin-enterprise': ['owner', 'all', 'restricted'] },
    editorPanel: false,
  },
  'organization-menu-crowdsource': {
    editions: ENTERPRISE,
    scope: 'organization',
    required: [],
    properties: { icon: relativeUrl },
    categories: { 'crowdin-enterprise': ['owner', 'all', 'restricted', 'guests'] },
    editorPanel: false,
  },
  'organization-settings-menu': {
    editions: ENTERPRISE,
    scope: 'organization',
    required: ['icon'],
    properties: { icon: relativeUrl },
    // "Only organization admins", "Selected organization admins".
    categories: { 'crowdin-enterprise': ['owner', 'restricted'] },
    editorPanel: false,
  },
  'profile-resources-menu': {
    editions: CROWDIN,
    scope: 'account',
    required: ['icon'],
    properties: { icon: relativeUrl },
    categories: { crowdin: ['owner'] },
    editorPanel: false,
  },
  'profile-settings-menu': {
    editions: CROWDIN,
    scope: 'account',
    required: [],
    // Not on the docs' page; the official framework emits it (out/modules/manifest.js).
    properties: { icon: relativeUrl },
    categories: { crowdin: ['owner'] },
    editorPanel: false,
  },
  // modal.mdx: opened by a context-menu module, in whatever place that menu is; the emulator opens it in
  // a project.
  modal: {
    editions: BOTH,
    scope: 'project',
    required: [],
    properties: {},
    categories: TOOL_ACCESS,
    editorPanel: false,
  },
};

export function isUiModuleType(group: string): group is UiModuleType {
  return (UI_MODULE_TYPES as readonly string[]).includes(group);
}

/** The manifest entry schema of a UI module type: its page's keys, nothing else. */
export function uiEntrySchema(type: UiModuleType): object {
  const rule = UI_TYPE_RULES[type];
  return {
    type: 'object',
    required: ['key', 'name', 'url', ...rule.required],
    properties: {
      key: { type: 'string', minLength: 1, maxLength: 255 },
      name: { type: 'string', minLength: 1 },
      url: relativeUrl,
      ...rule.properties,
      // The pages type it `string` and one example writes a string ("environments": "crowdin"); the
      // others, and the framework, an array: both are taken (moduleActive reads either).
      environments: {
        anyOf: [
          { enum: rule.editions },
          { type: 'array', items: { enum: rule.editions }, uniqueItems: true, minItems: 1 },
        ],
        description: `the docs' ${type} page`,
      },
    },
    additionalProperties: false,
  };
}

/** The categories a module of this type offers on this edition (none where the type does not exist). */
export function offeredCategories(type: UiModuleType, edition: Edition): readonly ModuleAccessCategory[] {
  return UI_TYPE_RULES[type].categories[edition] ?? [];
}

/** A UI module entry of a manifest, with the keys its type requires. */
export interface UiEntry {
  key: string;
  name: string;
  url: string;
  environments?: string[] | string;
  modes?: string[];
}

/** The manifest's UI modules the emulator opens, in manifest order. */
export function uiModulesOf(manifest: Manifest): { type: UiModuleType; entry: UiEntry }[] {
  return Object.entries(manifest.modules ?? {}).flatMap(([group, entries]) =>
    isUiModuleType(group)
      ? entries.map((entry) => ({ type: group, entry: entry as unknown as UiEntry }))
      : [],
  );
}
