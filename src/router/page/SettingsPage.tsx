// The step's settings page, inside the workflow editor's iframe: an ordered list of rules, each the
// playground's CroQL editor (completion from the project's members, languages and labels; lint; the plain
// English reading) with its output, and the default output. Under each rule, the path it takes (local or
// through the listing) and why, from the same plan the server makes when it saves. The host asks
// `window.formRef.validateForm()` before it saves; every change sets `window.currentFormData` and tells the
// host through `AP.formDataUpdated`.
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LiveValues, TemplateParam } from '../../croql/index.ts';
import type { PageState, ProjectData } from '../page-state.ts';
import { checkRule, LANGUAGE_PARAM, type RuleCheck } from '../plan.ts';
import {
  EMPTY_SETTINGS,
  MAX_RULES,
  OUTPUTS,
  readSettings,
  type OutputPort,
  type RouterSettings,
} from '../settings.ts';
import { publishForm, setFormValidity, type Bridge } from './bridge.ts';
import { loadEditor } from './editor.ts';
import { pageStateQuery, type PageParams } from './state.ts';

// The editor is the larger half of the page: the rules, their paths, the outputs and the validity show
// while it loads (the entry started its download with the page's).
const QueryEditor = lazy(() => loadEditor().then((m) => ({ default: m.QueryEditor })));

export type BridgeState =
  { status: 'loading' } | { status: 'ready'; bridge: Bridge } | { status: 'failed'; message: string };

export function SettingsPage({ params, bridge }: { params: PageParams; bridge: BridgeState }) {
  const state = useQuery(pageStateQuery(params));
  return (
    <main className="router-page" aria-label="CroQL Router settings">
      <h1>CroQL Router</h1>
      <p className="router-intro">
        Each string that reaches this step goes to the output of the first rule it matches; a string that
        matches no rule goes to the default output.
      </p>
      {!params.jwt && (
        <p className="router-problem" role="alert">
          This page has no token from the service: open it from the step’s settings in the workflow editor.
        </p>
      )}
      {bridge.status === 'failed' && (
        <p className="router-problem" role="alert">
          The host’s bridge is missing, so Save cannot see these rules: {bridge.message}
        </p>
      )}
      {state.isError && (
        <p className="router-problem" role="alert">
          Could not load the step’s settings: {state.error.message} The rules start empty.
        </p>
      )}
      {state.data?.problem && <p className="router-note">{state.data.problem}</p>}
      {params.jwt && state.isPending ? (
        <p role="status">Loading the step’s settings…</p>
      ) : (
        <StartingRules
          state={state.data ?? null}
          values={state.data?.values ?? null}
          bridge={bridge.status === 'ready' ? bridge.bridge : null}
        />
      )}
    </main>
  );
}

/**
 * The rules the form starts from: the step's own. A host that does not say which step the page configures
 * (the URL carries only the token and the origin) gets the rules saved for the project's steps to start
 * from, the newest first.
 */
function StartingRules(props: {
  state: PageState | null;
  values: ProjectData | null;
  bridge: Bridge | null;
}) {
  const steps = props.state?.stepId === null ? (props.state?.steps ?? []) : [];
  const [from, setFrom] = useState<number | null>(steps[0]?.stepId ?? null);
  const initial = props.state?.settings ?? steps.find((s) => s.stepId === from)?.settings ?? EMPTY_SETTINGS;
  return (
    <>
      {steps.length > 0 && (
        <p className="router-note" data-testid="router-start-from">
          {/* The service opens the page with a token, the origin and the client id only
              (the route for the page's state, src/router/server/app.ts): the page cannot know its step, so it says where the
              rules it shows come from rather than asking which step this is. */}
          <label>
            The rules below start from those saved last in this project (the service does not tell this page
            which step it configures):{' '}
            <select
              value={from ?? ''}
              onChange={(e) => setFrom(e.target.value ? Number(e.target.value) : null)}
            >
              {steps.map((s) => (
                <option key={s.stepId} value={s.stepId}>
                  the rules of step {s.stepId} ({s.settings.rules.length} rule
                  {s.settings.rules.length === 1 ? '' : 's'})
                </option>
              ))}
              <option value="">no rules</option>
            </select>
          </label>
        </p>
      )}
      <RulesForm key={from ?? 'none'} initial={initial} values={props.values} bridge={props.bridge} />
    </>
  );
}

interface DraftRule {
  id: number;
  query: string;
  output: OutputPort;
}

let nextId = 1;
const draft = (query: string, output: OutputPort): DraftRule => ({ id: nextId++, query, output });

function settingsOf(rules: readonly DraftRule[], fallback: OutputPort): RouterSettings {
  return { rules: rules.map(({ query, output }) => ({ query, output })), default: fallback };
}

function RulesForm(props: { initial: RouterSettings; values: ProjectData | null; bridge: Bridge | null }) {
  const [rules, setRules] = useState(() => props.initial.rules.map((r) => draft(r.query, r.output)));
  const [fallback, setFallback] = useState<OutputPort>(props.initial.default);
  const bridgeRef = useRef(props.bridge);
  const values = props.values;
  const live: LiveValues = useMemo(() => values ?? {}, [values]);
  const projectValues = useMemo(
    () => (values ? { users: values.users, languages: values.languages.map((l) => l.id) } : {}),
    [values],
  );
  const params: TemplateParam[] = useMemo(
    () => [{ name: LANGUAGE_PARAM, type: 'language', value: values?.languages[0]?.id ?? 'en' }],
    [values],
  );
  const checks = useMemo(() => rules.map((r) => checkRule(r, projectValues)), [rules, projectValues]);
  const settings = useMemo(() => settingsOf(rules, fallback), [rules, fallback]);
  const valid = readSettings(settings).ok && checks.every((c) => c.ok);

  useEffect(() => {
    bridgeRef.current = props.bridge;
  }, [props.bridge]);

  // What the host reads when it validates and saves.
  useEffect(() => {
    setFormValidity(valid);
    publishForm(settings, null);
  }, [valid, settings]);

  /** Every change: the new settings for the host, then the form's state. */
  const commit = (nextRules: DraftRule[], nextFallback: OutputPort) => {
    publishForm(settingsOf(nextRules, nextFallback), bridgeRef.current);
    setRules(nextRules);
    setFallback(nextFallback);
  };
  const update = (id: number, patch: Partial<DraftRule>) =>
    commit(
      rules.map((r) => (r.id === id ? { ...r, ...patch } : r)),
      fallback,
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    const [rule] = next.splice(index, 1);
    next.splice(index + by, 0, rule!);
    commit(next, fallback);
  };

  return (
    <form className="router-form" onSubmit={(e) => e.preventDefault()} aria-label="Routing rules">
      <h2 id="rules-heading">Rules</h2>
      {rules.length === 0 && (
        <p className="router-note">No rules yet: every string goes to the default output.</p>
      )}
      <ol className="router-rules" aria-labelledby="rules-heading">
        {rules.map((rule, i) => (
          <RuleItem
            key={rule.id}
            rule={rule}
            index={i}
            count={rules.length}
            check={checks[i]!}
            live={live}
            params={params}
            onChange={(patch) => update(rule.id, patch)}
            onMove={(by) => move(i, by)}
            onRemove={() =>
              commit(
                rules.filter((r) => r.id !== rule.id),
                fallback,
              )
            }
          />
        ))}
      </ol>
      <button
        type="button"
        className="router-add"
        disabled={rules.length >= MAX_RULES}
        onClick={() => commit([...rules, draft('', 'true')], fallback)}
      >
        Add a rule
      </button>
      <h2 id="default-heading">Default</h2>
      <OutputSelect
        className="router-default"
        label="Strings that match no rule go to"
        value={fallback}
        onChange={(port) => commit(rules, port)}
      />
      <p className={valid ? 'router-valid' : 'router-invalid'} role="status" data-testid="router-validity">
        {valid ? 'These rules can be saved.' : 'Fix the rules marked above before saving.'}
      </p>
    </form>
  );
}

function RuleItem(props: {
  rule: DraftRule;
  index: number;
  count: number;
  check: RuleCheck;
  live: LiveValues;
  params: readonly TemplateParam[];
  onChange: (patch: Partial<DraftRule>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { rule, index, check } = props;
  const n = index + 1;
  const headingId = `rule-${rule.id}-heading`;
  return (
    <li className="router-rule" aria-labelledby={headingId} data-testid="router-rule">
      <div className="router-rule-head">
        <h3 id={headingId}>Rule {n}</h3>
        <OutputSelect
          label="Sends matches to"
          value={rule.output}
          onChange={(output) => props.onChange({ output })}
        />
        <span className="router-rule-actions">
          <button
            type="button"
            aria-label={`Move rule ${n} up`}
            disabled={index === 0}
            onClick={() => props.onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`Move rule ${n} down`}
            disabled={index === props.count - 1}
            onClick={() => props.onMove(1)}
          >
            ↓
          </button>
          <button type="button" aria-label={`Remove rule ${n}`} onClick={props.onRemove}>
            Remove
          </button>
        </span>
      </div>
      <EditorBoundary query={rule.query}>
        <Suspense fallback={<EditorLoading query={rule.query} />}>
          <QueryEditor
            label={`Rule ${n} query`}
            text={rule.query}
            onChange={(query) => props.onChange({ query })}
            listing="strings"
            templateParams={props.params}
            takeReplacedText={noReplacedText}
            values={props.live}
            edition="enterprise"
            onRun={noop}
            emptyHint={EMPTY_RULE}
            paramWords={PARAM_WORDS}
          />
        </Suspense>
      </EditorBoundary>
      <RulePath check={check} empty={rule.query.trim() === ''} />
    </li>
  );
}

function OutputSelect(props: {
  label: string;
  value: OutputPort;
  onChange: (port: OutputPort) => void;
  className?: string;
}) {
  return (
    <label className={props.className}>
      {props.label}{' '}
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as OutputPort)}>
        {OUTPUTS.map((o) => (
          <option key={o.port} value={o.port}>
            {o.title} ({o.port})
          </option>
        ))}
      </select>
    </label>
  );
}

/** A rule's query while the editor loads: its text, not yet editable. */
function EditorLoading({ query }: { query: string }) {
  return (
    <div className="router-editor-loading" aria-busy="true">
      <pre className="editor-loading-text">{query || ' '}</pre>
      <p className="router-note" role="status">
        Loading the editor…
      </p>
    </div>
  );
}

/** An editor that could not load (a dropped connection): the rule's text stays, and the page says what to do. */
class EditorBoundary extends Component<{ query: string; children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="router-editor-loading">
        <pre className="editor-loading-text">{this.props.query || ' '}</pre>
        <p className="router-problem" role="alert">
          The editor could not load ({this.state.error.message}). Reload the page to edit this rule; the rules
          are unchanged.
        </p>
      </div>
    );
  }
}

/** Under an empty rule's editor: a rule needs a query (the empty query's usual reading, "lists everything", is wrong here). */
const EMPTY_RULE = 'A rule needs a query: an empty one is not allowed.';
/** A rule is checked with the project's first language for `{{language}}`, but reads for each in turn. */
const PARAM_WORDS = { [LANGUAGE_PARAM]: 'each language in turn' };
const noReplacedText = () => null;
const noop = () => {};

function RulePath({ check, empty }: { check: RuleCheck; empty: boolean }) {
  if (empty) return <p className="router-path router-path-error">Write a query for this rule.</p>;
  if (!check.ok) return <p className="router-path router-path-error">Fix this query to save the rule.</p>;
  const { plan } = check;
  return (
    <p className="router-path" data-path={plan.path} data-testid="router-path">
      <strong>{plan.path === 'local' ? 'Local' : 'Through the API'}</strong>: {plan.why}
      {plan.perLanguage && ` {{${LANGUAGE_PARAM}}} is each language the step routes, in turn.`}
    </p>
  );
}
