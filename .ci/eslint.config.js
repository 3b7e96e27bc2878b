// ESLint flat config. It lives in .ci/ to keep the top level to the files the project fixes there;
// `npm run lint` passes it with --config.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What code shared by browser and server may not import: UI, browser state, the server framework, Node. */
const NO_UI_NO_NODE = [
  'react',
  'react-dom',
  '@codemirror/*',
  '@tanstack/*',
  'zustand',
  'hono',
  'hono/*',
  'node:*',
];

/**
 * The layers of the playground's src/ folders, lowest first (README.md, "Layout"). A folder imports only
 * folders of lower layers: core ← base ← adapters ← shared layers ← features ← app shell. Features do not
 * import each other, except the few named in SIDEWAYS; the hosts (results, library) receive their parts
 * from the shell and import no feature at all. The core's own rules (no React, no CodeMirror, no network)
 * are the blocks above.
 */
const LAYERS = [
  ['croql', 'wire'],
  ['auth', 'ui'],
  ['editor'],
  ['connection'],
  ['rows'],
  ['workspace'],
  ['slots'],
  [
    'apps',
    'builder',
    'compare',
    'examples',
    'explorer',
    'funnel',
    'insight',
    'library',
    'panel',
    'permalink',
    'results',
    'snapshots',
    'standin',
    'templates',
  ],
  ['app'],
];
/** Imports inside a layer that are part of the design: wire builds on the language; a drill-down clause is
 * written by the builder's writers; start-up restores the Library's draft; the editor panel checks a string
 * clause by clause as the funnel; the Apps view opens the editor stand-in; the editor panel and the stand-in
 * write the editor's filters as CroQL with the builder's one converter for them. An entry naming a file
 * (`folder/file.ts`) allows that file only, not its folder. */
const SIDEWAYS = {
  wire: ['croql'],
  insight: ['builder'],
  permalink: ['library'],
  panel: ['builder/editor-filter.ts', 'funnel'],
  apps: ['standin'],
  standin: ['builder/editor-filter.ts'],
};
/** The files a folder may import from a folder it may not import otherwise (SIDEWAYS's file entries). */
const sidewaysFiles = (folder) => (SIDEWAYS[folder] ?? []).filter((entry) => entry.includes('/'));
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A path into a forbidden folder, except SIDEWAYS's allowed files: for static and lazy imports alike. */
const forbiddenImport = (folder, forbidden) =>
  `^\\.\\.\\/${sidewaysFiles(folder)
    .map((file) => `(?!${escapeRegExp(file)}$)`)
    .join('')}(${forbidden.join('|')})(\\/|$)`;
const HOSTS = ['results', 'library'];

function forbiddenFor(folder) {
  const at = LAYERS.findIndex((layer) => layer.includes(folder));
  const allowed = new Set([...LAYERS.slice(0, at).flat(), ...(SIDEWAYS[folder] ?? [])]);
  if (HOSTS.includes(folder)) for (const feature of LAYERS[at]) allowed.delete(feature);
  return LAYERS.flat().filter((f) => f !== folder && !allowed.has(f));
}

/** One block per folder above the core: its layer's rule plus the browser's (no server code, no Node). */
const layerBlocks = LAYERS.slice(1)
  .flat()
  .map((folder) => {
    const forbidden = forbiddenFor(folder);
    const message = `Imports run downward (.ci/eslint.config.js LAYERS): ${folder} may not import this folder.`;
    return {
      files: [`src/${folder}/**/*.{ts,tsx}`],
      ignores: [`src/${folder}/**/*.test.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              { group: ['**/server/**', 'node:*'], message: 'Browser code: no server code, no Node.' },
              ...(forbidden.length ? [{ regex: forbiddenImport(folder, forbidden), message }] : []),
            ],
          },
        ],
        // A lazy chunk is a dependency too: import('../x/…') follows the same layers.
        'no-restricted-syntax': forbidden.length
          ? [
              'error',
              {
                selector: `ImportExpression > Literal[value=/${forbiddenImport(folder, forbidden)}/]`,
                message,
              },
            ]
          : 'off',
      },
    };
  });

/** What the router's settings page may not import of src/: everything above the core, wire, ui and editor. */
const ROUTER_PAGE_FORBIDDEN = LAYERS.flat().filter((f) => !['croql', 'wire', 'ui', 'editor'].includes(f));
const ROUTER_PAGE_MESSAGE =
  "CroQL Router's settings page imports the router's pure part, and of src/ only the core, wire, ui and editor (.ci/eslint.config.js).";

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/.output', 'src/croql/parser.ts', 'src/croql/parser.terms.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-globals': ['error', 'eval'],
    },
  },
  {
    files: ['src/croql/**/*.ts'],
    ignores: ['src/croql/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@codemirror/*', '../*/**', 'node:*'] },
      ],
      'no-restricted-globals': ['error', 'fetch', 'eval', 'XMLHttpRequest', 'window', 'document'],
    },
  },
  {
    // What crosses the wire, shared by browser and server: no UI, no Node, nothing above the core.
    files: ['src/wire/**/*.ts'],
    ignores: ['src/wire/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...NO_UI_NO_NODE, '../*/**', '!../croql/**'],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'eval', 'XMLHttpRequest', 'window', 'document'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // Tests (component tests too) run under Node and may start a server.
    ignores: [
      'src/server/**',
      'src/router/server/**',
      'src/app-server/**',
      'src/playground-app/server/**',
      'src/bench/**',
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'src/wire/**',
      'src/lsp/**',
      'src/vscode/**',
      'src/sample-app/**',
    ],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
    },
  },
  {
    // The README's example Crowdin app (Node, Hono): a reader copies it, so of src/ it reads only the wire
    // (what the service sends and takes); it talks to the emulator over HTTP only.
    files: ['src/sample-app/**/*.ts'],
    ignores: ['src/sample-app/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@codemirror/*', '../*/**', '!../wire/**'] },
      ],
    },
  },
  {
    // CroQL Router's pure part (settings, plans, routing), shared by its server and its settings page:
    // nothing but the core and the wire types below it.
    files: ['src/router/*.ts'],
    ignores: ['src/router/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...NO_UI_NO_NODE, './server/**', './page/**', '../*/**', '!../croql/**', '!../wire/**'],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'eval', 'XMLHttpRequest', 'window', 'document'],
    },
  },
  {
    // Its Node server: Node and Hono, never the emulator (it talks to one only over HTTP) or the page.
    files: ['src/router/server/**/*.ts'],
    ignores: ['src/router/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@codemirror/*', '../../server/**', '../page/**'] },
      ],
    },
  },
  {
    // Its settings page, a browser page of its own (in Crowdin's frame): the router's pure part and, of the
    // playground, what a page of the router may use: the core, the wire types, ui and the editor. Never the
    // router's server, Node, or the playground's app layers (its connection, workspace, features, shell).
    files: ['src/router/page/**/*.{ts,tsx}'],
    ignores: ['src/router/page/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', 'node:*'],
              message: 'The settings page is a browser page: no server code, no Node.',
            },
            {
              group: ROUTER_PAGE_FORBIDDEN.flatMap((f) => [`../../${f}`, `../../${f}/**`]),
              message: ROUTER_PAGE_MESSAGE,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression > Literal[value=/^(\\.\\.\\/server|\\.\\.\\/\\.\\.\\/(${ROUTER_PAGE_FORBIDDEN.join('|')}|server))(\\/|$)/]`,
          message: ROUTER_PAGE_MESSAGE,
        },
      ],
    },
  },
  {
    // The language server (Node): an adapter over the core, as src/editor/ is for CodeMirror. It reads the
    // core, the wire's listings and the editor's analyze options, and never the app, a UI or the emulator.
    files: ['src/lsp/**/*.ts'],
    ignores: ['src/lsp/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            '@codemirror/*',
            '@tanstack/*',
            '../*/**',
            '!../croql/**',
            '!../wire/**',
            '!../editor/analyze-options.ts',
          ],
        },
      ],
    },
  },
  {
    // The VS Code extension: the editor's client of the language server, with the permalink codec.
    files: ['src/vscode/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'react',
            'react-dom',
            '@codemirror/*',
            '../*/**',
            '!../croql/**',
            '!../wire/**',
            '!../permalink/codec.ts',
            '!../lsp/**',
          ],
        },
      ],
    },
  },
  ...layerBlocks,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
