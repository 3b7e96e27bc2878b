// The emulator's state in the Apps view: where it is kept (its --state file, or memory only), a snapshot
// to download (GET /__state) or to load in place of what runs (POST /__state), and Save now for a --state
// file. What the snapshot holds and how files are checked: src/server/emulator/state/.
import { queryOptions, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { keys } from '../connection/keys.ts';
import { announce } from '../ui/announce.ts';
import { download } from '../ui/download.ts';
import {
  STATE_PATHS,
  type StateInfo,
  type StateLoadResponse,
  type StateSaveResponse,
} from '../wire/state.ts';
import { control } from './client.ts';
import { forgetPreviousRun } from './queries.ts';
import { clock } from './format.ts';
import { Failure } from './parts.tsx';

export const stateInfoQuery = (origin: string | null) =>
  queryOptions({
    queryKey: keys.appsState(origin),
    queryFn: origin ? ({ signal }) => control<StateInfo>(origin, STATE_PATHS.info, { signal }) : skipToken,
  });

function where(info: StateInfo): string {
  if (!info.file)
    return 'Kept in memory only: it ends with the emulator (start it with --state FILE to keep it).';
  if (info.readonly) return `Started from ${info.file}, which it never writes (--state-readonly).`;
  const interval = info.intervalSeconds ? `, every ${info.intervalSeconds} s` : '';
  return `Kept in ${info.file}: saved at shutdown${interval} and on Save now.`;
}

export function StatePanel({ origin }: { origin: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const info = useQuery(stateInfoQuery(origin));
  const picker = useRef<HTMLInputElement>(null);
  const [done, setDone] = useState<string | null>(null);
  /** The action pressed last: only its failure is shown. */
  const [last, setLast] = useState<'save' | 'snapshot' | 'load' | null>(null);
  const start = (action: 'save' | 'snapshot' | 'load') => {
    setLast(action);
    setDone(null);
  };
  const finished = (message: string) => {
    setDone(message);
    announce(message);
  };

  const save = useMutation({
    mutationFn: () => control<StateSaveResponse>(origin, STATE_PATHS.save, { body: {} }),
    onSuccess: (r) => finished(`Saved to ${r.file} at ${clock(r.savedAt)}.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.appsState(origin) }),
  });
  const snapshot = useMutation({
    mutationFn: () => control<{ savedAt: string }>(origin, STATE_PATHS.snapshot),
    onSuccess: (doc) => {
      download(
        `emulator-state-${doc.savedAt.replace(/[:.]/g, '-')}.json`,
        JSON.stringify(doc),
        'application/json',
      );
      finished('Downloaded a snapshot of the state.');
    },
  });
  const load = useMutation({
    mutationFn: async (file: File) => {
      let body: unknown;
      try {
        body = JSON.parse(await file.text());
      } catch {
        throw new Error(
          `${file.name} is not JSON, so it is not a snapshot of the emulator's state. Nothing was loaded.`,
        );
      }
      return {
        name: file.name,
        answer: await control<StateLoadResponse>(origin, STATE_PATHS.snapshot, { body }),
      };
    },
    onSuccess: ({ name, answer }) => {
      // Ids of deliveries and steps now name what the snapshot holds: drop what was read, read again. (The
      // overview is read again in place: dropped too, nothing on screen would ask for it again.)
      forgetPreviousRun(queryClient, origin);
      const warnings = answer.warnings.length ? ` ${answer.warnings.join(' ')}` : '';
      finished(`Loaded ${name} (saved at ${new Date(answer.savedAt).toLocaleString()}).${warnings}`);
    },
  });
  const failed = last && { save, snapshot, load }[last].isError ? { save, snapshot, load }[last] : null;

  return (
    <section className="apps-card" aria-labelledby={`${id}-title`} data-testid="emulator-state">
      <h3 id={`${id}-title`}>State</h3>
      {info.data && (
        <p className="hint">
          {where(info.data)}
          {info.data.lastSave && ` Last saved at ${clock(info.data.lastSave.at)}.`}
        </p>
      )}
      <div className="apps-form-row">
        <button
          type="button"
          onClick={() => {
            start('snapshot');
            snapshot.mutate();
          }}
          disabled={snapshot.isPending}
        >
          Download snapshot
        </button>
        <button type="button" onClick={() => picker.current?.click()} disabled={load.isPending}>
          Load snapshot…
        </button>
        <input
          ref={picker}
          type="file"
          accept="application/json,.json"
          aria-label="Snapshot file to load"
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (!file) return;
            start('load');
            load.mutate(file);
          }}
        />
        {info.data?.file && !info.data.readonly && (
          <button
            type="button"
            onClick={() => {
              start('save');
              save.mutate();
            }}
            disabled={save.isPending}
          >
            Save now
          </button>
        )}
      </div>
      {failed ? (
        <Failure error={failed.error} />
      ) : (
        done && (
          <p role="status" className="notice notice-info" data-testid="state-result">
            {done}
          </p>
        )
      )}
    </section>
  );
}
