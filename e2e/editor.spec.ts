import { expect, test } from '@playwright/test';
import {
  editorOf,
  emulatorRows,
  focusEditor,
  loadedCount,
  runFromEditor,
  setQuery,
  signInToDemoProject,
  visibleIds,
} from './support/query.ts';

test.beforeEach(({ page }) => signInToDemoProject(page));

test("type with keyboard completion, see a lint error where it is, fix it, run: the rows are the emulator's", async ({
  page,
}) => {
  const editor = editorOf(page);
  await setQuery(page, '');

  // Completion from the keyboard: a multi-word field name is one item.
  await focusEditor(page);
  await page.keyboard.type('is hid');
  const item = page.getByRole('option', { name: /is hidden/ });
  await expect(item).toBeVisible();
  // CodeMirror ignores Enter for 75 ms after the list opens (its interactionDelay, against accidental picks).
  await page.waitForTimeout(150);
  await page.keyboard.press('Enter');
  await expect(editor).toHaveText('is hidden');

  // A misspelt field: the lint marks exactly the misspelt name.
  await page.keyboard.type(' and not is duplicat');
  await page.keyboard.press('Escape');
  const mark = page.locator('.cm-lintRange-error');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText('is duplicat');

  // The did-you-mean quick fix, from the lint tooltip.
  await mark.hover();
  await page.getByRole('button', { name: /Replace with “is duplicate”/ }).click();
  await expect(editor).toHaveText('is hidden and not is duplicate');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);

  // Ctrl/Cmd+Enter runs exactly that text; the table holds what the emulator answers.
  const request = await runFromEditor(page);
  expect(new URL(request.url()).searchParams.get('croql')).toBe('is hidden and not is duplicate');
  const expected = await emulatorRows(request);
  expect(expected.length).toBeGreaterThan(0);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(expected.length, 500));
  const shown = await visibleIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(expected.slice(0, shown.length).map((r) => String(r.id)));
});

test('Ctrl/Cmd+Enter with the completion list open runs and closes the list', async ({ page }) => {
  await setQuery(page, '');
  await focusEditor(page);
  // Typed whole, the field still matches its completion item, so the list stays open.
  await page.keyboard.type('is hidden and is duplicate');
  await expect(page.getByRole('listbox')).toBeVisible();
  const request = page.waitForRequest((r) => new URL(r.url()).searchParams.has('croql'));
  await page.keyboard.press('ControlOrMeta+Enter');
  expect(new URL((await request).url()).searchParams.get('croql')).toBe('is hidden and is duplicate');
  await expect(page.getByRole('listbox')).toHaveCount(0);
});

test('the explain line, format (Shift+Alt+F), announcements and leaving the editor with Escape then Tab', async ({
  page,
}) => {
  const editor = editorOf(page);
  await setQuery(page, 'IS   HIDDEN  and text contains "Save"');
  await expect(page.locator('.croql-explain')).toContainText(/hidden/i);

  await focusEditor(page);
  await page.keyboard.press('Shift+Alt+F');
  await expect(editor).toHaveText('is hidden and text contains "Save"');
  await expect(page.getByTestId('editor-announcer')).toHaveText('Formatted');

  // Hover docs for a field.
  await editor.getByText('hidden').first().hover();
  await expect(page.locator('.cm-croql-hover')).toContainText(/hidden/i);

  await setQuery(page, 'is hiden and is duplicat');
  await expect(page.getByTestId('editor-announcer')).toHaveText('2 problems', { timeout: 5000 });
  const explain = page.locator('.croql-explain');
  await expect(explain).toHaveText(
    '2 problems. is hiden is not a field of a source string. Did you mean is hidden?',
  );
  // The code in the message is set as code, not as backticks.
  await expect(explain.locator('code')).toHaveText(['is hiden', 'is hidden']);

  await focusEditor(page);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
});

test('the listing picked changes what the editor accepts, without a new editor', async ({ page }) => {
  const editor = editorOf(page);
  await setQuery(page, 'is hidden');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
  const handle = await editor.elementHandle();
  await page.getByLabel('Listing').selectOption('glossaryTerms');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(1);
  // The same DOM node: the view was reconfigured, not recreated.
  expect(await handle!.evaluate((el) => el.isConnected)).toBe(true);
  await page.getByLabel('Listing').selectOption('strings');
  await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);
});
