// `apps open` and `apps access`: a UI module's page opened as a user (the URL to load, its JWT's context),
// and who may open it, through the control routes (src/wire/apps-routes.ts).
import type { ModuleAccessCategory } from '../../../wire/app-modules.ts';
import { MODULE_ACCESS_CATEGORIES } from '../../../wire/app-modules.ts';
import { APPS_ROUTES, type AnswerOf, type AnyRoute } from '../../../wire/apps-routes.ts';
import type { RouteRequest } from '../../../wire/apps-control.ts';

export const UI_MODULES_HELP = `  npm run emulator -- apps open <appId> <moduleKey> [--project N] [--user NAME] [--language L] [--string ID]
                     [--port N]   (a UI module's page as the user opens it: its URL and its JWT's context)
  npm run emulator -- apps access <appId> <moduleKey> ${MODULE_ACCESS_CATEGORIES.join('|')} [--users a,b]
                     [--port N]   (who may open the module; --users with restricted)`;

type Call = <R extends AnyRoute>(route: R, request?: RouteRequest<R>) => Promise<AnswerOf<R>>;

export interface UiModuleFlags {
  project?: string[];
  user?: string;
  language?: string[];
  string?: string;
  users?: string;
}

export async function openCommand(
  call: Call,
  appId: string | undefined,
  moduleKey: string | undefined,
  values: UiModuleFlags,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (!appId || !moduleKey) {
    err('apps open needs the app id and the module key, e.g. `apps open my-app my-menu --user bob`.');
    return 2;
  }
  if ((values.project?.length ?? 0) > 1 || (values.language?.length ?? 0) > 1) {
    err('apps open takes one --project and one --language.');
    return 2;
  }
  const page = await call(APPS_ROUTES.modulePage, {
    params: [appId, moduleKey],
    query: {
      projectId: values.project?.[0],
      user: values.user,
      languageId: values.language?.[0],
      stringId: values.string,
    },
  });
  out(
    `${page.type} "${page.moduleKey}" of "${page.appId}", opened as ${page.user.username} (id ${page.user.id})`,
  );
  out(page.url);
  out(`  context: ${JSON.stringify(page.context)}`);
  if (page.stringId !== null) out(`  string: ${page.stringId}`);
  out(
    page.expiresAt
      ? `  the JWT expires at ${page.expiresAt}; frame the page from ${page.parentOrigins.join(' or ')}, where its bridge answers.`
      : '  no JWT: the app has no OAuth app (authentication none).',
  );
  return 0;
}

export async function accessCommand(
  call: Call,
  appId: string | undefined,
  moduleKey: string | undefined,
  category: string | undefined,
  values: UiModuleFlags,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (!appId || !moduleKey || !category) {
    err(
      `apps access needs the app id, the module key and a category (${MODULE_ACCESS_CATEGORIES.join(', ')}), e.g. \`apps access my-app my-menu all\`.`,
    );
    return 2;
  }
  const users = values.users
    ?.split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  const info = await call(APPS_ROUTES.moduleAccess, {
    params: [appId, moduleKey],
    body: { category: category as ModuleAccessCategory, ...(users ? { users } : {}) },
  });
  out(
    `"${info.key}" (${info.type}) may be opened by: ${info.access.category}${info.access.users.length ? ` (${info.access.users.join(', ')})` : ''}`,
  );
  return 0;
}
