// Bundles the language server into one CommonJS file with its dependencies (esbuild): what the
// `croql-language-server` bin runs in an installed package, and what the VS Code extension ships.
// `npm run lsp:build` writes dist/lsp/croql-language-server.cjs; src/vscode/build.mjs calls bundleServer too.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export async function bundleServer(outfile) {
  await build({
    absWorkingDir: root,
    entryPoints: ['src/lsp/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundleServer('dist/lsp/croql-language-server.cjs');
}
