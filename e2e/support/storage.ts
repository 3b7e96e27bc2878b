import type { Page } from '@playwright/test';

/**
 * Fills localStorage or sessionStorage until the browser refuses even one more character
 * (QuotaExceededError), as a site that has used up its quota would be. Runs in the page: self-contained.
 */
function fill(area: 'local' | 'session'): number {
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
}

/** Fills the page's storage (`fill`). Returns the keys written. */
export async function fillStorage(page: Page, area: 'local' | 'session'): Promise<number> {
  return page.evaluate(fill, area);
}

/**
 * Fills the storage before the app's own scripts run, on every load of the page whose address matches
 * `address` (the sign-in's return, say, which no test step can reach before the app does).
 */
export async function fillStorageOnLoad(
  page: Page,
  area: 'local' | 'session',
  address: RegExp,
): Promise<void> {
  await page.addInitScript({
    content: `if (${address}.test(location.href)) (${fill.toString()})(${JSON.stringify(area)});`,
  });
}

/** Takes the filler of fillStorage away again. */
export async function emptyFiller(page: Page, area: 'local' | 'session'): Promise<void> {
  await page.evaluate((area) => {
    const storage = area === 'local' ? localStorage : sessionStorage;
    for (const key of Object.keys(storage)) if (key.startsWith('filler.')) storage.removeItem(key);
  }, area);
}
