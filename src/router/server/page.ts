// The settings page (src/router/page/), built with Vite into a cache folder when its sources are newer than
// the last build, and served from there: `npm run router` works from a fresh checkout after `npm install`,
// with nothing built in the repository. The build runs once per change of the sources (the playground's
// editor and core included), not per start.
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from './manifest.ts';

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

/** Builds the page into `outDir` unless the build there is newer than every source. */
export async function ensurePage(
  outDir = DEFAULT_PAGE_DIR,
  log: (m: string) => void = () => {},
): Promise<string> {
  const stamp = join(outDir, '.sources');
  const newest = await newestSource();
  const built = Number(await readFile(stamp, 'utf8').catch(() => '0'));
  if (built >= newest) return outDir;
  log(
    `Building the settings page into ${relative(process.cwd(), outDir) || outDir} (once per change of the sources)…`,
  );
  const started = Date.now();
  const [{ build }, { default: react }] = await Promise.all([import('vite'), import('@vitejs/plugin-react')]);
  await build({
    configFile: false,
    root: pageRoot,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  });
  await mkdir(outDir, { recursive: true });
  await writeFile(stamp, String(newest));
  log(`Settings page built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return outDir;
}

/** Serves the built page under ROUTES.settingsPage. */
export function pageHandler(outDir: string): (c: Context) => Promise<Response> | Response {
  const assets = serveStatic({
    root: relative(process.cwd(), outDir) || '.',
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
