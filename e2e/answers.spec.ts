// Answers that are not what the API sends, requests too long for a server, a server that cannot be reached
// and a browser that is offline: each says what happened, and the rows already shown stay.
import { expect, test, type Page } from '@playwright/test';
import { EMULATOR_URL } from './support/signin.ts';
import {
  focusEditor,
  loadedCount,
  runFromEditor,
  setQuery,
  signInToDemoProject,
  visibleIds,
} from './support/query.ts';

test.beforeEach(({ page }) => signInToDemoProject(page));

/** Runs `is hidden` and waits for its rows: what must still be on screen after a failed run. */
async function showHiddenStrings(page: Page): Promise<string[]> {
  await setQuery(page, 'is hidden');
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('first page');
  expect(await loadedCount(page)).toBeGreaterThan(0);
  return visibleIds(page);
}

/** `identifier = "v0000" or …`, `terms` of them: 26 characters a term as written, about 40 percent-encoded. */
const orChain = (terms: number) =>
  Array.from({ length: terms }, (_, i) => `identifier = "v${String(i).padStart(4, '0')}"`).join(' or ');

/** Pastes a text too long for the editor to show whole (setQuery reads it back from the screen). */
async function pasteQuery(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
}

/** Runs what the editor holds, through "Run anyway" when the editor knows the query is wrong. */
async function runAnyway(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByTestId('run-guard').getByRole('button', { name: 'Run anyway' }).click();
}

test('a 200 whose body is not a page of the listing is an error that names what is wrong; the rows shown stay', async ({
  page,
  request,
}, testInfo) => {
  const before = await showHiddenStrings(page);
  // The emulator answers this query (and only it) with the body a broken proxy sent (issue #23).
  const planted = `identifier = "malformed-${testInfo.workerIndex}-${Date.now()}"`;
  const plant = (body: unknown) =>
    request.post(`${EMULATOR_URL}/__emulator/plant-answer`, { data: { croql: planted, body } });
  await plant({ data: [{ data: null }, { x: 1 }], pagination: 'no' });
  try {
    await setQuery(page, planted);
    await runFromEditor(page);
    const error = page.getByTestId('results-error');
    await expect(error).toContainText(
      'The answer from 127.0.0.1:4318 is not what the API sends: data[0].data: expected a source string (an object), found null.',
    );
    await expect(error).toContainText('The rows below are from the last run that worked.');
    await expect(page.getByText('stopped working')).toHaveCount(0);
    expect(await visibleIds(page)).toEqual(before);

    // Retry once the server answers properly: the run's (empty) result replaces the old rows.
    await plant(null);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('results-error')).toHaveCount(0);
    await expect(page.getByTestId('results-count')).toContainText('0 rows loaded');
  } finally {
    await plant(null);
  }
});

test('before Run the editor says when the request is longer than servers commonly accept, and Copy link when a link is too long to share', async ({
  page,
}) => {
  const short = 'identifier in ("a", "b")';
  await setQuery(page, short);
  await expect(page.getByTestId('request-length')).toHaveCount(0);
  await setQuery(page, orChain(300));
  const note = page.getByTestId('request-length');
  await expect(note).toContainText(
    /The request will be [\d,]+ characters long, more than servers commonly accept \(8,000\)/,
  );
  await expect(note).toContainText('The emulator takes it, but Crowdin or a proxy on the way may refuse it.');
  // It does not block: Run sends the query, and the emulator answers it.
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('first page');

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('permalink-too-long')).toContainText(
    /This link is [\d,]+ characters long, more than links can be relied on to carry \(8,000\)/,
  );
  await page.getByRole('button', { name: 'Close permalink' }).click();
  await setQuery(page, short);
  await expect(note).toHaveCount(0);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('permalink')).toBeVisible();
  await expect(page.getByTestId('permalink-too-long')).toHaveCount(0);
});

test("a request too long for the server says so, with the server's words; a server that cannot be reached says that", async ({
  page,
}) => {
  const before = await showHiddenStrings(page);
  // Past the editor's own limit (65,536 characters) and the emulator's URL limit (606,208): 68,000
  // ellipses are 612,000 characters percent-encoded. The emulator answers a JSON 414 the app can read.
  await pasteQuery(page, `identifier = "${'…'.repeat(68_000)}"`);
  await expect(page.getByTestId('request-length')).toContainText(
    /The request will be 6\d\d,\d\d\d characters long/,
  );
  await runAnyway(page);
  const error = page.getByTestId('results-error');
  await expect(error).toContainText(
    'The request is too long for 127.0.0.1:4318, which says: The request URL is',
  );
  await expect(error).toContainText('the emulator takes up to 606,208. Shorten the query.');
  await expect(error.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  expect(await visibleIds(page)).toEqual(before);

  // A long query whose request no answer comes back for while the emulator answers a short request (as a
  // proxy that drops long URLs): too long. When nothing answers at all: the emulator is not running.
  await setQuery(page, orChain(300));
  await page.route(`${EMULATOR_URL}/api/**`, (route) => route.abort('connectionreset'));
  await runFromEditor(page);
  await expect(error).toContainText(
    /The request is too long for 127\.0\.0\.1:4318: it answers a short request but refused this one, whose URL is [\d,]+ characters long/,
  );
  await page.route(`${EMULATOR_URL}/`, (route) => route.abort('connectionrefused'));
  await runFromEditor(page);
  await expect(error).toContainText('The emulator is not running — start it with npm run emulator');
  expect(await visibleIds(page)).toEqual(before);
});

test('going offline is reported as offline: a run waits for the network and goes once it is back', async ({
  page,
  context,
}) => {
  await setQuery(page, '');
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('more available');
  const before = await visibleIds(page);
  await context.setOffline(true);
  try {
    // Fetch all pages by itself: its request fails, and it says why.
    await page.getByRole('button', { name: /^Fetch all/ }).click();
    await expect(
      page.getByText(
        'Fetch all stopped: You are offline, so the request to 127.0.0.1:4318 could not be sent.',
      ),
    ).toBeVisible();
    // A run waits (TanStack Query holds it while the browser is offline): not "Cancelled".
    await setQuery(page, 'is hidden');
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('run-offline')).toContainText(
      'You are offline: the run waits for the network and starts by itself once you are back online.',
    );
    await expect(page.getByTestId('run-cancelled')).toHaveCount(0);
    expect(await visibleIds(page)).toEqual(before);
  } finally {
    await context.setOffline(false);
  }
  await expect(page.getByTestId('run-offline')).toHaveCount(0);
  await expect(page.getByTestId('results-count')).toContainText('first page');
});
