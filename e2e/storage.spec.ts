// Issue #23, item 9: storage that is full or holds what the app cannot read never fails quietly. A write
// that fails says so where the user acted; data the app cannot read is kept aside, never written over.
import { expect, test, type Page } from '@playwright/test';
import { openLibraryTab } from './support/library.ts';
import { editorOf, focusEditor, runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';
import { signIn } from './support/signin.ts';
import { emptyFiller, fillStorage, fillStorageOnLoad } from './support/storage.ts';

const LIBRARY_KEY = 'croql.library.v2';
const storageNotices = (page: Page) => page.getByTestId('storage-notice');

test('with localStorage full, saving says it could not save and why, and nothing claims Saved', async ({
  page,
}) => {
  await page.goto('/');
  await setQuery(page, 'text contains "keep me"');
  const library = await openLibraryTab(page, /Saved/);
  await fillStorage(page, 'local');

  await library.getByLabel('Save the current query as').fill('Kept query');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByTestId('save-failed')).toContainText(
    /“Kept query” was not saved: the browser's storage for this site is full/,
  );
  await expect(library.getByRole('tab', { name: /Saved/ })).toHaveText('Saved (0)');
  await expect(library.getByRole('button', { name: /^Kept query/ })).toHaveCount(0);
  await expect(page.getByText('Saved “Kept query”.')).toHaveCount(0);
  // The name stays for another try, which works once there is room.
  await expect(library.getByLabel('Save the current query as')).toHaveValue('Kept query');
  await emptyFiller(page, 'local');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByRole('button', { name: /^Kept query/ })).toBeVisible();
  await expect(library.getByTestId('save-failed')).toHaveCount(0);
  await page.reload();
  await expect(editorOf(page)).toHaveText('text contains "keep me"');
  const saved = await openLibraryTab(page, /Saved/);
  await expect(saved.getByRole('button', { name: /^Kept query/ })).toBeVisible();
});

test('a Library of a newer format is kept aside with a message, and a run does not write over it', async ({
  page,
}) => {
  const newer = JSON.stringify({ version: 9, history: [{ fancy: true }], saved: { everything: 'here' } });
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key!, value!);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [LIBRARY_KEY, newer],
  );
  await page.goto('/');
  await expect(storageNotices(page)).toContainText(
    'could not be read (it was written by a newer version of the playground (format 9)), so it starts empty',
  );
  // Saving something new writes the Library again; the newer data stays, kept aside under its own key.
  await setQuery(page, 'text contains "new"');
  const library = await openLibraryTab(page, /Saved/);
  await library.getByLabel('Save the current query as').fill('New one');
  await library.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(library.getByRole('button', { name: /^New one/ })).toBeVisible();
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('croql.library.v2.unreadable.'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual([newer]);

  const downloading = page.waitForEvent('download');
  await storageNotices(page).getByRole('button', { name: 'Download the kept data' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^croql\.library\.v2\.unreadable\.\d+\.json$/);
  await storageNotices(page).getByRole('button', { name: 'Delete it' }).click();
  await expect(storageNotices(page)).toHaveCount(0);
  expect(
    await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('.unreadable.'))),
  ).toEqual([]);
});

test('with localStorage full, a run says its history entry was not kept', async ({ page }) => {
  await signInToDemoProject(page);
  await setQuery(page, 'text contains "history"');
  await fillStorage(page, 'local');
  await runFromEditor(page);
  await expect(storageNotices(page)).toContainText(
    "The Library (history and saved queries) was not saved: the browser's storage for this site is full.",
  );
  await emptyFiller(page, 'local');
  await runFromEditor(page);
  await expect(storageNotices(page)).toHaveCount(0);
});

test('with sessionStorage full, the editor says the draft cannot be kept, until there is room again', async ({
  page,
}) => {
  await page.goto('/');
  await setQuery(page, 'text contains "first"');
  await fillStorage(page, 'session');
  await focusEditor(page);
  await page.keyboard.press('End');
  await page.keyboard.insertText(' and is hidden');
  await expect(storageNotices(page)).toContainText(
    "The draft of your query was not saved: this tab's storage is full. It stays in the editor, but a reload or the sign-in page would lose it",
  );
  await emptyFiller(page, 'session');
  await page.keyboard.insertText(' and not is hidden');
  await expect(storageNotices(page)).toHaveCount(0);
  await page.reload();
  await expect(editorOf(page)).toHaveText('text contains "first" and is hidden and not is hidden');
});

test('with sessionStorage full, a sign-in works on the page, and says a reload will sign the user out', async ({
  page,
}) => {
  await page.goto('/');
  // The tab's storage is full when the sign-in comes back (the app writes its session before a test could).
  await fillStorageOnLoad(page, 'session', /\/callback\?/);
  await signIn(page);
  await expect(storageNotices(page)).toContainText(
    "Your sign-in was not saved: this tab's storage is full. You are signed in on this page, but reloading the page will sign you out. Free some of this site's storage to keep it.",
  );
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
});

test('with sessionStorage full, Sign in says it cannot start and why, and stays on the page with the query', async ({
  page,
  context,
}) => {
  const query = 'text contains "before signing in"';
  await page.goto('/');
  await setQuery(page, query);
  await fillStorage(page, 'session');
  await page.getByRole('button', { name: 'Sign in', exact: true }).first().click();
  const message = page.getByRole('alert').filter({ hasText: 'Your sign-in request was not saved' });
  await expect(message).toHaveText(
    "Your sign-in request was not saved: this tab's storage is full. Signing in needs a little room there: the sign-in page comes back to a new load of the playground, which can finish only with the request this tab kept (memory does not outlive that load). You are still on this page, and your query is kept. Open the playground in a new tab (it has storage of its own and opens on your latest query) and sign in there.",
  );
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expect(editorOf(page)).toHaveText(query);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true }).first()).toBeEnabled();
  // What it says to do works: a new tab opens on the query and signs in.
  const fresh = await context.newPage();
  await fresh.goto('/');
  await expect(editorOf(fresh)).toHaveText(query);
  await signIn(fresh);
});

test('with localStorage full, a theme chosen holds for the page and says it is not kept', async ({
  page,
}) => {
  await page.goto('/');
  await fillStorage(page, 'local');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(storageNotices(page)).toContainText(
    "Your choice of theme was not saved: the browser's storage for this site is full. It lasts until you reload the page.",
  );
  await emptyFiller(page, 'local');
  await page.getByLabel('Theme').selectOption('light');
  await expect(storageNotices(page)).toHaveCount(0);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a draft that cannot be read is kept aside with a message, and the editor starts empty', async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('croql.draft', JSON.stringify({ text: 42, context: 'strings' }));
      sessionStorage.setItem('seeded', '1');
    }
  });
  await page.goto('/');
  await expect(storageNotices(page)).toContainText(
    'The draft of your query as stored could not be read (text: expected text, found the number 42), so it starts empty',
  );
  const kept = await page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((k) => k.startsWith('croql.draft.unreadable.'))
      .map((k) => sessionStorage.getItem(k)),
  );
  expect(kept).toEqual(['{"text":42,"context":"strings"}']);
});

/** Writes entries straight into the snapshots' IndexedDB store, as another version or a bad disk might. */
async function plantSnapshots(page: Page, entries: [string, unknown][]) {
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('croql-snapshots');
        open.onupgradeneeded = () => open.result.createObjectStore('snapshots');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('snapshots', 'readwrite');
          for (const [key, value] of entries) tx.objectStore('snapshots').put(value, key);
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    entries,
  );
}

test('a malformed snapshot entry drops only itself, and malformed rows make the diff say so', async ({
  page,
}) => {
  await signInToDemoProject(page);
  const setup = {
    text: 'is hidden',
    context: 'strings',
    target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
    connection: 'emulator',
    domain: null,
  };
  const meta = (id: string, name: string, createdAt: number) => ({
    id,
    name,
    createdAt,
    setup,
    fields: ['text'],
    rowCount: 1,
    bytes: 100,
  });
  await plantSnapshots(page, [
    ['meta:good', meta('good', 'Good one', 1)],
    ['rows:good', [{ id: 'string:1', values: { text: 'x' } }]],
    ['meta:badrows', meta('badrows', 'Bad rows', 2)],
    ['rows:badrows', [{ id: 'string:1', values: null }]],
    ['meta:broken', { name: 'Broken', createdAt: 'yesterday' }],
    ['rows:broken', []],
  ]);
  const library = await openLibraryTab(page, /Snapshots/);
  await expect(library.getByTestId('snapshot-item')).toHaveCount(2);
  await expect(library.getByTestId('snapshots-unreadable')).toContainText(
    'One snapshot cannot be read and is left out of the list (setup: expected a query setup (an object), found nothing)',
  );

  await library
    .getByTestId('snapshot-item')
    .filter({ hasText: 'Bad rows' })
    .getByRole('button', { name: 'Diff with a new run' })
    .click();
  const dialog = page.getByTestId('diff-dialog');
  await expect(dialog.getByRole('alert')).toContainText(
    'This snapshot’s rows as stored cannot be read (rows[0].values: expected an object of text, found null), so it cannot be diffed.',
  );
  await page.keyboard.press('Escape');

  await library.getByRole('button', { name: 'Delete the unreadable snapshots' }).click();
  await expect(library.getByTestId('snapshots-unreadable')).toHaveCount(0);
  await library.getByRole('button', { name: 'Delete snapshot Good one' }).click();
  await expect(library.getByTestId('snapshot-item')).toHaveText([/Bad rows/]);
});
