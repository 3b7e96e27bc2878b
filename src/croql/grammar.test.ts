// Runs the grammar tests written in Lezer's test-file format (src/croql/test/*.txt).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTests } from '@lezer/generator/test';
import { describe, expect, it } from 'vitest';
import { parser } from './parser.ts';

const dir = join(import.meta.dirname, 'test');
const files = readdirSync(dir).filter((f) => f.endsWith('.txt'));
it('has grammar test files to run', () => expect(files.length).toBeGreaterThan(0));
for (const file of files) {
  describe(`grammar: ${file}`, () => {
    for (const { name, run } of fileTests(readFileSync(join(dir, file), 'utf8'), file)) {
      // `run` throws with a tree diff when the parse differs from the file's expected tree.
      it(name, () => expect(() => run(parser)).not.toThrow());
    }
  });
}
