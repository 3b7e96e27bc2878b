import { expect, test } from '@playwright/test';
import { editorOf, focusEditor, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

// Mistakes people make while writing CroQL, each reported where it is, with what to write instead.
test.beforeEach(({ page }) => signInToDemoProject(page));

test('a misplaced `)` is reported at the parenthesis, and its quick fix moves it', async ({ page }) => {
  const editor = editorOf(page);
  await setQuery(page, 'count of translations where (language = @language:"uk" > 0) and is hidden');
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText(')');
  const explain = page.locator('.croql-explain');
  await expect(explain).toHaveText(
    '1 problem. This ) is in the wrong place: the group opened after where should end after @language:"uk".',
  );
  await expect(explain).not.toContainText('needs true or false');

  await mark.hover();
  await page.getByRole('button', { name: 'Move the “)” after “@language:"uk"”' }).click();
  await expect(editor).toHaveText(
    'count of translations where (language = @language:"uk") > 0 and is hidden',
  );
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
  const request = await runFromEditor(page);
  expect(new URL(request.url()).searchParams.get('croql')).toBe(
    'count of translations where (language = @language:"uk") > 0 and is hidden',
  );
});

test('a `)` that closes a group too early is the one reported, not the stray after it', async ({ page }) => {
  await setQuery(page, 'count of translations where (language = @language:"uk") and count of votes > 0) > 0');
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveCount(1);
  await expect(page.locator('.croql-explain')).toContainText(
    '1 problem. This ) closes the group opened after where too early',
  );
  await mark.hover();
  await page.getByRole('button', { name: 'Remove this “)”' }).click();
  await expect(editorOf(page)).toHaveText(
    'count of translations where (language = @language:"uk" and count of votes > 0) > 0',
  );
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
});

test('`is approved` on translations says to write `count of approvals > 0`, as a quick fix', async ({
  page,
}) => {
  await page.getByLabel('Listing').selectOption('translations');
  await setQuery(page, 'is approved and provider = "tm"');
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveText('is approved');
  await expect(page.locator('.croql-explain')).toContainText(
    'On a translation, write count of approvals > 0 instead.',
  );
  await mark.hover();
  await page.getByRole('button', { name: 'Replace with “count of approvals > 0”' }).click();
  await expect(editorOf(page)).toHaveText('count of approvals > 0 and provider = "tm"');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);

  // Completion offers it under the name people type.
  await setQuery(page, '');
  await focusEditor(page);
  await page.keyboard.type('is appr');
  const option = page.getByRole('option', { name: /is approved/ });
  await expect(option).toContainText('count of approvals > 0');
  // CodeMirror ignores Enter for 75 ms after the list opens (its interactionDelay, against accidental picks).
  await page.waitForTimeout(150);
  await page.keyboard.press('Enter');
  await expect(editorOf(page)).toHaveText('count of approvals > 0');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
});
