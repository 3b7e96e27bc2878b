import type { Page } from '@playwright/test';

/** Opens the Library side panel on one of its tabs. */
export async function openLibraryTab(page: Page, tab: RegExp) {
  await page.getByRole('button', { name: 'Library' }).click();
  const library = page.getByRole('complementary', { name: 'Library' });
  await library.getByRole('tab', { name: tab }).click();
  return library;
}
