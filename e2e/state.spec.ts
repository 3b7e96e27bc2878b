// State that lasts (issue #31, "Done when"): an app installed through the Apps view and strings sent to its
// step, the emulator stopped (SIGTERM saves its --state file) and started again with the same file: the
// view shows the app, the step's statuses and the log as they were. Then a snapshot downloaded from the
// view and loaded through it into a fresh emulator gives the same GET /__apps. The spec runs its own
// emulator and playground (e2e/support/state.ts), since it stops and starts the emulator.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AppsOverview } from '../src/wire/apps.ts';
import { countCell, install, openAppsView, sendToStep, startStepApp } from './support/apps.ts';
import {
  STATE_APP_URL,
  STATE_EMULATOR_URL,
  startStatePlayground,
  startStateEmulator,
  type Started,
} from './support/state.ts';
import type { StepApp } from './support/test-app.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';

const QUERY = 'identifier contains "paypal" and not is hidden';

/** GET /__apps without what differs between two runs by nature (when each started). */
async function overview(): Promise<AppsOverview> {
  const json = (await (await fetch(`${STATE_EMULATOR_URL}${APPS_PATHS.overview}`)).json()) as AppsOverview;
  return { ...json, settings: { ...json.settings, startedAt: '' } };
}

/** The page loaded again (still signed in), and its Apps view opened. */
async function reopenAppsView(page: Page): Promise<Locator> {
  await page.reload();
  await page.getByRole('button', { name: 'Apps', exact: true }).click();
  const view = page.getByTestId('apps-view');
  await expect(view.getByText('Live', { exact: true })).toBeVisible();
  return view;
}

/** What the view shows of the app: its card, the step's counts in uk, and the log's deliveries. */
async function shown(view: Locator, identifier: string) {
  const card = view.getByTestId('installed-app').filter({ hasText: identifier });
  await expect(card).toBeVisible();
  const step = card.getByTestId('workflow-step');
  const log = view.getByTestId('delivery-log').getByTestId('delivery');
  await expect(log.first()).toBeVisible();
  return {
    counts: await step.getByTestId('step-counts').innerText(),
    log: await log.evaluateAll((items) => items.map((d) => [d.textContent, d.getAttribute('data-state')])),
  };
}

test('state lasts: after a restart with the same --state the Apps view shows what it showed; a snapshot loaded into a fresh emulator gives the same GET /__apps', async ({
  page,
  browser,
}) => {
  // Three starts of the emulator (each compiles its TypeScript): a limit for a hang, not for speed.
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'croql-state-e2e-'));
  const file = join(dir, 'state.json');
  const running: Started[] = [];
  let app: StepApp | null = null;
  let fresh: Page | null = null;
  const emulator = async (args: string[]) => {
    const started = await startStateEmulator(args, join(dir, 'keys'));
    running.push(started);
    return started;
  };
  try {
    let first = await emulator(['--state', file]);
    running.push(await startStatePlayground());
    let view = await openAppsView(page, STATE_APP_URL);
    const identifier = `e2e-state-${Date.now()}`;
    app = await startStepApp(view, identifier, STATE_EMULATOR_URL);
    // The app routes what it gets: the statuses move from NEED_PROCESS to DONE before the restart.
    app.routing = true;
    const card = await install(view, app.manifestUrl, identifier);
    await card.getByRole('button', { name: 'Add to the workflow' }).click();
    const step = card.getByTestId('workflow-step');
    await sendToStep(step, QUERY, 'uk');
    await view.getByRole('button', { name: 'Send queued now' }).click();
    const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
    await expect(batch).toHaveAttribute('data-state', 'delivered');
    await expect(countCell(step, 'uk', 'NEED_PROCESS')).toHaveText('0');
    const done = Number(await countCell(step, 'uk', 'DONE').innerText());
    expect(done).toBeGreaterThan(0);
    const before = await shown(view, identifier);
    const apps = await overview();

    // Stopped (SIGTERM saves) and started again with the same file.
    await first.stop();
    first = await emulator(['--state', file]);
    expect(first.output()).toMatch(/State: loaded .*state\.json/);
    view = await reopenAppsView(page);
    await expect(countCell(view.getByTestId('workflow-step'), 'uk', 'DONE')).toHaveText(String(done));
    expect(await shown(view, identifier)).toEqual(before);
    expect(await overview()).toEqual(apps);

    // A snapshot from the view, loaded through the view into a fresh emulator (no --state).
    const download = page.waitForEvent('download');
    await view.getByTestId('emulator-state').getByRole('button', { name: 'Download snapshot' }).click();
    const snapshot = join(dir, 'snapshot.json');
    await (await download).saveAs(snapshot);
    await first.stop();
    await emulator([]);
    // A fresh emulator knows no sign-in (its signing key is new): a new session signs in to it.
    fresh = await browser.newPage();
    view = await openAppsView(fresh, STATE_APP_URL);
    await expect(view.getByText('No app is installed.')).toBeVisible();
    await view.getByLabel('Snapshot file to load').setInputFiles(snapshot);
    await expect(view.getByTestId('state-result')).toContainText('Loaded snapshot.json');
    expect(await overview()).toEqual(apps);
    expect(await shown(view, identifier)).toEqual(before);
  } finally {
    await fresh?.close();
    for (const started of running.reverse()) await started.stop();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
