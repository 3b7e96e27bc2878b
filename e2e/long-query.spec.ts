import { expect, test, type Page } from '@playwright/test';
import { focusEditor, signInToDemoProject } from './support/query.ts';

// A query thousands of terms long: the line under the editor stays a line, and what follows stays in view.
test.beforeEach(({ page }) => signInToDemoProject(page));

/** Pastes a long query (CodeMirror draws only what is in view: the line under it shows what it holds). */
async function paste(page: Page, text: string): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

const identifiers = Array.from({ length: 2401 }, (_, i) => `identifier = "key.${i}"`).join(' or ');

test('a 2,401-term chain of identifiers reads as one list, in one line', async ({ page }) => {
  await paste(page, identifiers);
  const line = page.getByTestId('explain-line');
  await expect(line).toHaveText(
    'Strings whose identifier is one of 2,401 values (“key.0”, “key.1”, “key.2”, …).',
  );
  expect((await line.boundingBox())!.height).toBeLessThan(60);
});

test('a long reading shows its start and Show all; expanded it scrolls in its own box; an error after it is one short line', async ({
  page,
}) => {
  // Conditions of two kinds in turn: no one list says it, so the reading is long.
  const mixed = Array.from({ length: 2400 }, (_, i) =>
    i % 2 ? `identifier = "key.${i}"` : `text contains "w${i}"`,
  ).join(' or ');
  await paste(page, mixed);
  const line = page.getByTestId('explain-line');
  await expect(line).toContainText(/^Strings .*…/);
  const showAll = line.getByRole('button', { name: /^Show all \([\d,]+ characters\)$/ });
  await expect(showAll).toBeVisible();
  expect((await line.boundingBox())!.height).toBeLessThan(100);

  await showAll.click();
  await expect(line.getByRole('button', { name: 'Show less' })).toBeVisible();
  const box = (await line.boundingBox())!;
  expect(box.height).toBeLessThan(250);
  // The whole reading is there, in a box that scrolls (and takes focus, for the keyboard).
  expect(await line.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await expect(line).toHaveAttribute('tabindex', '0');

  // An error after the chain: the line says it, short, with the editor's mark.
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(' and is hiden');
  await expect(line).toHaveText(
    '1 problem. is hiden is not a field of a source string. Did you mean is hidden?',
  );
  await expect(page.locator('.cm-lintRange-error')).toHaveText('is hiden');
});
