// The emulator and the app server's relay as a browser meets them: the consent page, the redirect back,
// the code exchange through the preview server's /auth/token, and CORS on the API but not on /oauth/token.
import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';

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

test('consent as a chosen demo user, exchange the code through the app server, call the API', async ({
  page,
  request,
}) => {
  // Keep the app's own callback handler out of it: this test redeems the code itself. The route does not
  // see the consent page's redirect (Playwright routes a redirect's first request only), so the redirect's
  // URL is read from the request, before the app's start-up can tidy the address.
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>callback</title>' }),
  );
  const verifier = randomBytes(32).toString('base64url');
  await page.goto(authorizeUrl(verifier, 'st-1'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('CroQL Playground');
  await expect(page.getByLabel('Sign in as')).toHaveValue('1');
  await page.getByLabel('Sign in as').selectOption({ label: 'Carol Chen (carol)' });
  const redirect = page.waitForRequest((r) => r.url().startsWith(`${REDIRECT}?`));
  await page.getByRole('button', { name: 'Approve' }).click();
  const back = new URL((await redirect).url());
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
  await page.route(`${REDIRECT}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>callback</title>' }),
  );
  await page.goto(authorizeUrl(randomBytes(32).toString('base64url'), 'st-2'));
  const redirect = page.waitForRequest((r) => r.url().startsWith(`${REDIRECT}?`));
  await page.getByRole('button', { name: 'Decline' }).click();
  expect(Object.fromEntries(new URL((await redirect).url()).searchParams)).toEqual({
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
