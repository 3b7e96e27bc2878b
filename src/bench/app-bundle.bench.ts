// Production build, initial JS: the entry script and its modulepreloads as index.html lists them, gzipped.
// Lazy chunks (loaded after the first screen) do not count.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { row, type BenchRow } from './stats.ts';

const TARGET_KB = 200;

/** The JS files index.html loads before anything else: module scripts and modulepreload links. */
export function initialScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) out.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) out.add(m[1]!);
  return [...out].filter((src) => src.endsWith('.js'));
}

export default async function appBundle(): Promise<BenchRow[]> {
  const outDir = mkdtempSync(join(tmpdir(), 'croql-bundle-'));
  try {
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap: false } });
    const html = readFileSync(join(outDir, 'index.html'), 'utf8');
    const scripts = initialScripts(html);
    let gzipBytes = 0;
    let rawBytes = 0;
    for (const src of scripts) {
      const file = readFileSync(join(outDir, src.replace(/^\//, '')));
      rawBytes += file.length;
      gzipBytes += gzipSync(file, { level: 9 }).length;
    }
    return [
      row('initial JS (gzip)', gzipBytes / 1024, 'KB', null, TARGET_KB),
      row('initial JS (raw)', rawBytes / 1024, 'KB', null, null),
    ];
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
