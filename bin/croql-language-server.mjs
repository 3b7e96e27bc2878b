#!/usr/bin/env node
// The `croql-language-server` command. In a clone (tsx installed, as a devDependency) it runs the
// TypeScript source, as `npm run lsp` does, so it is never behind the source; in an installed package
// (no devDependencies) it runs the bundle that `npm pack` builds through `prepack` (src/lsp/bundle.mjs).
let register = null;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  // Not a clone: the bundle below.
}
if (register) {
  register();
  await import(new URL('../src/lsp/main.ts', import.meta.url).href);
} else {
  await import(new URL('../dist/lsp/croql-language-server.cjs', import.meta.url).href);
}
