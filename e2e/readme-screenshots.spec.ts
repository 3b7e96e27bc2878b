// The README's screenshots, made against the emulator's demo data: `npm run screenshots` writes them into
// public/. Skipped in the test run (nothing here checks behaviour).
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { editorOf, loadedCount, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

test.skip(!process.env.README_SCREENSHOTS, 'only by npm run screenshots');
test.describe.configure({ timeout: 90_000 });

const file = (name: string) => fileURLToPath(new URL(`../public/${name}`, import.meta.url));

async function start(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: 'light' });
  await signInToDemoProject(page);
}

async function run(page: Page, listingPath?: string) {
  await runFromEditor(page, listingPath);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  await rest(page);
}

/** The page at its top, the mouse outside the table: no hover tooltip or highlighted row in the picture. */
async function rest(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => window.scrollTo(0, 0));
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
