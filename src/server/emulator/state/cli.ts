// `npm run emulator -- state save|load`: asks the emulator running on --port to write its state to its
// --state file now, or to replace its running state with a snapshot file (the routes of routes.ts).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ControlErrorBody } from '../../../wire/apps.ts';
import type { StateLoadResponse, StateSaveResponse } from '../../../wire/state.ts';
import { STATE_PATHS } from '../../../wire/state.ts';

export const STATE_HELP = `State (what the emulator keeps: OAuth apps, installations, steps and statuses, the log, data changes):
  npm run emulator -- state save   [--port N]         (the running emulator writes its --state file now)
  npm run emulator -- state load FILE   [--port N]    (replaces the running emulator's state with a snapshot)

State options of the emulator:
  --state FILE              load the state from FILE at start (when it exists) and save it there at shutdown
                            (SIGINT, SIGTERM), on \`state save\` or POST /__state/save, and every --state-interval
  --state-interval SECONDS  also save every SECONDS (default: off)
  --state-readonly          start from the --state FILE (a snapshot) and never write it`;

/** The emulator's parseArgs options for the state flags. */
export const STATE_FLAGS = {
  state: { type: 'string' },
  'state-interval': { type: 'string' },
  'state-readonly': { type: 'boolean', default: false },
} as const;

/** Runs `state <command> …`; resolves with the exit code. */
export async function stateCommand(args: string[], out = console.log, err = console.error): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        port: { type: 'string', default: '8787' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (e) {
    err(
      `${e instanceof Error ? e.message.split('. ')[0] : String(e)}. Run \`npm run emulator -- state --help\`.`,
    );
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, file] = positionals;
  if (values.help || !command) {
    out(STATE_HELP);
    return command ? 0 : 2;
  }
  const base = `http://127.0.0.1:${values.port}`;
  let body: string;
  let path: string;
  if (command === 'save') {
    body = '{}';
    path = STATE_PATHS.save;
  } else if (command === 'load') {
    if (!file) {
      err('state load needs the snapshot file: `npm run emulator -- state load FILE`.');
      return 2;
    }
    try {
      body = await readFile(file, 'utf8');
    } catch (e) {
      err(`Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? String(e)}.`);
      return 2;
    }
    path = STATE_PATHS.snapshot;
  } else {
    err(`Unknown state command "${command}": save or load. Run \`npm run emulator -- state --help\`.`);
    return 2;
  }
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
  } catch {
    err(
      `No emulator answers on port ${values.port}. Start it with \`npm run emulator\` (pass the same --port).`,
    );
    return 1;
  }
  const answer = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    err((answer as ControlErrorBody | null)?.error?.message ?? `The emulator answered ${res.status}.`);
    return 1;
  }
  if (command === 'save') {
    const saved = answer as StateSaveResponse;
    out(`Saved the state to ${saved.file} (${saved.bytes.toLocaleString('en-US')} bytes).`);
  } else {
    const loaded = answer as StateLoadResponse;
    out(
      `Loaded ${file} (saved at ${loaded.savedAt}${loaded.migratedFrom === null ? '' : `, migrated from version ${loaded.migratedFrom}`}).`,
    );
    for (const w of loaded.warnings) out(`  warning: ${w}`);
  }
  return 0;
}
