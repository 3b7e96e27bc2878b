import { expect, test } from '@playwright/test';
import { expectSignedIn, signIn } from './support/signin.ts';
import { editorOf, setQuery } from './support/query.ts';

test('a permalink restores connection, project, listing, language and text in a fresh browser, through sign-in', async ({
  page,
  browser,
}) => {
  const query = 'text contains "Привіт" or @user:"alice" = user';
  await page.goto('/');
  await signIn(page);
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language').selectOption('de');
  await setQuery(page, query);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('permalink').inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:4317\/#v1\//);
  const accessToken = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('croql.session') ?? '{}') as { accessToken?: string }).accessToken,
  );
  expect(accessToken).toBeTruthy();
  expect(decodeURIComponent(link)).not.toContain(accessToken!);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(editorOf(other)).toHaveText(query);
  await expect(other.getByLabel('Listing')).toHaveValue('translations');
  await expect(other).toHaveURL(/4317\/$/); // the fragment is consumed; the draft holds it
  await signIn(other, { user: 'carol' });
  await expect(editorOf(other)).toHaveText(query);
  await expect(other.getByLabel('Language')).toHaveValue('de');
  await expect(other.getByLabel('Project')).toHaveValue('1');
  await fresh.close();
});

test('?croql= prefills the editor', async ({ page }) => {
  await page.goto('/?croql=' + encodeURIComponent('is hidden and max length > 3'));
  await expect(editorOf(page)).toHaveText('is hidden and max length > 3');
  await expect(page).toHaveURL(/4317\/$/);
});

test('a link of an unknown version shows its text with a warning; a damaged link keeps the draft', async ({
  page,
}) => {
  const payload = Buffer.from(
    JSON.stringify({ q: 'max length = 7', server: 'https://evil.example' }),
  ).toString('base64url');
  await page.goto(`/#v9/${payload}`);
  await expect(editorOf(page)).toHaveText('max length = 7');
  await expect(page.getByRole('alert').filter({ hasText: 'different version' })).toBeVisible();

  // Pasted into the open tab: only the fragment changes, and the page reacts to it.
  await page.goto('/#v1/%%%broken');
  await expect(
    page.getByRole('alert').filter({ hasText: /damaged|not a playground permalink/ }),
  ).toBeVisible();
  await expect(editorOf(page)).toHaveText('max length = 7');
});

test('an enterprise link with a host instead of a domain never changes the connection', async ({ page }) => {
  const payload = Buffer.from(
    JSON.stringify({ c: 'enterprise', d: 'evil.example', l: 'strings', q: 'max length = 1' }),
  ).toString('base64url');
  await page.goto(`/#v1/${payload}`);
  await expect(editorOf(page)).toHaveText('max length = 1');
  await expect(page.getByRole('alert').filter({ hasText: 'not a valid domain name' })).toBeVisible();
  await expect(page.getByLabel('Connection')).toHaveValue('emulator');
});

test('runs go to the history, queries can be saved by name, and both survive a reload', async ({ page }) => {
  await page.goto('/');
  await signIn(page);
  await expect(page.getByLabel('Project')).not.toHaveValue('');
  await setQuery(page, 'max length > 2');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('results-count')).toContainText(/loaded/);

  await page.getByRole('button', { name: 'Library' }).click();
  const library = page.getByRole('complementary', { name: 'Library' });
  // With nothing saved for the project yet, the Library opens on History.
  await expect(library.getByRole('tab', { name: /History/ })).toHaveAttribute('aria-selected', 'true');
  await library.getByRole('tab', { name: /Saved/ }).click();
  await library.getByLabel('Save the current query as').fill('Above two');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByRole('button', { name: /^Above two/ })).toBeVisible();
  await library.getByRole('tab', { name: /History/ }).click();
  await expect(library.getByRole('button', { name: /max length > 2/ })).toBeVisible();

  await page.reload();
  await expectSignedIn(page);
  await setQuery(page, 'max length = 1');
  await page.getByRole('button', { name: 'Library' }).click();
  await library.getByRole('button', { name: /^Above two/ }).click();
  await expect(editorOf(page)).toHaveText('max length > 2');

  await library.getByRole('button', { name: 'Clear all…' }).click();
  await library.getByRole('button', { name: 'Delete all' }).click();
  await expect(library.getByText('No saved queries for this project yet.')).toBeVisible();
});

test('code export shows curl, fetch and the official client with a token placeholder', async ({ page }) => {
  await page.goto('/?croql=' + encodeURIComponent('text contains "it\'s"'));
  await page.getByRole('button', { name: 'Export code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export code' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('pre')).toContainText(`--data-urlencode 'croql=text contains "it'\\''s"'`);
  await expect(dialog.locator('pre')).toContainText('$CROWDIN_TOKEN');
  await dialog.getByRole('tab', { name: 'JS client' }).click();
  await expect(dialog.locator('pre')).toContainText('sourceStringsApi.withFetchAll().listProjectStrings(');
  // crowdin-cli wants each `"` as `\"` (crowdin/crowdin-cli#450); each shell quotes that its own way.
  await dialog.getByRole('tab', { name: 'CLI: bash/zsh' }).click();
  await expect(dialog.locator('pre')).toContainText(`--croql 'text contains \\"it'\\''s\\"'`);
  await expect(dialog.getByText('CROWDIN_PERSONAL_TOKEN').first()).toBeVisible();
  await dialog.getByRole('tab', { name: 'CLI: PowerShell' }).click();
  await expect(dialog.locator('pre')).toContainText(`--croql 'text contains \\"it''s\\"'`);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('Copy code says in sight that the code is on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?croql=' + encodeURIComponent('is hidden'));
  await page.getByRole('button', { name: 'Export code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export code' });
  await dialog.getByRole('button', { name: 'Copy code' }).click();
  await expect(dialog.getByRole('status')).toHaveText('✓ Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('croql=is hidden');
  // Another language is not copied yet.
  await dialog.getByRole('tab', { name: 'JS client' }).click();
  await expect(dialog.getByRole('status')).toHaveText('');
});

test('the Copy link popover leaves Run uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await signIn(page);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('permalink-popover')).toBeVisible();
  const run = page.getByRole('button', { name: 'Run', exact: true });
  const box = (await run.boundingBox())!;
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.textContent,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).toBe('Run');
});
