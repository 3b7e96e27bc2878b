import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { expectSignedIn, signIn } from './signin.ts';

/** The CroQL editor's content element (labelled "CroQL query"). */
export const editorOf = (page: Page) => page.getByRole('textbox', { name: 'CroQL query' });

/** Picks the demo project (id 1) unless it is already chosen. */
export async function chooseDemoProject(page: Page): Promise<void> {
  const project = page.getByLabel('Project', { exact: true });
  await expect(project).toBeEnabled();
  await expect(project.locator('option[value="1"]')).toHaveCount(1, { timeout: 15_000 });
  if ((await project.inputValue()) !== '1') await project.selectOption('1');
}

/**
 * This worker's sign-in as alice (the session the app keeps in sessionStorage), made once through the real
 * flow and shared by the worker's later tests: each sign-in is two loads of the app and the consent page,
 * which under load is most of a short test. A test that ends its sign-in (signs out, makes the emulator
 * forget it) asks for a fresh one, since ending a shared one would end it for the tests after it.
 */
let shared: string | null = null;

/**
 * The usual starting point of a query test: signed in as alice with the demo project chosen. Opens the app
 * when the page is still blank; otherwise it stays where it is (a reload).
 */
export async function signInToDemoProject(page: Page, { fresh = false } = {}): Promise<void> {
  if (fresh || shared === null) {
    await signIn(page);
    if (!fresh) shared = await page.evaluate(() => sessionStorage.getItem('croql.session'));
  } else if (!/^https?:/.test(page.url())) {
    const origin = new URL(test.info().project.use.baseURL!).origin;
    // The first load of the app in this tab starts signed in; a sign-out later in the test holds.
    await page.addInitScript(
      ([origin, session]) => {
        if (location.origin !== origin || sessionStorage.getItem('e2e.session-seeded')) return;
        sessionStorage.setItem('e2e.session-seeded', '1');
        sessionStorage.setItem('croql.session', session!);
      },
      [origin, shared],
    );
    await page.goto('/');
    await expectSignedIn(page);
  } else {
    await page.evaluate((session) => sessionStorage.setItem('croql.session', session), shared);
    await page.reload();
    await expectSignedIn(page);
  }
  await chooseDemoProject(page);
}

/**
 * Puts the keyboard in an editor without the mouse: the page's CroQL editor, or the editor given (a
 * workflow step's query box, the one in an app's frame). A click lands in the middle of the text box, and
 * when a token lies there, the hover tooltip that opens under it (the pointer resting there for a busy
 * moment before the press) covers the very point clicked: every retry of the click then finds it there again.
 */
export async function focusEditor(target: Page | Locator): Promise<void> {
  const editor = 'keyboard' in target ? editorOf(target) : target;
  await editor.focus();
  await expect(editor).toBeFocused();
}

/** Replaces the editor's text as a paste would (no completion, no auto-closed brackets). */
export async function setQuery(page: Page, text: string): Promise<void> {
  const editor = editorOf(page);
  await focusEditor(page);
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
  await focusEditor(page);
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

/**
 * "N rows loaded" → N; null while the line shows no count yet ("Running…"), so that `expect.poll` goes on
 * asking: a callback that throws ends the poll at once, and a run still under way would fail the test.
 */
export async function loadedCount(page: Page): Promise<number | null> {
  const text = (await page.getByTestId('results-count').textContent()) ?? '';
  const m = /([\d,]+) rows? loaded/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}
