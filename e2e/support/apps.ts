// The app developers' specs: the playground beside the e2e's Enterprise emulator (playwright.config.ts,
// APPS_APP_PORT and APPS_EMULATOR_PORT), its Apps view, and a step app of the test's own.
import { expect, type Locator, type Page } from '@playwright/test';
import { focusEditor } from './query.ts';
import { signIn } from './signin.ts';
import { StepApp } from './test-app.ts';

export const APPS_EMULATOR_URL = 'http://127.0.0.1:4319';
export const APPS_APP_URL = 'http://127.0.0.1:4320';

/** Signs in to the Enterprise emulator's playground (or the one at `appUrl`) and opens the Apps view. */
export async function openAppsView(page: Page, appUrl = APPS_APP_URL): Promise<Locator> {
  await page.goto(appUrl);
  await signIn(page);
  await page.getByRole('button', { name: 'Apps', exact: true }).click();
  const view = page.getByTestId('apps-view');
  await expect(view.getByText('Live', { exact: true })).toBeVisible();
  return view;
}

/** Registers an OAuth app through the view and reads its credentials off it. */
export async function registerOAuthApp(view: Locator, name: string) {
  const section = view.getByRole('region', { name: /^OAuth apps/ });
  if (!(await section.getByLabel('Name', { exact: true }).isVisible())) {
    await section.getByText(/^OAuth apps/).click();
  }
  await section.getByLabel('Name', { exact: true }).fill(name);
  await section.getByRole('button', { name: 'Register OAuth app' }).click();
  const entry = section.getByTestId('oauth-app').filter({ hasText: name });
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: `Show Client secret of ${name}` }).click();
  const clientId = (await entry.getByTestId('client-id').textContent())!;
  const clientSecret = (await entry.locator('.apps-secret code').textContent())!;
  expect(clientSecret).toMatch(/^[A-Za-z0-9]{40}$/);
  return { clientId, clientSecret };
}

/** Registers an OAuth app in the view and starts a step app with its credentials. */
export async function startStepApp(
  view: Locator,
  identifier: string,
  emulatorUrl = APPS_EMULATOR_URL,
): Promise<StepApp> {
  const { clientId, clientSecret } = await registerOAuthApp(view, `OAuth ${identifier}`);
  return StepApp.start({ identifier, emulatorUrl, clientId, clientSecret });
}

/**
 * Installs from the manifest URL through the view; resolves to the app's card. The card must name this
 * manifest: a card left by an earlier install of the same app is not this install's.
 */
export async function install(view: Locator, manifestUrl: string, identifier: string): Promise<Locator> {
  await view.getByLabel('Manifest URL').fill(manifestUrl);
  await view.getByRole('button', { name: 'Install', exact: true }).click();
  const card = view
    .getByTestId('installed-app')
    .filter({ hasText: identifier })
    .filter({ hasText: manifestUrl });
  await expect(card).toBeVisible();
  return card;
}

/** A count cell of a step's table: strings of `language` in `status`. */
export const countCell = (step: Locator, language: string, status: string) =>
  step.getByTestId('step-counts').locator(`td[data-language="${language}"][data-status="${status}"]`);

/** Sends the strings `query` matches to the step in one language, through the step's send form. */
export async function sendToStep(step: Locator, query: string, language: string): Promise<void> {
  await focusEditor(step.getByRole('textbox', { name: /^Query for step/ }));
  await step.page().keyboard.insertText(query);
  await step.page().keyboard.press('Escape');
  for (const box of await step.getByRole('group', { name: 'Languages' }).getByRole('checkbox').all()) {
    // Each box is named by its language's name; its value is the language id.
    await box.setChecked((await box.getAttribute('value')) === language);
  }
  await step.getByRole('button', { name: 'Send to the step' }).click();
  await expect(step.getByTestId('send-result')).toBeVisible();
}
