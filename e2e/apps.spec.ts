// The Apps view drives a real step app against the e2e's Enterprise emulator: install from its manifest
// (a refused one first), add the step, send the strings a CroQL query matches, see the signed delivery
// (the signature checked in the view and by the app), redeliver, and watch the app's PATCHes route the
// strings to DONE.
import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator } from '@playwright/test';
import {
  APPS_EMULATOR_URL,
  countCell,
  install,
  openAppsView,
  registerOAuthApp,
  sendToStep,
  startStepApp,
} from './support/apps.ts';
import { authorizationOf, emulatorQuery } from './support/emulator-data.ts';
import { focusEditor } from './support/query.ts';
import { StepApp } from './support/test-app.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';

test.describe.configure({ timeout: 90_000 });

const QUERY = 'identifier contains "paypal" and not is hidden';
let app: StepApp | null = null;
test.afterEach(async () => {
  await app?.close();
  app = null;
});

test('install a step app, send strings by a query, check the signed delivery, redeliver, route by PATCH', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The playground's own API calls carry a token for the emulator's listing, the test's oracle.
  const apiRequest = page.waitForRequest((r) => r.url().startsWith(`${APPS_EMULATOR_URL}/api/v2/`));
  const view = await openAppsView(page);
  const identifier = `e2e-apps-${test.info().workerIndex}-${Date.now()}`;
  app = await startStepApp(view, identifier);

  // A refused manifest: each problem at its place, and the URL typed is kept.
  await view.getByLabel('Manifest URL').fill(app.refusedManifestUrl);
  await view.getByRole('button', { name: 'Install', exact: true }).click();
  const refusal = view.getByRole('alert').filter({ hasText: 'The manifest has' });
  await expect(
    refusal.getByTestId('manifest-problem').filter({ hasText: 'authenticationType is not a key' }),
  ).toBeVisible();
  await expect(view.getByLabel('Manifest URL')).toHaveValue(app.refusedManifestUrl);

  // The install: the installed event, and the app's token request beside it.
  const card = await install(view, app.manifestUrl, identifier);
  expect(app.appSecret).not.toBeNull();
  // The log shows this app's deliveries only (other specs install theirs on the same emulator).
  await view.getByRole('combobox', { name: 'App', exact: true }).selectOption(identifier);
  const installed = view
    .getByTestId('delivery-log')
    .locator('li')
    .filter({ hasText: 'installed event' })
    .first();
  await expect(installed.getByTestId('app-calls')).toContainText('token request');
  await expect(card.getByTestId('app-secret')).toContainText('Show');

  // The step, and the strings the query matches sent to it in one language.
  await card.getByRole('button', { name: 'Add to the workflow' }).click();
  const step = card.getByTestId('workflow-step');
  await expect(step).toBeVisible();
  await sendToStep(step, QUERY, 'uk');
  const matched = await emulatorQuery(
    await authorizationOf(await apiRequest),
    '/projects/1/strings',
    QUERY,
    APPS_EMULATOR_URL,
  );
  expect(matched.length).toBeGreaterThan(0);
  await expect(step.getByTestId('send-result')).toContainText(`matched ${matched.length} string`);
  await expect(countCell(step, 'uk', 'NEED_PROCESS')).toHaveText(String(matched.length));

  // Batched (the service's minute) until sent now; then delivered, signed, and checked in the view.
  // (Other specs flush the same emulator, so this batch may already be on its way.)
  await expect(step.getByTestId('send-result')).toContainText('with the next batch (every minute');
  const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
  await view.getByRole('button', { name: 'Send queued now' }).click();
  await expect(batch).toHaveAttribute('data-state', 'delivered');
  expect(app.deliveries).toEqual([{ signatureValid: true, events: matched.length, redelivery: false }]);
  await batch.click();
  const detail = view.getByTestId('delivery-detail');
  await expect(detail.getByTestId('signature-verdict')).toHaveAttribute('data-valid', 'true');
  const sent = await detail.getByTestId('signature-sent').textContent();
  await expect(detail.getByTestId('signature-computed')).toHaveText(sent!);

  // The verifier in both languages.
  await detail.getByText('Verify it in your app').click();
  await expect(detail.getByTestId('verifier-snippet')).toContainText("createHmac('sha256', appSecret)");
  await detail.getByRole('tab', { name: 'Python' }).click();
  await expect(detail.getByTestId('verifier-snippet')).toContainText('hmac.compare_digest');

  // The fixture and the curl command carry the request as sent: the signature verifies over its body.
  const download = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download fixture' }).click();
  const fixture = JSON.parse(await readFile((await (await download).path())!, 'utf8')) as {
    headers: Record<string, string>;
    body: string;
  };
  expect(createHmac('sha256', app.appSecret!).update(fixture.body).digest('hex')).toBe(sent);
  expect(fixture.headers['X-Crowdin-Signature']).toBe(sent);
  await detail.getByRole('button', { name: 'Copy as curl' }).click();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain(`-H 'X-Crowdin-Signature: ${sent}'`);
  expect(curl).toContain('--data-binary');

  // Redeliver: the same bytes again, and this time the app routes them by PATCH.
  app.routing = true;
  await detail.getByRole('button', { name: 'Redeliver' }).click();
  const redelivery = view.getByTestId('delivery').filter({ hasText: /redelivery of #\d+/ });
  await expect(redelivery).toHaveAttribute('data-state', 'delivered');
  await expect(redelivery).toHaveAttribute('aria-current', 'true');
  expect(app.deliveries[1]).toEqual({ signatureValid: true, events: matched.length, redelivery: true });
  expect(app.patches).toEqual([{ status: 200, ops: matched.length }]);
  await expect(view.getByTestId('delivery-detail').getByTestId('signature-verdict')).toHaveAttribute(
    'data-valid',
    'true',
  );
  const redeliveryItem = view
    .getByTestId('delivery-log')
    .locator('li')
    .filter({ has: page.getByTestId('delivery').filter({ hasText: /redelivery of #\d+/ }) });
  await expect(redeliveryItem.getByTestId('app-calls')).toContainText(
    /PATCH \/api\/v2\/projects\/1\/workflow-steps\/\d+\/languages\/uk\/status 200/,
  );

  // The statuses change in the view as the PATCH lands.
  await expect(countCell(step, 'uk', 'DONE')).toHaveText(String(matched.length));
  await expect(countCell(step, 'uk', 'NEED_PROCESS')).toHaveText('0');
  await countCell(step, 'uk', 'DONE').getByRole('button').click();
  await expect(step.getByTestId('step-strings').locator('tbody tr')).toHaveCount(
    Math.min(matched.length, 25),
  );
  // The output by its title in the manifest ("Reviewed", port `translated`).
  await expect(step.getByTestId('step-strings').locator('tbody tr').first()).toContainText('Reviewed');
  // Each row says which string it is: the query matched identifiers containing "paypal".
  await expect(
    step.getByTestId('step-strings').locator('tbody tr').first().locator('code').first(),
  ).toContainText('paypal');

  // The step's settings page inside the view: Save asks the page's validateForm() first, then the app
  // takes the settings (its JWT verified with the OAuth client's secret).
  const stepId = Number(await step.getAttribute('data-step-id'));
  await step.getByRole('button', { name: 'Open the settings page' }).click();
  const settings = step.getByTestId('settings-page');
  await expect(settings).toContainText('The page loaded the bridge.');
  // The page's opening is in the log, with the call the app made as it loaded (not under the redelivery).
  const opened = view
    .getByTestId('delivery-log')
    .locator('li')
    .filter({ has: page.getByTestId('delivery').filter({ hasText: 'settings page opened' }) });
  await expect(opened.getByTestId('app-calls')).toContainText('GET /api/v2/projects/1/workflow-steps 200');
  await expect(redeliveryItem.getByTestId('app-calls')).not.toContainText('workflow-steps 200');
  const form = settings.frameLocator('iframe').getByLabel('Route every string to the port');
  await form.fill('');
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByRole('alert').filter({ hasText: 'not valid' })).toContainText(
    'window.formRef.validateForm() returned false',
  );
  expect(app.settingsCalls).toEqual([]);
  await form.fill('untranslated');
  await expect(settings).toContainText('The form differs from the saved settings.');
  await settings.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(settings.getByRole('status')).toContainText('Saved: the app took the settings');
  expect(app.settingsCalls).toEqual([{ method: 'POST', stepId, settings: { port: 'untranslated' } }]);
  await expect(step.getByTestId('saved-settings')).toContainText('"port": "untranslated"');
  // The page was not reloaded by the save: the form still holds what was typed, now saved.
  await expect(form).toHaveValue('untranslated');
  await expect(settings).not.toContainText('The form differs from the saved settings.');

  // Deleting the step tells the app (deleteSettingsUrl).
  await step.getByRole('button', { name: 'Delete the step…' }).click();
  await step.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(step).toHaveCount(0);
  expect(app.settingsCalls.at(-1)).toEqual({ method: 'DELETE', stepId, settings: undefined });

  // Uninstall: the card goes, the log stays.
  await card.getByRole('button', { name: 'Uninstall…' }).click();
  await card.getByRole('button', { name: 'Uninstall', exact: true }).click();
  await expect(card).toHaveCount(0);
  await expect(redelivery).toBeVisible();
});

test('what waits for the next batch shows above the log, live, and goes with Send queued now', async ({
  page,
}) => {
  const view = await openAppsView(page);
  const identifier = `e2e-queued-${test.info().workerIndex}-${Date.now()}`;
  app = await startStepApp(view, identifier);
  try {
    const card = await install(view, app.manifestUrl, identifier);
    // Filtered to this app, what waits and what Send queued now sends are its own: other specs queue and
    // flush on the same emulator, whose batches go every minute.
    await view.getByRole('combobox', { name: 'App', exact: true }).selectOption(identifier);
    await card.getByRole('button', { name: 'Add to the workflow' }).click();
    const step = card.getByTestId('workflow-step');
    await expect(step).toBeVisible();
    const waiting = view.getByTestId('queued-batch');
    await expect(waiting).toHaveCount(0);

    await sendToStep(step, QUERY, 'uk');
    const matched = Number(
      /matched (\d+) string/.exec(await step.getByTestId('send-result').innerText())?.[1],
    );
    expect(matched).toBeGreaterThan(1);
    // Announced politely, once: the line sits in a status region.
    await expect(view.getByRole('status').filter({ has: page.getByTestId('queued-batch') })).toHaveCount(1);
    await expect(waiting).toHaveText(
      new RegExp(
        `^${matched} events wait for the next batch to E2E ${identifier} \\(hook\\), at \\d\\d:\\d\\d:\\d\\d — or Send queued now$`,
      ),
    );
    const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
    await expect(batch).toHaveCount(0);

    await view.getByRole('button', { name: 'Send queued now' }).click();
    await expect(waiting).toHaveCount(0);
    await expect(batch).toHaveAttribute('data-state', 'delivered');
    await expect(batch).toContainText(`×${matched}`);
    expect(app.deliveries).toEqual([{ signatureValid: true, events: matched, redelivery: false }]);
  } finally {
    // Other specs share this emulator: leave no app behind.
    await fetch(`${APPS_EMULATOR_URL}${APPS_PATHS.uninstall(identifier)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
    });
  }
});

/** Text directly in a flex notice: each bare run is a separate flex item, gapped and wrapped apart. */
const bareText = (notice: Locator) =>
  notice.evaluate(
    (el) => [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim()).length,
  );

test('each fault says what happened in its own words, and what was typed stays', async ({ page }) => {
  const view = await openAppsView(page);
  const identifier = `e2e-faults-${test.info().workerIndex}-${Date.now()}`;
  const oauthName = `OAuth ${identifier}`;
  const { clientId, clientSecret } = await registerOAuthApp(view, oauthName);

  // Registering the same name again gives the same credentials: the view says so rather than nothing.
  const oauth = view.getByRole('region', { name: /^OAuth apps/ });
  await oauth.getByLabel('Name', { exact: true }).fill(oauthName);
  await oauth.getByLabel('Scopes').fill('project tm');
  await oauth.getByRole('button', { name: 'Register OAuth app' }).click();
  await expect(oauth.getByTestId('oauth-registered')).toHaveText(
    `${oauthName} was registered already: the same client id and secret, its scopes now project tm.`,
  );
  await expect(oauth.getByTestId('oauth-app').filter({ hasText: oauthName })).toHaveCount(1);

  // An app that answers the installed event with a 500: the answer, once, in words for an install.
  app = await StepApp.start({ identifier, emulatorUrl: APPS_EMULATOR_URL, clientId, clientSecret });
  app.installedAnswer = { status: 500, body: 'database is locked' };
  await view.getByLabel('Manifest URL').fill(app.manifestUrl);
  await view.getByRole('button', { name: 'Install', exact: true }).click();
  const refused = view.getByRole('alert').filter({ hasText: 'did not accept the installed event' });
  await expect(refused).toContainText(/The app answered 500 \(Only a 2xx completes an install\.\) after/);
  await expect(refused).toContainText('database is locked');
  await expect(refused).not.toContainText('delivery');
  await expect(view.getByLabel('Manifest URL')).toHaveValue(app.manifestUrl);

  // Fixed, it installs; the result reads as one sentence.
  app.installedAnswer = null;
  await view.getByRole('button', { name: 'Install', exact: true }).click();
  const result = view.getByTestId('install-result');
  await expect(result).toContainText(`Installed E2E ${identifier} (${identifier})`);
  expect(await bareText(result)).toBe(0);
  const card = view.getByTestId('installed-app').filter({ hasText: identifier });
  // The refusals are listed below the apps, so they never push the app being fixed out of sight.
  const problems = view.getByTestId('other-problems');
  // Superseded by the install, the refusals are folded (ui-walk D19), a click away.
  await expect(problems).not.toContainText(`Install of ${app.manifestUrl}`);
  await problems.getByRole('button', { name: /^Show \d+ more$/ }).click();
  await expect(problems).toContainText(`Install of ${app.manifestUrl}`);
  expect((await card.boundingBox())!.y).toBeLessThan((await problems.boundingBox())!.y);

  // The send form: an empty editor says it is not sent (not "lists everything"), then a broken query.
  await card.getByRole('button', { name: 'Add to the workflow' }).click();
  const step = card.getByTestId('workflow-step');
  await expect(step.getByTestId('explain-line')).toContainText('an empty one is not sent');
  await step.getByRole('button', { name: 'Send to the step' }).click();
  await expect(step.getByRole('alert')).toHaveText('Write the query first: the strings it matches are sent.');
  await focusEditor(step.getByRole('textbox', { name: /^Query for step/ }));
  await page.keyboard.insertText('identifier contans "paypal"');
  await page.keyboard.press('Escape');
  await step.getByRole('button', { name: 'Send to the step' }).click();
  const refusal = step.getByRole('alert').filter({ hasText: 'so nothing was sent' });
  await expect(refusal.locator('code')).toHaveText('identifier contans');
  expect(await bareText(refusal)).toBe(0);
  await expect(step.getByRole('textbox', { name: /^Query for step/ })).toHaveText(
    'identifier contans "paypal"',
  );

  // An app stuck on a delivery: the open delivery says which attempt waits, and how long the app has.
  app.hangWebhooks = true;
  await focusEditor(step.getByRole('textbox', { name: /^Query for step/ }));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.insertText(QUERY);
  await page.keyboard.press('Escape');
  await step.getByRole('button', { name: 'Send to the step' }).click();
  await expect(step.getByTestId('send-result')).toBeVisible();
  await view.getByRole('combobox', { name: 'App', exact: true }).selectOption(identifier);
  await view.getByRole('button', { name: 'Send queued now' }).click();
  const stuck = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' });
  await expect(stuck).toHaveAttribute('data-state', 'sending');
  await stuck.click();
  await expect(view.getByTestId('delivery-detail').getByRole('status')).toHaveText(
    "Attempt 1 is under way: the app has 30 s to answer (--webhook-timeout, the emulator's choice).",
  );
  // Uninstalled, the app gets no retries of it.
  await card.getByRole('button', { name: 'Uninstall…' }).click();
  await card.getByRole('button', { name: 'Uninstall', exact: true }).click();
  await expect(card).toHaveCount(0);

  // Installed again, its old step shows as one of the earlier install, not "its app was uninstalled".
  await install(view, app.manifestUrl, identifier);
  await expect(card.getByTestId('workflow-step')).toContainText(
    'Inactive: it was added under an earlier install of this app, which was uninstalled',
  );
});
