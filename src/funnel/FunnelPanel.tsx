// The clause funnel under the results: for a query whose top level is an `and` or `or` chain, each
// clause's rows alone and the rows that remain (or have been added) after it, as a small chart. The counts
// come from the API (Fetch all of each query, cached per clause text and target) and stop at a chosen limit.
import { isCancelledError, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { countQuery } from '../rows/row-sets.ts';
import type { RunPartProps } from '../slots/results.ts';
import {
  describeCount,
  fillFunnel,
  funnelOf,
  stepChange,
  topLevelChain,
  type Count,
  type Funnel,
} from './clauses.ts';
import './funnel.css';

const LIMITS = [1_000, 10_000, 100_000];
const number = (n: number) => n.toLocaleString('en-US');

type State =
  | { kind: 'idle' }
  | { kind: 'running'; funnel: Funnel }
  | { kind: 'done'; funnel: Funnel }
  | { kind: 'cancelled'; funnel: Funnel }
  | { kind: 'failed'; funnel: Funnel; message: string };

/** A bar (for the eye; the number beside it is what is read) and the count. */
function Meter(props: { kind: 'alone' | 'cumulative'; count: Count | null; width: string }) {
  return (
    <>
      <span
        // No bar at all for none (or not counted yet): a sliver would read as "a few".
        className={`funnel-meter funnel-${props.kind}${props.count?.rows ? '' : ' funnel-none'}`}
        style={{ width: props.width }}
        aria-hidden="true"
      />
      <span data-testid={`funnel-${props.kind}`}>{describeCount(props.count)}</span>
    </>
  );
}

export default function FunnelPanel(props: RunPartProps) {
  const { client, path, run } = props;
  const queryClient = useQueryClient();
  // The run's own model: its AST's ranges are in the text as sent.
  const chain = useMemo(() => topLevelChain(run.model.ast, run.text), [run.model, run.text]);
  const [limit, setLimit] = useState(10_000);
  const [state, setState] = useState<{ nonce: number; state: State }>({
    nonce: run.nonce,
    state: { kind: 'idle' },
  });
  const generation = useRef(0);
  const limitId = useId();
  // A new run starts over (its funnel is another query's).
  const current: State = state.nonce === run.nonce ? state.state : { kind: 'idle' };

  if (!chain || chain.clauses.length < 2) return null;

  const start = () => {
    const mine = ++generation.current;
    const nonce = run.nonce;
    const update = (s: State) => {
      if (generation.current === mine) setState({ nonce, state: s });
    };
    const empty = funnelOf(chain.op, chain.clauses);
    update({ kind: 'running', funnel: empty });
    let latest = empty;
    fillFunnel(
      empty,
      (query) => queryClient.fetchQuery(countQuery(client, run.context, path, query, limit)),
      (funnel) => {
        latest = funnel;
        update({ kind: 'running', funnel });
      },
    ).then(
      (funnel) => update({ kind: 'done', funnel }),
      (error: unknown) => {
        if (generation.current !== mine) return;
        const cancelled = isCancelledError(error);
        update(
          cancelled
            ? { kind: 'cancelled', funnel: latest }
            : {
                kind: 'failed',
                funnel: latest,
                message: error instanceof Error ? error.message : String(error),
              },
        );
      },
    );
  };
  const cancel = () => {
    void queryClient.cancelQueries({ queryKey: keys.counts(client.baseUrl, path) });
  };

  const funnel = current.kind === 'idle' ? null : current.funnel;
  const counted = funnel ? funnel.steps.filter((s) => s.cumulative).length : 0;
  const max = funnel
    ? Math.max(1, ...funnel.steps.flatMap((s) => [s.alone?.rows ?? 0, s.cumulative?.rows ?? 0]))
    : 1;
  const width = (rows: number | undefined) => `${Math.round(((rows ?? 0) / max) * 100)}%`;
  const afterLabel = chain.op === 'and' ? 'Remaining after it' : 'Matched so far';

  return (
    <section className="funnel" aria-label="Clause funnel" data-testid="funnel">
      <div className="funnel-bar">
        <h2>How each {chain.op === 'and' ? 'condition narrows' : 'alternative adds to'} the result</h2>
        <label htmlFor={limitId}>Stop at</label>
        <select
          id={limitId}
          value={limit}
          onChange={(e) => setLimit(Number(e.target.value))}
          disabled={current.kind === 'running'}
        >
          {LIMITS.map((l) => (
            <option key={l} value={l}>
              more than {number(l)}
            </option>
          ))}
        </select>
        {current.kind === 'running' ? (
          <>
            <progress aria-label="Funnel progress" max={chain.clauses.length} value={counted} />
            <span role="status">
              {counted} of {chain.clauses.length} clauses counted…
            </span>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" onClick={start}>
            {current.kind === 'idle' ? 'Count each clause' : 'Count again'}
          </button>
        )}
      </div>
      {current.kind === 'cancelled' && <p role="status">Cancelled; the counts so far are shown.</p>}
      {current.kind === 'failed' && (
        <p className="inline-error" role="alert">
          Counting stopped: {current.message}
        </p>
      )}
      {funnel && (
        <table className="funnel-table">
          <caption className="visually-hidden">
            Rows each clause matches alone, and {afterLabel.toLowerCase()}, counting up to {number(limit)}.
          </caption>
          <thead>
            <tr>
              <th scope="col">Clause</th>
              <th scope="col">Alone</th>
              <th scope="col">{afterLabel}</th>
            </tr>
          </thead>
          <tbody>
            {funnel.steps.map((s, i) => {
              const change = stepChange(funnel, i);
              return (
                <tr key={i} data-testid="funnel-step">
                  <th scope="row">
                    <code>{s.clause.text}</code>
                  </th>
                  <td>
                    <Meter kind="alone" count={s.alone} width={width(s.alone?.rows)} />
                  </td>
                  <td>
                    <Meter kind="cumulative" count={s.cumulative} width={width(s.cumulative?.rows)} />
                    {change !== null && change !== 0 && (
                      <span className="funnel-change">
                        {' '}
                        ({change > 0 ? '+' : '−'}
                        {number(Math.abs(change))})
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
