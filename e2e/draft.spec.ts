// A link opened over an unsaved draft, after a full navigation: nothing typed is lost.
import { expect, test } from '@playwright/test';
import { encodePermalink } from '../src/permalink/codec.ts';
import { editorOf, setQuery } from './support/query.ts';

test('a permalink that replaces an unsaved draft keeps it one Undo away and in the Library history', async ({
  page,
}) => {
  await page.goto('/');
  await setQuery(page, 'text contains "my draft"');
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('croql.draft'))).toContain('my draft');

  const link = encodePermalink({
    connection: 'emulator',
    domain: null,
    projectId: 1,
    context: 'strings',
    listingId: null,
    text: 'max length > 1',
  });
  // A full navigation (as when the link is opened from elsewhere), not a change of the fragment.
  await page.goto('about:blank');
  await page.goto(`/${link}`);
  await expect(editorOf(page)).toHaveText('max length > 1');
  await expect(page.getByRole('status').filter({ hasText: 'previous query is one Undo away' })).toBeVisible();

  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editorOf(page)).toHaveText('text contains "my draft"');

  await page.getByRole('button', { name: 'Library', exact: true }).click();
  await page.getByRole('tab', { name: /History/ }).click();
  await expect(page.locator('.library-text').filter({ hasText: 'text contains "my draft"' })).toBeVisible();
});

test('a second tab opens on the query of the first, and each tab then keeps its own', async ({ page, context }) => {
  await page.goto('/');
  await setQuery(page, 'text contains "first tab"');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('croql.draft.last'))).toContain('first tab');
  const second = await context.newPage();
  await second.goto('/');
  await expect(editorOf(second)).toHaveText('text contains "first tab"');
  await setQuery(second, 'is hidden');
  await page.reload();
  await expect(editorOf(page)).toHaveText('text contains "first tab"');
});
