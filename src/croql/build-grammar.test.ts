// `npm run grammar` (build-grammar.mjs) runs on every install, test, build, bench and `npm pack`: with the
// grammar unchanged it must leave the parser alone, or a running `npm start` reloads and a test file
// importing the parser meanwhile may read it half-written.
import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

describe('npm run grammar', () => {
  it('leaves parser.ts and parser.terms.ts untouched when the grammar has not changed', async () => {
    const files = ['parser.ts', 'parser.terms.ts'].map((name) => join(here, name));
    const before = files.map((f) => ({ mtime: statSync(f).mtimeMs, text: readFileSync(f, 'utf8') }));
    const { stdout } = await promisify(execFile)(process.execPath, [join(here, 'build-grammar.mjs')], {
      cwd: root,
    });
    expect(stdout).toBe('');
    files.forEach((f, i) => {
      expect(statSync(f).mtimeMs).toBe(before[i]!.mtime);
      expect(readFileSync(f, 'utf8')).toBe(before[i]!.text);
    });
  });
});
