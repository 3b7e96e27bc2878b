// The emulator's state routes (`/__state…`): saving what it holds to its --state file, downloading it as
// a snapshot and loading one in its place. For the server (src/server/emulator/state/), `npm run emulator
// -- state …` and the Apps view alike. A snapshot is the state file's own JSON: its layout is described in
// src/server/emulator/state/format.ts.

export const STATE_PATHS = {
  /** GET: the whole state as one JSON file (a snapshot); POST: replace the running state with one. */
  snapshot: '/__state',
  /** POST: write the state to the --state file now. */
  save: '/__state/save',
  /** GET: where the state is kept and when it was last saved and loaded. */
  info: '/__state/info',
} as const;

/** What every state file and snapshot says it is (its `format`). */
export const STATE_FORMAT = 'croql-emulator-state';

/**
 * The header a state-changing request must carry, besides a JSON Content-Type: a page elsewhere cannot
 * send a custom header without a CORS preflight, which the emulator answers only for the playground.
 */
export const STATE_REQUEST_HEADER = 'X-Croql-Emulator';

export interface StateInfo {
  /** The --state file, or null when the state lives in memory only. */
  file: string | null;
  /** --state-readonly: started from the file, never writes it. */
  readonly: boolean;
  /** --state-interval, or null when the state is saved only on request and at shutdown. */
  intervalSeconds: number | null;
  /** The snapshot this run started from or last loaded, or null. */
  loaded: { from: string; savedAt: string; at: string; warnings: string[] } | null;
  /** The last save to the file this run, or null. */
  lastSave: { at: string; bytes: number } | null;
}

export interface StateSaveResponse {
  file: string;
  savedAt: string;
  bytes: number;
}

export interface StateLoadResponse {
  savedAt: string;
  /** The state's version when it was older and migrated, else null. */
  migratedFrom: number | null;
  /** What did not fit this emulator (strings its data lacks, another organization), each a sentence. */
  warnings: string[];
}
