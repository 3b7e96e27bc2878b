// A template's parameters as form controls: for each `{{name}}`, its type and a value control. Languages,
// members, files, labels and branches are picked from the project's lists (the pickers' own queries);
// datetimes, numbers and texts are typed; a datetime may be relative to the run ("7 days ago", offered in
// a list), and the form says what it stands for now. A bad value gets its message beside its control; the
// query text is never touched.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useApiClient } from '../connection/api.ts';
import {
  branchesQuery,
  filesQuery,
  labelsQuery,
  membersQuery,
  projectLanguages,
  projectQuery,
} from '../connection/queries.ts';
import { useTarget } from '../workspace/target.ts';
import {
  PARAM_TYPES,
  RELATIVE_SUGGESTIONS,
  renderValue,
  type ParamType,
  type TemplateParam,
} from '../croql/index.ts';
import './templates.css';

interface Option {
  value: string;
  label: string;
}

/** The choices of a picked type from the project's lists; null while there is no list (type the value). */
function useChoices(type: ParamType): Option[] | null {
  const client = useApiClient();
  const { projectId } = useTarget();
  // Only the list of the picked type is loaded.
  const project = useQuery({ ...projectQuery(client, projectId), enabled: type === 'language' });
  const members = useQuery({ ...membersQuery(client, projectId), enabled: type === 'member' });
  const files = useQuery({ ...filesQuery(client, projectId), enabled: type === 'file' });
  const labels = useQuery({ ...labelsQuery(client, projectId), enabled: type === 'label' });
  const branches = useQuery({ ...branchesQuery(client, projectId), enabled: type === 'branch' });
  switch (type) {
    case 'language':
      return project.data
        ? projectLanguages(project.data).map((l) => ({
            value: l.id,
            label: l.name === l.id ? l.id : `${l.name} (${l.id})`,
          }))
        : null;
    case 'member':
      return (
        members.data?.map((m) => ({
          value: m.username,
          label: m.fullName ? `${m.username} (${m.fullName})` : m.username,
        })) ?? null
      );
    case 'file':
      return files.data?.map((f) => ({ value: String(f.id), label: f.path ?? f.name })) ?? null;
    case 'label':
      return labels.data?.map((l) => ({ value: String(l.id), label: l.title })) ?? null;
    case 'branch':
      return branches.data?.map((b) => ({ value: String(b.id), label: b.name })) ?? null;
    default:
      return null;
  }
}

const PLACEHOLDERS: Partial<Record<ParamType, string>> = {
  datetime: '2024-05-01 or 7 days ago',
  number: 'e.g. 10',
  language: 'language code, e.g. uk',
  member: 'username',
  file: 'file id',
  label: 'label id',
  branch: 'branch id',
};

function ValueControl(props: {
  param: TemplateParam;
  id: string;
  describedBy?: string;
  invalid: boolean;
  datetimeList: string;
  onChange: (value: string) => void;
}) {
  const { param, id } = props;
  const choices = useChoices(param.type);
  const common = {
    id,
    'aria-invalid': props.invalid || undefined,
    'aria-describedby': props.describedBy,
  };
  if (choices) {
    return (
      <select {...common} value={param.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Choose…</option>
        {param.value && !choices.some((c) => c.value === param.value) && (
          <option value={param.value}>{param.value}</option>
        )}
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    );
  }
  const placeholder = PLACEHOLDERS[param.type];
  return (
    <input
      {...common}
      className={param.type === 'datetime' ? 'template-datetime' : undefined}
      list={param.type === 'datetime' ? props.datetimeList : undefined}
      value={param.value}
      inputMode={
        param.type === 'number' || ['file', 'label', 'branch'].includes(param.type) ? 'decimal' : undefined
      }
      placeholder={placeholder}
      // Wide enough for its whole placeholder (with a datetime's suggestions arrow): a cut-off hint misleads.
      style={placeholder ? { minWidth: `calc(${placeholder.length}ch + 40px)` } : undefined}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}

/** The relative and fixed datetimes offered to the form's datetime controls. */
function DatetimeSuggestions({ id }: { id: string }) {
  return (
    <datalist id={id}>
      {RELATIVE_SUGGESTIONS.map((s) => (
        <option key={s} value={s} />
      ))}
    </datalist>
  );
}

/** "now" for a relative value's preview, moved on each minute so the preview stays true while it is shown. */
function useMinuteClock(active: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

function ParamRow(props: {
  param: TemplateParam;
  datetimeList: string;
  showMissing: boolean;
  onType: (type: ParamType) => void;
  onValue: (value: string) => void;
  onRun?: () => void;
}) {
  const { param, onRun } = props;
  /** Ctrl/Cmd+Enter runs from a value, as from the editor (the walk's D34). */
  const runKey = (e: KeyboardEvent) => {
    if (!onRun || e.key !== 'Enter' || !(e.ctrlKey || e.metaKey)) return;
    e.preventDefault();
    onRun();
  };
  const ids = { value: useId(), type: useId(), error: useId(), resolved: useId() };
  const now = useMinuteClock(param.type === 'datetime');
  const rendered = renderValue(param.type, param.value, now);
  const missing = param.value.trim() === '' && param.type !== 'string';
  const message = rendered.ok || (missing && !props.showMissing) ? null : rendered.message;
  const relative = rendered.ok ? rendered.relative : undefined;
  return (
    <div className="template-param" data-testid={`param-${param.name}`} onKeyDown={runKey}>
      <label htmlFor={ids.value} className="template-param-name">
        <code>{`{{${param.name}}}`}</code>
      </label>
      <select
        id={ids.type}
        aria-label={`Type of ${param.name}`}
        value={param.type}
        onChange={(e) => props.onType(e.target.value as ParamType)}
      >
        {PARAM_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </select>
      <ValueControl
        param={param}
        id={ids.value}
        describedBy={message ? ids.error : relative ? ids.resolved : undefined}
        invalid={!!message}
        datetimeList={props.datetimeList}
        onChange={props.onValue}
      />
      {relative && (
        <span id={ids.resolved} className="hint template-param-resolved">
          Worked out at each run; a run at this moment uses {relative.datetime} UTC
        </span>
      )}
      {message && (
        <span id={ids.error} className="inline-error template-param-error" role="alert">
          {message}
        </span>
      )}
    </div>
  );
}

export function ParamsForm(props: {
  params: readonly TemplateParam[];
  /** Show "choose a value" for empty ones (after Run was refused, or where values are always expected). */
  showMissing: boolean;
  onType: (name: string, type: ParamType) => void;
  onValue: (name: string, value: string) => void;
  label?: string;
  /** Ctrl/Cmd+Enter in a value or type runs (the query's own form; a saved template's form has none). */
  onRun?: () => void;
}) {
  const datetimeList = useId();
  if (props.params.length === 0) return null;
  return (
    <fieldset className="template-params">
      <legend>{props.label ?? 'Parameters'}</legend>
      {props.params.some((p) => p.type === 'datetime') && <DatetimeSuggestions id={datetimeList} />}
      {props.params.map((p) => (
        <ParamRow
          key={p.name}
          param={p}
          datetimeList={datetimeList}
          showMissing={props.showMissing}
          onType={(type) => props.onType(p.name, type)}
          onValue={(value) => props.onValue(p.name, value)}
          onRun={props.onRun}
        />
      ))}
    </fieldset>
  );
}
