// One workflow step of an app: its strings by language and status (live: the counts arrive with the
// stream), the strings themselves page by page, "send the strings matching this query" and re-trigger.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, type KeyboardEvent } from 'react';
import { keys } from '../connection/keys.ts';
import type { Edition } from '../croql/index.ts';
import { announce } from '../ui/announce.ts';
import { STEP_STATUSES, type StepInfo, type StepStatus, type StepTypeInfo } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps } from './client.ts';
import { listOf, outputLabel, plural, STATUS_LABELS } from './format.ts';
import { gridMove } from './grid.ts';
import { useProjectNames, type ProjectNames } from './names.ts';
import { Failure, ReadFailure } from './parts.tsx';
import { STEP_STRINGS_PAGE, stepStringsQuery } from './queries.ts';
import { SendForm } from './SendForm.tsx';
import { SettingsPage, StepSettings } from './SettingsPanel.tsx';
import { useAppsUi, useAppsUiActions, useStepView } from './store.ts';

export function StepPanel(props: {
  origin: string;
  step: StepInfo;
  type: StepTypeInfo | null;
  edition: Edition;
}) {
  const { origin, step } = props;
  const id = useId();
  const settingsOpen = useAppsUi((s) => s.settingsStep === step.id);
  const failed = step.languages.reduce((n, l) => n + (step.counts[l]?.FAILED ?? 0), 0);
  const names = useProjectNames(step.projectId);
  return (
    <section
      className="apps-subcard apps-step"
      aria-labelledby={`${id}-title`}
      data-testid="workflow-step"
      data-step-id={step.id}
    >
      <h4 id={`${id}-title`}>
        Step {step.title} <span className="hint">#{step.id}</span>
      </h4>
      <p className="hint">
        In {names.project}, for {listOf(step.languages.map(names.language))}; outputs{' '}
        {step.outputs.map((o) => `${o.title} (${o.port})`).join(', ')}.
        {/* Shown in the card of the app installed again: "its app was uninstalled" would contradict it. */}
        {!step.active &&
          ' Inactive: it was added under an earlier install of this app, which was uninstalled; the status API answers 404 for it. Add the step again to route strings.'}
      </p>
      <StatusCounts step={step} names={names} />
      <StepStrings origin={origin} step={step} names={names} />
      {failed > 0 && <Retrigger origin={origin} step={step} failed={failed} />}
      {step.active && <SendForm origin={origin} step={step} edition={props.edition} />}
      {step.active && (
        <StepSettings origin={origin} step={step} hasPage={props.type?.url != null} open={settingsOpen} />
      )}
      {step.active && settingsOpen && <SettingsPage origin={origin} step={step} />}
    </section>
  );
}

/**
 * Strings per language and status; a count opens that list below. One Tab stop: the arrow keys move between
 * the counts (grid.ts), so the strings and the log are not 25 stops away.
 */
function StatusCounts({ step, names }: { step: StepInfo; names: ProjectNames }) {
  const { setStepView } = useAppsUiActions();
  const view = useStepView(step.id);
  const columns = STEP_STATUSES.length;
  const currentRow = step.languages.indexOf(view.languageId ?? '');
  const currentColumn = STEP_STATUSES.indexOf(view.status as StepStatus);
  // The cell that takes Tab: the one chosen, else the first.
  const tabStop = currentRow >= 0 && currentColumn >= 0 ? currentRow * columns + currentColumn : 0;
  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const cells = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button.apps-count')];
    const from = cells.indexOf(e.target as HTMLButtonElement);
    if (from < 0) return;
    const to = gridMove(from, e.key, step.languages.length, columns);
    if (to === null) return;
    e.preventDefault();
    cells.forEach((cell, i) => (cell.tabIndex = i === to ? 0 : -1));
    cells[to]?.focus();
  };
  return (
    <div className="apps-scroll apps-counts-scroll">
      <table className="apps-table apps-counts" data-testid="step-counts" onKeyDown={onKeyDown}>
        <caption className="visually-hidden">
          Strings of step {step.title} by language and status (arrow keys move between the counts)
        </caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            {STEP_STATUSES.map((s) => (
              <th key={s} scope="col">
                {STATUS_LABELS[s]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {step.languages.map((language, row) => (
            <tr key={language}>
              <th scope="row">{names.language(language)}</th>
              {STEP_STATUSES.map((status, column) => {
                const n = step.counts[language]?.[status] ?? 0;
                const current = view.languageId === language && view.status === status;
                return (
                  <td key={status} data-status={status} data-language={language}>
                    <button
                      type="button"
                      className={`apps-count apps-status-${status}`}
                      aria-pressed={current}
                      aria-label={`${names.language(language)} ${STATUS_LABELS[status]}: ${n}`}
                      tabIndex={row * columns + column === tabStop ? 0 : -1}
                      onClick={() => setStepView(step.id, { languageId: language, status })}
                    >
                      {n}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StepStrings({ origin, step, names }: { origin: string; step: StepInfo; names: ProjectNames }) {
  const outputs = Object.fromEntries(step.outputs.map((o) => [o.port, o.title]));
  const view = useStepView(step.id);
  const { setStepView } = useAppsUiActions();
  const languageId = view.languageId ?? step.languages[0] ?? null;
  const page = useQuery(stepStringsQuery(origin, step.id, languageId, view.status, view.offset));
  const id = useId();
  const data = page.data;
  return (
    <div className="apps-step-strings">
      <div className="apps-form-row">
        <label htmlFor={`${id}-language`}>Language</label>
        <select
          id={`${id}-language`}
          value={languageId ?? ''}
          onChange={(e) => setStepView(step.id, { languageId: e.target.value })}
        >
          {step.languages.map((l) => (
            <option key={l} value={l}>
              {names.language(l)}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-status`}>Status</label>
        <select
          id={`${id}-status`}
          value={view.status}
          onChange={(e) => setStepView(step.id, { status: e.target.value as StepStatus | '' })}
        >
          <option value="">Any</option>
          {STEP_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ReadFailure origin={origin} read={page} />
      {data && data.total === 0 && (
        <p className="hint">
          No string of this step is {view.status ? STATUS_LABELS[view.status].toLowerCase() : 'here'} in{' '}
          {languageId ? names.language(languageId) : 'any language'}.
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <div className="apps-scroll">
            <table className="apps-table" data-testid="step-strings">
              <caption className="visually-hidden">
                Strings of step {step.title} in {languageId ? names.language(languageId) : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">String</th>
                  <th scope="col">Status</th>
                  <th scope="col">Output</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((r) => (
                  <tr key={r.stringId}>
                    {/* One column for the id, identifier and text: the table fits a phone without scrolling. */}
                    <td className="apps-string">
                      <span className="hint">#{r.stringId}</span> <code>{r.identifier}</code>{' '}
                      <span className="apps-string-text" title={r.text}>
                        {r.text}
                      </span>
                    </td>
                    <td>
                      <span className={`apps-status apps-status-${r.status}`}>{STATUS_LABELS[r.status]}</span>
                    </td>
                    <td>
                      {r.output === '' ? (
                        <span className="hint">none</span>
                      ) : (
                        <span title={r.output}>{outputLabel(r.output, outputs)}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="apps-pager">
            <span>
              {data.offset + 1}–{data.offset + data.data.length} of {data.total}
            </span>
            <button
              type="button"
              disabled={data.offset === 0}
              onClick={() => setStepView(step.id, { offset: Math.max(0, data.offset - STEP_STRINGS_PAGE) })}
            >
              Previous
            </button>
            <button
              type="button"
              disabled={data.offset + data.data.length >= data.total}
              onClick={() => setStepView(step.id, { offset: data.offset + STEP_STRINGS_PAGE })}
            >
              Next
            </button>
          </div>
        </>
      )}
    </div>
  );
}

/** FAILED → NEED_PROCESS, sent again: the service's "re-trigger" on the step. */
function Retrigger(props: { origin: string; step: StepInfo; failed: number }) {
  const { origin, step } = props;
  const queryClient = useQueryClient();
  const retrigger = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.retrigger, { params: [step.id], body: {} }),
    onSuccess: (r) => announce(`${plural(r.retriggered, 'string')} sent again.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.apps(origin) }),
  });
  return (
    <div className="apps-actions">
      <span>{plural(props.failed, 'string')} FAILED: the app never acknowledged their delivery.</span>
      <button type="button" onClick={() => retrigger.mutate()} disabled={retrigger.isPending}>
        Re-trigger the failed strings
      </button>
      {retrigger.isError && <Failure error={retrigger.error} />}
    </div>
  );
}
