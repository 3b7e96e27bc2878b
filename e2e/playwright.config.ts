import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './chromium.ts';
import { holdE2eLock } from './run-lock.ts';

// Playwright loads this file in its main process and in every worker; only the main process locks.
if (!process.env.TEST_WORKER_INDEX) holdE2eLock();

/** Ports used only by the e2e run, so a developer's `npm start` can keep running beside it. */
export const APP_PORT = 4317;
export const EMULATOR_PORT = 4318;
/**
 * A second pair for the app developers' specs (the Apps view): the emulator plays a Crowdin Enterprise
 * organization, where workflow steps exist, and the same build is served beside it. The first pair stays
 * on crowdin.com, as every other spec expects.
 */
export const APPS_EMULATOR_PORT = 4319;
export const APPS_APP_PORT = 4320;
// e2e/state.spec.ts starts and stops a third pair itself, on 4321 and 4322 (e2e/support/state.ts).

/**
 * `CROQL_E2E_FAULTS=FILE` starts both emulators with the fault rules of FILE in force (`--faults`), e.g.
 * e2e/slow-service.json: every API and sign-in answer 0–0.6 s late, in any order. A test that acts before
 * what it waits for has loaded fails then; the suite passes so as well. (e2e/state.spec.ts's own pair
 * starts without them.)
 */
const FAULTS = process.env.CROQL_E2E_FAULTS
  ? ` --faults ${JSON.stringify(resolve(process.env.CROQL_E2E_FAULTS))}`
  : '';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.output',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // Never retry, on CI either: a test that needs a retry to pass is a bug, and a retry would hide it.
  retries: 0,
  workers: 2,
  // Limits that catch a hang, never slowness (speed is `npm run bench`'s): beside a looping bench and other
  // runs (load 20 on 2 cores), tests of 10 s took over 30 s, and a page over 5 s to show what it shows. The
  // build below gets 5 minutes for the same reason.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [...CHROMIUM_ARGS],
    },
  },
  projects: [
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: '**/snapshot-diff.spec.ts' },
    // Specs that change the emulator's data run once everything else has finished.
    {
      name: 'changes-data',
      use: { browserName: 'chromium' },
      testMatch: '**/snapshot-diff.spec.ts',
      dependencies: ['chromium'],
    },
  ],
  webServer: [
    {
      command: `npm run --silent emulator -- --port ${EMULATOR_PORT} --test-hooks --playground-origin http://127.0.0.1:${APP_PORT}${FAULTS}`,
      url: `http://127.0.0.1:${EMULATOR_PORT}/health`,
      cwd: '..',
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite build --logLevel warn && npx vite preview --port ${APP_PORT} --strictPort`,
      url: `http://127.0.0.1:${APP_PORT}`,
      cwd: '..',
      env: { CROQL_EMULATOR_URL: `http://127.0.0.1:${EMULATOR_PORT}` },
      reuseExistingServer: false,
      timeout: 300_000,
    },
    // Started after the build above (Playwright starts its web servers one after another).
    {
      command: `npm run --silent emulator -- --port ${APPS_EMULATOR_PORT} --organization acme --playground-origin http://127.0.0.1:${APPS_APP_PORT}${FAULTS}`,
      url: `http://127.0.0.1:${APPS_EMULATOR_PORT}/health`,
      cwd: '..',
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `npx vite preview --port ${APPS_APP_PORT} --strictPort`,
      url: `http://127.0.0.1:${APPS_APP_PORT}`,
      cwd: '..',
      env: { CROQL_EMULATOR_URL: `http://127.0.0.1:${APPS_EMULATOR_PORT}` },
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
});
