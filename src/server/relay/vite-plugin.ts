// Mounts the app server into Vite's dev and preview servers: the token relay's routes (/auth/*), the
// security headers of every answer (./security.ts), and JSON for a request longer than they read
// (src/server/http-limits.ts). The build gets the policy as a meta tag, for hosts that cannot set headers.
import { getRequestListener } from '@hono/node-server';
import { readFileSync } from 'node:fs';
import { maxHeaderSize, type Server } from 'node:http';
import { resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';
import { answerClientErrors } from '../http-limits.ts';
import { createRelayApp } from './app.ts';
import { relayConfig } from './config.ts';
import { contentSecurityPolicy, securityHeaders } from './security.ts';

export function appServerPlugin(): Plugin {
  const mount = (server: { middlewares: Connect.Server; httpServer: unknown }, dev: boolean) => {
    if (server.httpServer) {
      answerClientErrors(server.httpServer as Server, maxHeaderSize, (limit) => ({
        error: 'request_too_large',
        error_description: `The request's URL and headers are longer than ${limit / 1024} KiB, which the app server does not read. Shorten the link.`,
      }));
    }
    // Built per server start, so the environment (CROQL_EMULATOR_URL, …) of that start applies.
    const config = relayConfig();
    const headers = Object.entries(securityHeaders({ emulatorUrl: config.emulatorUrl, dev }));
    const listener = getRequestListener(createRelayApp({ config }).fetch);
    server.middlewares.use((req, res, next) => {
      for (const [name, value] of headers) res.setHeader(name, value);
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
  return {
    name: 'croql-app-server',
    configureServer: (server) => mount(server, true),
    configurePreviewServer: (server) => {
      mount(server, false);
      // The built page's meta policy names the emulator of the build; a preview started for another one
      // (CROQL_EMULATOR_URL of this start, as the e2e's second emulator) serves the page with its own.
      const policy = contentSecurityPolicy({ emulatorUrl: relayConfig().emulatorUrl, meta: true });
      const indexFile = resolve(server.config.root, server.config.build.outDir, 'index.html');
      server.middlewares.use((req, res, next) => {
        if (!isPageRequest(req.method, req.url, req.headers.accept)) return next();
        let html: string;
        try {
          html = readFileSync(indexFile, 'utf8');
        } catch {
          return next();
        }
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : withMetaPolicy(html, policy));
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) =>
        context.server
          ? undefined
          : [
              {
                tag: 'meta',
                attrs: {
                  'http-equiv': 'Content-Security-Policy',
                  content: contentSecurityPolicy({ emulatorUrl: relayConfig().emulatorUrl, meta: true }),
                },
                injectTo: 'head-prepend',
              },
            ],
    },
  };
}

/** A navigation to the app's page (its index.html, or a path of the app such as /callback), not a file. */
export function isPageRequest(method = 'GET', url = '/', accept = ''): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (!accept.includes('text/html')) return false;
  const path = url.split(/[?#]/)[0]!;
  const last = path.slice(path.lastIndexOf('/') + 1);
  return last === '' || last === 'index.html' || !last.includes('.');
}

/** The page with its meta policy replaced by `policy` (attribute-escaped as the build writes it). */
export function withMetaPolicy(html: string, policy: string): string {
  const escaped = policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return html.replace(
    /(<meta http-equiv="Content-Security-Policy" content=")[^"]*(")/,
    (_, open: string, close: string) => `${open}${escaped}${close}`,
  );
}
