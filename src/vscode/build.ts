// `npm run vscode`: the extension as a .vsix, dist/vscode/croql-VERSION.vsix. It stages the manifest
// (manifest.json here, the package.json of the .vsix), the client bundle (extension.ts with vscode-languageclient, `vscode` left to the
// editor), the server bundle (src/lsp/bundle.mjs), the grammars, snippets and language configuration made
// from the core's tables (grammar.ts), then packs the stage with @vscode/vsce.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
// @ts-expect-error -- a plain JavaScript build script, without types
import { bundleServer } from '../lsp/bundle.mjs';
import { croqlGrammar, injectionGrammar, LANGUAGE_CONFIGURATION, snippets } from './grammar.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const here = join(root, 'src', 'vscode');
const stage = join(root, 'dist', 'vscode', 'extension');

const json = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** Builds the .vsix; `log` receives what vsce says (the files it packed). */
export async function buildVsix(log: (text: string) => void = () => {}): Promise<string> {
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(join(stage, 'syntaxes'), { recursive: true });
  mkdirSync(join(stage, 'snippets'), { recursive: true });
  const manifest = JSON.parse(readFileSync(join(here, 'manifest.json'), 'utf8')) as { version: string };
  copyFileSync(join(here, 'manifest.json'), join(stage, 'package.json'));
  copyFileSync(join(here, 'README.md'), join(stage, 'README.md'));
  json(join(stage, 'syntaxes', 'croql.tmLanguage.json'), croqlGrammar());
  json(join(stage, 'syntaxes', 'croql-injection.tmLanguage.json'), injectionGrammar());
  json(join(stage, 'snippets', 'croql.json'), snippets());
  json(join(stage, 'language-configuration.json'), LANGUAGE_CONFIGURATION);
  await build({
    absWorkingDir: root,
    entryPoints: ['src/vscode/extension.ts'],
    outfile: join(stage, 'extension.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    minify: true,
    logLevel: 'warning',
  });
  await (bundleServer as (outfile: string) => Promise<void>)(join(stage, 'server.js'));
  const vsix = join(root, 'dist', 'vscode', `croql-${manifest.version}.vsix`);
  // The dependencies are in the bundles; no repository or licence file is published with it.
  const said = execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', '@vscode', 'vsce', 'vsce'),
      'package',
      '--no-dependencies',
      '--allow-missing-repository',
      '--skip-license',
      '--out',
      vsix,
    ],
    { cwd: stage, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  log(said.toString());
  return vsix;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildVsix((text) => process.stdout.write(text)).then(
    (vsix) => console.log(`Wrote ${vsix}`),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
