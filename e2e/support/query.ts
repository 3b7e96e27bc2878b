import { expect, type Page, type Request } from '@playwright/test';
import { signIn } from './signin.ts';

/** The CroQL editor's content element (labelled "CroQL query"). */
export const editorOf = (page: Page) => page.getByRole('textbox', { name: 'CroQL query' });

/** Picks the demo project (id 1) unless it is already chosen. */
export async function chooseDemoProject(page: Page): Promise<void> {
  const project = page.getByLabel('Project', { exact: true });
  await expect(project).toBeEnabled();
  await expect(project.locator('option[value="1"]')).toHaveCount(1, { timeout: 15_000 });
  if ((await project.inputValue()) !== '1') await project.selectOption('1');
}

/** The usual starting point of a query test: signed in as alice with the demo project chosen. */
export async function signInToDemoProject(page: Page): Promise<void> {
  await signIn(page);
  await chooseDemoProject(page);
}

/** Replaces the editor's text as a paste would (no completion, no auto-closed brackets). */
export async function setQuery(page: Page, text: string): Promise<void> {
  const editor = editorOf(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
  // An empty editor shows its placeholder instead of text.
  if (text) await expect(editor).toHaveText(text);
  else await expect(editor.locator('.cm-placeholder')).toBeVisible();
}

const isListingRequest = (path: string) => (request: Request) =>
  request.method() === 'GET' &&
  new URL(request.url()).pathname.endsWith(path) &&
  new URL(request.url()).searchParams.get('offset') === '0' &&
  new URL(request.url()).searchParams.get('limit') === '500';

/** Runs with Ctrl/Cmd+Enter from the editor; resolves to the first page request the app made. */
export async function runFromEditor(page: Page, listingPath = '/projects/1/strings'): Promise<Request> {
  const request = page.waitForRequest(isListingRequest(listingPath));
  await editorOf(page).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  return request;
}

interface Envelope {
  data: { data: Record<string, unknown> }[];
}

/** Every row the emulator returns for a request URL of the app (same query), paging 500 at a time. */
export async function emulatorRows(request: Request, maxPages = 10): Promise<Record<string, unknown>[]> {
  const authorization = (await request.allHeaders())['authorization'];
  expect(authorization, 'the app sends its token in the Authorization header').toMatch(/^Bearer /);
  const rows: Record<string, unknown>[] = [];
  for (let page = 0; page < maxPages; page++) {
    const url = new URL(request.url());
    url.searchParams.set('limit', '500');
    url.searchParams.set('offset', String(page * 500));
    const response = await fetch(url, { headers: { Authorization: authorization! } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope;
    rows.push(...body.data.map((d) => d.data));
    if (body.data.length < 500) break;
  }
  return rows;
}

/** The ids in the first column of the rows the virtualised table has rendered, top to bottom. */
export async function visibleIds(page: Page): Promise<string[]> {
  const rows = page.getByTestId('results-table').locator('[role="row"][data-index]');
  const pairs = await rows.evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute('data-index')),
      id: el.querySelector('[role="cell"]')?.textContent ?? '',
    })),
  );
  return pairs.sort((a, b) => a.index - b.index).map((p) => p.id);
}

/** "N rows loaded" → N. */
export async function loadedCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('results-count').textContent()) ?? '';
  const m = /([\d,]+) rows? loaded/.exec(text);
  if (!m) throw new Error(`No row count in "${text}"`);
  return Number(m[1]!.replace(/,/g, ''));
}
