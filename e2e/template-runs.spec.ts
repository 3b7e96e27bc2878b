// A template as a user runs and keeps it: a run of it is current (not "Out of date"), and a saved template
// lays out in the Library's Saved tab at a laptop's width.
import { expect, test, type Page } from '@playwright/test';
import { openLibraryTab } from './support/library.ts';
import { runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

const TEMPLATE = 'updated >= {{since}} and not is hidden';

async function writeTemplate(page: Page) {
  await setQuery(page, TEMPLATE);
  const params = page.getByRole('region', { name: 'Template parameters' });
  await expect(params.getByLabel('Type of since')).toHaveValue('datetime');
  await params.getByLabel('{{since}}').fill('start of this week');
  return params;
}

test('a run of a template with a relative date is current, run after run, until a value changes', async ({
  page,
}) => {
  await signInToDemoProject(page);
  const params = await writeTemplate(page);
  const request = await runFromEditor(page);
  expect(new URL(request.url()).searchParams.get('croql')).not.toContain('{{since}}');
  await expect(page.getByTestId('results-count')).toContainText('loaded');
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
  await expect(results).not.toHaveClass(/is-stale/);

  // Ctrl/Cmd+Enter in the value runs too, as it does in the editor.
  const again = page.waitForRequest((r) => new URL(r.url()).searchParams.has('croql'));
  await params.getByLabel('{{since}}').press('ControlOrMeta+Enter');
  await again;
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);

  // History keeps what it ran with, not only the template.
  const history = await openLibraryTab(page, /History/);
  await expect(history.getByTestId('history-values').first()).toHaveText('{{since}} = start of this week');
  await page.getByRole('button', { name: 'Library', exact: true }).click();

  // What the user edited decides: another value puts the rows out of date, the same one again does not.
  await params.getByLabel('{{since}}').fill('start of this month');
  await expect(page.getByTestId('stale-notice')).toContainText('Out of date');
  await params.getByLabel('{{since}}').fill('start of this week');
  await expect(page.getByTestId('stale-notice')).toHaveCount(0);
});

test('a saved template lays out in the Saved tab at 1366 px: its name on one line, nothing past the panel', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInToDemoProject(page);
  await writeTemplate(page);
  const library = await openLibraryTab(page, /Saved/);
  await library.getByLabel('Save the current query as').fill('Changed this week');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  const entry = library.getByRole('listitem').filter({ hasText: 'Changed this week' });
  const form = entry.getByRole('group', { name: 'Parameters of Changed this week' });
  await expect(form).toBeVisible();

  const name = entry.locator('.library-name');
  const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  const nameBox = (await name.boundingBox())!;
  const compare = (await entry.getByRole('button', { name: /^Compare the current query/ }).boundingBox())!;
  expect(compare.x, 'Compare is beside the name, not over it').toBeGreaterThanOrEqual(
    nameBox.x + nameBox.width,
  );

  const panel = (await library.boundingBox())!;
  for (const part of [form, entry.getByRole('button', { name: 'Open with these values' })]) {
    const box = (await part.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(panel.x + panel.width);
  }
  expect(await library.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  // The values in the form are the saved ones, and opening with them brings the template back.
  await expect(form.getByLabel('{{since}}')).toHaveValue('start of this week');
});
