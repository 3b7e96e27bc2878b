// An installed app's UI modules as the emulator hosts them: which module types it opens, who may open one
// (the module permissions the service's install page sets), and what opening one answers. The emulator
// writes these shapes (src/server/emulator/apps/ui-modules.ts) and the Apps view and the CLI read them.
// Module types and their availability per edition: crowdin/docs developer/modules/ui-modules/overview.mdx.

/** The UI module types the emulator opens, by their manifest group name. */
export const UI_MODULE_TYPES = [
  'project-menu',
  'project-menu-crowdsource',
  'project-tools',
  'project-reports',
  'project-integrations',
  'editor-right-panel',
  'editor-translations-panel',
  'editor-asset-panel',
  'organization-menu',
  'organization-menu-crowdsource',
  'organization-settings-menu',
  'profile-resources-menu',
  'profile-settings-menu',
  'modal',
] as const;

export type UiModuleType = (typeof UI_MODULE_TYPES)[number];

/** The editor panels: opened beside a project's editor, with its target language and string. */
export const EDITOR_PANEL_TYPES: readonly UiModuleType[] = [
  'editor-right-panel',
  'editor-translations-panel',
  'editor-asset-panel',
];

/**
 * Who may open a module (the install page's user categories; the docs' module pages, "Access"):
 * - `owner`: only me (the project owner) on crowdin.com, only organization admins on Enterprise;
 * - `managers`: me, project managers and developers / organization admins, project managers and developers;
 * - `all`: all project members / all users in the organization's projects;
 * - `guests`: all users, including guests (offered for the modules whose docs list it);
 * - `custom`: selected users (`users`), plus the owner / admins.
 * The project (or organization) owner always may.
 */
export type ModuleAccessCategory = 'owner' | 'managers' | 'all' | 'guests' | 'custom';

export const MODULE_ACCESS_CATEGORIES: readonly ModuleAccessCategory[] = [
  'owner',
  'managers',
  'all',
  'guests',
  'custom',
];

/** A module's permission setting. */
export interface ModuleAccess {
  category: ModuleAccessCategory;
  /** With `custom`: the usernames chosen. Empty otherwise. */
  users: string[];
}

/** `POST /__apps/{appId}/modules/{moduleKey}/access`: answered with the UiModuleInfo. */
export interface ModuleAccessRequest {
  category: ModuleAccessCategory;
  /** With `custom`: usernames (or user ids) of the emulator's users. */
  users?: (string | number)[];
}

/** One UI module of an installed app, as the Apps view lists it. */
export interface UiModuleInfo {
  type: UiModuleType;
  key: string;
  name: string;
  /** The page, relative to the app's baseUrl. */
  url: string;
  /** False when its `environments` exclude the emulator's edition, or the type is not on this edition. */
  offered: boolean;
  /** Why it is not offered, in words; null when it is. */
  notOffered: string | null;
  access: ModuleAccess;
  /** The categories this module type offers on the emulator's edition. */
  categories: ModuleAccessCategory[];
  /** Opened on a project (project scope, editor panels); false for organization and account modules. */
  projectScoped: boolean;
  editorPanel: boolean;
}

/** The context a module's page gets, as its JWT's `context` claim carries it. */
export interface ModuleContext {
  project_id?: number;
  project_identifier?: string;
  organization_id: number;
  organization_domain?: string;
  user_id: number;
  user_login?: string;
  /** Editor panels: the editor's target language. */
  editor?: {
    mode: string;
    theme: 'light' | 'dark';
    source_language_id: string;
    target_language_id: string;
    string_id?: number;
  };
}

/**
 * `GET /__apps/{appId}/modules/{moduleKey}/page?projectId&user&languageId&stringId`: where the module's page
 * opens, as the service opens it (`{baseUrl}{url}?jwtToken=…&origin=…&clientId=…`), for that user.
 */
export interface ModulePageResponse {
  appId: string;
  moduleKey: string;
  type: UiModuleType;
  url: string;
  jwtToken: string;
  /** The JWT's `context`. */
  context: ModuleContext;
  /** The emulator's origin, where the page finds the bridge. */
  origin: string;
  clientId: string;
  expiresAt: string;
  bridgeUrl: string;
  /** The only origins the bridge talks to: the playground's. Frame the page from one of them. */
  parentOrigins: string[];
  /** This opening in the delivery log (kind `settings-page`): the page's calls are listed under it. */
  deliveryId: number;
}
