// Compare, snapshots, templates and the clause funnel, against the emulator's own data.
import { runInNewContext } from 'node:vm';
import { expect, test } from '@playwright/test';
import { authorizationOf, countIn, emulatorQuery } from './support/emulator-data.ts';
import { editorOf, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';
import { signIn } from './support/signin.ts';
import { openLibraryTab } from './support/library.ts';

const STRINGS = '/projects/1/strings';
const ids = (rows: Record<string, unknown>[]) => new Set(rows.map((r) => String(r.id)));

test('compare: only A, only B and both equal the sets computed from the emulator', async ({ page }) => {
  await signInToDemoProject(page);
  const b = 'is hidden or count of labels > 1';
  const a = 'count of labels > 0 and not is duplicate';
  await setQuery(page, b);
  const request = await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('loaded');
  const authorization = await authorizationOf(request);
  await setQuery(page, a);

  const library = await openLibraryTab(page, /History/);
  await library
    .getByRole('listitem')
    .filter({ hasText: b })
    .getByRole('button', { name: 'Compare the current query with this history entry' })
    .click();
  const dialog = page.getByTestId('compare-dialog');
  await expect(dialog.getByTestId('count-only-a')).toBeVisible({ timeout: 20_000 });

  const setA = ids(await emulatorQuery(authorization, STRINGS, a));
  const setB = ids(await emulatorQuery(authorization, STRINGS, b));
  const both = [...setA].filter((id) => setB.has(id));
  expect(both.length).toBeGreaterThan(0);
  expect(await countIn(page, 'count-only-a')).toBe(setA.size - both.length);
  expect(await countIn(page, 'count-only-b')).toBe(setB.size - both.length);
  expect(await countIn(page, 'count-both')).toBe(both.length);

  // The "only in B" table lists B's own rows (identity by resource, not position).
  await dialog.getByRole('tab', { name: /Only in B/ }).click();
  const firstRow = await dialog
    .getByTestId('compare-table')
    .locator('tbody tr')
    .first()
    .getAttribute('data-row-id');
  const onlyB = [...setB].filter((id) => !setA.has(id));
  expect(onlyB.map((id) => `string:${id}`)).toContain(firstRow);

  // CSV of a part holds all of its rows.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export CSV: Only in B', exact: true }).click();
  const csv = await (await download).createReadStream();
  let text = '';
  for await (const chunk of csv) text += String(chunk);
  expect(text.trim().split('\r\n')).toHaveLength(onlyB.length + 1);
});

const TEMPLATE = 'count of translations where (language = {{lang}} and user = {{who}}) > 0';
const FILLED = 'count of translations where (language = @language:"fr" and user = @user:"bob") > 0';

test('a template with a language and a member runs, round-trips through a permalink, and its exported code runs', async ({
  page,
  browser,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, TEMPLATE);
  const params = page.getByRole('region', { name: 'Template parameters' });
  await expect(params.getByLabel('Type of lang')).toHaveValue('language');
  await expect(params.getByLabel('Type of who')).toHaveValue('member');
  await params.getByLabel('{{lang}}').selectOption('fr');
  await params.getByLabel('{{who}}').selectOption('bob');

  const request = await runFromEditor(page);
  expect(new URL(request.url()).searchParams.get('croql')).toBe(FILLED);
  const authorization = await authorizationOf(request);
  const expected = await emulatorQuery(authorization, STRINGS, FILLED);
  expect(expected.length).toBeGreaterThan(0);
  await expect(page.getByTestId('results-count')).toContainText(`${Math.min(500, expected.length)} row`);

  // Exported code: the parameters are variables, and the snippet runs against the emulator.
  await page.getByRole('button', { name: 'Export code' }).click();
  const exportDialog = page.getByRole('dialog', { name: 'Export code' });
  await exportDialog.getByRole('tab', { name: 'fetch' }).click();
  const code = (await exportDialog.locator('pre').textContent())!;
  expect(code).toContain("lang: 'fr'");
  expect(code).toContain("who: 'bob'");
  let printed: unknown = null;
  await runInNewContext(`(async () => {${code}})()`, {
    URL,
    fetch,
    process: { env: { CROWDIN_TOKEN: authorization.replace(/^Bearer /, '') } },
    console: { log: (value: unknown) => (printed = value) },
  });
  // The snippet pages through the whole result, not only its first 500 rows.
  expect((printed as { id: number }[]).map((r) => r.id)).toEqual(expected.map((r) => r.id));
  await page.keyboard.press('Escape');

  // The permalink carries the template and its values into a fresh browser.
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('permalink').inputValue();
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await expect(editorOf(other)).toHaveText(TEMPLATE);
  const otherParams = other.getByRole('region', { name: 'Template parameters' });
  await expect(otherParams.getByLabel('{{lang}}')).toHaveValue('fr');
  await expect(otherParams.getByLabel('{{who}}')).toHaveValue('bob');
  await signIn(other, { user: 'carol' });
  await expect(otherParams.getByLabel('{{who}}')).toHaveValue('bob');
  const again = await runFromEditor(other);
  expect(new URL(again.url()).searchParams.get('croql')).toBe(FILLED);
  await fresh.close();
});

test('a parameter value holding " and \\ cannot change the query’s structure; a bad value says why beside it', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, 'text contains {{needle}} and count of labels >= {{min}}');
  const params = page.getByRole('region', { name: 'Template parameters' });
  const hostile = 'zq" or count of labels >= 0 or text contains "\\';
  await params.getByLabel('{{needle}}').fill(hostile);
  await params.getByLabel('{{min}}').fill('0 or is hidden');
  await expect(params.getByRole('alert')).toContainText('is not a number');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(params.getByText('Not run: give every parameter a valid value first')).toBeVisible();
  await expect(editorOf(page)).toHaveText('text contains {{needle}} and count of labels >= {{min}}');

  await params.getByLabel('{{min}}').fill('0');
  const request = await runFromEditor(page);
  expect(new URL(request.url()).searchParams.get('croql')).toBe(
    'text contains "zq\\" or count of labels >= 0 or text contains \\"\\\\" and count of labels >= 0',
  );
  await expect(page.getByTestId('results-count')).toContainText('0 rows loaded');
  // Had the value broken out of its string, `or count of labels >= 0` would have matched every string.
  const authorization = await authorizationOf(request);
  expect((await emulatorQuery(authorization, STRINGS, 'count of labels >= 0')).length).toBeGreaterThan(0);
});

test('the clause funnel’s counts equal counts computed from the emulator', async ({ page }) => {
  await signInToDemoProject(page);
  const clauses = ['count of labels > 0', 'not is hidden', 'text contains "e"'];
  await setQuery(page, clauses.join(' and '));
  const request = await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('loaded');
  const authorization = await authorizationOf(request);

  const funnel = page.getByTestId('funnel');
  await funnel.getByRole('button', { name: 'Count each clause' }).click();
  await expect(funnel.getByRole('button', { name: 'Count again' })).toBeVisible({ timeout: 20_000 });
  const alone = await funnel.getByTestId('funnel-alone').allTextContents();
  const remaining = await funnel.getByTestId('funnel-cumulative').allTextContents();
  const n = (s: string) => Number(s.replace(/,/g, ''));
  for (let i = 0; i < clauses.length; i++) {
    const own = await emulatorQuery(authorization, STRINGS, clauses[i]!);
    const prefix = await emulatorQuery(
      authorization,
      STRINGS,
      clauses
        .slice(0, i + 1)
        .map((c) => `(${c})`)
        .join(' and '),
    );
    expect(n(alone[i]!), clauses[i]).toBe(own.length);
    expect(n(remaining[i]!), `after ${clauses[i]}`).toBe(prefix.length);
  }
});

test('the clause funnel draws no bar for a clause that matches nothing', async ({ page }) => {
  await signInToDemoProject(page);
  await setQuery(page, 'is hidden or identifier = "no-such-identifier-anywhere"');
  await runFromEditor(page);
  await expect(page.getByTestId('results-count')).toContainText('loaded');
  const funnel = page.getByTestId('funnel');
  await funnel.getByRole('button', { name: 'Count each clause' }).click();
  await expect(funnel.getByRole('button', { name: 'Count again' })).toBeVisible({ timeout: 20_000 });
  await expect(funnel.getByTestId('funnel-alone').nth(1)).toHaveText('0');
  const meters = funnel.locator('.funnel-meter.funnel-alone');
  expect((await meters.nth(0).boundingBox())!.width).toBeGreaterThan(0);
  expect((await meters.nth(1).boundingBox())?.width ?? 0).toBe(0);
});

test('a template field shows its whole placeholder', async ({ page }) => {
  await page.goto('/');
  await setQuery(page, 'updated > {{since}} and max length > {{n}}');
  const params = page.getByRole('region', { name: 'Template parameters' });
  for (const name of ['{{since}}', '{{n}}']) {
    const input = params.getByLabel(name);
    await expect(input).toHaveAttribute('placeholder', /.+/);
    const room = await input.evaluate((el: HTMLInputElement) => {
      const style = getComputedStyle(el);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(el.placeholder).width;
      // A datalist's input keeps room for its arrow at the right.
      const arrow = el.list ? 20 : 0;
      const inner = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
      return inner - text;
    });
    expect(room, name).toBeGreaterThanOrEqual(0);
  }
});
