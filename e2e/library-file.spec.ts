// Issue #22, item 6: a template's datetime relative to the run, and the Library's queries as a file to share.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { authorizationOf, emulatorQuery } from './support/emulator-data.ts';
import { openLibraryTab } from './support/library.ts';
import { editorOf, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

const TEMPLATE = 'updated >= {{since}} or added >= {{since}}';
const DATETIME = /^'(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)'$/;

/** The datetime a sent query holds for `{{since}}`, as epoch ms. */
function sentSince(croql: string): number {
  const literal = croql.split(' or ')[0]!.replace('updated >= ', '');
  const m = DATETIME.exec(literal);
  expect(m, `a plain datetime literal was sent, not ${literal}`).not.toBeNull();
  return Date.parse(m![1]!.replace(' ', 'T') + 'Z');
}

test('a relative datetime becomes the run’s date; the saved template travels through a file and stays relative', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, TEMPLATE);
  const params = page.getByRole('region', { name: 'Template parameters' });
  await expect(params.getByLabel('Type of since')).toHaveValue('datetime');
  await params.getByLabel('{{since}}').fill('30 days ago');
  await expect(
    params.getByText(/Worked out at each run; a run at this moment uses \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/),
  ).toBeVisible();
  await expect(page.getByTestId('explain-line')).toContainText(
    /updated on or after 30 days ago \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\)/,
  );

  const before = Date.now();
  const request = await runFromEditor(page);
  const croql = new URL(request.url()).searchParams.get('croql')!;
  expect(Math.abs(sentSince(croql) - (before - 30 * 86_400_000))).toBeLessThan(10_000);
  const expected = await emulatorQuery(await authorizationOf(request), '/projects/1/strings', croql);
  await expect(page.getByTestId('results-count')).toContainText(`${Math.min(500, expected.length)} row`);

  // Saved as a template, exported to a file that keeps the value as written.
  const library = await openLibraryTab(page, /Saved/);
  await library.getByLabel('Save the current query as').fill('Changed lately');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByRole('button', { name: /^Changed lately/ })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await library.getByRole('button', { name: 'Export to a file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('croql-queries-local-emulator-acme-shop.json');
  const file = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(file.queries).toEqual([
    {
      name: 'Changed lately',
      text: TEMPLATE,
      listing: 'strings',
      params: [{ name: 'since', type: 'datetime', value: '30 days ago' }],
    },
  ]);

  // A teammate's Library: empty, then the file with one query of theirs that cannot be imported.
  await library.getByRole('button', { name: 'Clear all…' }).click();
  await library.getByRole('button', { name: 'Delete all' }).click();
  await expect(library.getByText('No saved queries for this project yet.')).toBeVisible();
  file.queries.push({ name: 'Broken', listing: 'projects', text: 'is hidden' });
  await library.getByTestId('library-import-file').setInputFiles({
    name: 'team.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(file)),
  });
  const outcome = library.getByRole('status').filter({ hasText: 'Imported' });
  await expect(outcome).toContainText(
    'Imported 1 query from “team.json” into Local emulator · Acme Shop; 1 problem in the file (below).',
  );
  await expect(outcome.getByRole('listitem')).toHaveText([
    'Query 2 (“Broken”): its listing "projects" is none of strings, translations, tmSegments, glossaryTerms; not imported.',
  ]);
  await expect(library.getByRole('tab', { name: 'Saved (1)' })).toBeVisible();

  // The imported template opens with its relative value, and a new run works it out again.
  await setQuery(page, 'is hidden');
  await library.getByRole('button', { name: /^Changed lately/ }).click();
  await expect(editorOf(page)).toHaveText(TEMPLATE);
  await expect(params.getByLabel('{{since}}')).toHaveValue('30 days ago');
  const again = Date.now();
  const rerun = await runFromEditor(page);
  const resent = new URL(rerun.url()).searchParams.get('croql')!;
  expect(Math.abs(sentSince(resent) - (again - 30 * 86_400_000))).toBeLessThan(10_000);

  // A file that is not a Library export changes nothing and says so.
  await library.getByTestId('library-import-file').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expect(library.getByRole('alert')).toHaveText(
    'The file is not JSON: choose a file the Library exported. Nothing was imported.',
  );
  await expect(library.getByRole('tab', { name: 'Saved (1)' })).toBeVisible();
});

test('the Library opens on History while nothing is saved for the project', async ({ page }) => {
  await signInToDemoProject(page);
  await setQuery(page, 'is hidden');
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('loaded');
  await page.getByRole('button', { name: 'Library' }).click();
  const library = page.getByRole('complementary', { name: 'Library' });
  await expect(library.getByRole('tab', { name: /History \(1\)/ })).toHaveAttribute('aria-selected', 'true');
  await expect(library.getByRole('listitem').filter({ hasText: 'is hidden' })).toBeVisible();
});
