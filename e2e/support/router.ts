// CroQL Router as its own process for the e2e specs (`npm run router`'s entry, on 127.0.0.1 port 0), its
// OAuth app registered with the emulator it is pointed at, its store in a temporary folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS_PATHS } from '../../src/wire/apps-routes.ts';

export interface RouterProcess {
  url: string;
  manifestUrl: string;
  clientId: string;
  /** To sign what the service signs for the router (its settings page's token). */
  clientSecret: string;
  /** Everything it printed. */
  output: () => string;
  stop(): Promise<void>;
}

export async function startRouterProcess(
  emulatorUrl: string,
  options: {
    /** The OAuth app, when the test registered it (else registered here as "CroQL Router"). */
    client?: { clientId: string; clientSecret: string };
    /** The manifest's identifier (specs sharing an emulator each install their own). */
    identifier?: string;
  } = {},
): Promise<RouterProcess> {
  let client = options.client;
  if (!client) {
    const res = await fetch(`${emulatorUrl}${APPS_PATHS.clients}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'CroQL Router', scopes: 'project' }),
    });
    if (!res.ok) throw new Error(`registering the router's OAuth app answered ${res.status}`);
    client = (await res.json()) as { clientId: string; clientSecret: string };
  }
  const dir = mkdtempSync(join(tmpdir(), 'croql-router-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/router/server/cli.ts',
      '--port',
      '0',
      '--accounts',
      emulatorUrl,
      '--api',
      emulatorUrl,
      '--client-id',
      client.clientId,
      '--store',
      join(dir, 'store.json'),
      '--reconcile-interval',
      '0',
      ...(options.identifier ? ['--identifier', options.identifier] : []),
    ],
    {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, CROQL_ROUTER_CLIENT_SECRET: client.clientSecret },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    // A hang's limit, with what the router printed, not a speed limit: on a busy machine its start (tsx, the
    // embedded store) took over 30 s with nothing wrong. Inside the spec hooks' 90 s (playwright.config.ts).
    const timer = setTimeout(() => reject(new Error(`the router did not start:\n${out}`)), 80_000);
    const check = () => {
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`the router exited (${code}):\n${out}`)));
  });
  // The settings page is built at start (when its sources changed); wait until it is served.
  for (let i = 0; i < 240; i++) {
    const page = await fetch(`${url}/step/page/`).catch(() => null);
    if (page?.ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    manifestUrl: `${url}/manifest.json`,
    clientId: client.clientId,
    clientSecret: client.clientSecret,
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
