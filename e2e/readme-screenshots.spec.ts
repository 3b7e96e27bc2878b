// The README's screenshots, made against the emulator's demo data: `npm run screenshots` writes them into
// public/. Skipped in the test run (nothing here checks behaviour).
import { fileURLToPath } from 'node:url';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { APPS_EMULATOR_URL, countCell, install, openAppsView, sendToStep } from './support/apps.ts';
import { editorOf, loadedCount, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';
import { startRouterProcess, type RouterProcess } from './support/router.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';

test.skip(!process.env.README_SCREENSHOTS, 'only by npm run screenshots');
test.describe.configure({ timeout: 90_000 });

const file = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

/** The viewport and the light theme of every picture. */
async function lightViewport(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: 'light' });
}

async function start(page: Page, width: number, height: number) {
  await lightViewport(page, width, height);
  await signInToDemoProject(page);
}

async function run(page: Page, listingPath?: string) {
  await runFromEditor(page, listingPath);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  await rest(page);
}

/**
 * The page at its top (or scrolled to `top`), the mouse outside the table: no hover tooltip or highlighted
 * row in the picture.
 */
async function rest(page: Page, top?: Locator) {
  await page.mouse.move(0, 0);
  if (top) await top.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await page.evaluate(() => window.scrollTo(0, 0));
}

test('the playground: a query, its reading and the matching strings', async ({ page }) => {
  await start(page, 1280, 760);
  await setQuery(
    page,
    'count of translations where (language = @language:"uk" and count of approvals > 0) = 0 and count of comments where (has unresolved issue) > 0',
  );
  await page.getByRole('button', { name: 'Format' }).click();
  await run(page);
  await editorOf(page).press('ControlOrMeta+End');
  await page.screenshot({ path: file('screenshot.png') });
});

test('translations beside their source strings', async ({ page }) => {
  await start(page, 1440, 900);
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await setQuery(page, 'text contains "e"');
  await run(page, '/projects/1/languages/de/translations');
  await expect(page.getByTestId('results-table').getByRole('columnheader', { name: 'Source' })).toBeVisible();
  await page.getByTestId('results-table').locator('[role="row"][data-index="1"]').click();
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await rest(page);
  await page.screenshot({ path: file('screenshot-translations.png') });
});

test('the schema explorer opened on the field under the cursor', async ({ page }) => {
  await start(page, 1440, 900);
  await setQuery(page, 'count of translations where (provider = "tm") > 0 and not is hidden');
  await editorOf(page).getByText('provider').click();
  await page.getByRole('button', { name: 'Schema' }).click();
  await expect(page.getByRole('button', { name: 'Insert provider' })).toBeFocused();
  await page.screenshot({ path: file('screenshot-explorer.png') });
});

test('a row’s details beside the results table', async ({ page }) => {
  await start(page, 1440, 900);
  await setQuery(page, 'count of translations where (provider = "tm") > 0 and not is hidden');
  await run(page);
  await page.getByTestId('results-table').locator('[role="row"][data-index="1"]').click();
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await rest(page);
  await page.screenshot({ path: file('screenshot-details.png') });
});

test('Insight and the languages matrix', async ({ page }) => {
  await start(page, 1280, 1400);
  await setQuery(page, 'count of labels > 0 and not is hidden');
  await run(page);
  await page.getByRole('tab', { name: 'Insight' }).click();
  await expect(page.getByTestId('insight-status')).toContainText('the whole result', { timeout: 20_000 });
  await rest(page);
  await page.getByRole('region', { name: 'Results' }).screenshot({ path: file('insight.png') });
  await page.getByRole('button', { name: 'Run across languages' }).click();
  const matrix = page.getByTestId('insight-matrix');
  await expect(matrix.getByRole('table')).toBeVisible({ timeout: 30_000 });
  await expect(matrix.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 });
  await rest(page);
  await matrix.screenshot({ path: file('insight-matrix.png') });
});

// The Apps view on the e2e's Enterprise emulator with CroQL Router, as a README reader installs it: its
// settings page first (two rules saved), then the strings a query matches sent, routed and redelivered. The
// second picture continues the first one's step, so the two run in order on one router.
test.describe('the Apps view with CroQL Router', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  let router: RouterProcess;
  test.beforeAll(async () => {
    router = await startRouterProcess(APPS_EMULATOR_URL);
  });
  test.afterAll(async () => {
    await fetch(`${APPS_EMULATOR_URL}${APPS_PATHS.uninstall('croql-router')}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    await router.stop();
  });

  test('the router’s settings page framed in the view, with Save', async ({ page }) => {
    await lightViewport(page, 1440, 900);
    const view = await openAppsView(page);
    const card = await install(view, router.manifestUrl, 'croql-router');
    await card.getByRole('button', { name: 'Add to the workflow' }).click();
    const step = card.getByTestId('workflow-step');
    await step.getByRole('button', { name: 'Open the settings page' }).click();
    const settings = step.getByTestId('settings-page');
    await expect(settings).toContainText('The page loaded the bridge.');
    const frame = settings.frameLocator('iframe');
    // The page's bundle on a busy machine takes longer than an assertion's 5 s (router-settings.spec.ts).
    await expect(frame.getByRole('heading', { name: 'CroQL Router' })).toBeVisible({ timeout: 30_000 });
    await frame.getByRole('button', { name: 'Add a rule' }).click();
    await frame
      .getByRole('textbox', { name: 'Rule 1 query' })
      .fill('count of labels where (title = "legal") > 0');
    await frame.getByRole('button', { name: 'Add a rule' }).click();
    await frame
      .getByRole('textbox', { name: 'Rule 2 query' })
      .fill('count of comments where (has unresolved issue) > 0');
    await expect(frame.getByTestId('router-path').nth(1)).toHaveAttribute('data-path', 'api');
    await settings.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(settings.getByRole('status')).toContainText('Saved: the app took the settings');
    await expect(step.getByTestId('saved-settings')).toContainText('has unresolved issue');
    await rest(page, settings);
    await page.screenshot({ path: file('screenshot-apps-settings.png') });
  });

  test('the router’s step: strings by status, and the delivery log with a redelivery', async ({ page }) => {
    await lightViewport(page, 1440, 900);
    const view = await openAppsView(page);
    const card = view.getByTestId('installed-app').filter({ hasText: 'croql-router' });
    const step = card.getByTestId('workflow-step');
    await sendToStep(step, 'count of labels > 0 and count of comments > 0 and not is hidden', 'uk');
    const sent = (/matched (\d+) string/.exec(await step.getByTestId('send-result').innerText()) ?? [])[1];
    expect(sent).toBeDefined();
    // One batch (the emulator sends at most 500 events in one).
    await view.getByRole('button', { name: 'Send queued now' }).click();
    const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
    await expect(batch).toHaveAttribute('data-state', 'delivered');
    // The router routes them all: the view counts them DONE, none left waiting.
    await expect(countCell(step, 'uk', 'DONE')).toHaveText(sent!, { timeout: 30_000 });
    await expect(countCell(step, 'uk', 'NEED_PROCESS')).toHaveText('0');
    await countCell(step, 'uk', 'DONE').getByRole('button').click();
    await expect(step.getByTestId('step-strings').locator('tbody tr')).toHaveCount(
      Math.min(Number(sent), 25),
    );
    // Redelivered: the same signed bytes, which the router answers as repeats (src/router/recent.ts).
    await batch.click();
    await view.getByTestId('delivery-detail').getByRole('button', { name: 'Redeliver' }).click();
    const redelivery = view.getByTestId('delivery').filter({ hasText: /redelivery of #\d+/ });
    await expect(redelivery).toHaveAttribute('data-state', 'delivered');
    await expect(redelivery).toHaveAttribute('aria-current', 'true');
    await expect(view.getByTestId('delivery-detail').getByTestId('signature-verdict')).toHaveAttribute(
      'data-valid',
      'true',
    );
    await expect(
      view.getByTestId('delivery-log').getByTestId('app-calls').filter({ hasText: 'PATCH' }),
    ).toBeVisible();
    await rest(page, card);
    await page.screenshot({ path: file('screenshot-apps.png') });
  });
});
