// `npm run crowdin-app` as a process: what it says when its options are wrong, before it starts anything.
import { TSX_LOADER } from '../../testing/node-tsx.ts';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TSX = process.execPath;
const CLI = join(process.cwd(), 'src', 'playground-app', 'server', 'cli.ts');

function crowdinApp(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env };
    delete env.CROQL_APP_CLIENT_ID;
    delete env.CROQL_APP_CLIENT_SECRET;
    execFile(TSX, [...TSX_LOADER, CLI, ...args], { env }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

// Each test starts a process through tsx, whose start-up alone takes seconds on a loaded 2-core machine:
// the budget is for that start, not for the app's work.
describe('npm run crowdin-app', { timeout: 60_000 }, () => {
  it('names its OAuth app options, and the secret from the environment, in --help', async () => {
    const { code, stdout } = await crowdinApp(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /--client-secret S[\s\S]*CROQL_APP_CLIENT_SECRET|CROQL_APP_CLIENT_SECRET[\s\S]*--client-secret S/,
    );
    expect(stdout).toContain('--emulator URL');
  });

  it('refuses to start without its OAuth app, or with a bad port, saying what to give', async () => {
    const none = await crowdinApp(['--port', '0']);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--client-id ID and --client-secret S');
    const port = await crowdinApp(['--port', 'eighty', '--client-id', 'c', '--client-secret', 's']);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port must be a port number; got "eighty".');
  });
});
