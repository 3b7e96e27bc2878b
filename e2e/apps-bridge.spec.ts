// The emulator's AP bridge in a real browser: an app's settings page, framed by a page on a playground
// origin, loads the bridge from the emulator; AP.formDataUpdated reaches the parent, the parent's validate
// runs window.formRef.validateForm(), and a parent on any other origin hears nothing.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { BRIDGE_PATH, BRIDGE_PROTOCOL, BRIDGE_VERSION, type BridgeMessage } from '../src/wire/ap-bridge.ts';

/** The e2e ports of playwright.config.ts: the app (a playground origin) and the emulator. */
const PLAYGROUND = 'http://127.0.0.1:4317';
const EMULATOR = 'http://127.0.0.1:4318';
/** A parent on an origin that is not the playground's (nothing listens there: a route serves it). */
const FOREIGN = 'http://127.0.0.1:4398';

const SETTINGS_PAGE = `<!doctype html><html lang="en"><head><title>Step settings</title>
<script src="${EMULATOR}${BRIDGE_PATH}"></script></head>
<body><label>Name <input id="name"></label>
<script>
  const input = document.getElementById('name');
  window.formRef = { validateForm: () => input.value.trim() !== '' };
  input.addEventListener('input', () => {
    window.currentFormData = { name: input.value };
    AP.formDataUpdated(window.currentFormData);
    // The page's own marker, posted after whatever the bridge posted for this input.
    parent.postMessage('input-done', '*');
  });
  // Answered after the bridge has handled every message that came before.
  addEventListener('message', (e) => e.data === 'echo' && parent.postMessage('echoed', '*'));
</script></body></html>`;

// The app serves its settings page on a real loopback port, as an app under development does.
let appServer: Server;
let APP = '';
test.beforeAll(async () => {
  appServer = createServer((_req, res) =>
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(SETTINGS_PAGE),
  );
  await new Promise<void>((resolve) => appServer.listen(0, '127.0.0.1', resolve));
  APP = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => appServer.close(() => resolve())));

// The parent pages are served by routes, which Chromium places outside the loopback address space: let them
// frame a loopback page (a playground served from 127.0.0.1 needs no such grant).
test.use({ permissions: ['local-network-access'] });

const parentPage = () => `<!doctype html><html lang="en"><head><title>Parent</title></head><body>
<iframe title="settings" src="${APP}/settings?jwtToken=e30.e30.x&origin=${encodeURIComponent(EMULATOR)}"></iframe>
<script>
  window.received = [];
  window.loaded = false;
  addEventListener('message', (e) => window.received.push({ origin: e.origin, data: e.data }));
  document.querySelector('iframe').addEventListener('load', () => (window.loaded = true));
</script></body></html>`;

async function open(page: Page, parentOrigin: string): Promise<void> {
  await page.route(`${parentOrigin}/__bridge-parent`, (route) =>
    route.fulfill({ contentType: 'text/html', body: parentPage() }),
  );
  await page.goto(`${parentOrigin}/__bridge-parent`);
}

/** What the parent heard from the bridge (the page's own string markers aside). */
const received = async (page: Page) =>
  (await heard(page)).filter((m): m is { origin: string; data: BridgeMessage } => typeof m.data === 'object');
const heard = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { received: { origin: string; data: BridgeMessage | string }[] }).received,
  );

const validate = (page: Page, requestId: string) =>
  page.evaluate(
    ({ requestId, app, protocol, version }) =>
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ protocol, version, type: 'validate', requestId }, app),
    { requestId, app: APP, protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION },
  );

test('the settings page talks to a playground parent through the bridge: ready, form data, validate', async ({
  page,
}) => {
  await open(page, PLAYGROUND);
  // `ready`, then the page's height (the parent sizes its frame to it).
  await expect
    .poll(async () => [...new Set((await received(page)).map((m) => m.data.type))])
    .toEqual(['ready', 'height']);
  expect((await received(page))[0]!.origin).toBe(APP);
  const height = (await received(page))[1]!.data;
  expect(height.type === 'height' && height.height).toBeGreaterThan(0);

  const frame = page.frameLocator('iframe[title="settings"]');
  await frame.getByLabel('Name').fill('Router');
  await expect
    .poll(async () => (await received(page)).filter((m) => m.data.type !== 'height').at(-1)!.data)
    .toEqual({
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      type: 'formDataUpdated',
      data: { name: 'Router' },
      problem: null,
    });

  await validate(page, 'save-1');
  await expect
    .poll(async () => (await received(page)).find((m) => m.data.type === 'validated')?.data)
    .toMatchObject({ requestId: 'save-1', valid: true, data: { name: 'Router' }, problem: null });

  await frame.getByLabel('Name').fill('');
  await validate(page, 'save-2');
  await expect
    .poll(
      async () =>
        (await received(page)).find((m) => 'requestId' in m.data && m.data.requestId === 'save-2')?.data,
    )
    .toMatchObject({
      valid: false,
      data: { name: '' },
      problem: 'window.formRef.validateForm() returned false.',
    });
});

test('a parent on another origin hears nothing from the bridge, and its validate goes unanswered', async ({
  page,
}) => {
  await open(page, FOREIGN);
  await expect.poll(() => page.evaluate(() => (window as unknown as { loaded: boolean }).loaded)).toBe(true);
  await page.frameLocator('iframe[title="settings"]').getByLabel('Name').fill('Router');
  await expect.poll(async () => (await heard(page)).map((m) => m.data)).toContain('input-done');
  // Messages from one window arrive in order: had the bridge answered validate, it would come before 'echoed'.
  await validate(page, 'probe');
  await page.evaluate(
    (app) => document.querySelector('iframe')!.contentWindow!.postMessage('echo', app),
    APP,
  );
  await expect.poll(async () => (await heard(page)).map((m) => m.data)).toContain('echoed');
  expect(await received(page)).toEqual([]);
});
