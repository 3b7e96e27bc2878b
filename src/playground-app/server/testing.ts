// CroQL Playground's app server on a real socket for tests (127.0.0.1, port 0), with a store in a fresh
// temporary folder and its log kept in memory.
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { embeddedTemplate } from '../../router/server/store/testing.ts';
import { createPlaygroundApp, type PlaygroundAppConfig } from './app.ts';
import { pageServer } from './pages.ts';
import { PlaygroundStore } from './store.ts';

export interface RunningPlaygroundApp {
  url: string;
  config: PlaygroundAppConfig;
  store: PlaygroundStore;
  logs: string[];
  close(): Promise<void>;
}

export async function startPlaygroundApp(options: {
  /** The service (or the emulator): accounts and API at this address. */
  service: string;
  clientId: string;
  clientSecret: string;
  /** A folder with the built playground (index.html, assets/). */
  dist?: string;
  emulator?: string;
  secretKey?: string;
}): Promise<RunningPlaygroundApp> {
  const folder = mkdtempSync(join(tmpdir(), 'croql-playground-app-'));
  const store = await PlaygroundStore.open(join(folder, 'store'), {
    template: embeddedTemplate,
    secretKey: options.secretKey,
  });
  const logs: string[] = [];
  const config: PlaygroundAppConfig = {
    baseUrl: '',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    endpoints: { accountsUrl: options.service, apiUrl: options.service },
    emulator: options.emulator ?? null,
  };
  const app = createPlaygroundApp({
    config,
    store,
    log: {
      info: (m) => logs.push(`info ${m}`),
      warn: (m) => logs.push(`warn ${m}`),
      error: (m) => logs.push(`error ${m}`),
    },
    pages: options.dist ? pageServer(options.dist, { emulator: options.emulator }) : undefined,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  config.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: config.baseUrl,
    config,
    store,
    logs,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(
          () =>
            void store
              .close()
              .catch(() => undefined)
              .then(() => {
                rmSync(folder, { recursive: true, force: true, maxRetries: 5 });
                resolve();
              }),
        );
      }),
  };
}
