// CroQL Router's settings page in Chromium, served by the router (`npm run router`'s entry) and framed by a
// page on a playground origin, as the Apps view frames it: the emulator's bridge, the playground's editor
// with the project's names, the path each rule takes, validation before Save, no axe violations, and the
// bridge from Crowdin's CDN for a Crowdin origin.
import { expect, test, type APIResponse, type FrameLocator, type Page, type Route } from '@playwright/test';
import { sign } from 'hono/jwt';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION, type BridgeMessage } from '../src/wire/ap-bridge.ts';
import { axeInFrame, frameOf } from './support/axe-frame.ts';
import { startRouterProcess, type RouterProcess } from './support/router.ts';
import { APPS_PATHS } from '../src/wire/apps-routes.ts';

/** The e2e ports of playwright.config.ts: the app (a playground origin) and the emulator. */
const PLAYGROUND = 'http://127.0.0.1:4317';
const EMULATOR = 'http://127.0.0.1:4318';

// One router, installed once in the shared emulator: the tests run in one worker, in order.
test.describe.configure({ mode: 'serial' });

let router: RouterProcess;
test.beforeAll(async () => {
  router = await startRouterProcess(EMULATOR);
  const res = await fetch(`${EMULATOR}${APPS_PATHS.install}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ manifestUrl: router.manifestUrl }),
  });
  expect(res.status, await res.text()).toBe(201);
});
test.afterAll(async () => {
  await fetch(`${EMULATOR}${APPS_PATHS.uninstall('croql-router')}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
  });
  await router.stop();
});

// The parent is served by a route, which Chromium places outside the loopback address space.
test.use({ permissions: ['local-network-access'] });

/** The page's URL as the service opens it: its JWT (signed with the OAuth app's secret), origin, client id. */
async function pageUrl(origin: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = await sign(
    {
      aud: router.clientId,
      sub: '1',
      domain: null,
      module: 'croql-router',
      context: { project_id: 1, organization_id: 1, user_id: 1 },
      iat: now,
      exp: now + 900,
    },
    router.clientSecret,
    'HS256',
  );
  const url = new URL(`${router.url}/step/page/`);
  url.searchParams.set('jwtToken', jwt);
  url.searchParams.set('origin', origin);
  url.searchParams.set('clientId', router.clientId);
  return url.toString();
}

/** The framed page as the host opens it; its content may still be loading. */
async function frameIn(page: Page, origin = EMULATOR): Promise<FrameLocator> {
  const src = await pageUrl(origin);
  await page.route(`${PLAYGROUND}/__router-parent`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Workflow editor</title></head><body><main><h1>Workflow editor</h1>
<iframe title="CroQL Router settings" src="${src}" style="width: 900px; height: 900px"></iframe></main>
<script>window.received = []; addEventListener('message', (e) => window.received.push(e.data));</script>
</body></html>`,
    }),
  );
  // Not the load event: that waits for the frame's scripts, which a test may hold.
  await page.goto(`${PLAYGROUND}/__router-parent`, { waitUntil: 'domcontentloaded' });
  return page.frameLocator('iframe[title="CroQL Router settings"]');
}

async function open(page: Page, origin = EMULATOR): Promise<FrameLocator> {
  const frame = await frameIn(page, origin);
  // The heading marks the page's bundle loaded (React, the core; src/router/page/boot.ts loads it after the
  // bridge), which on a busy machine takes longer than an assertion's 5 s, as a navigation would.
  // Everything the tests assert after it has an assertion's time again.
  await expect(frame.getByRole('heading', { name: 'CroQL Router' })).toBeVisible({ timeout: 30_000 });
  return frame;
}

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { received: BridgeMessage[] }).received);

async function validate(page: Page, requestId: string) {
  await page.evaluate(
    ({ requestId, app, protocol, version }) =>
      document
        .querySelector('iframe')!
        .contentWindow!.postMessage({ protocol, version, type: 'validate', requestId }, app),
    { requestId, app: new URL(router.url).origin, protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION },
  );
  await expect
    .poll(async () => (await received(page)).some((m) => 'requestId' in m && m.requestId === requestId))
    .toBe(true);
  return (await received(page)).find((m) => 'requestId' in m && m.requestId === requestId) as Extract<
    BridgeMessage,
    { type: 'validated' }
  >;
}

test('rules in the playground’s editor, each with its path; Save is refused while one has an error', async ({
  page,
}) => {
  const frame = await open(page);
  await expect.poll(async () => (await received(page)).map((m) => m.type)).toContain('ready');
  await expect(frame.getByRole('heading', { name: 'CroQL Router' })).toBeVisible();
  await expect(frame.getByText('No rules yet')).toBeVisible();

  // A local rule, typed with completion from the project's labels.
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  // An empty rule is refused: its reading says so, not that an empty query lists everything.
  await expect(frame.locator('.croql-explain').first()).toHaveText(
    'A rule needs a query: an empty one is not allowed.',
  );
  const first = frame.getByRole('textbox', { name: 'Rule 1 query' });
  await first.click();
  await page.keyboard.type('count of labels where (title = "leg');
  await expect(frame.getByRole('option', { name: /legal/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.type('al") > 0');
  await expect(first).toHaveText('count of labels where (title = "legal") > 0');
  const paths = frame.getByTestId('router-path');
  await expect(paths.first()).toHaveAttribute('data-path', 'local');
  await expect(paths.first()).toContainText('Runs on each delivery');
  await expect(frame.locator('.croql-explain').first()).toContainText(/legal/);

  // One the delivery cannot answer, with a member named by completion; it runs through the listing.
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  const second = frame.getByRole('textbox', { name: 'Rule 2 query' });
  await second.click();
  await page.keyboard.type('count of comments where (user = @user:"al');
  await expect(frame.getByRole('option', { name: /alice/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.type('ice") > 0');
  await expect(paths.nth(1)).toHaveAttribute('data-path', 'api');
  await expect(paths.nth(1)).toContainText('a delivery does not carry');

  // Every change went to the host; Save's validation passes and carries these settings.
  const settings = {
    rules: [
      { query: 'count of labels where (title = "legal") > 0', output: 'true' },
      { query: 'count of comments where (user = @user:"alice") > 0', output: 'true' },
    ],
    default: 'false',
  };
  await expect
    .poll(async () => (await received(page)).filter((m) => m.type === 'formDataUpdated').at(-1))
    .toMatchObject({ data: settings });
  expect(await validate(page, 'save-1')).toMatchObject({ valid: true, data: settings });

  // A typo: the editor marks it, the page says the rule cannot be saved, and validation fails.
  await second.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' and is hiden');
  await expect(frame.locator('.cm-lintRange-error')).toHaveText('is hiden');
  await expect(frame.getByTestId('router-validity')).toHaveText('Fix the rules marked above before saving.');
  expect(await validate(page, 'save-2')).toMatchObject({ valid: false });

  // The default output and the order are part of the settings.
  await frame.getByRole('button', { name: 'Remove rule 2' }).click();
  await frame.getByLabel('Strings that match no rule go to').selectOption('true');
  expect(await validate(page, 'save-3')).toMatchObject({
    valid: true,
    data: { rules: [settings.rules[0]], default: 'true' },
  });

  // A rule for {{language}} reads for each language the step routes, not for the one it is checked with.
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  await frame
    .getByRole('textbox', { name: 'Rule 2 query' })
    .fill('count of languages summary where (language = {{language}} and is approved) > 0');
  const reading = frame.locator('.croql-explain').nth(1);
  await expect(reading).toHaveText('Strings that are approved in each language in turn.');
});

test('the settings page has no axe violations', async ({ page }) => {
  const frame = await open(page);
  // The page itself, in its frame (the harness around it is this test's own): axe runs there, and the
  // scan names the page's headings, so a scan that never reached the page fails here (e2e/support/axe-frame.ts).
  const settings = await frameOf(page.locator('iframe[title="CroQL Router settings"]'));
  const scan = async (state: string) => {
    const result = await axeInFrame(settings);
    expect(result.headings, `the settings page scanned (${state})`).toEqual(
      expect.arrayContaining(['CroQL Router', 'Rules', 'Default']),
    );
    expect(result.violations, `axe-core on the settings page (${state})`).toEqual([]);
  };
  await scan('no rules');
  // A rule the delivery answers, and one with a mistake: the paths, readings and error marks.
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  await frame.getByRole('textbox', { name: 'Rule 1 query' }).fill('is hidden');
  await expect(frame.getByTestId('router-path')).toHaveAttribute('data-path', 'local');
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  await frame.getByRole('textbox', { name: 'Rule 2 query' }).fill('is hiden');
  await expect(frame.locator('.cm-lintRange-error')).toHaveText('is hiden');
  await expect(frame.getByTestId('router-validity')).toHaveText('Fix the rules marked above before saving.');
  await scan('two rules, one with an error');
});

test("for a Crowdin origin the bridge comes from Crowdin's CDN", async ({ page }) => {
  const asked: string[] = [];
  await page.route('https://cdn.crowdin.com/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.AP = { formDataUpdated: (d) => parent.postMessage({ cdn: d }, "*") };',
    });
  });
  const frame = await open(page, 'https://acme.crowdin.com');
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  await frame.getByRole('textbox', { name: 'Rule 1 query' }).fill('is hidden');
  expect(asked).toEqual(['https://cdn.crowdin.com/apps/dist/iframe.js']);
  await expect
    .poll(async () =>
      (await page.evaluate(() => (window as unknown as { received: { cdn?: unknown }[] }).received)).at(-1),
    )
    .toEqual({ cdn: { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' } });
});

test('F4: a bridge from an origin that is not a host’s never runs, and only hosts may frame the page', async ({
  page,
}) => {
  const asked: string[] = [];
  await page.route('http://evil.example:5651/**', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.evil = location.origin;' });
  });
  const blocked = page.waitForEvent('console', (m) => /Content Security Policy/.test(m.text()));
  // Opened directly, as a link someone was sent (review security-2026-11-28 F4).
  const response = await page.goto(await pageUrl('http://evil.example:5651'));
  await blocked;
  expect(asked).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { evil?: string }).evil)).toBeUndefined();
  expect(response!.headers()['content-security-policy']).toMatch(
    /frame-ancestors 'self' https:\/\/crowdin\.com https:\/\/\*\.crowdin\.com /,
  );
});

test('the host hears the bridge’s ready while the page’s bundle is still held', async ({ page }) => {
  // Every script of the page larger than a small entry is held: React, the core, the editor. The bridge
  // must not wait for them (src/router/page/boot.ts), or Save and the host's ready wait on the bundle.
  const held: { route: Route; response: APIResponse }[] = [];
  let holding = true;
  await page.route(`${router.url}/step/page/assets/*.js`, async (route) => {
    const response = await route.fetch();
    const large = (await response.body()).length > 50_000;
    // `holding` is read after the body has arrived: read before it, a script whose body came in just after the
    // release below was held with nobody left to let it go, and the page never mounted.
    if (large && holding) held.push({ route, response });
    else await route.fulfill({ response });
  });
  const bridgeLoads: string[] = [];
  page.on('request', (r) => {
    if (r.url() === `${EMULATOR}/apps/dist/iframe.js`) bridgeLoads.push(r.url());
  });

  const frame = await frameIn(page);
  await expect.poll(() => held.length, { timeout: 20_000 }).toBeGreaterThan(0);
  await expect
    .poll(async () => (await received(page)).map((m) => m.type), { timeout: 20_000 })
    .toContain('ready');
  // Asked to save before the form is up, the page refuses.
  expect(await validate(page, 'early')).toMatchObject({ valid: false });

  holding = false;
  for (const { route, response } of held.splice(0)) await route.fulfill({ response });
  await expect(frame.getByRole('heading', { name: 'CroQL Router' })).toBeVisible({ timeout: 30_000 });
  await frame.getByRole('button', { name: 'Add a rule' }).click();
  await frame.getByRole('textbox', { name: 'Rule 1 query' }).fill('is hidden');
  // The page attached to the bridge its entry loaded: one load, and it carries every change.
  await expect
    .poll(async () => (await received(page)).filter((m) => m.type === 'formDataUpdated').at(-1))
    .toMatchObject({ data: { rules: [{ query: 'is hidden', output: 'true' }], default: 'false' } });
  expect(bridgeLoads).toHaveLength(1);
  // Typing loads more chunks (completion) through the route: let their fetches end before the page closes,
  // or the test ends inside one ("route.fetch: Test ended").
  await page.unrouteAll({ behavior: 'wait' });
});
