// `npm run emulator -- --state FILE` as a process: SIGTERM saves the state, the next start loads it, and
// `state save` / `state load` reach the running emulator.
import { TSX_LOADER } from '../../../testing/node-tsx.ts';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseState } from './format.ts';

const run = promisify(execFile);
const TSX = process.execPath;
const CLI = join(process.cwd(), 'src', 'server', 'emulator', 'cli.ts');
/** A start compiles the emulator's TypeScript (tsx) and generates the demo data. */
const START_MS = 60_000;

let dir: string;
let file: string;
const env = () => ({ ...process.env, CROQL_EMULATOR_KEY_DIR: join(dir, 'keys') });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'croql-state-cli-'));
  file = join(dir, 'state.json');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts the CLI; resolves with its URL and everything it printed so far. */
async function start(args: string[]) {
  const child = spawn(TSX, [...TSX_LOADER, CLI, '--port', '0', '--scale', '20', '--test-hooks', ...args], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /API (http:\/\/[^/\s]+)\/api\/v2/.exec(out);
      if (m && /State: /.test(out)) resolve(m[1]!);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`the emulator exited (${code}): ${out}`)));
  });
  return {
    url,
    port: new URL(url).port,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

const edit = (url: string, text: string) =>
  fetch(`${url}/__emulator/edit-string`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: 2, text }),
  });

it(
  'saves at SIGTERM, loads at the next start, and saves and loads on command',
  async () => {
    const first = await start(['--state', file]);
    expect(first.output()).toContain(`State: ${file} does not exist yet`);
    await edit(first.url, 'saved by the command');
    const saved = await run(TSX, [...TSX_LOADER, CLI, 'state', 'save', '--port', first.port], { env: env() });
    expect(saved.stdout).toContain(`Saved the state to ${file}`);
    const snapshot = join(dir, 'snapshot.json');
    writeFileSync(snapshot, readFileSync(file));
    await edit(first.url, 'saved at SIGTERM');
    expect(await first.stop()).toBe(0);
    expect(parseState(readFileSync(file, 'utf8'), 'x').doc.parts.data).toEqual({
      strings: [expect.objectContaining({ id: 2, text: 'saved at SIGTERM' })],
    });

    const second = await start(['--state', file]);
    try {
      expect(second.output()).toMatch(/State: loaded .*state\.json \(saved at /);
      const loaded = await run(TSX, [...TSX_LOADER, CLI, 'state', 'load', snapshot, '--port', second.port], {
        env: env(),
      });
      expect(loaded.stdout).toContain(`Loaded ${snapshot}`);
      const doc = (await (await fetch(`${second.url}/__state`)).json()) as { parts: { data: unknown } };
      expect(doc.parts.data).toEqual({
        strings: [expect.objectContaining({ text: 'saved by the command' })],
      });
    } finally {
      expect(await second.stop()).toBe(0);
    }
  },
  3 * START_MS,
);
