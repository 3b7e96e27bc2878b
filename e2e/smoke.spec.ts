import { test, expect } from '@playwright/test';
import { signIn } from './support/signin.ts';

test('the page loads with a title, a labelled main region and no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));

  await page.goto('/');
  await expect(page).toHaveTitle('CroQL Playground');
  await expect(page.getByRole('main')).toHaveAccessibleName(/.+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the results card keeps its size when the results code loads (no jump after the first paint)', async ({
  page,
}) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Results' });
  await expect(card).toContainText('Press Run');
  const before = (await card.boundingBox())!.height;
  // Signing in loads the results code and its styles.
  await signIn(page);
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.styleSheets].some((sheet) =>
          [...sheet.cssRules].some((rule) => (rule as CSSStyleRule).selectorText === '.results-toolbar'),
        ),
      ),
    )
    .toBe(true);
  await expect(card).toContainText('Press Run');
  expect((await card.boundingBox())!.height).toBe(before);
});
