// No axe-core violations on any screen, and popovers that stay inside the window at every width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { focusEditor, loadedCount, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';
import { APPS_APP_URL, APPS_EMULATOR_URL, install, openAppsView, startStepApp } from './support/apps.ts';
import { EMULATOR_URL, signIn } from './support/signin.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';
import { FAULTS_PATH } from '../src/wire/faults.ts';

// axe-core checks every node of the page; on a shared CI machine one screen can take several seconds.
test.describe.configure({ timeout: 90_000 });

async function expectNoViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe-core on ${screen}`).toEqual([]);
}

async function runIsHidden(page: Page) {
  await setQuery(page, 'is hidden');
  await runFromEditor(page);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
}

test('signed out', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expectNoViolations(page, 'signed out');
});

test('results, details panel, inspector', async ({ page }) => {
  await signInToDemoProject(page);
  await runIsHidden(page);
  await expectNoViolations(page, 'results');
  await page.getByTestId('results-table').locator('[role="row"][data-index="0"]').click();
  await expect(page.getByTestId('details-panel')).toBeVisible();
  await expectNoViolations(page, 'details panel');
  await page.getByRole('button', { name: /^Inspector/ }).click();
  await expect(page.getByTestId('inspector-request')).toHaveCount(1);
  await expectNoViolations(page, 'inspector');
});

test('out-of-date results: marked without dimming, so every row keeps its contrast', async ({ page }) => {
  await signInToDemoProject(page);
  await runIsHidden(page);
  await setQuery(page, 'is hidden and is duplicate');
  await expect(page.getByTestId('stale-notice')).toContainText('Out of date');
  const table = page.getByTestId('results-table');
  expect(await table.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
  expect(await table.evaluate((el) => getComputedStyle(el).borderLeftStyle)).toBe('solid');
  await expectNoViolations(page, 'out-of-date results');
});

test('the clause funnel under the rows, and a saved template in the Library', async ({ page }) => {
  await signInToDemoProject(page);
  await setQuery(page, 'count of labels > 0 and not is hidden');
  await runFromEditor(page);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  await expect(page.getByTestId('funnel')).toBeVisible();
  await expectNoViolations(page, 'clause funnel');

  await setQuery(page, 'updated >= {{since}}');
  await page.getByRole('region', { name: 'Template parameters' }).getByLabel('{{since}}').fill('7 days ago');
  await page.getByRole('button', { name: 'Library', exact: true }).click();
  const library = page.getByRole('complementary', { name: 'Library' });
  await library.getByRole('tab', { name: /Saved/ }).click();
  await library.getByLabel('Save the current query as').fill('Changed this week');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByRole('group', { name: 'Parameters of Changed this week' })).toBeVisible();
  await expectNoViolations(page, 'a saved template in the Library');
});

test('the notice of a host that does not answer', async ({ page }) => {
  await signInToDemoProject(page);
  await setQuery(page, 'is hidden');
  await page.route(`${EMULATOR_URL}/api/**`, () => {});
  await runFromEditor(page);
  await expect(page.getByTestId('waiting-notice')).toBeVisible();
  await expectNoViolations(page, 'waiting notice');
});

test('builder, library, export dialog, schema explorer', async ({ page }) => {
  await signInToDemoProject(page);
  // A comparison of two fields shows every control of a condition's right side.
  await setQuery(page, 'is hidden and updated > added and count of translations where (provider = "tm") > 0');
  await page.getByRole('tab', { name: 'Builder' }).click();
  await expect(page.locator('.b-output .croql-static')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Other field' })).toHaveValue('added');
  await expectNoViolations(page, 'builder');
  await page.getByRole('tab', { name: 'Editor' }).click();

  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await expect(page.getByRole('complementary', { name: 'Library' })).toBeVisible();
  await expectNoViolations(page, 'library');
  await page.getByRole('button', { name: 'Library', exact: true }).click();

  await page.getByRole('button', { name: 'Export code' }).click();
  await expect(page.getByRole('dialog', { name: 'Export code' })).toBeVisible();
  await expectNoViolations(page, 'export dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Schema' }).click();
  await expect(page.getByTestId('schema-explorer').getByTestId('explorer-field').first()).toBeVisible();
  await expectNoViolations(page, 'schema explorer');
  await page.getByTestId('schema-explorer').getByRole('tab', { name: 'Language reference' }).click();
  await expect(page.getByTestId('language-reference')).toBeVisible();
  await expectNoViolations(page, 'language reference');
});

/** The page's background and the colour scheme its native controls (scroll bars, inputs) are drawn in. */
const pageLook = (page: Page) =>
  page.evaluate(() => {
    const body = getComputedStyle(document.body);
    return `${body.backgroundColor} ${body.colorScheme}`;
  });

test("the theme: the system's scheme until the user picks one, native controls included", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signInToDemoProject(page);
  await expect.poll(() => pageLook(page)).toBe('rgb(13, 17, 23) dark');
  await page.getByLabel('Theme').selectOption('light');
  await expect.poll(() => pageLook(page)).toBe('rgb(246, 248, 250) light');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByLabel('Theme').selectOption('dark');
  await expect.poll(() => pageLook(page)).toBe('rgb(13, 17, 23) dark');
});

test('dark theme', async ({ page }) => {
  await signInToDemoProject(page);
  await page.getByLabel('Theme').selectOption('dark');
  await expect.poll(() => pageLook(page)).toBe('rgb(13, 17, 23) dark');
  await runIsHidden(page);
  await page.getByTestId('results-table').locator('[role="row"][data-index="0"]').click();
  await expectNoViolations(page, 'dark theme');
});

test('390×844 viewport', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDemoProject(page);
  await runIsHidden(page);
  await expectNoViolations(page, '390×844');
});

test('the Apps view: an app, its step, a delivery, the settings page; in the dark theme and at 390 px', async ({
  page,
}) => {
  // Six axe scans of the whole view (closed, a delivery open, the settings page framed, dark, 390 px), each
  // up to ~15 s on a busy 2-core machine: the file's 90 s is for one or two.
  test.setTimeout(180_000);
  const view = await openAppsView(page);
  const identifier = `a11y-apps-${Date.now()}`;
  const app = await startStepApp(view, identifier);
  const ruleId = `${identifier}-rule`;
  try {
    const card = await install(view, app.manifestUrl, identifier);
    await view.getByRole('combobox', { name: 'App', exact: true }).selectOption(identifier);
    // Closed: nothing opened yet. The view is the page's main, and the skip link leads into it.
    await expectNoViolations(page, 'the Apps view, closed');
    await page.getByRole('link', { name: 'Skip to the Apps view' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main', { name: 'Apps' })).toBeFocused();
    await card.getByRole('button', { name: 'Add to the workflow' }).click();
    const step = card.getByTestId('workflow-step');
    await focusEditor(step.getByRole('textbox', { name: /^Query for step/ }));
    await page.keyboard.insertText('identifier contains "paypal"');
    await step.getByRole('button', { name: 'Send to the step' }).click();
    await expect(step.getByTestId('send-result')).toBeVisible();
    await view.getByRole('button', { name: 'Send queued now' }).click();
    const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
    await batch.click();
    await expect(view.getByTestId('signature-verdict')).toHaveAttribute('data-valid', 'true');
    await view.getByTestId('delivery-detail').getByText('Verify it in your app').click();
    await view.getByTestId('delivery-detail').getByText('Request headers and body').click();
    await expectNoViolations(page, 'the Apps view, a delivery open');
    await step.getByRole('button', { name: 'Open the settings page' }).click();
    await expect(step.getByTestId('settings-page')).toContainText('The page loaded the bridge.');
    await expectNoViolations(page, 'the Apps view, the settings page framed');
    await page.getByLabel('Theme').selectOption('dark');
    await expectNoViolations(page, 'the Apps view, dark theme');
    // A rule in force is listed as one line of JSON with no spaces: at 390 px it wraps rather than widen
    // the page. Its path is no request's, so the other specs on this emulator are not touched, and has no
    // hyphen, where a line could break anyway.
    const rule = {
      id: ruleId,
      path: `/api/v2/projects/0/${'no_request_goes_here_'.repeat(3)}`,
      status: 503,
    };
    await fetch(`${APPS_EMULATOR_URL}${FAULTS_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rules: [rule] }),
    });
    await expect(page.getByTestId('fault-rules')).toContainText(rule.id);
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoViolations(page, 'the Apps view at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  } finally {
    // Other specs share this emulator: leave no app or rule behind.
    await fetch(`${APPS_EMULATOR_URL}${FAULTS_PATH}/${ruleId}`, { method: 'DELETE' });
    await fetch(`${APPS_EMULATOR_URL}${APPS_PATHS.uninstall(identifier)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
    await app.close();
  }
});

test('the Apps view with the emulator not answering: said at once, with no axe violation', async ({
  page,
}) => {
  await page.goto(APPS_APP_URL);
  await signIn(page);
  // The emulator's app routes stop answering for this page only: the shared emulator goes on for the
  // other specs.
  await page.route(`${APPS_EMULATOR_URL}/__apps**`, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Apps', exact: true }).click();
  const view = page.getByTestId('apps-view');
  const gone = view.getByTestId('emulator-gone');
  await expect(gone).toContainText(`The emulator at ${APPS_EMULATOR_URL} did not answer.`);
  await expect(gone).toContainText('npm run emulator');
  await expect(view.getByRole('status').filter({ hasText: 'Not answering' })).toBeVisible();
  await expectNoViolations(page, 'the Apps view, the emulator not answering');
});

for (const width of [390, 1280, 1920]) {
  test(`popovers stay inside the window at ${width} px, with no horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const inside = async (locator: ReturnType<Page['getByTestId']>, what: string) => {
      await expect(locator).toBeVisible();
      const box = (await locator.boundingBox())!;
      expect(box.x, `${what} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${what} right edge`).toBeLessThanOrEqual(width);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${what}: page width`,
      ).toBeLessThanOrEqual(width);
    };
    // Settings sits next to its button.
    const settingsButton = page.getByRole('button', { name: 'Settings' });
    await settingsButton.click();
    const settings = page.getByTestId('settings-popover');
    await inside(settings, 'settings');
    const buttonBox = (await settingsButton.boundingBox())!;
    const popoverBox = (await settings.boundingBox())!;
    expect(popoverBox.y - (buttonBox.y + buttonBox.height)).toBeLessThan(12);
    await page.keyboard.press('Escape');

    await signInToDemoProject(page);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await inside(page.getByTestId('permalink-popover'), 'copy link');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Examples' }).click();
    await inside(page.getByTestId('examples-menu'), 'examples');
    await page.keyboard.press('Escape');
  });
}

test('what a localization engineer reads: source beside target, plural and ICU text, progress per language', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, 'type is icu or type is plural');
  await runFromEditor(page);
  await expect(page.getByTestId('results-table').locator('.cell-tag').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Insight' }).click();
  await expect(page.getByTestId('progress-de').getByTestId('progress-approved')).toBeVisible({
    timeout: 20_000,
  });
  await expectNoViolations(page, 'plural and ICU strings, progress per language');
  await page.getByRole('tab', { name: 'Table' }).click();
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language', { exact: true }).selectOption('uk');
  await setQuery(page, '');
  await runFromEditor(page, '/projects/1/languages/uk/translations');
  const row = page.getByTestId('results-table').locator('[role="row"][data-index="0"]');
  // The source column (second) fills in once the strings of the page have loaded.
  await expect(row.getByRole('cell').nth(1)).toHaveText(/\S/);
  await row.click();
  await expect(page.getByTestId('details-panel').getByText('Source', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'translations beside their source, details panel');
});
