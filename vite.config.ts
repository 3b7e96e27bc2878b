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
  },
});
