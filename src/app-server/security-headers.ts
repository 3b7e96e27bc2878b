// The headers every page of a Crowdin app server goes out with (review security-2026-11-28 F4): a Content
// Security Policy that lets scripts come only from the server itself and the hosts' bridge origins, and lets
// only the hosts frame the pages (`frame-ancestors`). An app page runs inside Crowdin (or the local
// emulator), loads the host's bridge (`AP`) from it, and carries a JWT in its URL: a page that loaded a
// script from wherever its `?origin=` said, or that any site could frame, would hand that JWT over.
// Shared by the app servers (CroQL Router, CroQL Playground's app server); each says its hosts.
import type { MiddlewareHandler } from 'hono';

/** Where Crowdin's pages are served: crowdin.com and each Enterprise organization's `{domain}.crowdin.com`. */
export const CROWDIN_FRAME_ORIGINS = ['https://crowdin.com', 'https://*.crowdin.com'] as const;
/** Where Crowdin's bridge script comes from (apps-js requires that copy: router/page/bridge.ts). */
export const CROWDIN_SCRIPT_ORIGINS = ['https://cdn.crowdin.com'] as const;
/** Any port of this machine's loopback names: where a local emulator's Apps view is served. */
export const LOOPBACK_ORIGINS = ['http://127.0.0.1:*', 'http://localhost:*', 'http://[::1]:*'] as const;

export interface AppHosts {
  /** Origins that may frame the pages (besides Crowdin's). */
  frameOrigins: readonly string[];
  /** Origins scripts may come from besides the server itself (the hosts' bridges). */
  scriptOrigins: readonly string[];
}

/**
 * The hosts of an app server: Crowdin always; with an emulator, its origin too (its bridge is at
 * `<origin>/apps/dist/iframe.js`), and any loopback page as a parent (the emulator's Apps view runs on the
 * playground's origins, all loopback); `extra` origins (--host-origin) both frame and serve a bridge.
 */
export function appHosts(options: { emulator?: string | null; extra?: readonly string[] } = {}): AppHosts {
  const emulator = options.emulator ? [new URL(options.emulator).origin] : [];
  const extra = (options.extra ?? []).map((o) => new URL(o).origin);
  return {
    frameOrigins: unique([
      ...CROWDIN_FRAME_ORIGINS,
      ...emulator,
      ...(emulator.length ? LOOPBACK_ORIGINS : []),
      ...extra,
    ]),
    scriptOrigins: unique([...CROWDIN_SCRIPT_ORIGINS, ...emulator, ...extra]),
  };
}

const unique = (list: readonly string[]) => [...new Set(list)];

/** The Content-Security-Policy header's value for these hosts. */
export function contentSecurityPolicy(hosts: AppHosts): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${hosts.scriptOrigins.join(' ')}`,
    // The editor (CodeMirror) writes its styles into <style> elements.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${hosts.frameOrigins.join(' ')}`,
  ].join('; ');
}

/**
 * Hono middleware: every answer gets the CSP, `nosniff`, and `Referrer-Policy: no-referrer` (a page's URL
 * carries its JWT; no request it makes tells another site that URL).
 */
export function securityHeaders(hosts: AppHosts): MiddlewareHandler {
  const csp = contentSecurityPolicy(hosts);
  return async (c, next) => {
    await next();
    c.res.headers.set('Content-Security-Policy', csp);
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
  };
}
