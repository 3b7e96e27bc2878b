// Keeps the emulator's state: saves it to the --state file (on request, every --state-interval seconds,
// and at shutdown), hands it out as a snapshot, and loads a file or snapshot in place of what runs. The
// parts (part.ts) say what they hold; the keeper only orders them, checks a whole document before it
// changes anything, and writes one save at a time.
import { readFile } from 'node:fs/promises';
import type { StateInfo, StateLoadResponse, StateSaveResponse } from '../../../wire/state.ts';
import { STATE_FORMAT } from '../../../wire/state.ts';
import { ControlError } from '../apps/errors.ts';
import {
  STATE_VERSION,
  StateFileError,
  parseState,
  type DataSource,
  type StateDocument,
  type StateHeader,
} from './format.ts';
import { StateShapeError, type StatePart } from './part.ts';
import { writeJsonFile } from './write.ts';

export interface KeeperOptions {
  /** The parts, in the order they are restored (an installation before its steps and deliveries). */
  parts: StatePart[];
  header: () => StateHeader;
  clock: () => number;
  /** --state FILE, or null. */
  file: string | null;
  /** --state-readonly: the file is read at start and never written. */
  readonly: boolean;
  /** --state-interval SECONDS, or null. */
  intervalSeconds: number | null;
}

/** Reads a state file; null when there is none (the emulator starts afresh and creates it at its first save). */
export async function readStateFile(
  file: string,
): Promise<{ doc: StateDocument; migratedFrom: number | null } | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new StateFileError(
      'unreadable',
      `The state file ${file} cannot be read (${code ?? (e instanceof Error ? e.message : String(e))}).`,
    );
  }
  return parseState(text, `The state file ${file}`);
}

export class StateKeeper {
  private timer: ReturnType<typeof setInterval> | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  private loaded: StateInfo['loaded'] = null;
  private lastSave: StateInfo['lastSave'] = null;
  private closed = false;
  private loadListeners: (() => void)[] = [];

  constructor(private options: KeeperOptions) {}

  info(): StateInfo {
    return {
      file: this.options.file,
      readonly: this.options.readonly,
      intervalSeconds: this.options.intervalSeconds,
      loaded: this.loaded,
      lastSave: this.lastSave,
    };
  }

  /** What every part holds now, as one document. */
  document(): StateDocument {
    const parts: Record<string, unknown> = {};
    for (const part of this.options.parts) parts[part.key] = part.save();
    return {
      format: STATE_FORMAT,
      version: STATE_VERSION,
      savedAt: new Date(this.options.clock()).toISOString(),
      emulator: this.options.header(),
      parts,
    };
  }

  /**
   * Replaces the running state with `doc`: every part is checked first, and only a document that is right
   * throughout changes anything. `from` names it in messages and in info().
   */
  load(doc: StateDocument, from: string, migratedFrom: number | null = null): StateLoadResponse {
    const warnings = headerWarnings(doc.emulator, this.options.header());
    const known = new Set(this.options.parts.map((p) => p.key));
    const unknown = Object.keys(doc.parts).filter((k) => !known.has(k));
    if (unknown.length)
      warnings.push(`Parts this emulator does not keep were left out: ${unknown.join(', ')}.`);
    const commits: (() => void)[] = [];
    try {
      for (const part of this.options.parts) {
        commits.push(part.restore(doc.parts[part.key], (w) => warnings.push(w)));
      }
    } catch (e) {
      if (!(e instanceof StateShapeError)) throw e;
      throw new StateFileError(
        'invalid',
        `${from} is not a state this emulator wrote: at parts.${e.message}.`,
      );
    }
    for (const commit of commits) commit();
    this.loaded = { from, savedAt: doc.savedAt, at: new Date(this.options.clock()).toISOString(), warnings };
    for (const listener of this.loadListeners) listener();
    return { savedAt: doc.savedAt, migratedFrom, warnings };
  }

  /** Calls `listener` after each load (a snapshot may bring its own signing key, the CLI's key file follows). */
  onLoad(listener: () => void): void {
    this.loadListeners.push(listener);
  }

  /** Writes the state to the file now (after any save under way). */
  save(): Promise<StateSaveResponse> {
    const { file, readonly } = this.options;
    if (!file) {
      return Promise.reject(
        new ControlError(
          409,
          'noStateFile',
          'This emulator keeps its state in memory only: start it with --state FILE to save to a file, or download a snapshot with GET /__state.',
        ),
      );
    }
    if (readonly) {
      return Promise.reject(
        new ControlError(
          409,
          'stateReadonly',
          `This emulator started with --state-readonly and never writes ${file}. Download a snapshot with GET /__state instead.`,
        ),
      );
    }
    // The document is taken when this save's turn comes, so it holds everything done before it starts.
    const done = this.writing.then(async () => {
      const doc = this.document();
      const bytes = await writeJsonFile(file, doc);
      this.lastSave = { at: doc.savedAt, bytes };
      return { file, savedAt: doc.savedAt, bytes };
    });
    this.writing = done.catch(() => {});
    return done;
  }

  /** Saves every --state-interval seconds until close(); a failed save is reported and retried next time. */
  start(): void {
    const { intervalSeconds, file, readonly } = this.options;
    if (!intervalSeconds || !file || readonly) return;
    this.timer = setInterval(() => {
      this.save().catch((e: unknown) =>
        console.warn(`emulator: could not save the state to ${file}: ${e instanceof Error ? e.message : e}`),
      );
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  /** Stops the interval; with `save`, writes the state a last time (not with --state-readonly). */
  async close({ save }: { save: boolean }): Promise<StateSaveResponse | null> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.closed) return null;
    this.closed = true;
    if (!save || !this.options.file || this.options.readonly) {
      await this.writing;
      return null;
    }
    return this.save();
  }
}

function dataWords(d: DataSource): string {
  return d.kind === 'demo'
    ? `the demo data (${d.strings} strings, seed ${d.seed})`
    : `the data file ${d.file} (${d.strings} strings)`;
}

/** Where the saved emulator differs from this one: it loads anyway, and says what may not fit. */
function headerWarnings(saved: StateHeader | null, now: StateHeader): string[] {
  if (!saved) return [];
  const warnings: string[] = [];
  if (saved.organization !== now.organization) {
    const name = (o: string | null) => (o ? `the organization "${o}"` : 'crowdin.com');
    warnings.push(
      `The state was saved by an emulator playing ${name(saved.organization)}; this one plays ${name(now.organization)} (start it with the same --organization to match).`,
    );
  }
  if (saved.data && now.data && JSON.stringify(saved.data) !== JSON.stringify(now.data)) {
    warnings.push(
      `The state was saved over ${dataWords(saved.data)}; this emulator serves ${dataWords(now.data)}, so ids in the state may name other strings.`,
    );
  }
  return warnings;
}
