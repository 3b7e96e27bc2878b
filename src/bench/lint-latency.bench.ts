// Keystroke to updated lint in Chromium on a 2 KB query: the app's editor extensions in a built page,
// real key presses from Playwright, p95 of the in-page latency (keydown timestamp → lint update).
import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/chromium.ts';
import { median, percentile, row, type BenchRow } from './stats.ts';

const KEYSTROKES = 120;
const TARGET_MS = 16;
const here = dirname(fileURLToPath(import.meta.url));

async function buildPage(outDir: string): Promise<void> {
  await build({
    logLevel: 'warn',
    configFile: false,
    root: here,
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      rollupOptions: { input: join(here, 'lint-latency.page.ts'), output: { entryFileNames: 'page.js' } },
    },
  });
  writeFileSync(
    join(outDir, 'index.html'),
    '<!doctype html><html><head><meta charset="utf-8"><title>lint latency</title></head>' +
      '<body><div id="root"></div><script type="module" src="/page.js"></script></body></html>',
  );
}

function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const name = req.url === '/' ? 'index.html' : (req.url ?? '').replace(/^\/+/, '').split('?')[0]!;
    try {
      const body = readFileSync(join(dir, name));
      const type = name.endsWith('.js')
        ? 'text/javascript'
        : name.endsWith('.css')
          ? 'text/css'
          : 'text/html';
      res.writeHead(200, { 'Content-Type': type }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, url: `http://127.0.0.1:${port}/` });
    }),
  );
}

export default async function lintLatency(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'croql-lint-bench-'));
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS],
  });
  let server: Server | null = null;
  try {
    await buildPage(outDir);
    const served = await serve(outDir);
    server = served.server;
    const page = await browser.newPage();
    await page.goto(served.url);
    await page.waitForFunction(() => window.croqlBench?.ready === true);
    // Warm up, then measure: type inside the last string literal, alternating a letter and Backspace.
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press(i % 2 ? 'Backspace' : 'a');
      await page.waitForTimeout(20);
    }
    await page.waitForTimeout(200);
    await page.evaluate(() => (window.croqlBench.samples = []));
    for (let i = 0; i < KEYSTROKES; i++) {
      await page.keyboard.press(i % 2 ? 'Backspace' : 'b');
      await page.waitForFunction((n) => window.croqlBench.samples.length >= n, i + 1, {
        timeout: 5000,
        polling: 20,
      });
      // A fast typist's gap between keys (~60 ms at 200 words a minute): the page settles as it would.
      await page.waitForTimeout(60);
    }
    const samples = await page.evaluate(() => window.croqlBench.samples);
    return [
      row('keystroke → lint p95 (2 KB query)', percentile(samples, 95), 'ms', null, TARGET_MS),
      row('keystroke → lint median (2 KB query)', median(samples), 'ms', null, null),
    ];
  } finally {
    server?.close();
    await browser.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}
