// An editor panel opened in the Apps view: the editor stand-in (src/standin/), which asks the module page
// route for the panel's URL and JWT as the chosen user (else the signed-in one) for the project, language
// and string picked in it (the emulator logs each opening).
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../connection/api.ts';
import { userQuery } from '../connection/queries.ts';
import { EditorStandIn, type PanelRequest } from '../standin/EditorStandIn.tsx';
import { useResolvedTheme } from '../ui/theme.ts';
import type { UiModuleInfo } from '../wire/app-modules.ts';
import type { AppInfo } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';

export function EditorPanel(props: {
  origin: string;
  app: AppInfo;
  module: UiModuleInfo;
  /** The user typed beside Open; empty: the signed-in user. */
  user: string;
  onClose: () => void;
  /** The panel called `AP.redirect`: the view follows it as this user (UiModules.tsx). */
  onRedirect: (redirect: {
    path: string;
    queryParams: Record<string, string>;
    projectId: number | null;
    user: string | undefined;
  }) => void;
}) {
  const { origin, app, module: m } = props;
  const client = useApiClient();
  const signedIn = useQuery(userQuery(client)).data;
  const theme = useResolvedTheme();
  const open = (request: PanelRequest) =>
    callApps(origin, APPS_ROUTES.modulePage, {
      params: [app.appId, m.key],
      query: {
        projectId: request.projectId,
        user: props.user || signedIn?.username,
        languageId: request.languageId,
        stringId: request.stringId ?? undefined,
      },
    });
  return (
    <EditorStandIn
      client={client}
      appName={app.name}
      moduleName={m.name}
      theme={theme}
      open={open}
      onClose={props.onClose}
      onRedirect={(redirect) => props.onRedirect({ ...redirect, user: props.user || signedIn?.username })}
    />
  );
}
