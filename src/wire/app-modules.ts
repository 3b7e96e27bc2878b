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
 * Who may open a module: the install page's user categories (crowdin/docs developer/crowdin-apps/
 * installation.mdx, "User Access Categories", and each module page's "Access"), named as the official
 * framework names them in a manifest's `default_permissions.user`:
 * - `owner`: only me (the user who installed the app) on crowdin.com, only admins on Enterprise;
 * - `managers`: me / admins, project managers and developers;
 * - `all`: all project members / all users in the organization's projects;
 * - `guests`: all users, including guests (unauthenticated users);
 * - `restricted`: Custom Access, the users picked (`users`).
 * The project owner (on Enterprise, an admin) always may. Which categories a module offers depends on its
 * type and the edition (the Apps view and `apps modules` list them per module).
 */
export type ModuleAccessCategory = 'owner' | 'managers' | 'all' | 'guests' | 'restricted';

export const MODULE_ACCESS_CATEGORIES: readonly ModuleAccessCategory[] = [
  'owner',
  'managers',
  'all',
  'guests',
  'restricted',
];

/** Each category as the install page words it, per edition. */
export const ACCESS_LABELS: Record<'crowdin' | 'crowdin-enterprise', Record<ModuleAccessCategory, string>> = {
  crowdin: {
    owner: 'Only me',
    managers: 'Me, project managers and developers',
    all: 'All project members',
    guests: 'All users, including guests',
    restricted: 'Custom Access (selected users)',
  },
  'crowdin-enterprise': {
    owner: 'Only admins',
    managers: 'Admins, managers and developers',
    all: 'All project members',
    guests: 'All users, including guests',
    restricted: 'Custom Access (selected users)',
  },
};

/** A module's permission setting. */
export interface ModuleAccess {
  category: ModuleAccessCategory;
  /** With `restricted`: the usernames picked. Empty otherwise. */
  users: string[];
}

/** `POST /__apps/{appId}/modules/{moduleKey}/access`: answered with the UiModuleInfo. */
export interface ModuleAccessRequest {
  category: ModuleAccessCategory;
  /** With `restricted`: usernames (or user ids) of the emulator's users. */
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
  /** Where it opens: in a project (menus, tools, editor panels), the organization, or the user's account. */
  scope: 'project' | 'organization' | 'account';
  editorPanel: boolean;
}

/** The context a module's page gets, as its JWT's `context` claim carries it. */
export interface ModuleContext {
  /** Only a project module's context carries the project. */
  project_id?: number;
  project_identifier?: string;
  organization_id: number;
  organization_domain?: string;
  user_id: number;
  user_login?: string;
  /**
   * Editor panels only: the editor as apps-js.mdx's ContextDataObject describes it. `file` is the file of the
   * string the page was opened on; the docs name no key for the string itself (a page asks for it with
   * `AP.editor.getString`), so ModulePageResponse carries it beside the context.
   */
  editor?: {
    mode: 'translate';
    theme: 'light' | 'dark';
    source_language_id: string;
    target_language_id: string;
    active_target_language_id: string;
    file?: number;
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
  /** Null for an app without an OAuth app (authentication `none`): nothing signs it, the URL has none. */
  jwtToken: string | null;
  /** The JWT's `context`. */
  context: ModuleContext;
  /** The user it was opened as. */
  user: { id: number; username: string };
  /** Editor panels: the string selected when it opened (`stringId`), or null. */
  stringId: number | null;
  /** The emulator's origin, where the page finds the bridge. */
  origin: string;
  clientId: string | null;
  expiresAt: string | null;
  bridgeUrl: string;
  /** The only origins the bridge talks to: the playground's. Frame the page from one of them. */
  parentOrigins: string[];
  /** This opening in the delivery log (kind `module-page`): the page's calls are listed under it. */
  deliveryId: number;
}
