import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  emulatorRows,
  focusEditor,
  loadedCount,
  runFromEditor,
  setQuery,
  signInToDemoProject,
  visibleIds,
} from './support/query.ts';

test.beforeEach(({ page }) => signInToDemoProject(page));

/** Minimal RFC 4180 reader for the test: fields, quotes, doubled quotes, CRLF. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

test("CSV export holds every loaded row with the emulator's values", async ({ page }) => {
  await setQuery(page, 'is hidden');
  const request = await runFromEditor(page);
  const expected = await emulatorRows(request);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(500, expected.length));

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^strings-.*\.csv$/);
  const csv = readFileSync((await file.path())!, 'utf8');
  // The UTF-8 byte-order mark first: Excel then reads every language's text as it is.
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...records] = parseCsv(csv.slice(1));
  expect(header).toContain('id');
  expect(header).toContain('identifier');
  const idColumn = header!.indexOf('id');
  const identifierColumn = header!.indexOf('identifier');
  expect(records.map((r) => r[idColumn])).toEqual(expected.slice(0, 500).map((r) => String(r.id)));
  expect(records.map((r) => r[identifierColumn])).toEqual(
    expected.slice(0, 500).map((r) => String(r.identifier)),
  );
});

test('fetch all loads every page, shows progress, and the inspector shows the request without the token', async ({
  page,
}) => {
  await setQuery(page, '');
  const request = await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('more available');
  const expected = await emulatorRows(request);
  expect(expected.length).toBeGreaterThan(500);

  await page.getByRole('button', { name: 'Fetch all' }).click();
  await expect.poll(() => loadedCount(page), { timeout: 20_000 }).toBe(expected.length);
  await expect(page.getByTestId('results-count')).not.toContainText('more available');

  // The inspector lists every request of the run: the first page and each page of Fetch all. Fetch all asks
  // for a few pages ahead (the listing has no total): one answered before the short page stopped the rest is
  // listed too, and it lies past the last page.
  await page.getByRole('button', { name: /^Inspector/ }).click();
  const inspector = page.getByTestId('inspector');
  const pagesLoaded = Math.ceil(expected.length / 500) + (expected.length % 500 === 0 ? 1 : 0);
  const lastOffset = (pagesLoaded - 1) * 500;
  const offsets = async () =>
    (await inspector.getByTestId('inspector-request').getByRole('button').allTextContents())
      .map((t) => Number(/[?&]offset=(\d+)/.exec(t)?.[1]))
      .sort((a, b) => a - b);
  await expect
    .poll(async () => (await offsets()).slice(0, pagesLoaded))
    .toEqual(Array.from({ length: pagesLoaded }, (_, k) => k * 500));
  const listed = await offsets();
  for (const ahead of listed.slice(pagesLoaded)) expect(ahead).toBeGreaterThan(lastOffset);
  await expect(inspector.getByTestId('inspector-summary')).toContainText(`${listed.length} requests`);
  await inspector.getByTestId('inspector-request').first().getByRole('button').click();
  await expect(page.getByTestId('inspector-status')).toHaveText('200');
  await expect(inspector.locator('pre')).toContainText('"data"');
  await inspector.getByRole('tab', { name: 'Request' }).click();
  const url = await page.getByTestId('inspector-url').textContent();
  expect(url).toContain('/projects/1/strings');
  expect(url).toContain('offset=0');
  expect(url).not.toMatch(/token|Bearer/i);
  await expect(page.getByTestId('inspector-authorization')).toContainText('••••');
  const token = (await request.allHeaders())['authorization']!.replace('Bearer ', '');
  expect(await inspector.textContent()).not.toContain(token);
});

test('a query the service rejects: its error shows in the editor at its place, the rows already shown stay', async ({
  page,
}) => {
  await setQuery(page, 'is hidden');
  const first = await runFromEditor(page);
  const expected = await emulatorRows(first);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(500, expected.length));
  const before = await visibleIds(page);

  // The editor knows the query is wrong: Run says so and asks; "Run anyway" sends it to the service.
  await setQuery(page, 'is hidden and count of translations > "x"');
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+Enter');
  const guard = page.getByTestId('run-guard');
  await expect(guard).toContainText('will likely refuse it');
  await expect(guard.getByRole('button', { name: 'Run anyway' })).toBeFocused();
  const sent = page.waitForRequest(
    (r) => r.url().includes('/projects/1/strings') && r.url().includes('croql='),
  );
  await guard.getByRole('button', { name: 'Run anyway' }).click();
  await sent;
  await expect(page.getByTestId('results-error')).toContainText('rejected the query');
  await expect(page.getByTestId('results-error')).toContainText('last run that worked');
  expect(await visibleIds(page)).toEqual(before);

  // The service's own diagnostic is in the editor (hover shows "The service says: …").
  const marks = page.locator('.cm-lintRange-error');
  await expect(marks.first()).toBeVisible();
  await marks.last().hover();
  await expect(page.locator('.cm-tooltip-lint')).toContainText('The service says');
});

test('a short result takes only the room of its rows', async ({ page }) => {
  await setQuery(page, 'identifier contains "paypal"');
  await runFromEditor(page);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  const count = (await loadedCount(page))!;
  expect(count).toBeLessThan(13); // all fit under the table's greatest height
  const table = page.getByTestId('results-table');
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(count + 1);
  const last = (await rows.last().boundingBox())!;
  const box = (await table.boundingBox())!;
  // Under the last row, no more than the table's border.
  expect(box.y + box.height - (last.y + last.height)).toBeLessThan(4);
});

test('an empty result says which top-level condition removes everything', async ({ page }) => {
  await setQuery(page, 'is hidden and text contains "no such text zq" and not is duplicate');
  await runFromEditor(page);
  const explanation = page.getByTestId('empty-explanation');
  await expect(explanation).toHaveText(
    'No rows: the condition text contains "no such text zq" matches nothing on its own; every other condition matches something.',
    { timeout: 15_000 },
  );
  // The condition is set as code, not between raw Markdown backticks.
  await expect(explanation.locator('code')).toHaveText('text contains "no such text zq"');
});

test('a row opens its details panel: fields, raw JSON, link, previous/next, Escape', async ({ page }) => {
  await setQuery(page, 'is hidden');
  const request = await runFromEditor(page);
  const [first, second] = await emulatorRows(request, 1);
  const firstRow = page.getByTestId('results-table').locator('[role="row"][data-index="0"]');
  await firstRow.click();
  const panel = page.getByTestId('details-panel');
  await expect(panel.getByRole('heading', { name: `String ${String(first!.id)}` })).toBeVisible();
  await expect(panel).toContainText(String(first!.identifier));
  await expect(panel.getByTestId('details-web-url')).toHaveAttribute('href', String(first!.webUrl));
  await panel.getByRole('tab', { name: 'Raw JSON' }).click();
  await expect(panel.getByTestId('details-json')).toContainText(`"id": ${String(first!.id)}`);

  await panel.getByRole('button', { name: 'Next row' }).click();
  await expect(panel.getByRole('heading', { name: `String ${String(second!.id)}` })).toBeVisible();
  await expect(page.getByTestId('results-table').locator('[role="row"][data-index="1"]')).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await panel.getByRole('button', { name: 'Previous row' }).click();
  await expect(panel.getByRole('heading', { name: `String ${String(first!.id)}` })).toBeVisible();

  // Keyboard: arrows move the highlighted row and the panel follows; Escape closes the panel.
  await page.getByTestId('results-table').focus();
  await page.keyboard.press('ArrowDown');
  await expect(
    page.getByTestId('results-table').locator('[role="row"][aria-selected="true"]'),
  ).toHaveAttribute('data-index', '1');
  await expect(panel.getByRole('heading', { name: `String ${String(second!.id)}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('details-panel')).toBeVisible();
});

test("the strings table names each row's file, branch and labels from the project, not their ids", async ({
  page,
}) => {
  await setQuery(page, 'count of labels > 0');
  const request = await runFromEditor(page);
  const [first] = await emulatorRows(request, 1);
  const authorization = (await request.allHeaders())['authorization']!;
  const list = async (resource: string) => {
    const url = new URL(request.url().replace(/\/strings\?.*$/, `/${resource}?limit=500`));
    const body = (await (await fetch(url, { headers: { Authorization: authorization } })).json()) as {
      data: { data: { id: number; name?: string; title?: string; path?: string } }[];
    };
    // Two files of the same name (app.json in two branches) are told apart by their path.
    const shared = (name?: string) =>
      name !== undefined && body.data.filter((d) => d.data.name === name).length > 1;
    return new Map(
      body.data.map(({ data }) => [
        data.id,
        shared(data.name) ? data.path! : (data.name ?? data.title ?? ''),
      ]),
    );
  };
  const files = await list('files');
  const branches = await list('branches');
  const labels = await list('labels');
  const labelTitles = (first!.labelIds as number[]).map((id) => labels.get(id)).join(', ');
  const cells = page.getByTestId('results-table').locator('[role="row"][data-index="0"] [role="cell"]');
  const branch = first!.branchId == null ? [] : [`branch ${branches.get(first!.branchId as number)}`];
  await expect(cells.nth(4)).toHaveText([files.get(first!.fileId as number), ...branch].join(', '));
  await expect(cells.nth(6)).toHaveText(labelTitles);
});
