// Record and replay deliveries in the Apps view (README, "Record and replay deliveries"): Record starts
// recording what the emulator sends to one app, Stop downloads the scenario file, Replay sends a scenario
// file again to an installed app at a speed. The routes: src/server/emulator/apps/scenarios/routes.ts.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { announce } from '../ui/announce.ts';
import { download } from '../ui/download.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { MAX_REPLAY_SPEED, type Scenario } from '../wire/scenarios.ts';
import { callApps } from './client.ts';
import { plural } from './format.ts';
import { Failure } from './parts.tsx';
import { overviewQuery } from './queries.ts';

/** The scenario's file name: the app and when it was recorded. */
const fileName = (s: Scenario) => `scenario-${s.app}-${s.recordedAt.replace(/[:.]/g, '-')}.json`;

export function ScenariosPanel({ origin }: { origin: string }) {
  const id = useId();
  const apps = useQuery(overviewQuery(origin)).data?.apps ?? [];
  const [recordApp, setRecordApp] = useState('');
  const [replayApp, setReplayApp] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [speed, setSpeed] = useState('1');
  /** The app being recorded, while a recording this view started runs. */
  const [recording, setRecording] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [last, setLast] = useState<'record' | 'stop' | 'replay' | null>(null);
  const finished = (message: string) => {
    setDone(message);
    announce(message);
  };
  const begin = (action: 'record' | 'stop' | 'replay') => {
    setLast(action);
    setDone(null);
  };
  const chosen = (value: string) => value || apps[0]?.appId || '';

  const record = useMutation({
    mutationFn: (app: string) => callApps(origin, APPS_ROUTES.scenarioRecord, { body: { app } }),
    onSuccess: (r) => {
      setRecording(r.app);
      finished(`Recording the deliveries to ${r.app}: send it something, then Stop.`);
    },
  });
  const stop = useMutation({
    mutationFn: () => callApps(origin, APPS_ROUTES.scenarioStop, { body: {} }),
    onSuccess: (scenario) => {
      setRecording(null);
      download(fileName(scenario), `${JSON.stringify(scenario, null, 2)}\n`, 'application/json');
      const left = scenario.leftOut ? `; ${scenario.leftOut} more did not fit and were left out` : '';
      finished(
        `Downloaded ${plural(scenario.deliveries.length, 'delivery', 'deliveries')} to ${scenario.app} in ${(scenario.durationMs / 1000).toFixed(1)} s${left}.`,
      );
    },
  });
  const replay = useMutation({
    mutationFn: async (args: { file: File; app: string; speed: number }) => {
      let scenario: unknown;
      try {
        scenario = JSON.parse(await args.file.text());
      } catch {
        throw new Error(
          `${args.file.name} is not JSON, so it is not a scenario (Stop downloads one). Nothing was sent.`,
        );
      }
      return callApps(origin, APPS_ROUTES.scenarioReplay, {
        body: { scenario: scenario as Scenario, app: args.app, speed: args.speed },
      });
    },
    onSuccess: (r) =>
      finished(
        `Replayed ${plural(r.deliveries.length, 'delivery', 'deliveries')} to ${r.app}: ${r.deliveries.map((d) => `#${d.id}`).join(', ') || 'none'}.`,
      ),
  });
  const failed = last && { record, stop, replay }[last].isError ? { record, stop, replay }[last] : null;
  const speedNumber = Number(speed);
  const speedOk = speed.trim() !== '' && speedNumber > 0 && speedNumber <= MAX_REPLAY_SPEED;

  return (
    <section className="apps-card" aria-labelledby={`${id}-title`} data-testid="scenarios-panel">
      <h3 id={`${id}-title`}>Record and replay</h3>
      {apps.length === 0 ? (
        <p className="hint">Install an app to record the deliveries it gets.</p>
      ) : (
        <>
          <div className="apps-form-row">
            <label htmlFor={`${id}-record-app`}>App to record</label>
            <select
              id={`${id}-record-app`}
              value={chosen(recordApp)}
              disabled={recording !== null}
              onChange={(e) => setRecordApp(e.target.value)}
            >
              {apps.map((a) => (
                <option key={a.appId} value={a.appId}>
                  {a.appId}
                </option>
              ))}
            </select>
            {recording === null ? (
              <button
                type="button"
                disabled={record.isPending}
                onClick={() => {
                  begin('record');
                  record.mutate(chosen(recordApp));
                }}
              >
                Record
              </button>
            ) : (
              <button
                type="button"
                className="button-primary"
                disabled={stop.isPending}
                onClick={() => {
                  begin('stop');
                  stop.mutate();
                }}
              >
                Stop and download
              </button>
            )}
          </div>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!file) return;
              begin('replay');
              replay.mutate({ file, app: chosen(replayApp), speed: speedNumber });
            }}
          >
            <div className="apps-form-row">
              <label htmlFor={`${id}-file`}>Scenario file</label>
              <input
                id={`${id}-file`}
                type="file"
                accept="application/json,.json"
                onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
              />
            </div>
            <div className="apps-form-row">
              <label htmlFor={`${id}-replay-app`}>Replay to</label>
              <select
                id={`${id}-replay-app`}
                value={chosen(replayApp)}
                onChange={(e) => setReplayApp(e.target.value)}
              >
                {apps.map((a) => (
                  <option key={a.appId} value={a.appId}>
                    {a.appId}
                  </option>
                ))}
              </select>
              <label htmlFor={`${id}-speed`}>Speed (× recorded)</label>
              <input
                id={`${id}-speed`}
                type="number"
                min={0.1}
                max={MAX_REPLAY_SPEED}
                step="any"
                value={speed}
                aria-invalid={!speedOk || undefined}
                onChange={(e) => setSpeed(e.target.value)}
              />
              <button type="submit" disabled={!file || !speedOk || replay.isPending}>
                Replay
              </button>
            </div>
            {!speedOk && (
              <p className="hint">The speed is a number above 0 and at most {MAX_REPLAY_SPEED}.</p>
            )}
          </form>
        </>
      )}
      {failed ? (
        <Failure error={failed.error} />
      ) : (
        done && (
          <p role="status" className="notice notice-info" data-testid="scenario-result">
            {done}
          </p>
        )
      )}
    </section>
  );
}
