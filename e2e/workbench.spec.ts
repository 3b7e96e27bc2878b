// Issue 13's workbench: examples, schema explorer, table sorting and columns, the narrow layout, the
// builder's unset conditions and generated CroQL, editor tooltips, stale results, failure paths.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { EMULATOR_URL, signIn } from './support/signin.ts';
import {
  chooseDemoProject,
  editorOf,
  emulatorRows,
  focusEditor,
  loadedCount,
  runFromEditor,
  setQuery,
  signInToDemoProject,
} from './support/query.ts';

const authorizationOf = async (page: Page) => {
  const request = await runFromEditor(page);
  return { request, authorization: (await request.allHeaders())['authorization']! };
};

async function apiList(authorization: string, path: string): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${EMULATOR_URL}/api/v2${path}`, {
    headers: { Authorization: authorization },
  });
  const body = (await response.json()) as { data: { data: Record<string, unknown> }[] };
  return body.data.map((d) => d.data);
}

test.describe('signed in', () => {
  test.beforeEach(({ page }) => signInToDemoProject(page));

  test("examples: chips in the empty editor, and a menu filled with the project's members, labels and TMs", async ({
    page,
  }) => {
    await setQuery(page, 'is hidden');
    const { authorization } = await authorizationOf(page);
    const labels = await apiList(authorization, '/projects/1/labels?limit=500');
    const members = await apiList(authorization, '/projects/1/members?limit=500');
    const tms = await apiList(authorization, '/tms?limit=500');

    await setQuery(page, '');
    const chips = page.getByTestId('example-chips');
    await expect(chips.getByRole('button')).toHaveCount(3);
    const chip = chips.getByRole('button').first();
    const chipText = (await chip.textContent())!;
    await chip.click();
    await expect(editorOf(page)).toHaveText(chipText);
    await expect(chips).toHaveCount(0);

    await page.getByRole('button', { name: 'Examples' }).click();
    const menu = page.getByTestId('examples-menu');
    const first = labels[0]!;
    const labelExample = menu.getByRole('button', {
      name: new RegExp(`with a label \\(“${String(first.title)}”\\)`),
    });
    await expect(labelExample).toContainText(`count of labels where (id = ${String(first.id)}) > 0`);
    await expect(menu.getByRole('button', { name: /^commented by a user/ })).toContainText(
      `@user:"${String(members[1]?.username ?? members[0]!.username)}"`,
    );
    await expect(
      menu.getByRole('heading', { name: `TM segments in “${String(tms[0]!.name)}”` }),
    ).toBeVisible();
    await labelExample.click();
    await expect(menu).toHaveCount(0);
    await expect(editorOf(page)).toHaveText(`count of labels where (id = ${String(first.id)}) > 0`);
    const run = await runFromEditor(page);
    const rows = await emulatorRows(run, 1);
    expect(rows.length).toBeGreaterThan(0);
    await expect.poll(() => loadedCount(page)).toBe(rows.length);

    // A TM example switches the listing; the TM is the project's first.
    await page.getByRole('button', { name: 'Examples' }).click();
    await page
      .getByTestId('examples-menu')
      .getByRole('button', { name: /^TM segments with a record used/ })
      .click();
    await expect(page.getByLabel('Listing')).toHaveValue('tmSegments');
    await expect(page.getByLabel('Translation memory')).toHaveValue(String(tms[0]!.id));
  });

  test('schema explorer: fields with type, description, values and examples; nested types; search; insert; opens on the field under the cursor; the reference', async ({
    page,
  }) => {
    await setQuery(page, 'count of translations where (provider = "tm") > 0');
    // Cursor inside `provider`.
    await editorOf(page).getByText('provider').click();
    await page.getByRole('button', { name: 'Schema' }).click();
    const explorer = page.getByTestId('schema-explorer');
    await expect(page.getByRole('button', { name: 'Insert provider' })).toBeFocused();
    await expect(explorer.getByRole('navigation', { name: 'Type path' })).toContainText('translations');
    const provider = explorer
      .getByTestId('explorer-field')
      .filter({ has: page.getByRole('button', { name: 'Insert provider' }) });
    await expect(provider).toContainText('string');
    await expect(provider).toContainText('Which engine produced the translation');
    await expect(provider.locator('code', { hasText: 'deepl' })).toBeVisible();

    // Back to the listing's own fields, then into a nested type.
    await explorer
      .getByRole('navigation', { name: 'Type path' })
      .getByRole('button', { name: 'source string' })
      .click();
    const hidden = explorer
      .getByTestId('explorer-field')
      .filter({ has: page.getByRole('button', { name: 'Insert is hidden' }) });
    await expect(hidden).toContainText('boolean');
    await expect(hidden).toContainText('hidden from translators');
    await explorer.getByRole('button', { name: 'Open collection of languages summary entries' }).click();
    await expect(explorer.getByRole('button', { name: 'Insert approvalsCount' })).toBeVisible();

    // Search across every type; Enter on a name inserts it at the cursor.
    await explorer.getByRole('searchbox', { name: 'Search fields' }).fill('approv');
    const matches = explorer.getByRole('list', { name: 'Matching fields' });
    await expect(matches.getByRole('button', { name: 'Insert approvalsCount' })).toBeVisible();
    await expect(matches).toContainText('languages summary');
    await setQuery(page, 'is hidden and ');
    await editorOf(page).press('End');
    await explorer.getByRole('searchbox', { name: 'Search fields' }).fill('duplicate');
    await explorer.getByRole('button', { name: 'Insert is duplicate' }).focus();
    await page.keyboard.press('Enter');
    await expect(editorOf(page)).toHaveText('is hidden and is duplicate');
    await expect(page.locator('.cm-lintRange-error')).toHaveCount(0);

    await explorer.getByRole('tab', { name: 'Language reference' }).click();
    await expect(page.getByTestId('language-reference')).toContainText('Precedence');
    await expect(page.getByTestId('language-reference').locator('table').first()).toBeVisible();
  });

  test('schema explorer opened on the last field keeps its title, tabs and search in view', async ({
    page,
  }) => {
    await setQuery(page, 'updated > "2024-01-01"');
    await editorOf(page).getByText('updated').click();
    await page.getByRole('button', { name: 'Schema' }).click();
    const explorer = page.getByTestId('schema-explorer');
    await expect(explorer.getByRole('button', { name: 'Insert updated' })).toBeFocused();
    await expect(explorer.getByRole('button', { name: 'Insert updated' })).toBeInViewport();
    await expect(explorer.getByRole('heading', { name: /^Schema:/ })).toBeInViewport();
    await expect(explorer.getByRole('tab', { name: 'Language reference' })).toBeInViewport();
    await expect(explorer.getByRole('searchbox', { name: 'Search fields' })).toBeInViewport({ ratio: 1 });
  });

  test('sortable columns with aria-sort, and a column chooser', async ({ page }) => {
    await setQuery(page, 'is hidden');
    const request = await runFromEditor(page);
    const rows = await emulatorRows(request, 1);
    await expect.poll(() => loadedCount(page)).toBe(rows.length);
    const table = page.getByTestId('results-table');
    const header = table.getByRole('columnheader', { name: 'Identifier' });
    await expect(header).toHaveAttribute('aria-sort', 'none');
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const expected = rows.map((r) => String(r.identifier)).sort(collator.compare);
    const firstCells = table.locator('[role="row"][data-index="0"] [role="cell"]');
    await expect(firstCells.nth(1)).toHaveText(expected[0]!);
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(firstCells.nth(1)).toHaveText(expected.at(-1)!);

    await page.getByRole('button', { name: /^Columns/ }).click();
    await page.getByRole('checkbox', { name: 'Flags' }).uncheck();
    await expect(table.getByRole('columnheader', { name: 'Flags' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Columns/ })).toHaveText('Columns (6/7)');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('checkbox', { name: 'Flags' })).toHaveCount(0);
  });

  test('the builder: a new condition starts unset and writes nothing; the tab shows its CroQL and meaning', async ({
    page,
  }) => {
    await setQuery(page, 'is hidden');
    await page.getByRole('tab', { name: 'Builder' }).click();
    const builder = page.getByRole('tabpanel', { name: 'Builder' });
    await builder.getByRole('button', { name: 'Add a field condition' }).first().click();
    const field = builder.getByRole('combobox', { name: 'Field' });
    await expect(field).toBeFocused();
    await expect(field.locator('option:checked')).toHaveText('choose a field…');
    const output = builder.locator('.b-output');
    await expect(output.locator('.croql-static')).toHaveText('is hidden');
    await expect(output.locator('.croql-static span').first()).toHaveText('is hidden');
    await expect(output.locator('.croql-explain')).toHaveText('Hidden strings.');
    await field.selectOption('text');
    await builder.getByRole('textbox', { name: 'Value' }).fill('Save');
    await expect(output.locator('.croql-static')).toHaveText('is hidden and text = "Save"');
    await page.getByRole('tab', { name: 'Editor' }).click();
    await expect(editorOf(page)).toHaveText('is hidden and text = "Save"');
  });

  test('editor: themed tooltips with code, one message where hover and lint meet, Tab accepts a completion', async ({
    page,
  }) => {
    const editor = editorOf(page);
    await setQuery(page, 'is hiden');
    await page.locator('.cm-lintRange-error').hover();
    const tooltip = page.locator('.cm-tooltip');
    await expect(page.locator('.cm-tooltip-lint')).toBeVisible();
    await expect(tooltip).toHaveCount(1);
    await expect(page.locator('.cm-tooltip-lint code').first()).toHaveText('is hiden');
    expect(await page.locator('.cm-tooltip-lint').textContent()).not.toContain('`');
    const light = await tooltip.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(light).toBe('rgb(255, 255, 255)');
    // Below the editor's top edge: the tabs and the target pickers above it stay in sight.
    const editorTop = (await page.locator('.cm-editor').boundingBox())!.y;
    expect((await tooltip.boundingBox())!.y).toBeGreaterThanOrEqual(editorTop);
    // Hover docs have room around their text.
    await setQuery(page, 'is hidden');
    await editor.getByText('hidden').hover();
    await expect(page.locator('.cm-croql-hover')).toHaveCSS('padding', '6px 8px');
    await page.getByLabel('Theme').selectOption('dark');
    await setQuery(page, 'is hiden');
    await page.locator('.cm-lintRange-error').hover();
    await expect(page.locator('.cm-tooltip-lint')).toBeVisible();
    expect(await page.locator('.cm-tooltip').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(22, 27, 34)',
    );

    await setQuery(page, '');
    await focusEditor(page);
    await page.keyboard.type('is dupl');
    await expect(page.getByRole('option', { name: /is duplicate/ })).toBeVisible();
    await page.waitForTimeout(150);
    await page.keyboard.press('Tab');
    await expect(editor).toHaveText('is duplicate');
    await expect(editor).toBeFocused();
  });

  test('rows and errors are marked out of date the moment the text, listing or target changes', async ({
    page,
  }) => {
    await setQuery(page, 'is hidden');
    await runFromEditor(page);
    await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await focusEditor(page);
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await expect(page.getByTestId('stale-notice')).toContainText('Out of date');
    await page.keyboard.press('Backspace');
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await page.getByLabel('Listing').selectOption('translations');
    await expect(page.getByTestId('stale-notice')).toBeVisible();
    await page.getByLabel('Listing').selectOption('strings');
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
    await page.keyboard.press('Tab');
    await setQuery(page, 'is hidden and is visible');
    await expect(page.getByTestId('stale-notice')).toBeVisible();
    await page.getByTestId('stale-notice').getByRole('button', { name: 'Run again' }).click();
    await expect(page.getByTestId('stale-notice')).toHaveCount(0);
  });

  test('an unreachable API is reported at once with Retry; the emulator case says how to start it', async ({
    page,
  }) => {
    await setQuery(page, 'is hidden');
    await page.route(`${EMULATOR_URL}/api/**`, (route) => route.abort('connectionrefused'));
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+Enter');
    // A refused connection is an answer: it is said at once, with no waiting notice before it (that one is
    // for a host that says nothing; src/results/WaitingNotice.test.tsx times it with a fake clock).
    const error = page.getByTestId('results-error');
    await expect(error).toContainText('The emulator is not running — start it with npm run emulator');
    await expect(page.getByTestId('waiting-notice')).toHaveCount(0);
    await page.unroute(`${EMULATOR_URL}/api/**`);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('results-count')).toContainText('rows loaded');
    await expect(page.getByTestId('results-error')).toHaveCount(0);
  });

  test('a host that takes the request and never answers is reported, with Retry and Cancel; rows and text stay', async ({
    page,
  }) => {
    await setQuery(page, 'is hidden');
    await runFromEditor(page);
    await expect(page.getByTestId('results-count')).toContainText('first page');
    const shown = `${(await loadedCount(page))!.toLocaleString('en-US')} rows loaded`;
    // Never fulfilled while `silent`: the host accepted the request and says nothing. (Removing the route
    // instead would let Chromium resume the requests it holds, so the host would answer the old request.)
    let silent = true;
    await page.route(`${EMULATOR_URL}/api/**`, (route) => (silent ? undefined : route.continue()));
    await focusEditor(page);
    await page.keyboard.press('ControlOrMeta+Enter');
    // How long the app waits before it says so (a second) is the notice's own unit test
    // (src/results); here the wall clock of a busy machine would decide, so only what is said is checked.
    const notice = page.getByTestId('waiting-notice');
    await expect(notice).toContainText('No answer from the emulator at 127.0.0.1:4318 yet');
    await expect(notice).toContainText('If the emulator is not running, start it with npm run emulator');
    // The request goes on (a query may take seconds): no error, the last rows and the query stay.
    await expect(page.getByTestId('results-error')).toHaveCount(0);
    await expect(page.getByTestId('results-count')).toContainText(shown);
    await expect(editorOf(page)).toHaveText('is hidden');
    await page.getByRole('button', { name: /^Inspector/ }).click();
    await expect(page.getByTestId('inspector-request').first()).toContainText('waiting…');
    await page.getByRole('button', { name: 'Close the inspector' }).click();

    await notice.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = page.getByTestId('run-cancelled');
    await expect(cancelled).toContainText('Cancelled before an answer came');
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('results-count')).toContainText(shown);

    // Retry while the host is still silent: the notice comes back; once it answers, Retry loads the rows.
    await cancelled.getByRole('button', { name: 'Retry' }).click();
    await expect(notice).toBeVisible();
    silent = false;
    await notice.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('results-count')).toContainText('first page');
    await expect(page.getByTestId('results-count')).toContainText(shown);
    await expect(notice).toHaveCount(0);
    await expect(cancelled).toHaveCount(0);
  });
});

test("the emulator's root page points to the app, and npm start no longer stops the app with the emulator", async ({
  page,
}) => {
  await page.goto(`${EMULATOR_URL}/`);
  await expect(page.getByRole('heading', { name: 'CroQL emulator' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'http://127.0.0.1:5173' })).toBeVisible();
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
    .scripts.start!;
  expect(start).toContain('concurrently');
  expect(start).not.toContain('--kill-others');
});

test('signing in while the emulator is down says how to start it', async ({ page }) => {
  await page.goto('/');
  await page.route(`${EMULATOR_URL}/health`, (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The emulator is not running — start it with npm run emulator',
  );
  await expect(page).toHaveURL(/127\.0\.0\.1:4317/);
});

test('the narrow layout (390×844): the table scrolls inside itself with its first column fixed', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDemoProject(page);
  await setQuery(page, 'is hidden');
  await runFromEditor(page);
  await expect.poll(() => loadedCount(page)).toBeGreaterThan(0);
  const table = page.getByTestId('results-table');
  const firstCell = table.locator('[role="row"][data-index="0"] [role="cell"]').first();
  const before = (await firstCell.boundingBox())!;
  await table.evaluate((el) => el.scrollBy({ left: 200 }));
  await expect.poll(async () => (await firstCell.boundingBox())!.x).toBeCloseTo(before.x, 0);
  expect(await table.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

// The limit is per account: emma is a demo user no other spec signs in as, so holding her slots disturbs
// no other test running beside this one.
test('Fetch all retries after a real 429 from the emulator; the inspector marks the retry and its final status', async ({
  page,
}) => {
  await signIn(page, { user: 'emma' });
  await chooseDemoProject(page);
  await setQuery(page, '');
  const request = await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('more available');
  const expected = await emulatorRows(request);
  expect(expected.length).toBeGreaterThan(500);

  // Hold all 20 of emma's slots (the emulator's per-account limit) until a request of the app has been
  // refused with a 429; aborting the holders then frees the slots. Each holder asks again as soon as it is
  // answered (the emulator delays an answer 10 s at most), so a slow machine cannot free a slot first.
  const authorization = (await request.allHeaders())['authorization']!;
  const hold = new AbortController();
  const holdSlot = async () => {
    while (!hold.signal.aborted) {
      await fetch(`${EMULATOR_URL}/api/v2/user`, {
        headers: { Authorization: authorization, 'X-Emulator-Delay-Ms': '10000' },
        signal: hold.signal,
      }).catch(() => null);
    }
  };
  const held = Array.from({ length: 20 }, holdSlot);
  try {
    await expect
      .poll(
        async () =>
          (await fetch(`${EMULATOR_URL}/api/v2/user`, { headers: { Authorization: authorization } })).status,
      )
      .toBe(429);
    const refused = page.waitForResponse(
      (r) => r.url().includes('/projects/1/strings') && r.status() === 429,
    );
    await page.getByRole('button', { name: 'Fetch all' }).click();
    const refusedUrl = (await refused).url();
    hold.abort();
    await Promise.all(held);

    await expect.poll(() => loadedCount(page), { timeout: 20_000 }).toBe(expected.length);
    await expect(page.getByTestId('results-count')).not.toContainText('more available');
    await expect(page.locator('.results-error')).toHaveCount(0);

    await page.getByRole('button', { name: /^Inspector/ }).click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector.getByTestId('inspector-summary')).toContainText(/\d+ retried after a 429/);
    const offset = new URL(refusedUrl).searchParams.get('offset')!;
    const attempts = inspector
      .getByTestId('inspector-request')
      .filter({ has: page.getByRole('button', { name: new RegExp(`[?&]offset=${offset}(?!\\d)`) }) });
    await expect(attempts.first().getByRole('cell').nth(1)).toHaveText('429');
    await expect(attempts.first()).not.toContainText('retry after 429');
    const last = attempts.last();
    await expect(last).toContainText('retry after 429');
    await expect(last.getByRole('cell').nth(1)).toHaveText('200');
    await last.getByRole('button').click();
    await expect(page.getByTestId('inspector-status')).toHaveText('200');
    await expect(inspector.locator('.inspector-detail')).toContainText('retried after a 429');
  } finally {
    hold.abort();
  }
});
