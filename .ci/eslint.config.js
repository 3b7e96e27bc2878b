// ESLint flat config. It lives in .ci/ to keep the top level to the files the project fixes there;
// `npm run lint` passes it with --config.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** What code shared by browser and server may not import: UI, browser state, the server framework, Node. */
const NO_UI_NO_NODE = ['react', 'react-dom', '@codemirror/*', '@tanstack/*', 'zustand', 'hono', 'hono/*', 'node:*'];

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
    ignores: ['src/server/**', 'src/router/server/**', 'src/bench/**', 'src/**/*.test.ts', 'src/wire/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
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
          patterns: [
            ...NO_UI_NO_NODE,
            './server/**',
            './page/**',
            '../*/**',
            '!../croql/**',
            '!../wire/**',
          ],
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
    // Auth sits below every feature: the connection UI, results and the shell build on it, never the reverse.
    files: ['src/auth/**/*.ts'],
    ignores: ['src/auth/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            '**/server/**',
            'node:*',
            ...['app', 'builder', 'connection', 'editor', 'permalink', 'query', 'results', 'ui'].map((f) => `../${f}/**`),
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
