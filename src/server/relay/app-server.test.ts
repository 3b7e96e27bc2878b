// Vite's dev server with this repository's config (vite.config.ts), as a browser meets it on a real socket:
// what it answers around the app's pages and the token relay.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, preview as startPreview, type PreviewServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let server: ViteDevServer;
let base: string;
beforeAll(async () => {
  server = await createServer({
    configFile: fileURLToPath(new URL('../../../vite.config.ts', import.meta.url)),
    logLevel: 'silent',
    server: { port: 0, strictPort: false, watch: null },
  });
  await server.listen();
  base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
}, 180_000);
afterAll(() => server?.close());

/** A request on its own connection: status, headers, body text. */
function send(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = httpRequest(`${base}${path}`, { method, headers, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the dev server', () => {
  it('answers a request longer than it reads with JSON, not a bare 431', async () => {
    for (const path of [`/?q=${'a'.repeat(20_000)}`, `/auth/config?${'a'.repeat(20_000)}`]) {
      const res = await send(path);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        error: 'request_too_large',
        error_description: expect.stringContaining('longer than 16 KiB'),
      });
    }
  });

  it('lets no other local origin call the relay: no CORS, and a foreign post is refused', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:9999', 'http://app.localhost:5173']) {
      const preflight = await send(
        '/auth/token',
        {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
        'OPTIONS',
      );
      expect(preflight.headers['access-control-allow-origin'], origin).toBeUndefined();
      const config = await send('/auth/config', { Origin: origin });
      expect(config.headers['access-control-allow-origin'], origin).toBeUndefined();
      const post = await send('/auth/token', { Origin: origin, 'Content-Type': 'application/json' }, 'POST');
      expect(post.status, origin).toBe(403);
    }
    // The app's own page: its post reaches the relay (which asks for a JSON body).
    const own = await send('/auth/token', { Origin: base, 'Content-Type': 'application/json' }, 'POST');
    expect(JSON.parse(own.body)).toMatchObject({
      error: 'invalid_request',
      error_description: expect.stringContaining('JSON object'),
    });
  });

  it("sends the security headers with the app page, allowing only React Refresh's inline preamble", async () => {
    const page = await send('/');
    expect(page.status).toBe(200);
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(policy).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:\d+ https:\/\/api\.crowdin\.com/);
    const hashes = [...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]);
    const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
      createHash('sha256').update(m[1]!).digest('base64'),
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(hashes).toEqual(inline);
  });
});

describe('the preview server', () => {
  it('serves the built page with the meta policy of its own start, for the emulator it was started for', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'croql-preview-'));
    const built = `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="connect-src &#39;self&#39; http://127.0.0.1:4318"></head><body>app</body></html>`;
    writeFileSync(join(outDir, 'index.html'), built);
    writeFileSync(join(outDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const before = process.env.CROQL_EMULATOR_URL;
    process.env.CROQL_EMULATOR_URL = 'http://127.0.0.1:4319';
    let preview: PreviewServer | undefined;
    try {
      preview = await startPreview({
        configFile: fileURLToPath(new URL('../../../vite.config.ts', import.meta.url)),
        logLevel: 'silent',
        build: { outDir },
        preview: { port: 0, strictPort: false },
      });
      const url = preview.resolvedUrls!.local[0]!.replace(/\/$/, '');
      for (const path of ['/', '/index.html', '/callback?code=x']) {
        const res = await fetch(`${url}${path}`, { headers: { Accept: 'text/html' } });
        const html = await res.text();
        expect(html, path).toContain(`connect-src &#39;self&#39; http://127.0.0.1:4319`);
        expect(html, path).not.toContain('4318');
        expect(res.headers.get('content-security-policy'), path).toContain('http://127.0.0.1:4319');
      }
      const file = await fetch(`${url}/favicon.svg`, { headers: { Accept: 'text/html,*/*' } });
      expect(await file.text()).toContain('<svg');
    } finally {
      if (before === undefined) delete process.env.CROQL_EMULATOR_URL;
      else process.env.CROQL_EMULATOR_URL = before;
      await preview?.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
