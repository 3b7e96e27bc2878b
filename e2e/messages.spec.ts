import { expect, test } from '@playwright/test';
import { editorOf, focusEditor, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';
import { EMULATOR_URL, expectSignedIn } from './support/signin.ts';

// What the app says when something goes wrong says what happened, in plain sentences.

test('after the emulator restarts, the app says so (not "Session expired") and signs in again in one click', async ({
  page,
  request,
}) => {
  // This test ends its sign-in, so it does not share the worker's (support/query.ts).
  await signInToDemoProject(page, { fresh: true });
  await setQuery(page, 'max length > 5');
  const token = await page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('croql.session') ?? '{}') as { accessToken?: string }).accessToken,
  );
  // The emulator forgets this sign-in exactly as a restart forgets them all (parallel tests keep theirs).
  const forgot = await request.post(
    `${EMULATOR_URL}/__emulator/forget-sign-in?token=${encodeURIComponent(token ?? '')}`,
  );
  expect(await forgot.json()).toEqual({ forgotten: true });

  await page.getByRole('button', { name: 'Run', exact: true }).dispatchEvent('click');
  const alert = page.getByRole('alert').filter({ hasText: 'The emulator restarted' }).first();
  await expect(alert).toHaveText(
    /^The emulator restarted and no longer knows this sign-in \(it keeps sign-ins in memory\)\. Sign in again: your query is kept\./,
  );
  await expect(page.getByText('Session expired')).toHaveCount(0);
  await alert.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(/\/oauth\/authorize/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectSignedIn(page);
  await expect(editorOf(page)).toHaveText('max length > 5');
});

test('a rejected run after an empty one: one full stop, and no "rows below" when there are none', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, 'text contains "no such text zq"');
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('0 rows loaded');

  // The editor flags the unknown user; "Run anyway" sends it, and the service refuses it.
  await setQuery(page, 'count of comments where (user = @user:"zed") > 0');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByTestId('run-guard').getByRole('button', { name: 'Run anyway' }).click();
  const error = page.getByTestId('results-error');
  await expect(error).toContainText(
    'The service rejected the query: There is no user zed in this project. Fix it in the editor and run again.',
  );
  await expect(error).not.toContainText('..');
  await expect(error).not.toContainText('rows below');

  // Changed after the failed run: the notice names the error, in a grammatical sentence.
  await setQuery(page, 'is hidden');
  await expect(page.getByTestId('stale-notice')).toContainText(
    'The error below belongs to the previous run.',
  );
});
