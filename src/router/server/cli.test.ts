// `npm run router` as a process: what it says when its options are wrong, before it starts anything.
import { TSX_LOADER } from '../../testing/node-tsx.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const TSX = process.execPath;
const CLI = join(process.cwd(), 'src', 'router', 'server', 'cli.ts');

/** Runs the router with `args`; it must exit by itself. */
function router(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.CROQL_ROUTER_CLIENT_ID;
    delete env.CROQL_ROUTER_CLIENT_SECRET;
    execFile(TSX, [...TSX_LOADER, CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'croql-router-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Each test starts a process through tsx, whose start-up alone takes seconds on a loaded 2-core machine:
// the budget is for that start, not for the router's work.
describe('npm run router', { timeout: 30_000 }, () => {
  it('names an unknown option in one line, points at --help and exits 2', async () => {
    const { code, stderr } = await router(['--bogus']);
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toEqual([
      'Unknown option --bogus. Run `npm run router -- --help` for the options.',
    ]);
  });

  it('says which option lacks its value, in one line, and exits 2', async () => {
    const { code, stderr } = await router(['--port']);
    expect(code).toBe(2);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/--port <value>.* argument missing\. Run `npm run router -- --help`/);
  });

  it('refuses at start a store it cannot write, and leaves nothing behind', async () => {
    // A file where the store's folder should be: no user, root included, can create the store there.
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, 'x');
    const store = join(notAFolder, 'store.json');
    const { code, stdout, stderr } = await router([
      '--store',
      store,
      '--client-id',
      'a',
      '--client-secret',
      'b',
    ]);
    expect(code).toBe(2);
    expect(stdout).not.toContain('listening');
    expect(stderr).toContain(`Cannot write the store ${store}`);
    expect(stderr).toContain('Give --store a file in a folder you can write to.');
    expect(readdirSync(dir)).toEqual(['plain-file']);
  });
});
