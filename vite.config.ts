/// <reference types="vitest/config" />
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
    // 5.3 s beside a looping bench and other test runs. 5 s (Vitest's default) failed those; 20 s is four
    // times the worst seen. Property runs are sized to stay far inside it; a test that needs more says why.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    globalSetup: ['src/router/server/store/global-setup.ts'],
  },
});
