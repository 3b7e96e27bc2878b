/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { appServerPlugin } from './src/server/relay/vite-plugin.ts';

export default defineConfig({
  plugins: [react(), appServerPlugin()],
  // No CORS: only the app's own pages call its server (the token relay above all); Vite's default would
  // answer any page on a local origin.
  server: { port: 5173, host: '127.0.0.1', cors: false },
  preview: { port: 4173, host: '127.0.0.1', cors: false },
  build: { sourcemap: true },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    environment: 'node',
    // A test's time limit catches a hang, never slowness (speed targets are ratios in `npm run bench`).
    // Wall time on a loaded 2-core machine runs 5 to 15 times an idle one: tests of half a second took
    // 5.3 s beside a looping bench and other test runs, and tests that open an embedded PostgreSQL took over
    // 20 s at load 26 (six builds and test runs beside them). 5 s (Vitest's default) failed the first; 20 s
    // failed the second. 120 s is six times the worst seen; a hang still fails, two minutes later.
    testTimeout: 120_000,
    hookTimeout: 180_000,
    globalSetup: ['src/router/server/store/global-setup.ts'],
    setupFiles: ['src/testing/property-seed.ts'],
    // Two test files at a time on two cores (Vitest's default, one fewer than the cores, is one there): most
    // files wait on servers they start (emulators, routers, PostgreSQL, shells). On the 2-core machine the
    // unit tests took 500 s with one worker and 347 s with two, quiet. Files that share a build wait for
    // each other (src/router/server/page.ts's lock; `npm pack` regenerates the parser only when it changes
    // and whole, src/croql/build-grammar.mjs).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
