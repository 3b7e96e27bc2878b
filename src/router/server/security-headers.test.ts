// F4 of review security-2026-11-28: every answer of the router carries a CSP whose script sources are the
// router itself, Crowdin's CDN and the configured emulator only, and whose frame-ancestors are the hosts.
// (The settings page then cannot run a script from whatever site its `?origin=` names: the browser refuses
// it; e2e/router-settings.spec.ts shows it in Chromium.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appHosts, contentSecurityPolicy } from '../../app-server/security-headers.ts';
import { emulatorOf } from './app.ts';
import { CROWDIN_ENDPOINTS } from '../../app-server/crowdin.ts';
import { startRouter, type RunningRouter } from './testing.ts';

const EMULATOR = 'http://127.0.0.1:4999';
let router: RunningRouter;
beforeAll(async () => {
  router = await startRouter({ service: EMULATOR, clientId: 'c', clientSecret: 's' });
}, 120_000);
afterAll(() => router?.close());

/** The CSP's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('F4: the pages’ Content Security Policy', () => {
  it('is sent with every answer: scripts from the router, Crowdin’s CDN and the emulator only', async () => {
    for (const path of [
      '/manifest.json',
      '/step/page/?origin=http://evil.example:5651&jwtToken=x',
      '/health',
    ]) {
      const res = await fetch(`${router.url}${path}`);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('script-src'), path).toEqual(["'self'", 'https://cdn.crowdin.com', EMULATOR]);
      expect(csp.get('frame-ancestors'), path).toEqual(
        expect.arrayContaining(["'self'", 'https://*.crowdin.com', EMULATOR]),
      );
      expect(csp.get('frame-ancestors')!.join(' '), path).not.toMatch(/evil|^\*$| \* /);
      expect(csp.get('default-src'), path).toEqual(["'self'"]);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
  });

  it('has no emulator nor loopback parent against the real service', () => {
    expect(emulatorOf(CROWDIN_ENDPOINTS)).toBeNull();
    const csp = directives(contentSecurityPolicy(appHosts({ emulator: emulatorOf(CROWDIN_ENDPOINTS) })));
    expect(csp.get('script-src')).toEqual(["'self'", 'https://cdn.crowdin.com']);
    expect(csp.get('frame-ancestors')).toEqual(["'self'", 'https://crowdin.com', 'https://*.crowdin.com']);
    const extra = directives(contentSecurityPolicy(appHosts({ extra: ['https://host.example/x'] })));
    expect(extra.get('script-src')).toContain('https://host.example');
  });
});
