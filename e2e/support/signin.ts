import { expect, type Page } from '@playwright/test';

/** The emulator's base URL in the e2e run (see playwright.config.ts). */
export const EMULATOR_URL = 'http://127.0.0.1:4318';

/**
 * Signs in through the real flow: the app's "Sign in" button (emulator connection, preselected), the
 * emulator's consent page (pick `user`, Approve), back to the app until it shows the signed-in user.
 * Opens the app first when the page is still blank; otherwise signs in from where the page is.
 */
export async function signIn(page: Page, { user = 'alice' }: { user?: string } = {}): Promise<void> {
  if (!/^https?:/.test(page.url())) await page.goto('/');
  await openConsentPage(page);
  await chooseUser(page, user);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectSignedIn(page, user);
}

/** Clicks the app's "Sign in" and waits for the emulator's consent page. */
export async function openConsentPage(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  await page.waitForURL(/\/oauth\/authorize/);
}

/** The header names the signed-in user and offers "Sign out". */
export async function expectSignedIn(page: Page, user?: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 15_000 });
  if (user) await expect(page.getByTestId('signed-in-user')).toContainText(user);
}

async function chooseUser(page: Page, user: string): Promise<void> {
  const select = page.getByRole('combobox').first();
  if ((await select.count()) === 0) return;
  const options = await select
    .locator('option')
    .evaluateAll((els) =>
      els.map((el) => ({ value: (el as HTMLOptionElement).value, label: el.textContent ?? '' })),
    );
  const match =
    options.find((o) => o.value === user || o.label.trim() === user) ??
    options.find((o) => o.label.toLowerCase().includes(user.toLowerCase()));
  if (!match)
    throw new Error(
      `The consent page offers no user "${user}" (options: ${options.map((o) => o.label).join(', ')})`,
    );
  await select.selectOption(match.value);
}
