// Starts an emulator as `npm run emulator`, `croql-emulator` and startEmulator() (start.ts) do: its data,
// its state from the --state file (refused before anything starts when the file cannot be used), the
// server on a loopback port, saves every --state-interval, and a stop that saves a last time.
import type { ServerType } from '@hono/node-server';
import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { createEmulator, type Emulator } from './app.ts';
import type { EmulatorOptions, StateOptions } from './config.ts';
import { generateDemoDataset } from './data/demo.ts';
import { DataFileError, loadDataFile } from './data/load.ts';
import type { Dataset } from './data/model.ts';
import { serveEmulator } from './serve.ts';
import { StateFileError, startAdvice, type DataSource } from './state/format.ts';
import { readStateFile } from './state/keeper.ts';

/** Why the emulator cannot start, in words for the user (what happened and what to do). */
export class LaunchError extends Error {}

export interface DataChoice {
  /** A Context JSON data file; else the demo data. */
  file?: string;
  /** The demo's number of strings (default 2,000) and seed (default 1). */
  scale?: number;
  seed?: number;
}

export function loadData(choice: DataChoice): { data: Dataset; source: DataSource } {
  if (choice.file) {
    try {
      const data = loadDataFile(choice.file);
      return { data, source: { kind: 'file', file: resolve(choice.file), strings: data.strings.length } };
    } catch (e) {
      if (e instanceof DataFileError) throw new LaunchError(e.message);
      throw e;
    }
  }
  const strings = choice.scale ?? 2000;
  const seed = choice.seed ?? 1;
  return { data: generateDemoDataset({ strings, seed }), source: { kind: 'demo', strings, seed } };
}

export interface LaunchOptions {
  port: number;
  data: DataChoice;
  state: StateOptions;
  /** Everything else the emulator is configured with (config.ts). */
  emulator?: Omit<EmulatorOptions, 'data' | 'dataSource' | 'state'>;
}

export interface Launched {
  emulator: Emulator;
  server: ServerType;
  /** The port it bound (the one asked for, or the free one `0` picked). */
  port: number;
  url: string;
  /** What loading the state file said (null: none was loaded). */
  loaded: { savedAt: string; migratedFrom: number | null; warnings: string[] } | null;
  /** Saves the state a last time (with a writable --state), then stops serving. */
  stop(): Promise<void>;
}

export async function launchEmulator(options: LaunchOptions): Promise<Launched> {
  const { state } = options;
  const file = state.file === null ? null : resolve(state.file);
  let saved: Awaited<ReturnType<typeof readStateFile>> = null;
  if (file) {
    try {
      saved = await readStateFile(file);
    } catch (e) {
      if (e instanceof StateFileError) throw new LaunchError(`${e.message} ${startAdvice(e.problem, file)}`);
      throw e;
    }
    if (!saved && state.readonly) {
      throw new LaunchError(
        `--state-readonly starts from a saved state, and ${file} does not exist. Save one first (a snapshot from GET /__state, or an emulator started with --state ${file}).`,
      );
    }
    if (!saved) {
      const folder = dirname(file);
      if (!isFolder(folder)) {
        throw new LaunchError(
          `--state ${file}: the folder ${folder} does not exist. Create it, or pick another file.`,
        );
      }
    }
  }
  const { data, source } = loadData(options.data);
  const emulator = createEmulator({
    ...options.emulator,
    data,
    dataSource: source,
    state: { ...state, file },
  });
  let loaded: Launched['loaded'] = null;
  if (saved && file) {
    try {
      loaded = emulator.state.load(saved.doc, `The state file ${file}`, saved.migratedFrom);
    } catch (e) {
      emulator.apps.close();
      if (e instanceof StateFileError) throw new LaunchError(`${e.message} ${startAdvice(e.problem, file)}`);
      throw e;
    }
  }
  const server = await listen(emulator, options.port).catch((e: unknown) => {
    emulator.apps.close();
    throw e;
  });
  const port = (server.address() as AddressInfo).port;
  emulator.state.start();
  let stopping: Promise<void> | null = null;
  return {
    emulator,
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    loaded,
    stop: () =>
      (stopping ??= (async () => {
        try {
          await emulator.state.close({ save: true });
        } finally {
          emulator.apps.close();
          await new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          });
        }
      })()),
  };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function listen(emulator: Emulator, port: number): Promise<ServerType> {
  return new Promise((done, fail) => {
    const server = serveEmulator(emulator, port, () => done(server));
    server.once('error', (e: NodeJS.ErrnoException) =>
      fail(
        e.code === 'EADDRINUSE' ? new LaunchError(`Port ${port} is in use. Pick another with --port N.`) : e,
      ),
    );
  });
}
