#!/usr/bin/env node
// The `croql-language-server` command. It runs the bundle `npm run lsp:build` writes (dist/lsp/, made by
// `npm pack` through `prepack`, so an installed package needs no TypeScript tooling), and in a clone
// without that bundle the TypeScript source through tsx, as `npm run lsp` does.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/lsp/croql-language-server.cjs', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('../src/lsp/main.ts', import.meta.url).href);
}
