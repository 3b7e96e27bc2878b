// The module pages: `/project-menu` and `/editor-panel` answer the built playground (`npx vite build` →
// dist/index.html), which decides its mode from the path, with its files under /assets. Each page carries a
// Content Security Policy that lets only Crowdin (and, when trying it out, the local emulator and pages on
// this machine) frame it, and runs scripts only from this server and from where Crowdin's app bridge is
// served (../shared/reviews/security-2026-11-28.md F4: a page that loads a script from an origin its URL
// names must at least refuse to run in a frame elsewhere).
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** Where Crowdin frames app pages and serves the bridge from (Crowdin Apps JS: cdn.crowdin.com/apps/dist/iframe.js). */
const CROWDIN_FRAMERS = ['https://crowdin.com', 'https://*.crowdin.com'];
const CROWDIN_BRIDGE = 'https://cdn.crowdin.com';
/** The playground's Apps view on this machine frames the module pages when trying the app against the emulator. */
const LOCAL_FRAMERS = ['http://127.0.0.1:*', 'http://localhost:*'];

export interface PagePolicyOptions {
  /** The emulator (--emulator): it and this machine's pages may frame and bridge the pages too. */
  emulator?: string | null;
}

export function pagePolicy({ emulator = null }: PagePolicyOptions = {}): string {
  const local = emulator ? [new URL(emulator).origin, ...LOCAL_FRAMERS] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", CROWDIN_BRIDGE, ...local],
    // CodeMirror and Observable Plot inject <style> elements (src/server/relay/security.ts says why).
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    // Inside Crowdin the page talks only to this server, which calls Crowdin.
    ['connect-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', ...CROWDIN_FRAMERS, ...local],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The page's headers: the policy, and no sniffing or referrer (the URL carries the JWT). */
export function pageHeaders(options: PagePolicyOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': pagePolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  };
}

/** The build's own meta policy is the browser-app's (the relay's, sign-in hosts in it): the header's governs here. */
export function withoutMetaPolicy(html: string): string {
  return html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>\s*/i, '');
}

export interface PageServer {
  /** Answers a module path with the playground's index.html. */
  page(c: Context): Promise<Response>;
  /** Answers /assets/* from the build. */
  assets(c: Context): Promise<Response>;
}

/** Serves the build in `distDir` (dist/ of `npx vite build`). */
export function pageServer(distDir: string, options: PagePolicyOptions = {}): PageServer {
  const headers = pageHeaders(options);
  const files = serveStatic({
    root: relative(process.cwd(), distDir) || '.',
    onFound: (_path, c) => {
      c.header('Cache-Control', 'public, max-age=31536000, immutable');
      c.header('X-Content-Type-Options', 'nosniff');
    },
  });
  return {
    async page(c) {
      let html: string;
      try {
        html = await readFile(join(distDir, 'index.html'), 'utf8');
      } catch {
        return c.text(
          `The playground is not built in ${distDir}: run \`npx vite build\`, then reload.`,
          503,
          { 'Retry-After': '10' },
        );
      }
      return c.html(withoutMetaPolicy(html), 200, headers);
    },
    async assets(c) {
      return (await files(c, async () => {})) ?? c.text('Not found', 404);
    },
  };
}
