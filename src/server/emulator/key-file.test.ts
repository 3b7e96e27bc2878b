import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { frameworkCacheDirectory } from './apps/framework-install.ts';
import { keyDirectory, readKeyFile, writeKeyFile } from './key-file.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the key folder', () => {
  it('works after the framework interop test has made its cache, readable by all, under ~/.cache', () => {
    const home = mkdtempSync(join(tmpdir(), 'croql-home-'));
    made.push(home);
    const previous = process.env.HOME;
    process.env.HOME = home;
    try {
      const env = {};
      // What `npm test` leaves behind on a fresh machine before anyone runs `npm start`.
      mkdirSync(frameworkCacheDirectory(env), { recursive: true, mode: 0o755 });
      const dir = keyDirectory(env);
      expect(frameworkCacheDirectory(env).startsWith(dir)).toBe(false);
      const remove = writeKeyFile(8787, 'k'.repeat(43), dir);
      expect(readKeyFile(8787, dir)?.key).toBe('k'.repeat(43));
      remove();
      expect(readKeyFile(8787, dir)).toBeNull();
    } finally {
      process.env.HOME = previous;
    }
  });
});
