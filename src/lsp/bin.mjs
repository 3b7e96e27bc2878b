#!/usr/bin/env node
// The `croql-language-server` command. In a clone (src/lsp/main.ts present) it runs the TypeScript source
// through tsx, as `npm run lsp` does, so it is never behind the source; in an installed package (the
// tarball ships this file of src/lsp/ only, see package.json "files") it runs the bundle that `npm pack`
// builds through `prepack` (src/lsp/bundle.mjs). Whether tsx can be imported says nothing: it is a dependency, so installed too.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = new URL('./main.ts', import.meta.url);
if (existsSync(fileURLToPath(source))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
} else {
  await import(new URL('../../dist/lsp/croql-language-server.cjs', import.meta.url).href);
}
