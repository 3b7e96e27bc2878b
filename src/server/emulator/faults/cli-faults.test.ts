// `npm run emulator -- --faults FILE`: rules in force from the start; a bad file refuses the start and says why.
import { TSX_LOADER } from '../../../testing/node-tsx.ts';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FaultsResponse } from '../../../wire/faults.ts';

const TSX = process.execPath;
const CLI = join(process.cwd(), 'src', 'server', 'emulator', 'cli.ts');
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'croql-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('starts with the file’s rules in force', async () => {
  const file = join(dir, 'faults.json');
  writeFileSync(
    file,
    JSON.stringify({ rules: [{ method: 'POST', path: '/oauth/token', status: 503, count: 2 }], seed: 7 }),
  );
  const env = { ...process.env, CROQL_EMULATOR_KEY_DIR: join(dir, 'keys') };
  const child = spawn(TSX, [...TSX_LOADER, CLI, '--port', '0', '--scale', '20', '--faults', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /API (http:\/\/[^/\s]+)\/api\/v2/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
    });
    const token = await fetch(`${base}/oauth/token`, { method: 'POST' });
    expect(token.status).toBe(503);
    const state = (await (await fetch(`${base}/__faults`)).json()) as FaultsResponse;
    expect(state.seed).toBe(7);
    expect(state.rules.map((r) => [r.rule.path, r.fired, r.state])).toEqual([['/oauth/token', 1, 'active']]);
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}, 180_000);

it('refuses to start with a bad rule, and names it', async () => {
  const file = join(dir, 'bad.json');
  writeFileSync(file, JSON.stringify([{ path: '/__apps/flush', status: 500 }]));
  const failed = await promisify(execFile)(TSX, [
    ...TSX_LOADER,
    CLI,
    '--port',
    '0',
    '--scale',
    '20',
    '--faults',
    file,
  ]).then(
    () => null,
    (e: { code: number; stderr: string }) => e,
  );
  expect(failed?.code).toBe(2);
  expect(failed?.stderr).toContain('has bad rules, and the emulator did not start');
  expect(failed?.stderr).toContain('Rule 1, a request rule: "path" must start with /api/v2 or /oauth');
}, 180_000);
