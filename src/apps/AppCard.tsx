// One installed app: who it is (secret, agent, scopes), what it declared (modules, webhooks, step types),
// what went wrong (problems, the manifest's warnings), its steps, and the actions on it (add a step,
// trigger an event, uninstall).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { projectLanguages, projectQuery, projectsQuery } from '../connection/queries.ts';
import type { Edition } from '../croql/index.ts';
import { announce } from '../ui/announce.ts';
import {
  STEP_EVENT,
  type AddStepRequest,
  type AppInfo,
  type StepTypeInfo,
  type TriggerRequest,
} from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { triggerChoices } from './app-card.ts';
import { clock } from './format.ts';
import { ModuleCall } from './ModuleCall.tsx';
import { AnswerOf, AppProblems, Confirm, Failure, ManifestProblems, Secret } from './parts.tsx';
import { StepPanel } from './StepPanel.tsx';
import { UiModules } from './UiModules.tsx';
import { useAppsUiActions } from './store.ts';

export function AppCard(props: { origin: string; app: AppInfo; edition: Edition }) {
  const { origin, app } = props;
  const id = useId();
  const { selectDelivery } = useAppsUiActions();
  return (
    <article className="apps-card apps-app" aria-labelledby={`${id}-name`} data-testid="installed-app">
      <header className="apps-app-head">
        <h3 id={`${id}-name`}>{app.name}</h3>
        <code>{app.appId}</code>
        <span className="apps-chip">{app.authenticationType}</span>
      </header>
      <dl className="apps-facts">
        <dt>App secret</dt>
        <dd data-testid="app-secret">
          <Secret value={app.appSecret} label={`App secret of ${app.name}`} />
        </dd>
        <dt>Manifest</dt>
        <dd>
          <code className="apps-break">{app.manifestUrl}</code>
        </dd>
        <dt>Base URL</dt>
        <dd>
          <code className="apps-break">{app.baseUrl}</code>
        </dd>
        {app.clientId && (
          <>
            <dt>OAuth client</dt>
            <dd>
              <code>{app.clientId}</code>
            </dd>
          </>
        )}
        {app.agent && (
          <>
            <dt>Agent</dt>
            <dd>
              {app.agent.name} (<code>{app.agent.username}</code>, user {app.agent.id})
            </dd>
          </>
        )}
        <dt>Scopes</dt>
        <dd>{app.scopes.length ? app.scopes.join(' ') : 'none'}</dd>
        <dt>Installed</dt>
        <dd>
          <time dateTime={app.installedAt}>{clock(app.installedAt)}</time> by {app.installedBy.username}, for{' '}
          {app.projects === 'all' ? 'all projects' : `project ${app.projects.join(', ')}`}
        </dd>
        <dt>Modules</dt>
        <dd>
          <ul className="apps-inline-list">
            {app.modules.map((m) => (
              <li key={`${m.group}/${m.key}`}>
                <code>{m.key}</code> <span className="hint">{m.group}</span>
                {!m.hosted && <span className="hint"> (not called by the emulator)</span>}
              </li>
            ))}
          </ul>
        </dd>
        {app.webhooks.length > 0 && (
          <>
            <dt>Webhooks</dt>
            <dd>
              <ul className="apps-inline-list">
                {app.webhooks.map((w) => (
                  <li key={w.key}>
                    <code>{w.key}</code> → <code>{w.url}</code>: {w.events.join(', ')}
                    {!w.active && <span className="hint"> (inactive in this edition)</span>}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <AppProblems problems={app.problems} onShowDelivery={selectDelivery} />
      <ManifestProblems problems={app.warnings} title="Warnings about the manifest" />
      {app.stepTypes.map((type) => (
        <AddStep key={type.key} origin={origin} app={app} type={type} />
      ))}
      {app.steps.map((step) => (
        <StepPanel
          key={step.id}
          origin={origin}
          step={step}
          type={app.stepTypes.find((t) => t.key === step.moduleKey) ?? null}
          edition={props.edition}
        />
      ))}
      <UiModules
        origin={origin}
        app={app}
        edition={props.edition === 'enterprise' ? 'crowdin-enterprise' : 'crowdin'}
      />
      <TriggerForm origin={origin} app={app} />
      <ModuleCall origin={origin} app={app} />
      <Uninstall origin={origin} app={app} />
    </article>
  );
}

/** Adds the app's step type to a project's workflow (the service: a project manager's workflow editor). */
function AddStep(props: { origin: string; app: AppInfo; type: StepTypeInfo }) {
  const { origin, app, type } = props;
  const client = useApiClient();
  const projects = useQuery(projectsQuery(client)).data ?? [];
  const [projectId, setProjectId] = useState<number | null>(null);
  const chosen = projectId ?? projects[0]?.id ?? null;
  const languages = projectLanguages(useQuery(projectQuery(client, chosen)).data);
  const [picked, setPicked] = useState<readonly string[] | null>(null);
  const queryClient = useQueryClient();
  const id = useId();
  const add = useMutation({
    mutationFn: (request: AddStepRequest) =>
      callApps(origin, APPS_ROUTES.addStep, { params: [app.appId], body: request }),
    onSuccess: (step) => announce(`Step "${step.title}" added to project ${step.projectId}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.appsOverview(origin) }),
  });
  if (!type.offered) {
    return (
      <p className="hint">
        Step type <strong>{type.name}</strong>: not offered on crowdin.com, as on the service (workflow steps
        are Crowdin Enterprise only). Start the emulator with <code>--organization DOMAIN</code> to add it.
      </p>
    );
  }
  const selected = picked ?? languages.map((l) => l.id);
  return (
    <form
      className="apps-subcard"
      aria-label={`Add step type ${type.name} of ${app.appId}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen === null) return;
        add.mutate({ projectId: chosen, moduleKey: type.key, languages: picked ? [...picked] : undefined });
      }}
    >
      <h4 id={`${id}-title`}>
        Step type {type.name} <code>{type.key}</code>
      </h4>
      <p className="hint">
        In: {type.inputPorts.join(', ')}. Out: {type.outputs.map((o) => `${o.title} (${o.port})`).join(', ')}.
      </p>
      <div className="apps-form-row">
        <label htmlFor={`${id}-project`}>Project</label>
        <select
          id={`${id}-project`}
          value={chosen ?? ''}
          onChange={(e) => {
            setProjectId(Number(e.target.value));
            setPicked(null);
          }}
        >
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <fieldset className="apps-languages">
          <legend>Languages</legend>
          {languages.map((l) => (
            <label key={l.id}>
              <input
                type="checkbox"
                value={l.id}
                checked={selected.includes(l.id)}
                onChange={(e) =>
                  setPicked(e.target.checked ? [...selected, l.id] : selected.filter((x) => x !== l.id))
                }
              />
              {l.name} <span className="hint">{l.id}</span>
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={add.isPending || chosen === null || selected.length === 0}>
          Add to the workflow
        </button>
      </div>
      {add.isError && <Failure error={add.error} />}
    </form>
  );
}

/** Emits a documented event built from the emulator's live objects. */
function TriggerForm(props: { origin: string; app: AppInfo }) {
  const { origin, app } = props;
  const { events, stepEvent } = triggerChoices(app);
  const [chosen, setEvent] = useState<string | null>(null);
  const event = chosen !== null && events.includes(chosen) ? chosen : (events[0] ?? '');
  const [stringId, setStringId] = useState('');
  const id = useId();
  const trigger = useMutation({
    mutationFn: (request: TriggerRequest) =>
      callApps(origin, APPS_ROUTES.trigger, { params: [app.appId], body: request }),
  });
  if (app.webhooks.length === 0) return null;
  return (
    <details className="apps-subcard" data-testid="trigger-event">
      <summary>Trigger an event</summary>
      {stepEvent && (
        <p className="hint">
          <code>{STEP_EVENT}</code> goes when strings reach a step: send them from the step above.
        </p>
      )}
      {events.length === 0 ? (
        <p className="hint">The app subscribes to no other event, so there is nothing to trigger here.</p>
      ) : (
        <form
          className="apps-form-row"
          onSubmit={(e) => {
            e.preventDefault();
            trigger.mutate({ event, ...(stringId ? { stringId: Number(stringId) } : {}) });
          }}
        >
          <label htmlFor={`${id}-event`}>Event</label>
          <select id={`${id}-event`} value={event} onChange={(e) => setEvent(e.target.value)}>
            {events.map((e) => (
              <option key={e}>{e}</option>
            ))}
          </select>
          <label htmlFor={`${id}-string`}>String id (optional)</label>
          <input
            id={`${id}-string`}
            inputMode="numeric"
            pattern="[0-9]*"
            value={stringId}
            onChange={(e) => setStringId(e.target.value)}
            size={8}
          />
          <button type="submit" disabled={trigger.isPending || !event}>
            Trigger
          </button>
        </form>
      )}
      {trigger.isError && <Failure error={trigger.error} />}
      {trigger.isSuccess && (
        <p role="status" className="hint">
          {trigger.data.modules.length
            ? `Queued ${trigger.data.event} for ${trigger.data.modules.join(', ')}.`
            : `No webhook module of the app subscribes to ${trigger.data.event}: nothing was queued.`}
        </p>
      )}
    </details>
  );
}

function Uninstall(props: { origin: string; app: AppInfo }) {
  const { origin, app } = props;
  const queryClient = useQueryClient();
  const { rememberAppNames } = useAppsUiActions();
  const uninstall = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.uninstall, { params: [app.appId], body: {} }),
    onMutate: () => rememberAppNames([app]),
    onSuccess: () => announce(`Uninstalled ${app.name}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  return (
    <div className="apps-actions">
      <Confirm
        opener="Uninstall…"
        label={`Uninstall ${app.name}?`}
        question={`Uninstall ${app.name}? The app gets the uninstall event; its tokens stop working and its steps become inactive.`}
        confirm="Uninstall"
        onConfirm={() => uninstall.mutate()}
        pending={uninstall.isPending}
      />
      {uninstall.isError && <Failure error={uninstall.error} />}
      {uninstall.data?.answer && <AnswerOf answer={uninstall.data.answer} />}
    </div>
  );
}
