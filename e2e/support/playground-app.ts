// CroQL Playground's app server (`npm run crowdin-app`'s entry) as its own process for the e2e specs: on
// 127.0.0.1 port 0, against the e2e's emulator (--emulator: it installs itself there), serving the build the
// e2e's web server made (dist/), its store in a temporary folder. Its module pages open with a module JWT
// signed as the service signs them (src/server/emulator/apps/app-jwt.ts: HS256 with the OAuth client's
// secret, aud, sub, domain, module, context).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import { playgroundClient } from '../../src/playground-app/server/emulator-setup.ts';
import { ORGANIZATION_ID } from '../../src/server/emulator/apps/options.ts';
import type { PlaygroundModule } from '../../src/wire/playground-app.ts';

export interface PlaygroundAppProcess {
  url: string;
  /** The module page's address for a member, as Crowdin opens it. */
  pageUrl(module: PlaygroundModule, user: { id: number; login: string }, projectId?: number): Promise<string>;
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
    async pageUrl(module, user, projectId = 1) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = await sign(
        {
          aud: client.clientId,
          sub: String(user.id),
          domain: null,
          module: module.key,
          context: {
            project_id: projectId,
            organization_id: ORGANIZATION_ID,
            user_id: user.id,
            user_login: user.login,
          },
          iat: now,
          exp: now + 900,
        },
        client.clientSecret,
        'HS256',
      );
      const page = new URL(`${url}${module.path}`);
      page.searchParams.set('jwtToken', jwt);
      page.searchParams.set('origin', emulatorUrl);
      page.searchParams.set('clientId', client.clientId);
      return page.toString();
    },
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
