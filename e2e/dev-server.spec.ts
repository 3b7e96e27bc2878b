// The development server (`npm run dev`), where React renders in StrictMode and mounts the editor twice:
// what the production build does right must hold there too.
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { openLinkOverDraft } from './support/draft.ts';
import { editorOf, focusEditor } from './support/query.ts';

let server: ViteDevServer;
let origin: string;

test.beforeAll(async () => {
  server = await createServer({
    root: fileURLToPath(new URL('..', import.meta.url)),
    logLevel: 'warn',
    server: { port: 0, strictPort: false, host: '127.0.0.1' },
  });
  await server.listen();
  const address = server.httpServer!.address();
  if (!address || typeof address === 'string') throw new Error('the dev server has no port');
  origin = `http://127.0.0.1:${address.port}`;
});

test.afterAll(async () => {
  await server?.close();
});

test('Undo after opening a link brings the replaced draft back in the dev server (issue #23, item 9)', async ({
  page,
}) => {
  // The first visit compiles the app's modules on demand.
  test.setTimeout(90_000);
  await page.goto(`${origin}/`);
  await expect(editorOf(page)).toBeVisible({ timeout: 60_000 });
  await openLinkOverDraft(page, 'text contains "my draft"', 'max length > 1', origin);
  await focusEditor(page);
  await page.keyboard.press('ControlOrMeta+z');
  await expect(editorOf(page)).toHaveText('text contains "my draft"');
});
