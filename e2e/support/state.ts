// The state spec's own pair, beside the run's two (playwright.config.ts): an Enterprise emulator it starts,
// stops and starts again (with a --state file, or fresh), and the run's build served for it. The emulator
// names the playground's origin (--playground-origin), so the playground signs in from this port too.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export const STATE_EMULATOR_PORT = 4321;
export const STATE_APP_PORT = 4322;
export const STATE_EMULATOR_URL = `http://127.0.0.1:${STATE_EMULATOR_PORT}`;
export const STATE_APP_URL = `http://127.0.0.1:${STATE_APP_PORT}`;

const ROOT = join(import.meta.dirname, '..', '..');
/** Starting compiles the emulator's TypeScript (tsx): a limit for a hang on a loaded machine, not speed. */
const START_MS = 60_000;

export interface Started {
  /** Everything it printed. */
  output: () => string;
  /** SIGTERM, and its exit (an emulator saves its --state file first). */
  stop(): Promise<void>;
}

function started(child: ChildProcess, what: string, ready: (out: string) => boolean): Promise<Started> {
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`${what} did not start:\n${out}`));
    }, START_MS);
    const read = (b: Buffer) => {
      out += b.toString();
      if (!ready(out)) return;
      clearTimeout(timer);
      resolve({
        output: () => out,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          await exited;
        },
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${child.exitCode}):\n${out}`));
    });
  });
}

/** `npm run emulator` as acme on STATE_EMULATOR_PORT, with `args` (e.g. `--state FILE`); its key in `keyDir`. */
export function startStateEmulator(args: string[], keyDir: string): Promise<Started> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/emulator/cli.ts',
      '--port',
      String(STATE_EMULATOR_PORT),
      '--organization',
      'acme',
      '--playground-origin',
      STATE_APP_URL,
      ...args,
    ],
    { cwd: ROOT, env: { ...process.env, CROQL_EMULATOR_KEY_DIR: keyDir }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Listening, and with --state the file loaded (or not there yet): the last lines of its start.
  const stateFile = args.includes('--state');
  return started(
    child,
    'the state emulator',
    (out) => /API http:\/\/\S+\/api\/v2/.test(out) && (!stateFile || /State: /.test(out)),
  );
}

/** The run's build (dist/) served on STATE_APP_PORT, its accounts and API the state emulator. */
export function startStatePlayground(): Promise<Started> {
  const child = spawn(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'preview',
      '--port',
      String(STATE_APP_PORT),
      '--strictPort',
    ],
    {
      cwd: ROOT,
      // Without colours (vite prints its port in bold): FORCE_COLOR, even 0, turns them on.
      env: { ...withoutForceColor(), CROQL_EMULATOR_URL: STATE_EMULATOR_URL, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return started(child, 'the state playground', (out) => out.includes(`:${STATE_APP_PORT}`));
}

function withoutForceColor(): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _, ...env } = process.env;
  return env;
}
