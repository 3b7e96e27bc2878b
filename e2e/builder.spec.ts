import { expect, test, type Page, type Request } from '@playwright/test';
import {
  signInToDemoProject,
  editorOf,
  emulatorRows,
  loadedCount,
  setQuery,
  visibleIds,
} from './support/query.ts';

test.beforeEach(({ page }) => signInToDemoProject(page));

/** What a screen reader would call the focused element (its aria-label, else its text). */
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? '';
  });

/** Presses Tab until the control named `name` has focus. */
async function tabTo(page: Page, name: string, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if ((await focusedName(page)) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}

/**
 * Chooses an option of the focused select from the keyboard: its label's first letter, pressed until the
 * option is chosen. Typing a whole label leans on the select's type-ahead, which forgets what was typed after
 * about a second between two keys: on a loaded machine "Translated" became "Translations updated". One letter
 * pressed again moves to the next option starting with it, however long the pause between presses.
 */
async function choose(page: Page, label: string, value: string, max = 40): Promise<void> {
  const focused = page.locator('select:focus');
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(label[0]!.toLowerCase());
    if ((await focused.inputValue()) === value) return;
  }
  throw new Error(`"${label[0]}" never chose "${label}"`);
}

/** Switches the Editor/Builder tabs with the arrow keys, as the tab list expects. */
async function switchTo(page: Page, mode: 'Editor' | 'Builder'): Promise<void> {
  const other = mode === 'Editor' ? 'Builder' : 'Editor';
  await page.getByRole('tab', { name: other }).focus();
  await page.keyboard.press(mode === 'Editor' ? 'ArrowLeft' : 'ArrowRight');
  await expect(page.getByRole('tab', { name: mode })).toHaveAttribute('aria-selected', 'true');
}

const editorText = (page: Page) => editorOf(page).evaluate((el) => el.textContent ?? '');
/** The query as the builder shows it written (its read-only CroQL view), '' while nothing is written. */
const editorTextInStore = async (page: Page) => {
  const output = page.locator('.b-output .croql-static');
  return (await output.count()) ? ((await output.textContent()) ?? '') : '';
};

const stringsListing = (request: Request) => {
  const url = new URL(request.url());
  return (
    request.method() === 'GET' &&
    url.pathname.endsWith('/projects/1/strings') &&
    url.searchParams.get('offset') === '0' &&
    url.searchParams.get('limit') === '500'
  );
};

test('keyboard only: three editor filters and a field condition, run, the rows are the emulator’s', async ({
  page,
}) => {
  await setQuery(page, '');
  await switchTo(page, 'Builder');
  const builder = page.getByRole('tabpanel', { name: 'Builder' });
  await expect(builder.getByText('No conditions yet')).toBeVisible();

  // 1. "Translated", pinned to the first language of the project.
  await tabTo(page, 'Add an editor filter');
  await page.keyboard.press('Enter');
  expect(await focusedName(page)).toBe('Editor filter');
  // A new filter starts unset and writes nothing until one is chosen.
  await expect(builder.getByRole('combobox', { name: 'Editor filter' })).toHaveValue('');
  expect(await editorTextInStore(page)).toBe('');
  await choose(page, 'Translated', 'translated');
  await expect(builder.getByRole('combobox', { name: 'Editor filter' })).toHaveValue('translated');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Language (pin)');
  await page.keyboard.press('ArrowDown');
  const language = await builder.getByRole('combobox', { name: 'Language (pin)' }).inputValue();
  expect(language).not.toBe('');

  // 2. "Visibility: visible" and 3. "Master strings", each added after the previous one.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Alt+Enter');
  expect(await focusedName(page)).toBe('Editor filter');
  await choose(page, 'Visibility', 'visibility');
  await page.keyboard.press('Alt+Enter');
  await choose(page, 'Master strings', 'masterStrings');

  // 4. A field condition: text contains "e".
  await tabTo(page, 'Add a field condition');
  await page.keyboard.press('Enter');
  expect(await focusedName(page)).toBe('Field');
  await choose(page, 'text', 'text');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Operator');
  // Picked by the select's type-ahead (the one operator starting with "c"), not by its place in the menu,
  // which changes whenever the operators a text field accepts do.
  await page.keyboard.type('c');
  await expect(builder.getByRole('combobox', { name: 'Operator', exact: true })).toHaveValue('contains');
  await page.keyboard.press('Tab');
  // The right side is a value (the other choice is another field).
  expect(await focusedName(page)).toBe('Compare with');
  await expect(builder.getByRole('combobox', { name: 'Compare with' })).toHaveValue('value');
  await page.keyboard.press('Tab');
  expect(await focusedName(page)).toBe('Value');
  await page.keyboard.type('e');

  const expected =
    `count of languages summary where (language = @language:"${language}" and is translated) > 0` +
    ` and is visible and not is duplicate and text contains "e"`;
  const request = page.waitForRequest(stringsListing);
  await page.keyboard.press('ControlOrMeta+Enter');
  const sent = await request;
  expect(new URL(sent.url()).searchParams.get('croql')).toBe(expected);

  const rows = await emulatorRows(sent);
  expect(rows.length).toBeGreaterThan(0);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(500, rows.length));
  const shown = await visibleIds(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual(rows.slice(0, shown.length).map((r) => String(r.id)));
});

test('an empty builder says once that there are no conditions, and once what that means', async ({
  page,
}) => {
  await setQuery(page, '');
  await switchTo(page, 'Builder');
  const builder = page.getByRole('tabpanel', { name: 'Builder' });
  const output = page.getByRole('region', { name: 'CroQL the builder writes' });
  await expect(output.getByTestId('explain-line')).toHaveText('An empty query lists everything.');
  const said = (await builder.textContent())!;
  expect(said.match(/lists everything|every item matches/g)).toHaveLength(1);
  expect(said.match(/no conditions|nothing yet/gi)).toHaveLength(1);
});

test('switching between editor and builder loses and rewrites nothing', async ({ page }) => {
  const typed = 'IS   hidden   AND  max  length>=0  or  text contains "e"';
  await setQuery(page, typed);
  await switchTo(page, 'Builder');
  const builder = page.getByRole('tabpanel', { name: 'Builder' });
  await expect(builder.getByRole('combobox', { name: 'Editor filter' })).toHaveValue('visibility');
  await expect(builder.getByRole('combobox', { name: 'Field' })).toHaveCount(2);

  await switchTo(page, 'Editor');
  expect(await editorText(page)).toBe(typed);

  // One change in the builder rewrites that condition only.
  await switchTo(page, 'Builder');
  await builder.getByRole('textbox', { name: 'Value' }).last().fill('a');
  await switchTo(page, 'Editor');
  expect(await editorText(page)).toBe('IS   hidden   AND  max  length>=0  or  text contains "a"');

  // A part the builder cannot show stays as raw CroQL, exactly as typed.
  const withRaw = 'max  length + 1 > 3  AND  IS   hidden';
  await setQuery(page, withRaw);
  await switchTo(page, 'Builder');
  await expect(builder.getByRole('textbox', { name: 'Raw CroQL (kept exactly as written)' })).toHaveValue(
    'max  length + 1 > 3',
  );
  await switchTo(page, 'Editor');
  expect(await editorText(page)).toBe(withRaw);
});

test('a comparison of two fields opens as a condition; switching its right field rewrites the text', async ({
  page,
}) => {
  await setQuery(page, 'is hidden = is duplicate');
  await switchTo(page, 'Builder');
  const builder = page.getByRole('tabpanel', { name: 'Builder' });
  await expect(builder.getByRole('combobox', { name: 'Field', exact: true })).toHaveValue('is hidden');
  await expect(builder.getByRole('combobox', { name: 'Operator', exact: true })).toHaveValue('=');
  // A boolean has no literal: its right side can only be another field.
  const compareWith = builder.getByRole('combobox', { name: 'Compare with' });
  await expect(compareWith).toHaveValue('field');
  await expect(compareWith.getByRole('option', { name: 'value' })).toBeDisabled();
  const other = builder.getByRole('combobox', { name: 'Other field' });
  await expect(other).toHaveValue('is duplicate');
  await expect(builder.getByRole('textbox', { name: 'Raw CroQL (kept exactly as written)' })).toHaveCount(0);

  await other.selectOption('type is icu');
  await expect(page.locator('.b-output .croql-static')).toHaveText('is hidden = type is icu');
  await switchTo(page, 'Editor');
  await expect(editorOf(page)).toHaveText('is hidden = type is icu');
});

test('keyboard: move, indent, add, outdent, operator and remove keep focus where the work is', async ({
  page,
}) => {
  await setQuery(page, 'is hidden and max length > 3');
  await switchTo(page, 'Builder');
  const builder = page.getByRole('tabpanel', { name: 'Builder' });
  const rowOfFocus = () =>
    page.evaluate(
      () => document.activeElement?.closest('[data-node]')?.querySelector('.b-row')?.textContent ?? '',
    );

  await tabTo(page, 'Editor filter');
  await page.keyboard.press('Alt+ArrowDown');
  expect(await focusedName(page)).toBe('Editor filter');
  await expect(builder.getByRole('combobox', { name: 'Field' })).toBeVisible();
  await expect(builder.locator('.b-leaf').first()).toContainText('Field');

  await page.keyboard.press('Alt+ArrowRight');
  expect(await focusedName(page)).toBe('Editor filter');
  await expect(builder.getByRole('combobox', { name: 'Group operator' })).toHaveCount(2);

  await page.keyboard.press('Alt+Enter');
  expect(await focusedName(page)).toBe('Editor filter');
  await expect(builder.getByRole('combobox', { name: 'Editor filter' })).toHaveCount(2);

  await page.keyboard.press('Alt+ArrowLeft');
  expect(await focusedName(page)).toBe('Editor filter');
  expect(await rowOfFocus()).toContain('choose a filter');

  await page.keyboard.press('Alt+KeyO');
  await expect(builder.getByRole('combobox', { name: 'Group operator' }).first()).toHaveValue('or');

  await page.keyboard.press('Alt+Backspace');
  await expect(builder.getByRole('combobox', { name: 'Editor filter' })).toHaveCount(1);
  expect(await focusedName(page)).toBe('Negate this group (not)');

  await switchTo(page, 'Editor');
  expect(await editorText(page)).toBe('max length > 3 or is hidden');
});
