// Faults and limits on demand (README, "Faults and limits on demand"): the live meter of the service's
// limit of simultaneous API requests per account, the fault rules in force with how often each fired, and
// a box to add rules as `POST /__faults` takes them. What was typed stays when the emulator refuses it.
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import {
  FAULTS_PATH,
  LIMITS_PATH,
  type FaultRule,
  type FaultsResponse,
  type LimitsResponse,
} from '../wire/faults.ts';
import { control } from './client.ts';
import { plural } from './format.ts';
import { FAULT_EXAMPLES } from './fault-examples.ts';
import { Failure } from './parts.tsx';

/** The meter follows requests as they come and go: read again every second while shown. */
const METER_INTERVAL_MS = 1000;

const asText = (rules: FaultRule[]) => JSON.stringify(rules, null, 2);

export const faultsQuery = (origin: string | null) =>
  queryOptions({
    queryKey: keys.appsFaults(origin),
    queryFn: origin ? ({ signal }) => control<FaultsResponse>(origin, FAULTS_PATH, { signal }) : skipToken,
    refetchInterval: METER_INTERVAL_MS,
  });

export const limitsQuery = (origin: string | null) =>
  queryOptions({
    queryKey: keys.appsLimits(origin),
    queryFn: origin ? ({ signal }) => control<LimitsResponse>(origin, LIMITS_PATH, { signal }) : skipToken,
    refetchInterval: METER_INTERVAL_MS,
  });

/** A rule in a line: what it picks and what it does (its JSON without the id). */
function ruleText(rule: FaultRule): string {
  const { id: _id, ...rest } = rule;
  return JSON.stringify(rest);
}

/** The typed rules as `POST /__faults` takes them: an array of rules, one rule, or `{rules, seed}`. */
function parseRules(text: string): { rules: unknown; seed?: unknown } {
  const value = JSON.parse(text) as unknown;
  if (Array.isArray(value)) return { rules: value };
  if (value && typeof value === 'object' && 'rules' in value) return value as { rules: unknown };
  return { rules: [value] };
}

export function FaultsPanel(props: { origin: string }) {
  const { origin } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const faults = useQuery(faultsQuery(origin));
  const limits = useQuery(limitsQuery(origin));
  const [text, setText] = useState(() => asText(FAULT_EXAMPLES[0]!.rules));
  const [syntax, setSyntax] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.appsFaults(origin) });
  const add = useMutation({
    mutationFn: (body: { rules: unknown; seed?: unknown }) =>
      control<FaultsResponse>(origin, FAULTS_PATH, { body }),
    onSuccess: (state) => announce(`${plural(state.rules.length, 'rule')} in force.`),
    onSettled: refresh,
  });
  const end = useMutation({
    mutationFn: (ruleId: string | null) =>
      control<FaultsResponse>(
        origin,
        ruleId === null ? FAULTS_PATH : `${FAULTS_PATH}/${encodeURIComponent(ruleId)}`,
        { method: 'DELETE' },
      ),
    onSuccess: (_state, ruleId) => announce(ruleId === null ? 'Every rule ended.' : `Rule ${ruleId} ended.`),
    onSettled: refresh,
  });
  const rules = faults.data?.rules ?? [];
  const accounts = limits.data?.accounts ?? [];

  return (
    <section className="apps-card" aria-labelledby={`${id}-title`} data-testid="faults-panel">
      <h3 id={`${id}-title`}>Faults and limits</h3>
      <h4>Simultaneous API requests per account</h4>
      {limits.isError && <Failure error={limits.error} />}
      {accounts.length === 0 ? (
        <p className="hint">No API request yet. Each account may have {limits.data?.max ?? 20} in flight.</p>
      ) : (
        // Four columns and a meter are wider than a 390 px screen: the table scrolls in its own box, which
        // takes focus so a keyboard can scroll it too, instead of widening the page.
        <div
          className="apps-scroll"
          tabIndex={0}
          role="region"
          aria-label="Simultaneous API requests per account"
        >
          <table className="apps-table" data-testid="limits-meter">
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col">In flight (of {limits.data?.max})</th>
                <th scope="col">Most at once</th>
                <th scope="col">Refused (429)</th>
              </tr>
            </thead>
            <tbody>
              {accounts.map((a) => (
                <tr key={`${a.domain ?? ''}:${a.account}`}>
                  <th scope="row">
                    {a.account}
                    {a.domain && <span className="hint"> ({a.domain})</span>}
                  </th>
                  <td>
                    <meter
                      min={0}
                      max={limits.data?.max}
                      value={a.inFlight}
                      aria-label={`${a.account} in flight`}
                    />{' '}
                    {a.inFlight}
                  </td>
                  <td>{a.peak}</td>
                  <td>{a.refused}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h4>Rules in force</h4>
      {faults.isError && <Failure error={faults.error} />}
      {rules.length === 0 ? (
        <p className="hint">None: the API and the deliveries behave.</p>
      ) : (
        <ul className="apps-fault-rules" data-testid="fault-rules">
          {rules.map(({ rule, fired, passed, state }) => (
            <li key={rule.id}>
              <code>{rule.id}</code> <code className="apps-break">{ruleText(rule)}</code>{' '}
              <span className="hint">
                {state}, fired {fired}
                {passed > 0 && `, let ${passed} through`}
              </span>{' '}
              <button type="button" className="button-ghost" onClick={() => end.mutate(rule.id)}>
                End<span className="visually-hidden"> rule {rule.id}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {rules.length > 0 && (
        <button type="button" onClick={() => end.mutate(null)}>
          End every rule
        </button>
      )}
      {end.isError && <Failure error={end.error} />}

      <form
        onSubmit={(e) => {
          e.preventDefault();
          try {
            const body = parseRules(text);
            setSyntax(null);
            add.mutate(body);
          } catch (error) {
            setSyntax(`The rules are not JSON: ${(error as Error).message}. Fix them and add again.`);
          }
        }}
      >
        <label htmlFor={`${id}-example`}>Start from an example</label>
        <select
          id={`${id}-example`}
          className="apps-fault-example"
          value=""
          onChange={(e) => {
            const example = FAULT_EXAMPLES[Number(e.target.value)];
            if (example) setText(asText(example.rules));
          }}
        >
          <option value="">Pick one to put it in the box…</option>
          {FAULT_EXAMPLES.map((example, i) => (
            <option key={example.label} value={i}>
              {example.label}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-rules`}>
          Add rules (JSON: one rule, an array, or {'{"rules": […], "seed": N}'})
        </label>
        <textarea
          id={`${id}-rules`}
          rows={5}
          spellCheck={false}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="button-primary" disabled={add.isPending}>
          Add
        </button>
      </form>
      {syntax && (
        <p role="alert" className="notice notice-error">
          {syntax}
        </p>
      )}
      {add.isError && <Failure error={add.error} />}
    </section>
  );
}
