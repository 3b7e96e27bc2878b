// CroQL Playground as a Crowdin app (issue #29, "Done when"), in Chromium against the e2e's real emulators and
// the real app server (`npm run crowdin-app -- --emulator URL` installs it): on a crowdin.com emulator and on
// an Enterprise one, the Apps view opens its modules through the emulator's module-page route
// (GET /__apps/{appId}/modules/{key}/page) — the project menu as a member runs a query whose rows are the
// strings listing's, a user outside the module's access gets the emulator's refusal, and the CroQL filter
// panel in the editor stand-in applies its query to the stand-in's list, reads the stand-in's Advanced Filter
// back as the converter's CroQL, and opens the playground with its query (AP.redirect). Keyboard only;
// axe finds nothing on the project menu module, the stand-in or the panel.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { editorFilterToCroql } from '../src/builder/editor-filter.ts';
import { EMPTY_CUSTOM_FILTER } from '../src/wire/ap-bridge.ts';
import { PLAYGROUND_APP_IDENTIFIER, PLAYGROUND_MODULES } from '../src/wire/playground-app.ts';
import { axeInFrame, frameOf } from './support/axe-frame.ts';
import { APPS_APP_URL, APPS_EMULATOR_URL, openAppsView } from './support/apps.ts';
import { emulatorQuery } from './support/emulator-data.ts';
import { focusEditor } from './support/query.ts';
import { startPlaygroundAppProcess, type PlaygroundAppProcess } from './support/playground-app.ts';
import { EMULATOR_URL } from './support/signin.ts';
import { APP_PORT } from './playwright.config.ts';

const EDITIONS = [
  { edition: 'a crowdin.com', emulator: EMULATOR_URL, playground: `http://127.0.0.1:${APP_PORT}` },
  { edition: 'an Enterprise', emulator: APPS_EMULATOR_URL, playground: APPS_APP_URL },
] as const;

const QUERY = 'is hidden';
const PANEL_QUERY = 'is hidden or text contains "a"';

async function expectNoViolations(page: Page, screen: string, include?: string) {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found, `axe-core on ${screen}`).toEqual([]);
}

/**
 * No violations inside an app page's frame, which is on the app server's origin: AxeBuilder may leave such
 * a frame out silently (e2e/support/axe-frame.ts), so axe runs in it, and its heading shows it was scanned.
 */
async function expectNoViolationsInFrame(iframe: Locator, screen: string, heading: string) {
  const scan = await axeInFrame(await frameOf(iframe));
  expect(scan.headings, `${screen} scanned`).toContain(heading);
  expect(scan.violations, `axe-core on ${screen}`).toEqual([]);
}

/** The bearer token the signed-in playground (alice, a member) sends to the emulator's API. */
function apiAuthorization(page: Page, emulator: string): Promise<string> {
  return new Promise((resolve) => {
    page.on('request', (request) => {
      const authorization = request.headers()['authorization'];
      if (request.url().startsWith(`${emulator}/api/v2/`) && authorization) resolve(authorization);
    });
  });
}

/** Presses Tab until `target` has the focus (keyboard only); fails when it never does. */
async function tabTo(page: Page, target: Locator, most = 25): Promise<void> {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === el.ownerDocument.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The project menu module's frame, opened in the Apps view. */
const moduleFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="module-page"] iframe');

/** Types `text` in a CodeMirror editor of a frame (the keyboard goes to the focused frame). */
async function typeQuery(page: Page, editor: Locator, text: string): Promise<void> {
  await focusEditor(editor);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(text);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveText(text);
}

/** "N rows loaded" in the module's results → N; null before the count shows. */
async function loadedCount(frame: FrameLocator): Promise<number | null> {
  const text = (await frame.getByTestId('results-count').textContent()) ?? '';
  const m = /([\d,]+) rows? loaded/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

async function visibleIds(frame: FrameLocator): Promise<number[]> {
  const rows = frame.getByTestId('results-table').locator('[role="row"][data-index]');
  const pairs = await rows.evaluateAll((els) =>
    els.map((el) => ({
      index: Number(el.getAttribute('data-index')),
      id: el.querySelector('[role="cell"]')?.textContent ?? '',
    })),
  );
  return pairs.sort((a, b) => a.index - b.index).map((p) => Number(p.id));
}

for (const { edition, emulator, playground } of EDITIONS) {
  test.describe(`CroQL Playground installed on ${edition} emulator`, () => {
    // One app server per emulator: the app's identifier is fixed, so each emulator holds one installation
    // of it, and the tests of one emulator run in order, in one worker.
    test.describe.configure({ mode: 'serial', timeout: 300_000 });
    let app: PlaygroundAppProcess;
    test.beforeAll(async () => {
      app = await startPlaygroundAppProcess(emulator);
    });
    test.afterAll(async () => {
      await app?.stop();
    });

    /** Signs in to the playground beside `emulator`, opens the Apps view; the app's card and a member's token. */
    async function openApp(page: Page) {
      const authorization = apiAuthorization(page, emulator);
      const view = await openAppsView(page, playground);
      const card = view.getByTestId('installed-app').filter({ hasText: PLAYGROUND_APP_IDENTIFIER });
      await expect(card).toBeVisible();
      const row = (key: string) => card.getByTestId('ui-module').filter({ hasText: key });
      return { view, card, row, authorization };
    }

    test('the project menu, opened in the Apps view as a member, runs a query with the strings listing’s rows', async ({
      page,
    }) => {
      const { row, authorization } = await openApp(page);
      const menu = row(PLAYGROUND_MODULES.projectMenu.key);
      // Keyboard only: the user, then Open with Enter.
      await menu.getByLabel('User').focus();
      await page.keyboard.insertText('bob');
      await tabTo(page, menu.getByRole('button', { name: 'Open', exact: true }));
      await page.keyboard.press('Enter');

      const frame = moduleFrame(page);
      await expect(frame.getByTestId('app-mode-bar')).toContainText('as bob');
      await expect(frame.getByRole('button', { name: /Sign in/ })).toHaveCount(0);
      const editor = frame.getByRole('textbox', { name: 'CroQL query' });
      await typeQuery(page, editor, QUERY);
      const request = page.waitForRequest((r) => r.url().includes('/api/crowdin/api/v2/projects/1/strings?'));
      await focusEditor(editor);
      await page.keyboard.press('ControlOrMeta+Enter');
      expect(new URL((await request).url()).origin).toBe(new URL(app.url).origin);
      await expect.poll(() => loadedCount(frame)).not.toBeNull();

      const rows = await emulatorQuery(await authorization, '/projects/1/strings', QUERY, emulator);
      expect(rows.length).toBeGreaterThan(0);
      expect(await loadedCount(frame)).toBe(rows.length);
      const ids = await visibleIds(frame);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(rows.slice(0, ids.length).map((r) => r.id));

      await expectNoViolationsInFrame(
        page.locator('[data-testid="module-page"] iframe'),
        'the project menu module',
        'CroQL Playground',
      );
    });

    test('a user outside the module’s access gets the emulator’s refusal in the Apps view', async ({
      page,
      request,
    }) => {
      const key = PLAYGROUND_MODULES.projectMenu.key;
      const set = (body: object) =>
        request.post(`${emulator}/__apps/${PLAYGROUND_APP_IDENTIFIER}/modules/${key}/access`, { data: body });
      // Only carol may open it (Custom Access), set before the view opens.
      expect((await set({ category: 'restricted', users: ['carol'] })).status()).toBe(200);
      try {
        const { row } = await openApp(page);
        const menu = row(key);
        await expect(menu).toContainText('Custom Access (selected users): carol');
        await menu.getByLabel('User').fill('bob');
        await menu.getByRole('button', { name: 'Open', exact: true }).click();
        const refusal = menu.getByRole('alert');
        await expect(refusal).toContainText('You don\'t have access to "CroQL Playground"');
        await expect(refusal).toContainText('bob (translator) is not among them');
        await expect(page.getByTestId('module-page')).toHaveCount(0);
      } finally {
        await set({ category: 'all' });
      }
    });

    test('the CroQL filter panel in the editor stand-in: Apply, From editor, Open in the playground', async ({
      page,
    }) => {
      const { row, authorization } = await openApp(page);
      const panelRow = row(PLAYGROUND_MODULES.editorPanel.key);
      await panelRow.getByLabel('User').fill('bob');
      await panelRow.getByRole('button', { name: 'Open', exact: true }).click();
      const standIn = page.getByTestId('editor-stand-in');
      await expect(standIn.getByTestId('standin-count')).toContainText(/\d+ strings?/);
      await standIn.getByRole('button', { name: 'Open the panel' }).click();
      const panel = page.frameLocator('iframe[title="CroQL filter panel"]');
      const projectId = await standIn.getByLabel('Project').inputValue();

      // Type in the panel, then Tab to Apply to editor and press Enter.
      const editor = panel.getByRole('textbox', { name: 'CroQL filter' });
      await typeQuery(page, editor, PANEL_QUERY);
      const expected = await emulatorQuery(
        await authorization,
        `/projects/${projectId}/strings`,
        PANEL_QUERY,
        emulator,
      );
      expect(expected.length).toBeGreaterThan(0);
      // The panel counts up to 1,000 (PANEL_COUNT_LIMIT in src/panel/Panel.tsx), then says "more than".
      const count =
        expected.length > 1000
          ? 'more than 1,000 strings'
          : `${expected.length.toLocaleString('en-US')} strings?`;
      await expect(panel.getByTestId('panel-count')).toHaveText(new RegExp(`^Matches ${count}\\.$`));
      await tabTo(page, panel.getByRole('button', { name: 'Apply to editor' }));
      await page.keyboard.press('Enter');
      await expect(standIn.getByTestId('standin-croql')).toHaveText(`croql=${PANEL_QUERY}`);
      await expect(standIn.getByTestId('standin-count')).toHaveText(
        new RegExp(`^${expected.length.toLocaleString('en-US')} strings?`),
      );
      const listed = standIn.getByRole('listbox', { name: 'Strings' }).getByRole('option');
      await expect(listed).toHaveCount(Math.min(expected.length, 200));
      const ids = await listed.evaluateAll((options) =>
        options.map((o) => Number(o.getAttribute('data-string-id'))),
      );
      expect(ids).toEqual(expected.slice(0, 200).map((s) => s.id));
      await expectNoViolations(page, 'the editor stand-in with the panel', '[data-testid="editor-stand-in"]');
      await expectNoViolationsInFrame(
        page.locator('iframe[title="CroQL filter panel"]'),
        'the CroQL filter panel',
        'CroQL filter',
      );

      // An Advanced Filter set in the stand-in: From editor reads it as the converter's CroQL.
      await standIn.getByText('Advanced Filter', { exact: true }).click();
      await standIn.getByLabel('Translations').selectOption('untranslated');
      await standIn.getByRole('button', { name: 'Apply the Advanced Filter' }).click();
      const converted = editorFilterToCroql({ ...EMPTY_CUSTOM_FILTER, translations: 'untranslated' });
      expect(converted.croql).toBeTruthy();
      const fromEditor = panel.getByRole('button', { name: 'From editor' });
      await fromEditor.focus();
      await page.keyboard.press('Enter');
      await expect(editor).toHaveText(converted.croql!);
      await expect(
        panel.getByRole('status').filter({ hasText: 'Loaded the editor’s advanced filter' }),
      ).toBeVisible();

      // Open in the playground: AP.redirect to the project menu module, which opens with the query.
      await panel.getByRole('button', { name: 'Open in the playground' }).click();
      const frame = moduleFrame(page);
      await expect(frame.getByTestId('app-mode-bar')).toContainText('as bob');
      await expect(frame.getByRole('textbox', { name: 'CroQL query' })).toHaveText(converted.croql!);
    });

    test('a page opened with a bad token shows the app server’s refusal, and no sign-in', async ({
      page,
    }) => {
      const { row } = await openApp(page);
      const menu = row(PLAYGROUND_MODULES.projectMenu.key);
      const opened = page.waitForResponse((r) =>
        r.url().includes(`/modules/${PLAYGROUND_MODULES.projectMenu.key}/page`),
      );
      await menu.getByRole('button', { name: 'Open', exact: true }).click();
      const { url } = (await (await opened).json()) as { url: string };
      const bad = new URL(url);
      bad.searchParams.set('jwtToken', 'not.a.token');
      await page.goto(bad.toString());
      await expect(page.getByTestId('app-mode-refused')).toBeVisible();
      await expect(page.getByRole('button', { name: /Sign in/ })).toHaveCount(0);
    });
  });
}
