// Snapshots and their diff. This spec edits the emulator's strings through its test hook, so the Playwright
// config runs it after every other spec (project "changes-data"): no other test sees the data move.
import { expect, test } from '@playwright/test';
import { authorizationOf, editString, emulatorQuery } from './support/emulator-data.ts';
import { openLibraryTab } from './support/library.ts';
import { runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

const STRINGS = '/projects/1/strings';

test('a snapshot survives a reload, and its diff shows exactly the rows the emulator changed', async ({
  page,
}) => {
  await signInToDemoProject(page);
  // Ten strings marked through the emulator's test hook make the snapshot's rows.
  await setQuery(page, 'not is hidden');
  const first = await runFromEditor(page);
  const authorization = await authorizationOf(first);
  const visible = (await emulatorQuery(authorization, STRINGS, 'not is hidden')).slice(-11);
  for (const [k, row] of visible.slice(0, 10).entries()) {
    await editString({ id: row.id as number, text: `zq-keep ${k}` });
  }
  const outside = visible[10]!;
  const query = '(text contains "zq-keep" or text contains "zq-added") and not text contains "zq-removed"';
  await setQuery(page, query);
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('10 rows loaded');
  const before = await emulatorQuery(authorization, STRINGS, query);

  let library = await openLibraryTab(page, /Snapshots/);
  await library.getByLabel('Snapshot the last run as').fill('Release');
  await library.getByRole('button', { name: 'Save snapshot' }).click();
  await expect(library.getByTestId('snapshot-item')).toContainText('Release');
  await expect(library.getByTestId('snapshot-item')).toContainText('10 rows');

  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 15_000 });
  library = await openLibraryTab(page, /Snapshots/);
  const item = library.getByTestId('snapshot-item').filter({ hasText: 'Release' });
  await expect(item).toBeVisible();
  await expect(item.getByTestId('snapshot-size')).toHaveText(/\d+(\.\d)? (B|KB)/);

  const changed = before[2]!;
  const removed = before[5]!;
  await editString({ id: changed.id as number, text: 'zq-keep, changed' });
  await editString({ id: removed.id as number, text: 'zq-keep zq-removed' });
  await editString({ id: outside.id as number, text: 'zq-added' });

  await item.getByRole('button', { name: 'Diff with a new run' }).click();
  const dialog = page.getByTestId('diff-dialog');
  await expect(dialog.getByTestId('diff-summary')).toHaveText('1 added, 1 removed, 1 changed, 8 unchanged.', {
    timeout: 20_000,
  });
  const table = dialog.getByTestId('compare-table');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toHaveAttribute('data-row-id', `string:${outside.id}`);
  await dialog.getByRole('tab', { name: /Removed/ }).click();
  await expect(table.locator('tbody tr')).toHaveAttribute('data-row-id', `string:${removed.id}`);
  await dialog.getByRole('tab', { name: /Changed/ }).click();
  await expect(table.locator('tbody tr')).toHaveAttribute('data-row-id', `string:${changed.id}`);
  await expect(table.getByTestId('changed-fields')).toHaveText('text, updated');
  await expect(table.locator('ins').first()).toHaveText('zq-keep, changed');

  // Deleting keeps the others (and the list says so).
  await page.keyboard.press('Escape');
  await item.getByRole('button', { name: 'Delete snapshot Release' }).click();
  await expect(library.getByTestId('snapshot-item').filter({ hasText: 'Release' })).toHaveCount(0);
});
