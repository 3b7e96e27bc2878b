// ESLint flat config. It lives in .ci/ to keep the top level to the files the project fixes there;
// `npm run lint` passes it with --config.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
          patterns: [
            'react',
            'react-dom',
            '@codemirror/*',
            '@tanstack/*',
            'zustand',
            'hono',
            'hono/*',
            'node:*',
            '../*/**', '!../croql/**',
          ],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'eval', 'XMLHttpRequest', 'window', 'document'],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/bench/**', 'src/**/*.test.ts', 'src/wire/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', 'node:*'] }],
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
