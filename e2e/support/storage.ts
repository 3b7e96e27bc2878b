import type { Page } from '@playwright/test';

/**
 * Fills the page's localStorage or sessionStorage until the browser refuses even one more character
 * (QuotaExceededError), as a site that has used up its quota would be. Returns the keys written.
 */
export async function fillStorage(page: Page, area: 'local' | 'session'): Promise<number> {
  return page.evaluate((area) => {
    const storage = area === 'local' ? localStorage : sessionStorage;
    let chunk = 1 << 20;
    let keys = 0;
    while (chunk >= 1) {
      try {
        storage.setItem(`filler.${keys}`, 'x'.repeat(chunk));
        keys++;
      } catch {
        chunk = Math.floor(chunk / 2);
      }
    }
    return keys;
  }, area);
}

/** Takes the filler of fillStorage away again. */
export async function emptyFiller(page: Page, area: 'local' | 'session'): Promise<void> {
  await page.evaluate((area) => {
    const storage = area === 'local' ? localStorage : sessionStorage;
    for (const key of Object.keys(storage)) if (key.startsWith('filler.')) storage.removeItem(key);
  }, area);
}
