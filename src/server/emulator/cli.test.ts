// `npm run emulator` as a process: it binds to loopback, and `token` signs with the running emulator's key.
import { TSX_LOADER } from '../../testing/node-tsx.ts';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFilePath } from './key-file.ts';

const run = promisify(execFile);
const TSX = process.execPath;
const CLI = join(process.cwd(), 'src', 'server', 'emulator', 'cli.ts');

let dir: string;
let child: ChildProcess;
let base: string;
let port: number;
const env = () => {
  const e: NodeJS.ProcessEnv = { ...process.env, CROQL_EMULATOR_KEY_DIR: join(dir, 'keys') };
  delete e.CROQL_EMULATOR_SIGNING_KEY;
  return e;
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'croql-cli-'));
  child = spawn(TSX, [...TSX_LOADER, CLI, '--port', '0', '--scale', '20'], {
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /API (http:\/\/[^/\s]+)\/api\/v2/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${out}`)));
  });
  port = Number(new URL(base).port);
}, 180_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run emulator', () => {
  it('listens on loopback only', () => {
    expect(new URL(base).hostname).toBe('127.0.0.1');
  });

  it('`token` prints a token the running emulator accepts, from its private key file', async () => {
    const path = keyFilePath(port, join(dir, 'keys'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'keys')).mode & 0o777).toBe(0o700);
    const { stdout } = await run(
      TSX,
      [...TSX_LOADER, CLI, 'token', '--user', 'bob', '--port', String(port)],
      {
        env: env(),
      },
    );
    const token = stdout.trim().split('\n').at(-1)!;
    const res = await fetch(`${base}/api/v2/user`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { username: string } }).data.username).toBe('bob');
  }, 180_000);

  it('`token` says when no emulator runs on the port, and refuses unknown scopes', async () => {
    const none = run(TSX, [...TSX_LOADER, CLI, 'token', '--user', 'bob', '--port', '1'], { env: env() });
    await expect(none).rejects.toMatchObject({
      stderr: expect.stringContaining('No emulator is running on port 1'),
    });
    const scopes = run(
      TSX,
      [...TSX_LOADER, CLI, 'token', '--user', 'bob', '--port', String(port), '--scopes', 'project.all'],
      {
        env: env(),
      },
    );
    await expect(scopes).rejects.toMatchObject({
      stderr: expect.stringContaining('Unknown scope: project.all'),
    });
  }, 180_000);

  it('an option it does not know is one line and exit 2, not a stack trace', async () => {
    const typo = run(TSX, [...TSX_LOADER, CLI, '--port', '0', '--batch-intreval', '0'], { env: env() });
    await expect(typo).rejects.toMatchObject({
      code: 2,
      stderr:
        'emulator: Unknown option --batch-intreval. Run `npm run emulator -- --help` for the options.\n',
    });
  }, 180_000);

  it('removes its key file when stopped', async () => {
    const path = keyFilePath(port, join(dir, 'keys'));
    expect(existsSync(path)).toBe(true);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(existsSync(path)).toBe(false);
  }, 180_000);
});
