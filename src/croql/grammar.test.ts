// Runs the grammar tests written in Lezer's test-file format (src/croql/test/*.txt).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileTests } from '@lezer/generator/test';
import { describe, it } from 'vitest';
import { parser } from './parser.ts';

const dir = join(import.meta.dirname, 'test');
for (const file of readdirSync(dir).filter((f) => f.endsWith('.txt'))) {
  describe(`grammar: ${file}`, () => {
    for (const { name, run } of fileTests(readFileSync(join(dir, file), 'utf8'), file)) {
      it(name, () => run(parser));
    }
  });
}
