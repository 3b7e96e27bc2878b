// Issue #22, items 1–3: results read the way a localization engineer reads them. A translation beside its
// source string (fetched a page of strings at a time, never a string per row), plural forms a line each,
// ICU syntax apart from text, a text over its max length marked, a TM segment as source | target.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import { authorizationOf, emulatorQuery } from './support/emulator-data.ts';
import { runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

type Row = Record<string, unknown>;

const firstRow = (page: Page) => page.getByTestId('results-table').locator('[role="row"][data-index="0"]');
/** The cell under `header` in `row` (the first row unless given), once the table shows that column. */
const cellOf = async (page: Page, header: string, row = firstRow(page)) => {
  const table = page.getByTestId('results-table');
  await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const headers = await table.getByRole('columnheader').allTextContents();
  const at = headers.findIndex((h) => h.replace(/[▲▼]/g, '').trim() === header);
  expect(at, `a "${header}" column`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(at);
};
/** The row whose first cell (the id) is `id`. */
const rowOf = (page: Page, id: unknown) =>
  page
    .getByTestId('results-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(id), exact: true }) });

/** A translation's text: its own, or its plural forms' joined. */
const texts = (t: Row): string[] =>
  Array.isArray(t.plurals) ? (t.plurals as Row[]).map((p) => String(p.text)) : [String(t.text)];

async function runTranslations(page: Page, language: string, query: string): Promise<Request> {
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language', { exact: true }).selectOption(language);
  await setQuery(page, query);
  return runFromEditor(page, `/projects/1/languages/${language}/translations`);
}

test('a translation reads beside its source string, a page of strings at a time, and opens in Crowdin', async ({
  page,
}) => {
  await signInToDemoProject(page);
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (/\/projects\/1\/strings(\/\d+)?$/.test(path)) asked.push(path);
  });
  const run = await runTranslations(page, 'de', 'text contains "e"');
  const authorization = await authorizationOf(run);
  const [translation] = await emulatorQuery(
    authorization,
    '/projects/1/languages/de/translations',
    'text contains "e"',
  );
  const source = (await emulatorQuery(authorization, '/projects/1/strings', '')).find(
    (s) => s.id === translation!.stringId,
  )!;
  const sourceText =
    typeof source.text === 'string' ? source.text : String(Object.values(source.text as Row).at(-1));
  await expect(await cellOf(page, 'Source')).toContainText(sourceText);
  await expect(await cellOf(page, 'Text')).toContainText(texts(translation!).at(-1)!);
  // The strings of the page came with one listing request or two, not one Get String per row.
  expect(asked.filter((p) => /\/strings\/\d+$/.test(p))).toEqual([]);
  expect(asked.length).toBeGreaterThan(0);
  expect(asked.length).toBeLessThanOrEqual(2);

  await firstRow(page).click();
  const details = page.getByTestId('details-panel');
  await expect(details.locator('dt').first()).toHaveText('Source');
  await expect(details.locator('dd').first()).toContainText(sourceText);
  await expect(details.getByRole('link', { name: /Open in Crowdin/ })).toHaveAttribute(
    'href',
    new RegExp(`/editor/[^/]+/[^/]+/en-de#${String(translation!.stringId)}$`),
  );
  // The translator is named as people name them, not as a nested object (ui-walk D30).
  const user = translation!.user as { username: string; fullName: string };
  await expect(details).toContainText(`${user.fullName} (${user.username})`);
  await expect(details).not.toContainText('Avatar url');
});

test('a translation longer than its string’s max length is marked in the table', async ({ page }) => {
  await signInToDemoProject(page);
  const probe = await runTranslations(page, 'uk', '');
  const authorization = await authorizationOf(probe);
  const limited = await emulatorQuery(authorization, '/projects/1/strings', 'max length > 0');
  const max = new Map(limited.map((s) => [s.id as number, s.maxLength as number]));
  const translations = await emulatorQuery(authorization, '/projects/1/languages/uk/translations', '');
  const over = translations.find(
    (t) =>
      typeof t.text === 'string' &&
      max.has(t.stringId as number) &&
      [...t.text].length > max.get(t.stringId as number)!,
  );
  expect(over, 'the demo has an over-length Ukrainian translation').toBeDefined();
  const text = over!.text as string;
  await setQuery(page, `text = "${text.replace(/["\\]/g, '\\$&')}"`);
  await runFromEditor(page, '/projects/1/languages/uk/translations');
  const cell = await cellOf(page, 'Text', rowOf(page, over!.stringId));
  await expect(cell).toContainText(text);
  await expect(cell.getByTestId('over-length')).toHaveText(
    new RegExp(`^${[...text].length}/${max.get(over!.stringId as number)!}`),
  );
});

test('plural strings read a line per form and ICU arguments and keys stand apart from the text', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, 'type is plural');
  await runFromEditor(page);
  const plural = await cellOf(page, 'Text');
  await expect(plural.locator('.cell-line')).toHaveCount(2);
  await expect(plural.locator('.cell-tag')).toHaveText(['one', 'other']);

  await setQuery(page, 'type is icu');
  await runFromEditor(page);
  const icu = await cellOf(page, 'Text');
  await expect(icu.locator('.icu-argument')).toHaveText(['count']);
  await expect(icu.locator('.icu-keyword')).toHaveText(['plural']);
  await expect(icu.locator('.icu-selector')).toHaveText(['one', 'other']);
  await expect(icu).toContainText('selected');

  // Dates read in the reader's format, the ISO value on hover.
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  await setQuery(page, '');
  await runFromEditor(page, '/projects/1/languages/de/translations');
  const created = await cellOf(page, 'Created');
  await expect(created).toHaveAttribute('title', /^\d{4}-\d\d-\d\dT\d\d:\d\d/);
  await expect(created).not.toHaveText(/^\d{4}-\d\d-\d\dT/);
});

test('a TM segment reads as source | target', async ({ page }) => {
  await signInToDemoProject(page);
  await page.getByLabel('Listing').selectOption('tmSegments');
  await page.getByLabel('Translation memory').selectOption('1');
  await setQuery(page, '');
  await runFromEditor(page, '/tms/1/segments');
  const source = await cellOf(page, 'Source');
  const target = await cellOf(page, 'Target');
  await expect(source.locator('.cell-tag')).toHaveText(['en']);
  await expect(target.locator('.cell-tag').first()).not.toHaveText('en');
});

/** The CSV the results' Export CSV downloads, as lines (byte-order mark dropped). */
async function exportedCsv(page: Page): Promise<string[]> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click();
  const text = await readFile((await (await download).path())!, 'utf8');
  return text.replace(/^\uFEFF/, '').split('\r\n');
}

test('exports that open in a spreadsheet: a TM segment a column per language, names instead of ids', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await page.getByLabel('Listing').selectOption('tmSegments');
  await page.getByLabel('Translation memory').selectOption('1');
  await setQuery(page, '');
  await runFromEditor(page, '/tms/1/segments');
  await expect(await cellOf(page, 'Source')).toHaveText(/\S/);
  const [tmHeader] = await exportedCsv(page);
  expect(tmHeader!.split(',')).toEqual(expect.arrayContaining(['id', 'en']));
  expect(tmHeader).not.toContain('records');

  await page.getByLabel('Listing').selectOption('strings');
  await setQuery(page, 'count of labels > 0');
  const run = await runFromEditor(page);
  const [first] = await emulatorQuery(
    await authorizationOf(run),
    '/projects/1/strings',
    'count of labels > 0',
  );
  await expect(await cellOf(page, 'Labels')).toHaveText(/[a-z]/i);
  const byId = await exportedCsv(page);
  const fileAt = byId[0]!.split(',').indexOf('fileId');
  expect(byId[1]!.split(',')[fileAt]).toBe(String(first!.fileId));
  await page.getByLabel('Names, not ids').check();
  const byName = await exportedCsv(page);
  const fileName = byName[1]!.split(',')[fileAt]!;
  expect(fileName).toMatch(/\.\w+$/);
  expect(fileName).not.toBe(String(first!.fileId));
});
