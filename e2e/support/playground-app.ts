// CroQL Playground's app server (`npm run crowdin-app`'s entry) as its own process for the e2e specs: on
// 127.0.0.1 port 0, against the e2e's emulator (--emulator: it installs itself there), serving the build the
// e2e's web server made (dist/), its store in a temporary folder. Its module pages open through the
// emulator's module-page route (the Apps view's Open), which mints their JWTs.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playgroundClient } from '../../src/playground-app/server/emulator-setup.ts';

export interface PlaygroundAppProcess {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startPlaygroundAppProcess(emulatorUrl: string): Promise<PlaygroundAppProcess> {
  const client = await playgroundClient(emulatorUrl);
  const dir = mkdtempSync(join(tmpdir(), 'croql-playground-app-e2e-'));
  const root = join(import.meta.dirname, '..', '..');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/playground-app/server/cli.ts',
      '--port',
      '0',
      '--emulator',
      emulatorUrl,
      '--client-id',
      client.clientId,
      '--store',
      join(dir, 'store'),
      '--dist',
      join(root, 'dist'),
    ],
    {
      cwd: root,
      env: { ...process.env, CROQL_APP_CLIENT_SECRET: client.clientSecret },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  // No timer of its own: on a loaded machine tsx alone can take a minute; the test's time limit catches a hang.
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const listening = /listening on (http:\/\/\S+)/.exec(out);
      // Ready once it has installed itself in the emulator (--emulator).
      if (listening && /Installed in the emulator/.test(out)) {
        resolve(listening[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`the app server exited (${code}):\n${out}`)));
  });
  return {
    url,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
