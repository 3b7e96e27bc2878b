import { expect, type Page } from '@playwright/test';
import { encodePermalink } from '../../src/permalink/codec.ts';
import { editorOf, setQuery } from './query.ts';

/**
 * Writes `draft` in the editor, then opens a link to `linkText` by a full navigation (as when it is opened
 * from elsewhere, not a change of the fragment), and waits for the notice that the draft is one Undo away.
 */
export async function openLinkOverDraft(
  page: Page,
  draft: string,
  linkText: string,
  origin = '',
): Promise<void> {
  await setQuery(page, draft);
  await expect
    .poll(() =>
      page.evaluate(
        () => (JSON.parse(sessionStorage.getItem('croql.draft') ?? '{}') as { text?: string }).text,
      ),
    )
    .toBe(draft);
  const link = encodePermalink({
    connection: 'emulator',
    domain: null,
    projectId: 1,
    context: 'strings',
    listingId: null,
    text: linkText,
  });
  await page.goto('about:blank');
  await page.goto(`${origin}/${link}`);
  await expect(editorOf(page)).toHaveText(linkText);
  await expect(page.getByRole('status').filter({ hasText: 'previous query is one Undo away' })).toBeVisible();
}
