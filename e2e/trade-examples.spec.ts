// Issue #22, item 7: examples from localization work, run against the emulator as the service would.
import { expect, test } from '@playwright/test';
import { EMULATOR_URL } from './support/signin.ts';
import { editorOf, emulatorRows, loadedCount, runFromEditor, signInToDemoProject } from './support/query.ts';

async function pick(page: import('@playwright/test').Page, intent: RegExp) {
  await page.getByRole('button', { name: 'Examples' }).click();
  await page.getByTestId('examples-menu').getByRole('button', { name: intent }).click();
}

test('over-length translations: every string found has a Ukrainian translation longer than its max length', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await pick(page, /^translations longer than the max length/);
  await expect(editorOf(page)).toHaveText(
    'max length > 0 and count of languages summary where (language = @language:"uk" and has translation length qa issues) > 0',
  );
  const run = await runFromEditor(page);
  const rows = await emulatorRows(run);
  expect(rows.length).toBeGreaterThan(0);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(500, rows.length));

  const authorization = (await run.allHeaders())['authorization']!;
  const ids = rows.slice(0, 100).map((r) => r.id);
  const response = await fetch(
    `${EMULATOR_URL}/api/v2/projects/1/languages/uk/translations?stringIds=${ids.join(',')}&limit=500`,
    { headers: { Authorization: authorization } },
  );
  const translations = ((await response.json()) as { data: { data: Record<string, unknown> }[] }).data.map(
    (d) => d.data,
  );
  for (const row of rows.slice(0, 100)) {
    const t = translations.find((x) => x.stringId === row.id)!;
    const texts = t.plurals ? (t.plurals as { text: string }[]).map((p) => p.text) : [String(t.text)];
    expect(
      texts.some((text) => text.length > Number(row.maxLength)),
      `string ${String(row.id)}: a translation longer than ${String(row.maxLength)}`,
    ).toBe(true);
  }
});

test('the terminology check is a template: term, language and equivalent, run as the emulator answers', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await pick(page, /^terminology check/);
  const params = page.getByRole('region', { name: 'Template parameters' });
  await expect(params.getByLabel('Type of term')).toHaveValue('string');
  await expect(params.getByLabel('Type of lang')).toHaveValue('language');
  await params.getByLabel('{{term}}').fill('Save');
  await params.getByLabel('{{lang}}').selectOption('de');
  await params.getByLabel('{{equivalent}}').fill('sichern');
  const run = await runFromEditor(page);
  expect(new URL(run.url()).searchParams.get('croql')).toBe(
    'text contains "Save" and count of translations where (language = @language:"de") > 0 and ' +
      'count of translations where (language = @language:"de" and text contains "sichern") = 0',
  );
  const rows = await emulatorRows(run);
  // The demo's German for "Save" is "speichern": every translated "Save" string lacks "sichern".
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => String(r.text).toLowerCase().includes('save'))).toBe(true);
  await expect.poll(() => loadedCount(page)).toBe(Math.min(500, rows.length));
});
