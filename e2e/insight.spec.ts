import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type Request } from '@playwright/test';
import { generateDemoDataset } from '../src/server/emulator/data/demo.ts';
import {
  editorOf,
  emulatorRows,
  focusEditor,
  loadedCount,
  runFromEditor,
  setQuery,
  signInToDemoProject,
} from './support/query.ts';

type Row = Record<string, unknown>;

test.beforeEach(({ page }) => signInToDemoProject(page));

async function openInsight(page: Page): Promise<void> {
  const tab = page.getByRole('tab', { name: 'Insight' });
  if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.getByTestId('insight')).toBeVisible();
}

/** Insight's row total once it has counted the whole result. */
async function expectInsightTotal(page: Page, rows: number): Promise<void> {
  await expect(page.getByTestId('insight-total')).toHaveAttribute('data-rows', String(rows), {
    timeout: 20_000,
  });
  await expect(page.getByTestId('insight-status')).toContainText('the whole result');
}

/** A chart's table view: item key → rows (and parts, where the chart has them). */
async function chartTable(page: Page, chart: string): Promise<Map<string, { rows: number; parts?: number }>> {
  const card = page.getByTestId(`insight-chart-${chart}`);
  const toggle = card.getByRole('button', { name: 'Table view' });
  if (await toggle.isVisible()) await toggle.click();
  const parsed = await card.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      key: tr.getAttribute('data-key') ?? '',
      cells: [...tr.querySelectorAll('td')].map((td) => Number((td.textContent ?? '').replace(/,/g, ''))),
    })),
  );
  const hasParts = (await card.locator('thead th').count()) === 5;
  return new Map(
    parsed.map(({ key, cells }) => [
      key,
      hasParts ? { rows: cells[0]!, parts: cells[1]! } : { rows: cells[0]! },
    ]),
  );
}

/** Counts rows (and parts) per key: a row counts once per key, each of its parts adds to its key's parts. */
function tally(rows: Row[], keys: (row: Row) => unknown[]): Map<string, { rows: number; parts: number }> {
  const out = new Map<string, { rows: number; parts: number }>();
  for (const row of rows) {
    const seen = new Set<string>();
    for (const k of keys(row)) {
      const key = k === null || k === undefined || k === '' ? '(none)' : String(k);
      const entry = out.get(key) ?? { rows: 0, parts: 0 };
      if (!seen.has(key)) entry.rows++;
      seen.add(key);
      entry.parts++;
      out.set(key, entry);
    }
  }
  return out;
}

const rowsOnly = (m: Map<string, { rows: number; parts: number }>) =>
  new Map([...m].map(([k, v]) => [k, { rows: v.rows }]));

async function runListing(
  page: Page,
  query: string,
  path: string,
): Promise<{ request: Request; rows: Row[] }> {
  await setQuery(page, query);
  const request = await runFromEditor(page, path);
  return { request, rows: await emulatorRows(request, 20) };
}

test('Insight counts of three queries, one per listing, equal counts from the emulator’s own rows', async ({
  page,
}) => {
  // Source strings: more than one page, so Insight fetches the rest itself.
  const strings = await runListing(
    page,
    'is hidden or type is plural or count of labels > 1',
    '/projects/1/strings',
  );
  expect(strings.rows.length).toBeGreaterThan(500);
  await openInsight(page);
  await expectInsightTotal(page, strings.rows.length);
  expect(await chartTable(page, 'file')).toEqual(rowsOnly(tally(strings.rows, (r) => [r.fileId])));
  expect(await chartTable(page, 'label')).toEqual(
    rowsOnly(
      tally(strings.rows, (r) => ((r.labelIds as number[]).length ? (r.labelIds as number[]) : [null])),
    ),
  );
  expect(await chartTable(page, 'type')).toEqual(rowsOnly(tally(strings.rows, (r) => [r.type])));

  // Translations of German: plural rows hold several forms, counted as parts beside the rows.
  await page.getByLabel('Listing').selectOption('translations');
  await page.getByLabel('Language', { exact: true }).selectOption('de');
  const translations = await runListing(
    page,
    'not is pre translated',
    '/projects/1/languages/de/translations',
  );
  await expectInsightTotal(page, translations.rows.length);
  const parts = (r: Row) => (Array.isArray(r.plurals) ? (r.plurals as Row[]) : [r]);
  expect(await chartTable(page, 'user')).toEqual(
    tally(translations.rows, (r) => parts(r).map((p) => (p.user as { id: number }).id)),
  );
  expect(await chartTable(page, 'pluralForm')).toEqual(
    tally(translations.rows, (r) => parts(r).map((p) => p.pluralForm)),
  );

  // Glossary terms.
  await page.getByLabel('Listing').selectOption('glossaryTerms');
  await page.getByLabel('Glossary').selectOption('1');
  const terms = await runListing(page, 'text contains "a"', '/glossaries/1/terms');
  await expectInsightTotal(page, terms.rows.length);
  expect(await chartTable(page, 'status')).toEqual(rowsOnly(tally(terms.rows, (r) => [r.status])));
  expect(await chartTable(page, 'partOfSpeech')).toEqual(
    rowsOnly(tally(terms.rows, (r) => [r.partOfSpeech])),
  );
});

test('a chart is one Tab stop: arrow keys move between its bars, Tab leaves it', async ({ page }) => {
  const query = 'is  hidden or is duplicate';
  const { rows } = await runListing(page, query, '/projects/1/strings');
  await openInsight(page);
  await expectInsightTotal(page, rows.length);
  const bars = page.getByTestId('insight-chart-file').locator('rect[data-key]');
  expect(await bars.count()).toBeGreaterThan(2);
  await expect(bars.locator('xpath=self::*[@tabindex="0"]')).toHaveCount(1);
  await bars.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(bars.nth(1)).toBeFocused();
  await page.keyboard.press('End');
  await expect(bars.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(bars.first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  // Tab leaves the chart from whichever bar has focus; Shift+Tab comes back to that bar.
  await page.keyboard.press('Tab');
  expect(
    await page.evaluate(() => document.activeElement?.closest('[data-testid="insight-chart-file"] svg')),
  ).toBeNull();
  await page.keyboard.press('Shift+Tab');
  await expect(bars.nth(1)).toBeFocused();
});

test('a bar click adds exactly its clause, the new run counts what the bar said, and undo restores the query', async ({
  page,
}) => {
  const query = 'is  hidden or is duplicate';
  const { rows } = await runListing(page, query, '/projects/1/strings');
  await openInsight(page);
  await expectInsightTotal(page, rows.length);

  const bar = page.getByTestId('insight-chart-file').locator('rect[data-key]').first();
  const fileId = await bar.getAttribute('data-key');
  const label = (await bar.getAttribute('aria-label')) ?? '';
  const count = Number(/: ([\d,]+) rows/.exec(label)![1]!.replace(/,/g, ''));
  expect(label).toContain(`adds id of file = ${fileId}`);
  await bar.click();

  await expect(editorOf(page)).toHaveText(`(${query}) and id of file = ${fileId}`);
  await expectInsightTotal(page, count);
  if (count <= 500) await expect.poll(() => loadedCount(page)).toBe(count);

  // Enter on a focused bar works the same way.
  const typeBar = page.getByTestId('insight-chart-type').locator('rect[data-key]').first();
  const typeLabel = (await typeBar.getAttribute('aria-label')) ?? '';
  const typeClause = /\. adds (.+)$/.exec(typeLabel)![1]!;
  expect(typeClause).toMatch(/^type is (plain|plural|icu|asset)$/);
  await typeBar.focus();
  await page.keyboard.press('Enter');
  await expect(editorOf(page)).toHaveText(`(${query}) and id of file = ${fileId} and ${typeClause}`);
  await expectInsightTotal(page, Number(/: ([\d,]+) rows/.exec(typeLabel)![1]!.replace(/,/g, '')));

  // Undo restores the text, one drill-down at a time.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editorOf(page)).toHaveText(`(${query}) and id of file = ${fileId}`);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editorOf(page)).toHaveText(query);
});

test('an item CroQL cannot express filters the loaded rows and says so', async ({ page }) => {
  await page.getByLabel('Listing').selectOption('tmSegments');
  await page.getByLabel('Translation memory').selectOption('1');
  const { rows } = await runListing(page, '', '/tms/1/segments');
  await openInsight(page);
  await expectInsightTotal(page, rows.length);
  const table = await chartTable(page, 'recordLanguage');
  const [language, { rows: count }] = [...table].find(([k]) => k !== '(none)')!;
  await page
    .getByTestId('insight-chart-recordLanguage')
    .locator(`tr[data-key="${language}"]`)
    .getByRole('button', { name: 'Filter loaded rows' })
    .click();
  await expect(page.getByTestId('table-filter')).toContainText(
    `shows ${count.toLocaleString('en-US')} of the loaded rows`,
  );
  await expect(page.getByTestId('table-filter')).toContainText('no language field in CroQL');
  await expect(editorOf(page).locator('.cm-placeholder')).toBeVisible();
});

/** Per-language counts of the strings `ids`, from the emulator's own demo data (the e2e emulator runs it). */
function expectedMatrix(ids: Set<number>) {
  const data = generateDemoDataset();
  const out: Record<string, Record<string, number>> = {};
  for (const language of data.project.targetLanguageIds) {
    const counts = { untranslated: 0, translatedNotApproved: 0, approved: 0, qaIssues: 0 };
    for (const s of data.strings) {
      if (!ids.has(s.id as number)) continue;
      const entry = ((s.languagesSummary ?? []) as Row[]).find((e) => e.language === language);
      if (!entry) counts.untranslated++;
      else {
        if (entry.isTranslated === true && entry.isApproved !== true) counts.translatedNotApproved++;
        if (entry.isApproved === true) counts.approved++;
        if (entry.hasQaIssues === true) counts.qaIssues++;
      }
    }
    out[language] = counts;
  }
  return out;
}

const MATRIX_REQUEST = /languages summary where \(language =/;

test('the languages matrix equals per-language counts from the emulator’s data; a cell opens its query', async ({
  page,
}) => {
  const { rows } = await runListing(page, 'is hidden or count of comments > 0', '/projects/1/strings');
  await openInsight(page);
  await page.getByRole('button', { name: 'Run across languages' }).click();
  const matrix = page.getByTestId('insight-matrix');
  const expected = expectedMatrix(new Set(rows.map((r) => r.id as number)));
  for (const [language, counts] of Object.entries(expected)) {
    for (const [state, count] of Object.entries(counts)) {
      await expect(
        matrix.getByTestId(`matrix-cell-${language}-${state}`),
        `${language} ${state}`,
      ).toHaveAttribute('data-rows', String(count), { timeout: 30_000 });
    }
  }

  const request = page.waitForRequest((r) =>
    MATRIX_REQUEST.test(new URL(r.url()).searchParams.get('croql') ?? ''),
  );
  await matrix.getByTestId('matrix-cell-de-approved').click();
  await expect(editorOf(page)).toHaveText(
    '(is hidden or count of comments > 0) and count of languages summary where (language = @language:"de" and is approved) > 0',
  );
  await request;
  await expectInsightTotal(page, expected.de!.approved!);
  // The cell's run keeps the matrix of the query it came from.
  await expect(matrix).toContainText('is hidden or count of comments > 0 in each');
  // Its progress per language counts the cell's own query by the same requests: wait until every one is
  // answered, or one still queued (a busy machine) would be taken for a request of the re-run below.
  const progress = page.getByTestId('insight-progress');
  await expect(progress.getByTestId('progress-translated')).toHaveCount(Object.keys(expected).length, {
    timeout: 30_000,
  });
  await expect(progress.getByText('Counting…')).toHaveCount(0);

  // A re-run after an edit that kept the query's meaning reuses every cell: no matrix request is sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (MATRIX_REQUEST.test(new URL(r.url()).searchParams.get('croql') ?? '')) sent.push(r.url());
  });
  await runListing(page, 'is hidden  OR count of comments > 0', '/projects/1/strings');
  await expect(matrix).toContainText('is hidden  OR count of comments > 0 in each');
  for (const [language, counts] of Object.entries(expected))
    for (const [state, count] of Object.entries(counts))
      await expect(matrix.getByTestId(`matrix-cell-${language}-${state}`)).toHaveAttribute(
        'data-rows',
        String(count),
      );
  expect(sent).toEqual([]);
});

test('Cancel stops every request of the languages matrix', async ({ page }) => {
  await runListing(page, '', '/projects/1/strings');
  // The matrix's requests are held unanswered, so Cancel finds them in flight however slow the machine is
  // (a delay of some seconds was outrun once on a loaded machine: a request answered before Cancel came).
  await page.route(/\/api\/v2\/projects\/1\/strings\?/, (route) => {
    const croql = new URL(route.request().url()).searchParams.get('croql') ?? '';
    if (!MATRIX_REQUEST.test(croql)) return route.continue();
    return new Promise<void>(() => {});
  });
  const started: Request[] = [];
  const ended = new Set<Request>();
  page.on('request', (r) => {
    if (MATRIX_REQUEST.test(new URL(r.url()).searchParams.get('croql') ?? '')) started.push(r);
  });
  page.on('requestfinished', (r) => ended.add(r));
  page.on('requestfailed', (r) => ended.add(r));

  await openInsight(page);
  await page.getByRole('button', { name: 'Run across languages' }).click();
  await expect(page.getByTestId('matrix-progress')).toBeVisible();
  await expect.poll(() => started.length).toBeGreaterThan(0);
  await page.getByTestId('insight-matrix').getByRole('button', { name: 'Cancel' }).click();
  const atCancel = started.length;
  await expect(page.getByTestId('insight-matrix')).toContainText('Cancelled');
  await expect(page.getByTestId('matrix-progress')).toHaveCount(0);

  // Every request sent has ended, aborted (none is ever answered), and no new one starts.
  await expect.poll(() => started.filter((r) => !ended.has(r)).length, { timeout: 2_000 }).toBe(0);
  await page.waitForTimeout(1_000);
  expect(started.length).toBe(atCancel);
  expect(started.every((r) => r.failure() !== null)).toBe(true);
});

test('the aggregated tables export as CSV, a chart as SVG, and the view keeps contrast in both themes', async ({
  page,
}) => {
  const { rows } = await runListing(page, 'is hidden', '/projects/1/strings');
  await openInsight(page);
  await expectInsightTotal(page, rows.length);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export tables (CSV)' }).click();
  const csv = readFileSync((await (await csvDownload).path())!, 'utf8').split('\r\n');
  // The byte-order mark first, so Excel reads the file as UTF-8.
  expect(csv[0]).toBe('\uFEFFchart,item,key,rows,parts,partsAre,clause');
  const types = tally(rows, (r) => [r.type]);
  for (const [type, { rows: count }] of types)
    expect(
      csv.some((line) => line.startsWith('Strings by type,') && line.includes(`,${type},${count},`)),
    ).toBe(true);

  const card = page.getByTestId('insight-chart-file');
  const svgDownload = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export SVG' }).click();
  const file = await svgDownload;
  expect(file.suggestedFilename()).toMatch(/^insight-file-.*\.svg$/);
  const svg = readFileSync((await file.path())!, 'utf8');
  expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  // Colours travel with the file (no CSS variables), one bar per file.
  expect(svg).not.toContain('var(--');
  expect((svg.match(/<rect[^>]*role="button"/g) ?? []).length).toBe(tally(rows, (r) => [r.fileId]).size);

  await page.getByRole('button', { name: 'Run across languages' }).click();
  await expect(page.getByTestId('matrix-cell-ja-qaIssues')).toHaveAttribute('data-rows', /\d+/, {
    timeout: 20_000,
  });
  for (const theme of ['light', 'dark']) {
    await page.getByLabel('Theme').selectOption(theme);
    const result = await new AxeBuilder({ page }).include('[data-testid="insight"]').analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      theme,
    ).toEqual([]);
  }
});
