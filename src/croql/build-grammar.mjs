#!/usr/bin/env node
// `npm run grammar`: src/croql/parser.ts and parser.terms.ts, generated from croql.grammar. A file is written
// only when its text changes, and then whole (a temporary file renamed into place). The script runs often:
// on install, before test, build and bench, and in `npm pack`'s prepack, which a unit test runs
// (src/server/emulator/package.test.ts) while other test files of the same run import the parser; a rewrite
// in place could be read half-written there, and one of the same text makes a running `npm start` reload.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const grammar = join(here, 'croql.grammar');
// An installed package ships this script (its postinstall runs it) and the generated parser, not the grammar
// (package.json "files").
if (!existsSync(grammar)) process.exit(0);

const { buildParserFile, GenError } = await import('@lezer/generator');
let built;
try {
  // The same options as `lezer-generator --typeScript`, so the output is the text it wrote.
  built = buildParserFile(readFileSync(grammar, 'utf8'), {
    fileName: relative(process.cwd(), grammar),
    moduleStyle: 'es',
    typeScript: true,
  });
} catch (e) {
  // The generator's message already names the file and the line (from fileName above).
  console.error(e instanceof GenError ? e.message : e);
  process.exit(1);
}

const written = [];
for (const [name, text] of [
  ['parser.ts', built.parser],
  ['parser.terms.ts', built.terms],
]) {
  const file = join(here, name);
  if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
  const next = `${file}.${process.pid}.tmp`;
  writeFileSync(next, text);
  renameSync(next, file);
  written.push(relative(process.cwd(), file));
}
if (written.length > 0) console.log(`Wrote ${written.join(' and ')}`);
