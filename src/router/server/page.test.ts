import { Hono } from 'hono';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from './manifest.ts';
import { compressAssets, ensurePage, pageHandler } from './page.ts';

describe('the settings page’s assets', () => {
  let dir: string;
  const script = `export const rules = ${JSON.stringify(Array.from({ length: 500 }, (_, i) => `rule ${i}`))};`;
  const app = new Hono();
  const asset = (encoding?: string) =>
    app.request(`${ROUTES.settingsPage}assets/page.js`, {
      headers: encoding ? { 'Accept-Encoding': encoding } : {},
    });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'croql-router-page-'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'assets', 'page.js'), script);
    await compressAssets(join(dir, 'assets'));
    app.get(`${ROUTES.settingsPage}*`, pageHandler(dir));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('are served compressed to a browser that accepts it, and as they are to one that does not', async () => {
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Content-Type')).toMatch(/javascript/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(brBody).toString()).toBe(script);

    const gz = await asset('gzip, deflate');
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await asset();
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });
});

describe('the settings page’s build', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'croql-router-build-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('runs once for routers started together, and its entry is small and starts the bridge', async () => {
    const out = join(dir, 'page');
    const logs: string[] = [];
    const log = (m: string) => logs.push(m);
    const [a, b] = await Promise.all([ensurePage(out, log), ensurePage(out, log)]);
    expect([a, b]).toEqual([out, out]);
    expect(logs.filter((m) => m.startsWith('Building'))).toHaveLength(1);

    const html = await readFile(join(out, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const code = await readFile(join(out, entry!), 'utf8');
    // The bridge comes before the bundle: the entry is the page's loader, not React and the editor.
    expect(code).toContain('apps/dist/iframe.js');
    expect(code.length).toBeLessThan(20_000);
    expect((await readdir(join(out, 'assets'))).some((n) => n.endsWith('.js.br'))).toBe(true);
  }, 180_000);
});
