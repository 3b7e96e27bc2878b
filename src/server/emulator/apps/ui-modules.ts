// An installed app's UI modules (project menu, tools, editor panels, organization and profile menus, modal)
// as the service opens them: for a user, in a project (and for an editor panel, a target language and a
// string), refused when the module's access or the install's project choice leaves the user out. The page
// opens as security.mdx shows: `{baseUrl}{url}?jwtToken=…&origin=…&clientId=…`, the JWT carrying the
// context apps-js.mdx's `AP.getContext` describes (ui-module-types.ts holds each type's facts).
import type {
  ModuleAccess,
  ModuleAccessRequest,
  ModulePageResponse,
  UiModuleInfo,
  UiModuleType,
} from '../../../wire/app-modules.ts';
import { ACCESS_LABELS } from '../../../wire/app-modules.ts';
import { BRIDGE_PATH } from '../../../wire/ap-bridge.ts';
import type { DemoUser } from '../data/model.ts';
import { APP_JWT_TTL_SECONDS, appJwt, appJwtClaims } from './app-jwt.ts';
import { ControlError } from './errors.ts';
import { findString } from './events.ts';
import type { HostParts } from './host-parts.ts';
import type { Installation } from './installations.ts';
import { moduleActive } from './manifest.ts';
import { accessRefusal, initialAccess, readAccessCategory } from './ui-module-access.ts';
import { offeredCategories, UI_TYPE_RULES, uiModulesOf, type UiEntry } from './ui-module-types.ts';

/** The query of a page opening, as the route reads it (strings, unchecked). */
export interface PageQuery {
  projectId?: string;
  user?: string;
  languageId?: string;
  stringId?: string;
}

export class UiModules {
  constructor(private parts: HostParts) {}

  private get data() {
    return this.parts.config.data;
  }

  /** The app's UI modules as the Apps view lists them. */
  list(app: Installation): UiModuleInfo[] {
    return uiModulesOf(app.manifest).map(({ type, entry }) => this.info(app, type, entry));
  }

  private info(app: Installation, type: UiModuleType, entry: UiEntry): UiModuleInfo {
    const edition = this.parts.edition();
    const rule = UI_TYPE_RULES[type];
    const notOffered = !rule.editions.includes(edition)
      ? `"${type}" modules exist on ${rule.editions.join(' and ')} only; the emulator plays ${edition}.`
      : !moduleActive(entry, app.manifest, edition)
        ? `Its environments leave out ${edition}: the service does not install it here.`
        : null;
    return {
      type,
      key: entry.key,
      name: entry.name,
      url: entry.url,
      offered: notOffered === null,
      notOffered,
      access: this.access(app, type, entry.key),
      categories: [...offeredCategories(type, edition)],
      scope: rule.scope,
      editorPanel: rule.editorPanel,
    };
  }

  private access(app: Installation, type: UiModuleType, key: string): ModuleAccess {
    // An installation restored from a state saved before module access existed starts with the default.
    return (app.moduleAccess[key] ??= initialAccess(type, this.parts.edition(), app.manifest, undefined));
  }

  /** The installed app's UI module with this key, or the refusal that says why there is none. */
  private module(appId: string, key: string): { app: Installation; type: UiModuleType; entry: UiEntry } {
    const app = this.parts.installations.require(appId);
    const found = uiModulesOf(app.manifest).find(({ entry }) => entry.key === key);
    if (found) return { app, ...found };
    const group = Object.entries(app.manifest.modules ?? {}).find(([, list]) =>
      list.some((e) => e.key === key),
    );
    throw group
      ? new ControlError(
          409,
          'notUiModule',
          `Module "${key}" of "${appId}" is a ${group[0]} module, which has no page to open. UI modules: ${this.keys(app)}.`,
        )
      : new ControlError(
          404,
          'unknownModule',
          `"${appId}" has no module "${key}". UI modules: ${this.keys(app)}.`,
        );
  }

  private keys(app: Installation): string {
    const keys = uiModulesOf(app.manifest).map(({ type, entry }) => `${entry.key} (${type})`);
    return keys.length ? keys.join(', ') : 'none';
  }

  private user(name: string | undefined, app: Installation): DemoUser {
    if (name === undefined || name === '') return app.installer;
    const user = this.data.users.find(
      (u) => u.username.toLowerCase() === name.toLowerCase() || String(u.id) === name,
    );
    if (!user) {
      throw new ControlError(
        404,
        'unknownUser',
        `No user "${name}" in the emulator's data. Users: ${this.data.users.map((u) => `${u.username} (${u.role})`).join(', ')}.`,
      );
    }
    return user;
  }

  /** Where the module's page opens for this user, as the service opens it; refused when the user may not. */
  page(appId: string, key: string, query: PageQuery, origin: string): ModulePageResponse {
    const { app, type, entry } = this.module(appId, key);
    const info = this.info(app, type, entry);
    if (!info.offered) throw new ControlError(409, 'moduleNotOffered', `Module "${key}": ${info.notOffered}`);
    if (app.state !== 'installed') {
      throw new ControlError(
        409,
        'notInstalled',
        `"${appId}" is still installing; open its modules once it is installed.`,
      );
    }
    const user = this.user(query.user, app);
    const rule = UI_TYPE_RULES[type];
    const project = rule.scope === 'project' ? this.project(app, query.projectId) : undefined;
    const refusal = accessRefusal({
      access: info.access,
      user,
      installer: app.installer,
      members: this.data.users,
      edition: this.parts.edition(),
      moduleName: entry.name,
    });
    if (refusal) throw new ControlError(403, 'moduleAccessDenied', refusal);
    const editor = rule.editorPanel ? this.editor(query) : undefined;
    const now = this.parts.config.clock();
    const args = {
      user,
      moduleKey: key,
      project,
      domain: this.parts.config.organization,
      now,
      editor: editor?.context,
    };
    const jwtToken = app.client ? appJwt(app, args) : null;
    const clientId = app.client?.id ?? null;
    const page = new URL(`${app.baseUrl}${entry.url}`);
    if (jwtToken) page.searchParams.set('jwtToken', jwtToken);
    page.searchParams.set('origin', origin);
    if (clientId) page.searchParams.set('clientId', clientId);
    const opened = this.parts.deliveries.opened({
      app,
      moduleKey: key,
      url: page.toString(),
      kind: 'module-page',
    });
    return {
      appId,
      moduleKey: key,
      type,
      url: page.toString(),
      jwtToken,
      context: appJwtClaims(app, args).context,
      user: { id: user.id, username: user.username },
      stringId: editor?.stringId ?? null,
      origin,
      clientId,
      expiresAt: jwtToken
        ? new Date((Math.floor(now / 1000) + APP_JWT_TTL_SECONDS) * 1000).toISOString()
        : null,
      bridgeUrl: `${origin}${BRIDGE_PATH}`,
      parentOrigins: [...this.parts.config.allowedOrigins],
      deliveryId: opened.id,
    };
  }

  /** The project a project module opens in: the emulator's project, and one the install chose. */
  private project(app: Installation, raw: string | undefined): { id: number; identifier: string } {
    const project = this.data.project;
    const id = raw === undefined || raw === '' ? project.id : Number(raw);
    if (!Number.isInteger(id) || id !== project.id) {
      throw new ControlError(
        404,
        'unknownProject',
        `No project ${raw} in the emulator: its project is ${project.id} ("${project.name}").`,
      );
    }
    if (app.projects !== 'all' && !app.projects.includes(id)) {
      throw new ControlError(
        403,
        'projectNotAllowed',
        `"${app.manifest.name}" is not available in project ${id}: it was installed for selected projects only (${app.projects.join(', ') || 'none'}). Install it again with this project, or for all projects.`,
      );
    }
    return { id, identifier: project.identifier };
  }

  /** An editor panel's editor: the target language (the project's first by default) and the string. */
  private editor(query: PageQuery): {
    context: NonNullable<ModulePageResponse['context']['editor']>;
    stringId: number | null;
  } {
    const project = this.data.project;
    const languageId = query.languageId || project.targetLanguageIds[0];
    if (!languageId || !project.targetLanguageIds.includes(languageId)) {
      throw new ControlError(
        400,
        'unknownLanguage',
        `languageId must be a target language of project ${project.id}: ${project.targetLanguageIds.join(', ')}; not "${query.languageId ?? ''}".`,
      );
    }
    let stringId: number | null = null;
    let file: number | undefined;
    if (query.stringId !== undefined && query.stringId !== '') {
      const found = /^\d{1,9}$/.test(query.stringId)
        ? findString(this.data, Number(query.stringId))
        : undefined;
      if (!found) {
        throw new ControlError(404, 'unknownString', `No string ${query.stringId} in project ${project.id}.`);
      }
      stringId = found.id as number;
      file = (found.file as { id?: number } | undefined)?.id;
    }
    return {
      stringId,
      context: {
        mode: 'translate',
        theme: 'light',
        source_language_id: project.sourceLanguageId,
        target_language_id: languageId,
        active_target_language_id: languageId,
        ...(file === undefined ? {} : { file }),
      },
    };
  }

  /** Sets who may open the module (the service's Edit dialog); answers the module as the view lists it. */
  setAccess(appId: string, key: string, body: ModuleAccessRequest): UiModuleInfo {
    const { app, type, entry } = this.module(appId, key);
    const category = readAccessCategory(body.category, 'category');
    if (!category) throw new ControlError(400, 'invalidAccess', 'category is required.');
    const edition = this.parts.edition();
    const offered = offeredCategories(type, edition);
    if (!offered.includes(category)) {
      throw new ControlError(
        400,
        'accessNotOffered',
        `A ${type} module on ${edition} offers ${offered.map((c) => `${c} (${ACCESS_LABELS[edition][c]})`).join(', ') || 'no access setting'}; not ${category}.`,
      );
    }
    if (body.users !== undefined && !Array.isArray(body.users)) {
      throw new ControlError(400, 'invalidAccess', 'users must be a list of usernames or user ids.');
    }
    const users = (body.users ?? []).map((u) => this.user(String(u), app).username);
    if (users.length && category !== 'restricted') {
      throw new ControlError(
        400,
        'invalidAccess',
        `users are picked only with category "restricted" (Custom Access), not "${category}".`,
      );
    }
    app.moduleAccess[key] = { category, users: [...new Set(users)] };
    this.parts.stream.emit({ type: 'apps' });
    return this.info(app, type, entry);
  }
}
