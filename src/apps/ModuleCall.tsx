// Calls one of the app's file-processing modules as the service would (a file's content in, strings or a
// file out): the module-call route, which the log then lists as a `module-call` (ui-walk D27).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import { type AppInfo } from '../wire/apps.ts';
import type { ModuleCallRequest, ModuleJobType } from '../wire/app-module-calls.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callableModules, jobTypesOf, moduleCallSummary } from './app-card.ts';
import { callApps } from './client.ts';
import { AnswerOf, Failure } from './parts.tsx';
import { useAppsUiActions } from './store.ts';

export function ModuleCall(props: { origin: string; app: AppInfo }) {
  const { origin, app } = props;
  const modules = callableModules(app);
  const [key, setKey] = useState(modules[0]?.key ?? '');
  const [jobType, setJobType] = useState('');
  const [fileName, setFileName] = useState('file.json');
  const [content, setContent] = useState('');
  const { selectDelivery } = useAppsUiActions();
  const queryClient = useQueryClient();
  const id = useId();
  const call = useMutation({
    mutationFn: (request: ModuleCallRequest) =>
      callApps(origin, APPS_ROUTES.moduleCall, { params: [app.appId, key], body: request }),
    onSuccess: (r) => announce(moduleCallSummary(r)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  if (modules.length === 0) return null;
  const group = modules.find((m) => m.key === key)?.group ?? '';
  const jobs = jobTypesOf(group);
  return (
    <details className="apps-subcard" data-testid="module-call">
      <summary>Call a file-processing module</summary>
      <form
        className="apps-module-call"
        onSubmit={(e) => {
          e.preventDefault();
          call.mutate({
            ...(jobs.length && jobType ? { jobType: jobType as ModuleJobType } : {}),
            ...(content ? { content, fileName } : {}),
          });
        }}
      >
        <div className="apps-form-row">
          <label htmlFor={`${id}-module`}>Module</label>
          <select
            id={`${id}-module`}
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setJobType('');
            }}
          >
            {modules.map((m) => (
              <option key={m.key} value={m.key}>
                {m.key} ({m.group})
              </option>
            ))}
          </select>
          {jobs.length > 0 && (
            <>
              <label htmlFor={`${id}-job`}>Job</label>
              <select id={`${id}-job`} value={jobType} onChange={(e) => setJobType(e.target.value)}>
                <option value="">as the module takes it</option>
                {jobs.map((j) => (
                  <option key={j}>{j}</option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${id}-name`}>File name</label>
          <input id={`${id}-name`} value={fileName} onChange={(e) => setFileName(e.target.value)} size={14} />
        </div>
        <label htmlFor={`${id}-content`}>File content</label>
        <textarea
          id={`${id}-content`}
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={4}
          spellCheck={false}
        />
        <button type="submit" disabled={call.isPending || !key}>
          Call the module
        </button>
      </form>
      {call.isError && <Failure error={call.error} />}
      {call.isSuccess && (
        <div
          role="status"
          className={`notice ${call.data.ok ? 'notice-info' : 'notice-error'} apps-failure`}
          data-testid="module-call-result"
        >
          <p>
            {moduleCallSummary(call.data)}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => selectDelivery(call.data.deliveryId)}
            >
              Show delivery #{call.data.deliveryId}
            </button>
          </p>
          {call.data.problems.length > 0 && (
            <ul>
              {call.data.problems.map((p, i) => (
                <li key={i}>
                  <span className="apps-severity">{p.severity}</span> <code>{p.pointer}</code> {p.message}
                </li>
              ))}
            </ul>
          )}
          {!call.data.ok && <AnswerOf answer={call.data.answer} />}
        </div>
      )}
    </details>
  );
}
