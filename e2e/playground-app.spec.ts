// CroQL Playground as a Crowdin app (issue #29 §2), in Chromium against the e2e's emulator and the real app
// server (`npm run crowdin-app -- --emulator URL`): the project menu module runs a query whose rows are the
// strings listing's, with no sign-in; the editor panel counts as you type; axe finds nothing on either.
// The emulator's module-page route (GET /__apps/{appId}/modules/{key}/page) is not on main yet, so the pages
// open at the address it will give, with a module JWT signed as the emulator signs one (e2e/support).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PLAYGROUND_MODULES } from '../src/wire/playground-app.ts';
import { emulatorQuery } from './support/emulator-data.ts';
import { startPlaygroundAppProcess, type PlaygroundAppProcess } from './support/playground-app.ts';
import { loadedCount, runFromEditor, setQuery, signInToDemoProject, visibleIds } from './support/query.ts';
import { EMULATOR_URL } from './support/signin.ts';

// One app server for the file: its identifier is fixed, so the emulator holds one installation of it.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let app: PlaygroundAppProcess;
test.beforeAll(async () => {
  app = await startPlaygroundAppProcess(EMULATOR_URL);
});
test.afterAll(async () => {
  await app?.stop();
});

const BOB = { id: 2, login: 'bob' };
const QUERY = 'is hidden';
/** A member's emulator token (from the playground's own sign-in), to ask the listing directly. */
let memberAuthorization = '';

async function expectNoViolations(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe-core on ${screen}`).toEqual([]);
}

test('the project menu: no sign-in, the project of the module, rows equal to the strings listing’s', async ({
  page,
  browser,
}) => {
  await page.goto(await app.pageUrl(PLAYGROUND_MODULES.projectMenu, BOB));
  await expect(page.getByTestId('app-mode-bar')).toContainText('as bob');
  await expect(page.getByRole('button', { name: /Sign in/ })).toHaveCount(0);

  await setQuery(page, QUERY);
  const request = await runFromEditor(page, '/api/crowdin/api/v2/projects/1/strings');
  expect(new URL(request.url()).origin).toBe(new URL(app.url).origin);
  await expect.poll(() => loadedCount(page)).not.toBeNull();

  // The same query straight from the emulator, as a member signed in to the playground sends it.
  const other = await browser.newPage();
  await signInToDemoProject(other);
  await setQuery(other, QUERY);
  const direct = await runFromEditor(other);
  memberAuthorization = (await direct.allHeaders())['authorization']!;
  await other.close();
  const rows = await emulatorQuery(memberAuthorization, '/projects/1/strings', QUERY);
  expect(rows.length).toBeGreaterThan(0);
  expect(await loadedCount(page)).toBe(rows.length);
  const ids = await visibleIds(page);
  expect(ids).toEqual(rows.slice(0, ids.length).map((r) => String(r.id)));

  await expectNoViolations(page, 'the project menu module');
});

test('a token for no module of the app is refused with the app server’s words', async ({ page }) => {
  const url = new URL(await app.pageUrl(PLAYGROUND_MODULES.projectMenu, BOB));
  url.searchParams.set('jwtToken', 'not.a.token');
  await page.goto(url.toString());
  await expect(page.getByTestId('app-mode-refused')).toBeVisible();
  await expect(page.getByRole('button', { name: /Sign in/ })).toHaveCount(0);
});

test('the editor panel counts the strings a query matches, as the strings listing does', async ({ page }) => {
  await page.goto(await app.pageUrl(PLAYGROUND_MODULES.editorPanel, BOB));
  const editor = page.getByRole('textbox', { name: 'CroQL filter' });
  await editor.click();
  await page.keyboard.insertText(QUERY);
  const rows = await emulatorQuery(memberAuthorization, '/projects/1/strings', QUERY);
  await expect(page.getByTestId('panel-count')).toHaveText(`Matches ${rows.length} strings.`);
  await expectNoViolations(page, 'the editor panel');
});
