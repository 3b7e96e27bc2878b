// The settings page (src/router/page/), built with Vite into a cache folder when its sources are newer than
// the last build, and served from there: `npm run router` works from a fresh checkout after `npm install`,
// with nothing built in the repository. The build runs once per change of the sources (the playground's
// editor and core included), not per start. Its scripts and styles are stored compressed beside themselves
// (brotli and gzip) and served so to browsers that accept it: about a third of the bytes over the wire.
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { ROUTES } from './manifest.ts';
import { isAlive } from './process-alive.ts';

const here = dirname(fileURLToPath(import.meta.url));
const pageRoot = resolve(here, '../page');
const repoRoot = resolve(here, '../../..');
/** Under node_modules: ignored by git, kept between starts, gone with a clean install. */
export const DEFAULT_PAGE_DIR = join(repoRoot, 'node_modules', '.cache', 'croql-router-page');

/** The newest modification time among the page's possible inputs: src/ and the lock file. */
async function newestSource(): Promise<number> {
  let newest = (await stat(join(repoRoot, 'package-lock.json')).catch(() => null))?.mtimeMs ?? 0;
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, (await stat(path)).mtimeMs);
    }
  };
  await walk(join(repoRoot, 'src'));
  return newest;
}

/** The sources' time the build in `dir` was made from (0 for none). */
const builtFrom = async (dir: string) =>
  Number(await readFile(join(dir, '.sources'), 'utf8').catch(() => '0'));

/**
 * Builds the page into `outDir` unless the build there is newer than every source. Routers started at
 * once (the e2e specs start one each) build one at a time, and a build goes into place whole: a router
 * already serving `outDir` never sees it half-emptied.
 */
export async function ensurePage(
  outDir = DEFAULT_PAGE_DIR,
  log: (m: string) => void = () => {},
): Promise<string> {
  const newest = await newestSource();
  if ((await builtFrom(outDir)) >= newest) return outDir;
  const release = await holdLock(`${outDir}.lock`);
  try {
    // Another router may have built it while this one waited.
    if ((await builtFrom(outDir)) >= newest) return outDir;
    log(
      `Building the settings page into ${relative(process.cwd(), outDir) || outDir} (once per change of the sources)…`,
    );
    const started = Date.now();
    const next = `${outDir}.next`;
    const [{ build }, { default: react }] = await Promise.all([
      import('vite'),
      import('@vitejs/plugin-react'),
    ]);
    await build({
      configFile: false,
      root: pageRoot,
      base: './',
      logLevel: 'warn',
      plugins: [react()],
      build: { outDir: next, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
    });
    await compressAssets(join(next, 'assets'));
    await writeFile(join(next, '.sources'), String(newest));
    const old = `${outDir}.old`;
    await rm(old, { recursive: true, force: true });
    await rename(outDir, old).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await rename(next, outDir);
    await rm(old, { recursive: true, force: true });
    log(`Settings page built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    return outDir;
  } finally {
    await release();
  }
}

/** A lock between processes: a folder holding its owner's pid; a dead owner's lock is taken over. */
async function holdLock(path: string): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(path, { recursive: false });
      await writeFile(join(path, 'pid'), String(process.pid));
      return () => rm(path, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        await mkdir(dirname(path), { recursive: true });
        continue;
      }
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const owner = Number(await readFile(join(path, 'pid'), 'utf8').catch(() => ''));
    // No pid a while after the folder was made: its owner died between the two steps.
    const orphan = !owner && Date.now() - ((await stat(path).catch(() => null))?.mtimeMs ?? 0) > 30_000;
    if (orphan || (owner && !isAlive(owner))) await rm(path, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, 200));
  }
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `name.br` and `name.gz` beside each script and style, for serveStatic's `precompressed`. */
export async function compressAssets(dir: string): Promise<void> {
  const names = (await readdir(dir).catch(() => [])).filter((n) => /\.(js|css)$/.test(n));
  for (const name of names) {
    const path = join(dir, name);
    const body = await readFile(path);
    await writeFile(
      `${path}.br`,
      await brotli(body, {
        params: {
          [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
          [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    );
    await writeFile(`${path}.gz`, await gzipped(body, { level: zlib.Z_BEST_COMPRESSION }));
  }
}

/** Serves the built page under ROUTES.settingsPage. */
export function pageHandler(outDir: string): (c: Context) => Promise<Response> | Response {
  const assets = serveStatic({
    root: relative(process.cwd(), outDir) || '.',
    precompressed: true,
    rewriteRequestPath: (path) => path.slice(ROUTES.settingsPage.length - 1) || '/index.html',
    onFound: (path, c) => {
      c.header(
        'Cache-Control',
        path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-store',
      );
    },
  });
  return async (c) => {
    const res = await assets(c, async () => {});
    return res ?? c.text('Not found', 404);
  };
}
