// Record and replay deliveries through the Apps view (issue #31, item 3), against the e2e's Enterprise
// emulator: the deliveries to one installed step app recorded (a batch and its redelivery), the scenario
// file downloaded on Stop, then replayed from that file to a second installed app. The second app gets the
// same bodies in the same order, each signed anew with its own secret, and the redelivery again as a
// redelivery of the replayed first; the panel has no axe-core violations.
import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { APPS_EMULATOR_URL, install, openAppsView, sendToStep, startStepApp } from './support/apps.ts';
import type { StepApp } from './support/test-app.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';
import type { Fixture } from '../src/wire/apps.ts';
import type { ReplayResponse, Scenario } from '../src/wire/scenarios.ts';

const QUERY = 'identifier contains "paypal" and not is hidden';
const apps: StepApp[] = [];
test.afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** The request the emulator sent for a delivery of its log (the fixture route: body and headers as sent). */
async function sent(id: number): Promise<Fixture> {
  const res = await fetch(`${APPS_EMULATOR_URL}${APPS_PATHS.fixture(id)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Fixture;
}

test('record the deliveries to an app in the Apps view, download the scenario, replay it to another app', async ({
  page,
}) => {
  const view = await openAppsView(page);
  const stamp = `${test.info().workerIndex}-${Date.now()}`;
  const recordedId = `e2e-record-${stamp}`;
  const replayedId = `e2e-replay-${stamp}`;
  const recordedApp = await startStepApp(view, recordedId);
  apps.push(recordedApp);
  const replayedApp = await startStepApp(view, replayedId);
  apps.push(replayedApp);
  const card = await install(view, recordedApp.manifestUrl, recordedId);
  await install(view, replayedApp.manifestUrl, replayedId);
  expect(replayedApp.appSecret).not.toBe(recordedApp.appSecret);
  await view.getByRole('combobox', { name: 'App', exact: true }).selectOption(recordedId);
  await card.getByRole('button', { name: 'Add to the workflow' }).click();
  const step = card.getByTestId('workflow-step');
  await expect(step).toBeVisible();

  const panel = view.getByTestId('scenarios-panel');
  await panel.getByLabel('App to record').selectOption(recordedId);
  await panel.getByRole('button', { name: 'Record', exact: true }).click();
  await expect(panel.getByTestId('scenario-result')).toContainText(
    `Recording the deliveries to ${recordedId}`,
  );
  const axe = await new AxeBuilder({ page }).include('[data-testid="scenarios-panel"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);

  // A batch, then its redelivery: two deliveries, the second repeating the first.
  await sendToStep(step, QUERY, 'uk');
  const batch = view.getByTestId('delivery').filter({ hasText: 'recalculation_triggered' }).first();
  await view.getByRole('button', { name: 'Send queued now' }).click();
  await expect(batch).toHaveAttribute('data-state', 'delivered');
  await batch.click();
  await view.getByTestId('delivery-detail').getByRole('button', { name: 'Redeliver' }).click();
  const redelivery = view.getByTestId('delivery').filter({ hasText: /redelivery of #\d+/ });
  await expect(redelivery).toHaveAttribute('data-state', 'delivered');
  expect(recordedApp.deliveries.map((d) => d.redelivery)).toEqual([false, true]);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Stop and download' }).click();
  const file = (await (await download).path())!;
  await expect(panel.getByTestId('scenario-result')).toContainText(
    `Downloaded 2 deliveries to ${recordedId}`,
  );
  const scenario = JSON.parse(await readFile(file, 'utf8')) as Scenario;
  expect(scenario.app).toBe(recordedId);
  const [first, again] = scenario.deliveries;
  expect(again!.redeliveryOf).toBe(first!.id);
  expect(first!.body).toBe(again!.body);

  // The replay, from the downloaded file, to the other app, fast.
  await panel.getByLabel('Scenario file').setInputFiles(file);
  await panel.getByLabel('Replay to').selectOption(replayedId);
  await panel.getByLabel(/^Speed/).fill('100');
  const answer = page.waitForResponse((r) => r.url().endsWith(APPS_PATHS.scenarioReplay));
  await panel.getByRole('button', { name: 'Replay', exact: true }).click();
  const replayed = (await (await answer).json()) as ReplayResponse;
  await expect(panel.getByTestId('scenario-result')).toContainText(`Replayed 2 deliveries to ${replayedId}`);
  expect(replayed.deliveries.map((d) => d.redeliveryOf)).toEqual([null, replayed.deliveries[0]!.id]);

  // The other app got both, each verified with its own secret, the second as a repeat of the first.
  await expect.poll(() => replayedApp.deliveries.length).toBe(2);
  expect(replayedApp.deliveries).toEqual(recordedApp.deliveries.map((d) => ({ ...d, signatureValid: true })));
  // As sent: the recorded bodies byte for byte, in order, the signature the new secret's.
  for (const [i, d] of replayed.deliveries.entries()) {
    const request = await sent(d.id);
    expect(request.body).toBe(scenario.deliveries[i]!.body);
    expect(request.headers['X-Crowdin-Signature']).not.toBe(
      scenario.deliveries[i]!.headers['X-Crowdin-Signature'],
    );
  }
});
