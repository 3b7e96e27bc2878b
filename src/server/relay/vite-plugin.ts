// Mounts the app server's routes (/auth/*) into Vite's dev and preview servers.
import { getRequestListener } from '@hono/node-server';
import type { Connect, Plugin } from 'vite';
import { createRelayApp } from './app.ts';

export function appServerPlugin(): Plugin {
  const mount = (server: { middlewares: Connect.Server }) => {
    // Built per server start, so the environment (CROQL_EMULATOR_URL, …) of that start applies.
    const listener = getRequestListener(createRelayApp().fetch);
    server.middlewares.use((req, res, next) => {
      if (
        req.url &&
        (req.url === '/auth/config' ||
          req.url.startsWith('/auth/config?') ||
          req.url.startsWith('/auth/token') ||
          req.url.startsWith('/auth/revoke'))
      ) {
        void listener(req, res);
        return;
      }
      next();
    });
  };
  return { name: 'croql-app-server', configureServer: mount, configurePreviewServer: mount };
}
