// CroQL Router on a real socket for tests and the bench (127.0.0.1, port 0), with a store in a fresh
// temporary folder and its log kept in memory.
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createRouter, type RouterOptions, type RouterServer } from './app.ts';
import { RouterStore } from './store.ts';
import { embeddedTemplate } from './store/testing.ts';

export interface RunningRouter extends RouterServer {
  url: string;
  store: RouterStore;
  /** Every log line, `level message`. */
  logs: string[];
  close(): Promise<void>;
}

export async function startRouter(options: {
  /** The service (or the emulator): accounts and API at this address. */
  service: string;
  clientId: string;
  clientSecret: string;
  engine?: RouterOptions['engine'];
  client?: RouterOptions['client'];
  /** The router's outgoing fetch (the bench adds a network's round trip). */
  fetch?: RouterOptions['fetch'];
}): Promise<RunningRouter> {
  const folder = mkdtempSync(join(tmpdir(), 'croql-router-'));
  const store = await RouterStore.open(join(folder, 'store.json'), { template: embeddedTemplate });
  const logs: string[] = [];
  const config = {
    identifier: 'croql-router',
    baseUrl: '',
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    endpoints: { accountsUrl: options.service, apiUrl: options.service },
  };
  const router = createRouter({
    config,
    store,
    log: {
      info: (m) => logs.push(`info ${m}`),
      warn: (m) => logs.push(`warn ${m}`),
      error: (m) => logs.push(`error ${m}`),
    },
    engine: options.engine,
    client: options.client,
    fetch: options.fetch,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: router.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  config.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...router,
    url: config.baseUrl,
    store,
    logs,
    close: async () => {
      await router.engine.stop();
      await new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        // The store's folder goes once it is closed.
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
      });
    },
  };
}
