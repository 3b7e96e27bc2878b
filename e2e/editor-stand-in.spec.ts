// The editor stand-in in Chromium against the real emulator (the Enterprise pair of playwright.config.ts)
// and the README's example app, run here: its editor panel, opened in the stand-in, applies a CroQL filter
// and the stand-in's list is the strings listing's answer to it; the Advanced Filter set in the stand-in is
// what the panel's getCustomFilter reads; selecting a string with the keyboard reaches the panel as
// string.change; axe finds nothing on the stand-in with its panel.
import AxeBuilder from '@axe-core/playwright';
import { serve, type ServerType } from '@hono/node-server';
import { expect, test, type Page } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import { EXAMPLE_APP_ID, exampleApp } from '../src/sample-app/app.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';
import { emulatorQuery } from './support/emulator-data.ts';
import { APPS_EMULATOR_URL, install, openAppsView, registerOAuthApp } from './support/apps.ts';

test.describe.configure({ timeout: 90_000 });

let server: ServerType | null = null;
test.afterEach(async () => {
  // Other specs share this emulator, and this test installs again when repeated: leave no app behind.
  await fetch(`${APPS_EMULATOR_URL}${APPS_PATHS.uninstall(EXAMPLE_APP_ID)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** Starts the example app with the OAuth app's credentials; resolves to its manifest URL. */
async function startExampleApp(clientId: string, clientSecret: string): Promise<string> {
  const config = {
    baseUrl: '',
    clientId,
    clientSecret,
    accountsUrl: APPS_EMULATOR_URL,
    apiUrl: APPS_EMULATOR_URL,
    maxLength: 40,
    log: () => {},
  };
  const { app } = exampleApp(config);
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(info.port),
    );
  });
  config.baseUrl = `http://127.0.0.1:${port}`;
  return `${config.baseUrl}/manifest.json`;
}

/** The bearer token the playground sends to the emulator's API. */
function apiAuthorization(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      const authorization = request.headers()['authorization'];
      if (request.url().startsWith(`${APPS_EMULATOR_URL}/api/v2/`) && authorization) resolve(authorization);
    });
  });
}

test('the example panel drives the editor stand-in, and hears it', async ({ page }) => {
  const authorization = apiAuthorization(page);
  const view = await openAppsView(page);
  const { clientId, clientSecret } = await registerOAuthApp(view, 'OAuth example panel');
  const card = await install(view, await startExampleApp(clientId, clientSecret), EXAMPLE_APP_ID);
  const row = card.getByTestId('ui-module').filter({ hasText: 'Example panel' });
  await row.getByRole('button', { name: 'Open', exact: true }).click();
  const standIn = page.getByTestId('editor-stand-in');
  await expect(standIn.getByTestId('standin-count')).toContainText(/\d+ strings?/);
  await standIn.getByRole('button', { name: 'Open the panel' }).click();
  await expect(standIn.getByText('The panel loaded the bridge.')).toBeVisible();
  const panel = page.frameLocator('iframe[title="Example panel panel"]');
  const projectId = await standIn.getByLabel('Project').inputValue();
  const list = standIn.getByRole('listbox', { name: 'Strings' });
  /** The count and the list are the strings listing's answer to `croql`, in its order. */
  const expectListAnswers = async (croql: string) => {
    const expected = await emulatorQuery(
      await authorization,
      `/projects/${projectId}/strings`,
      croql,
      APPS_EMULATOR_URL,
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(standIn.getByTestId('standin-count')).toHaveText(
      new RegExp(`^${expected.length.toLocaleString('en-US')} strings?`),
    );
    const listed = list.getByRole('option');
    await expect(listed).toHaveCount(Math.min(expected.length, 200));
    const ids = await listed.evaluateAll((options) =>
      options.map((o) => Number(o.getAttribute('data-string-id'))),
    );
    expect(ids).toEqual(expected.slice(0, 200).map((s) => s.id));
  };

  // The panel applies CroQL: the list is the strings listing's answer to exactly that query.
  const croql = 'is hidden or text contains "a"';
  await panel.getByLabel('CroQL').fill(croql);
  await panel.getByRole('button', { name: 'Apply to editor' }).click();
  await expect(standIn.getByTestId('standin-croql')).toHaveText(`croql=${croql}`);
  await expectListAnswers(croql);

  // An Advanced Filter set in the stand-in is what the panel's getCustomFilter reads.
  await standIn.getByText('Advanced Filter', { exact: true }).click();
  await standIn.getByLabel('Translations').selectOption('untranslated');
  await standIn.getByRole('button', { name: 'Apply the Advanced Filter' }).click();
  await panel.getByRole('button', { name: 'Read the Advanced Filter' }).click();
  await expect(panel.getByLabel('Advanced Filter')).toContainText('"translations":"untranslated"');
  // The list is the listing's answer to the filter's CroQL. Waiting for it also keeps the keys below off
  // the list while it loads: it is empty (and busy) until the filter's pages are in, and a key pressed
  // then has no string to select.
  await expect(standIn.getByTestId('standin-croql')).toContainText('count of languages summary');
  const filterCroql = (await standIn.getByTestId('standin-croql').textContent())!.replace(/^croql=/, '');
  await expectListAnswers(filterCroql);
  await expect(list).not.toHaveAttribute('aria-busy', 'true');

  // Keyboard only: the list takes focus and the arrow keys select; the panel hears string.change.
  await list.press('Home');
  const first = list.getByRole('option', { selected: true });
  const id = await first.getAttribute('data-string-id');
  await expect(panel.locator('#string')).toHaveText(new RegExp(`^#${id} `));
  await list.press('ArrowDown');
  const second = await list.getByRole('option', { selected: true }).getAttribute('data-string-id');
  expect(second).not.toBe(id);
  await expect(panel.locator('#string')).toHaveText(new RegExp(`^#${second} `));

  const results = await new AxeBuilder({ page }).include('[data-testid="editor-stand-in"]').analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
  ).toEqual([]);
});
