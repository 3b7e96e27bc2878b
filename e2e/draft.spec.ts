// A link opened over an unsaved draft, after a full navigation: nothing typed is lost.
import { expect, test } from '@playwright/test';
import { openLinkOverDraft } from './support/draft.ts';
import { editorOf, focusEditor, setQuery } from './support/query.ts';

test('a permalink that replaces an unsaved draft keeps it one Undo away and in the Library history', async ({
  page,
}) => {
  await page.goto('/');
  await openLinkOverDraft(page, 'text contains "my draft"', 'max length > 1');

  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editorOf(page)).toHaveText('text contains "my draft"');

  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.locator('.library-text').filter({ hasText: 'text contains "my draft"' })).toBeVisible();
});

test('a second tab opens on the query of the first, and each tab then keeps its own', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await setQuery(page, 'text contains "first tab"');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('croql.draft.last')))
    .toContain('first tab');
  const second = await context.newPage();
  await second.goto('/');
  await expect(editorOf(second)).toHaveText('text contains "first tab"');
  await setQuery(second, 'is hidden');
  await page.reload();
  await expect(editorOf(page)).toHaveText('text contains "first tab"');
});
