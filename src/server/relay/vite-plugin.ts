// Mounts the app server's routes (/auth/*) into Vite's dev and preview servers, and answers a request
// longer than they read with JSON (src/server/http-limits.ts).
import { getRequestListener } from '@hono/node-server';
import { maxHeaderSize, type Server } from 'node:http';
import type { Connect, Plugin } from 'vite';
import { answerClientErrors } from '../http-limits.ts';
import { createRelayApp } from './app.ts';

export function appServerPlugin(): Plugin {
  const mount = (server: { middlewares: Connect.Server; httpServer: unknown }) => {
    if (server.httpServer) {
      answerClientErrors(server.httpServer as Server, maxHeaderSize, (limit) => ({
        error: 'request_too_large',
        error_description: `The request's URL and headers are longer than ${limit / 1024} KiB, which the app server does not read. Shorten the link.`,
      }));
    }
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
