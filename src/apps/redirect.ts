// Where an app's `AP.redirect(path, queryParams)` goes in the Apps view. Crowdin sends the whole browser
// window to that page of Crowdin (apps-js.mdx, "Navigation"); the emulator has no Crowdin pages but the
// Apps view, so it follows one kind of path: a UI module of an installed app, in the form CroQL Playground's
// links use (src/auth/app-mode.ts, moduleLink): `/project/{identifier}/apps/{app}/{moduleKey}` on
// crowdin.com, `/u/projects/{id}/apps/{app}/{moduleKey}` on Enterprise. The module opens as the same user,
// and `queryParams` are added to its page's address (the emulator's choice: Crowdin does not document how
// a module page hears them). Any other path is said, not followed.
import type { AppInfo } from '../wire/apps.ts';

export type RedirectTarget =
  | {
      kind: 'module';
      moduleKey: string;
      /** From an Enterprise path; null on crowdin.com, whose path names the project by its identifier. */
      projectId: number | null;
      query: Record<string, string>;
    }
  | { kind: 'elsewhere'; notice: string };

const MODULE_PATH = /^\/?(?:project\/[^/?#]+|u\/projects\/(\d+))\/apps\/([^/?#]+)\/([^/?#]+)\/?$/;

export function redirectTarget(
  app: Pick<AppInfo, 'appId' | 'name' | 'uiModules'>,
  path: string,
  query: Record<string, string>,
): RedirectTarget {
  const m = MODULE_PATH.exec(path);
  const to = `${path}${Object.keys(query).length ? `?${new URLSearchParams(query).toString()}` : ''}`;
  if (!m) {
    return {
      kind: 'elsewhere',
      notice: `${app.name} redirected to ${to}: Crowdin would open that page; the emulator has only the app's modules to open.`,
    };
  }
  const [, projectId, appIdentifier, key] = m;
  const moduleKey = decodeURIComponent(key!);
  const known =
    decodeURIComponent(appIdentifier!) === app.appId && app.uiModules.some((u) => u.key === moduleKey);
  if (!known) {
    return {
      kind: 'elsewhere',
      notice: `${app.name} redirected to ${to}, a module that is not one of ${app.appId}'s (${app.uiModules.map((u) => u.key).join(', ') || 'none'}).`,
    };
  }
  return { kind: 'module', moduleKey, projectId: projectId ? Number(projectId) : null, query };
}

/** The module page's address with the redirect's query added. */
export function withQuery(url: string, query: Record<string, string>): string {
  const page = new URL(url);
  for (const [k, v] of Object.entries(query)) page.searchParams.set(k, v);
  return page.toString();
}
