// An installed app's UI modules (project menu, tools, editor panels, …): each with who may open it, and
// Open as a user in a project. The emulator mints the page's URL and JWT at each opening (and logs it), or
// refuses in the service's words; a project menu (or any page that is not an editor panel) opens full-width
// below, an editor panel in the editor stand-in (EditorPanels.tsx, src/standin/).
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ACCESS_LABELS, type ModulePageResponse, type UiModuleInfo } from '../wire/app-modules.ts';
import type { AppInfo, AppsSettings } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { EditorPanel } from './EditorPanels.tsx';
import { Failure } from './parts.tsx';
import { redirectTarget, withQuery } from './redirect.ts';

export function UiModules(props: { origin: string; app: AppInfo; edition: AppsSettings['edition'] }) {
  const { origin, app, edition } = props;
  const id = useId();
  const [opened, setOpened] = useState<ModulePageResponse | null>(null);
  const [standIn, setStandIn] = useState<{ module: UiModuleInfo; user: string } | null>(null);
  // A panel's `AP.redirect`: Crowdin leaves the editor for the page named; here, a module of the app opens
  // below as the same user, with the redirect's query (src/apps/redirect.ts), or the view says where it led.
  const redirect = useMutation({
    mutationFn: async (r: Parameters<Parameters<typeof EditorPanel>[0]['onRedirect']>[0]) => {
      const target = redirectTarget(app, r.path, r.queryParams);
      if (target.kind === 'elsewhere') return target.notice;
      const page = await callApps(origin, APPS_ROUTES.modulePage, {
        params: [app.appId, target.moduleKey],
        query: { user: r.user, projectId: String(target.projectId ?? r.projectId ?? '') },
      });
      setStandIn(null);
      setOpened({ ...page, url: withQuery(page.url, target.query) });
      return null;
    },
  });
  if (app.uiModules.length === 0) return null;
  return (
    <section className="apps-subcard" aria-labelledby={`${id}-title`} data-testid="ui-modules">
      <h4 id={`${id}-title`}>UI modules</h4>
      <ul className="apps-ui-modules">
        {app.uiModules.map((m) => (
          <UiModuleRow
            key={m.key}
            origin={origin}
            app={app}
            module={m}
            edition={edition}
            onOpened={setOpened}
            onStandIn={(user) => setStandIn({ module: m, user })}
          />
        ))}
      </ul>
      {standIn && (
        <EditorPanel
          key={standIn.module.key}
          origin={origin}
          app={app}
          module={standIn.module}
          user={standIn.user}
          onClose={() => setStandIn(null)}
          onRedirect={(r) => redirect.mutate(r)}
        />
      )}
      {redirect.data && (
        <p role="status" className="hint">
          {redirect.data}
        </p>
      )}
      {redirect.isError && <Failure error={redirect.error} />}
      {opened && (
        <div className="apps-module-page" data-testid="module-page">
          <div className="apps-log-head">
            <h5>
              {app.uiModules.find((m) => m.key === opened.moduleKey)?.name ?? opened.moduleKey}{' '}
              <span className="hint">as {opened.user.username}</span>
            </h5>
            <button type="button" onClick={() => setOpened(null)}>
              Close
            </button>
          </div>
          <iframe
            className="apps-module-frame"
            src={opened.url}
            title={`${opened.type} ${opened.moduleKey} of ${app.name}`}
            // As the settings page: the app keeps its own origin, and may not navigate the playground away.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
          />
        </div>
      )}
    </section>
  );
}

function UiModuleRow(props: {
  origin: string;
  app: AppInfo;
  module: UiModuleInfo;
  edition: AppsSettings['edition'];
  onOpened: (page: ModulePageResponse) => void;
  /** An editor panel opens in the editor stand-in, which picks the project, language and string. */
  onStandIn: (user: string) => void;
}) {
  const { origin, app, module: m, edition } = props;
  const id = useId();
  const [user, setUser] = useState('');
  const [project, setProject] = useState('');
  const open = useMutation({
    mutationFn: () =>
      callApps(origin, APPS_ROUTES.modulePage, {
        params: [app.appId, m.key],
        query: { user: user.trim(), projectId: project.trim() },
      }),
    onSuccess: (page) => props.onOpened(page),
  });
  const access = `${ACCESS_LABELS[edition][m.access.category]}${m.access.users.length ? `: ${m.access.users.join(', ')}` : ''}`;
  return (
    <li data-testid="ui-module">
      <p>
        <strong>{m.name}</strong> <code>{m.key}</code> <span className="apps-chip">{m.type}</span>{' '}
        {m.offered ? (
          <span className="hint">Access: {access}</span>
        ) : (
          <span className="hint">{m.notOffered}</span>
        )}
      </p>
      {m.offered && (
        <form
          className="apps-inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (m.editorPanel) props.onStandIn(user.trim());
            else open.mutate();
          }}
        >
          <label htmlFor={`${id}-user`}>User</label>
          <input
            id={`${id}-user`}
            value={user}
            onChange={(e) => setUser(e.target.value)}
            placeholder={app.installedBy.username}
            size={10}
          />
          {m.scope === 'project' && !m.editorPanel && (
            <>
              <label htmlFor={`${id}-project`}>Project</label>
              <input
                id={`${id}-project`}
                value={project}
                onChange={(e) => setProject(e.target.value)}
                inputMode="numeric"
                placeholder={app.projects === 'all' ? 'any' : String(app.projects[0] ?? '')}
                size={5}
              />
            </>
          )}
          <button type="submit" disabled={open.isPending}>
            Open
          </button>
        </form>
      )}
      {open.isError && <Failure error={open.error} />}
    </li>
  );
}
