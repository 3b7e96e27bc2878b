// The security headers of the app's pages, sent by Vite's dev and preview servers (./vite-plugin.ts) and
// written into the built index.html as a meta policy for hosts that cannot set headers. Tokens live in
// sessionStorage, so the policy is about script above all: only the app's own files run, and the page talks
// only to the app server, the emulator and the service.
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';

/** The service's hosts the app calls (API, enterprise API, accounts). */
const SERVICE_ORIGINS = [
  'https://api.crowdin.com',
  'https://*.api.crowdin.com',
  'https://accounts.crowdin.com',
];

/**
 * What the developer view frames: Crowdin app settings pages served by local app servers (any port on the
 * loopback names) and over HTTPS on `*.localhost` hosts. Nothing else may be framed.
 */
const LOCAL_APP_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*', 'https://*.localhost:*'];

export interface PolicyOptions {
  /** The emulator's URL (CROQL_EMULATOR_URL): the API and the sign-in the page talks to. */
  emulatorUrl: string;
  /** Vite's dev server: React Fast Refresh's inline preamble is allowed by its hash. */
  dev?: boolean;
  /** A `<meta>` policy: without `frame-ancestors`, which browsers ignore there. */
  meta?: boolean;
}

/**
 * The Content Security Policy. Styles: CodeMirror (style-mod, in the document's head) and Observable Plot
 * (in each chart's SVG) inject `<style>` elements whose text changes with the themes and the charts, and
 * Vite's dev server injects the imported CSS the same way; only 'unsafe-inline' lets them all in, so styles
 * allow it while scripts never run inline.
 */
export function contentSecurityPolicy({ emulatorUrl, dev = false, meta = false }: PolicyOptions): string {
  const script = [
    "'self'",
    ...(dev ? [`'sha256-${sha256(react.preambleCode.replace('__BASE__', '/'))}'`] : []),
  ];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', ...script],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['connect-src', "'self'", originOf(emulatorUrl), ...SERVICE_ORIGINS],
    ['frame-src', ...LOCAL_APP_ORIGINS],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
    ...(meta ? [] : [['frame-ancestors', "'none'"] as [string, string]]),
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** The headers of every answer of the app server. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "'self'";
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}
