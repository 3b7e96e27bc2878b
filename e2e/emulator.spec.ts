// The emulator and the app server's relay as a browser meets them: the consent page, the redirect back,
// the code exchange through the preview server's /auth/token, and CORS on the API but not on /oauth/token.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';

/** The e2e ports of playwright.config.ts. */
const EMULATOR = 'http://127.0.0.1:4318';
const REDIRECT = 'http://127.0.0.1:4317/callback';

function authorizeUrl(verifier: string, state: string): string {
  const url = new URL('/oauth/authorize', EMULATOR);
  url.search = new URLSearchParams({
    client_id: 'croql-playground',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'project tm glossary',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/**
 * Where the consent page's answer sends the browser back to. The form's post goes to the emulator for real;
 * its redirect is read and not followed, so the app's own callback handler stays out of the test (a route on
 * the callback address would not do: Playwright does not route the second leg of a redirect).
 */
async function callbackAfter(page: Page, submit: () => Promise<void>): Promise<URL> {
  let location: string | undefined;
  await page.route(`${EMULATOR}/oauth/authorize`, async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch({ maxRedirects: 0 });
    location = response.headers()['location'];
    await route.fulfill({ contentType: 'text/html', body: '<title>callback</title>' });
  });
  await submit();
  await expect.poll(() => location).toBeDefined();
  await page.unroute(`${EMULATOR}/oauth/authorize`);
  return new URL(location!);
}

test('consent as a chosen demo user, exchange the code through the app server, call the API', async ({
  page,
  request,
}) => {
  const verifier = randomBytes(32).toString('base64url');
  await page.goto(authorizeUrl(verifier, 'st-1'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('CroQL Playground');
  await expect(page.getByLabel('Sign in as')).toHaveValue('1');
  await page.getByLabel('Sign in as').selectOption({ label: 'Carol Chen (carol)' });
  const back = await callbackAfter(page, () => page.getByRole('button', { name: 'Approve' }).click());
  expect(back.searchParams.get('state')).toBe('st-1');

  const tokenResponse = await request.post('/auth/token', {
    data: {
      connection: 'emulator',
      grant_type: 'authorization_code',
      code: back.searchParams.get('code'),
      code_verifier: verifier,
      redirect_uri: REDIRECT,
    },
  });
  expect(tokenResponse.status()).toBe(200);
  const tokens = await tokenResponse.json();
  const me = await request.get(`${EMULATOR}/api/v2/user`, {
    headers: { Authorization: `Bearer ${tokens.access_token}` },
  });
  expect((await me.json()).data.username).toBe('carol');
});

test('declining sends the browser back with access_denied; a bad redirect_uri stays on an error page', async ({
  page,
}) => {
  await page.goto(authorizeUrl(randomBytes(32).toString('base64url'), 'st-2'));
  const back = await callbackAfter(page, () => page.getByRole('button', { name: 'Decline' }).click());
  expect(Object.fromEntries(back.searchParams)).toEqual({
    error: 'access_denied',
    state: 'st-2',
  });

  await page.goto(
    authorizeUrl('x'.repeat(43), 'st-3').replace(
      encodeURIComponent(REDIRECT),
      encodeURIComponent('http://127.0.0.1:9/cb'),
    ),
  );
  await expect(page.getByRole('heading', { name: 'Redirect address not registered' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(EMULATOR);
});

test('from the app origin the browser may call the API but not the token endpoint', async ({
  page,
  request,
}) => {
  const config = await (await request.get('/auth/config')).json();
  expect(config.emulator).toEqual({
    apiUrl: `${EMULATOR}/api/v2`,
    authorizeUrl: `${EMULATOR}/oauth/authorize`,
    clientId: 'croql-playground',
  });
  await page.goto('/');
  const result = await page.evaluate(async (emulator) => {
    const api = await fetch(`${emulator}/api/v2/projects`, {
      headers: { Authorization: 'Bearer not-a-token' },
    });
    let tokenEndpoint = 'answered';
    try {
      await fetch(`${emulator}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
    } catch {
      tokenEndpoint = 'blocked';
    }
    return { apiStatus: api.status, tokenEndpoint };
  }, EMULATOR);
  expect(result).toEqual({ apiStatus: 401, tokenEndpoint: 'blocked' });
});
