// An app's editor panels in the Apps view: each opens in the editor stand-in (src/standin/), which asks the
// module page route for the panel's URL and JWT as the signed-in user (the emulator logs each opening).
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../connection/api.ts';
import { userQuery } from '../connection/queries.ts';
import { EditorStandIn, type PanelRequest } from '../standin/EditorStandIn.tsx';
import { useResolvedTheme } from '../ui/theme.ts';
import type { AppInfo } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';

export function EditorPanels({ origin, app }: { origin: string; app: AppInfo }) {
  const panels = (app.uiModules ?? []).filter((m) => m.editorPanel && m.offered);
  const [open, setOpen] = useState<string | null>(null);
  const client = useApiClient();
  const user = useQuery(userQuery(client)).data;
  const theme = useResolvedTheme();
  const panel = panels.find((m) => m.key === open);
  if (panels.length === 0) return null;
  const openPage = (key: string) => (request: PanelRequest) =>
    callApps(origin, APPS_ROUTES.modulePage, {
      params: [app.appId, key],
      query: {
        projectId: request.projectId,
        user: user?.username,
        languageId: request.languageId,
        stringId: request.stringId ?? undefined,
      },
    });
  return (
    <>
      {!panel && (
        <div className="apps-actions">
          {panels.map((m) => (
            <button key={m.key} type="button" onClick={() => setOpen(m.key)}>
              Open {m.name} in the editor stand-in
            </button>
          ))}
        </div>
      )}
      {panel && (
        <EditorStandIn
          client={client}
          appName={app.name}
          moduleName={panel.name}
          theme={theme}
          open={openPage(panel.key)}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
