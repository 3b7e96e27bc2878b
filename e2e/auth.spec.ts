import { expect, test, type Page } from '@playwright/test';
import { EMULATOR_URL, expectSignedIn, openConsentPage, signIn } from './support/signin.ts';
import { editorOf, setQuery } from './support/query.ts';

test('signing in through the consent page shows the user and the granted scopes, keeping tokens out of URL and localStorage', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signIn(page, { user: 'bob' });
  // Back from the sign-in page, focus is on the query, not lost on <body>.
  await expect(editorOf(page)).toBeFocused();
  await page.getByRole('button', { name: /^\d+ scopes?$/ }).click();
  const scopes = page.getByRole('group', { name: 'Granted scopes' });
  await expect(scopes).toContainText('project');
  await expect(page).toHaveURL(/127\.0\.0\.1:4317\/$/);
  const local = await page.evaluate(() => JSON.stringify(localStorage));
  expect(local).not.toMatch(/access_token|accessToken|refreshToken/);
  const pending = await page.evaluate(() => sessionStorage.getItem('croql.oauth.pending'));
  expect(pending).toBeNull();

  // A reload keeps the session (sessionStorage); signing out forgets it and revokes it at the emulator.
  await page.reload();
  await expectSignedIn(page, 'bob');
  const token = await accessToken(page);
  const apiStatus = async () =>
    (
      await request.get(`${EMULATOR_URL}/api/v2/user`, { headers: { Authorization: `Bearer ${token}` } })
    ).status();
  expect(await apiStatus()).toBe(200);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('croql.session'))).toBeNull();
  await expect.poll(apiStatus).toBe(401);
});

test('a stored session pointing at a host outside the allow-list is ended, and its token never goes there', async ({
  page,
}) => {
  await page.goto('/');
  await signIn(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.headers()['authorization']) sent.push(new URL(r.url()).host);
  });
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('croql.session')!) as Record<string, unknown>;
    sessionStorage.setItem(
      'croql.session',
      JSON.stringify({ ...session, apiUrl: 'https://evil.example/api/v2' }),
    );
  });
  await page.reload();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Refusing to send your token to evil.example' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(sent.filter((host) => host === 'evil.example')).toEqual([]);
});

test('declining on the consent page explains what happened and offers to sign in again', async ({ page }) => {
  await page.goto('/');
  await openConsentPage(page);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'You declined access' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:4317\/$/);
});

test('a forged sign-in answer (state mismatch) is refused', async ({ page }) => {
  await page.goto('/callback?code=stolen&state=forged');
  await expect(page.getByRole('alert').filter({ hasText: /does not match|security check/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('the query survives the sign-in redirect and a reload', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Listing').selectOption('translations');
  await setQuery(page, 'text contains "Save" and not is pre translated');
  await signIn(page);
  await expect(editorOf(page)).toHaveText('text contains "Save" and not is pre translated');
  await expect(page.getByLabel('Listing')).toHaveValue('translations');
  await page.reload();
  await expectSignedIn(page);
  await expect(editorOf(page)).toHaveText('text contains "Save" and not is pre translated');
});

test('an expired token is refreshed silently and the query still runs', async ({ page, request }) => {
  await page.goto('/');
  await signIn(page);
  await expect(page.getByLabel('Project')).not.toHaveValue('');
  await setQuery(page, 'max length > 0');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('results-count')).toContainText(/\d+ rows? loaded/);

  const tokenBefore = await accessToken(page);
  const expired = await request.post(expireTokensOf(tokenBefore));
  expect(expired.ok()).toBe(true);

  await setQuery(page, 'max length > 1');
  // The new state: this run's own successful answer, which needs a renewed token (the old one is dead).
  const answered = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('croql') === 'max length > 1' && r.status() === 200,
  );
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await answered;
  await expect(page.getByTestId('results-count')).toContainText(/\d+ rows? loaded/);
  await expect(page.getByTestId('results-error')).toHaveCount(0);
  await expectSignedIn(page);
  expect(await accessToken(page)).not.toBe(tokenBefore);
});

test('when the session cannot be renewed, the app says so and signing in again keeps the query', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await signIn(page);
  await expect(page.getByLabel('Project')).not.toHaveValue('');
  await setQuery(page, 'max length > 5');
  // The refresh token is revoked (here: replaced by one the emulator never issued) and the access token expires.
  await page.evaluate(() => {
    const session = JSON.parse(sessionStorage.getItem('croql.session')!) as Record<string, unknown>;
    sessionStorage.setItem('croql.session', JSON.stringify({ ...session, refreshToken: 'revoked' }));
  });
  await page.reload();
  await expectSignedIn(page);
  // Run only once the reloaded app has its target back; a Run before that only asks for a project.
  await expect(page.getByLabel('Project')).not.toHaveValue('');
  await expect(editorOf(page)).toHaveText('max length > 5');
  expect((await request.post(expireTokensOf(await accessToken(page)))).ok()).toBe(true);
  // Run meets the 401, unless a request of the reloaded app still in flight (project data) met it first and
  // the app has already signed out and disabled Run: a click that waits for an enabled button would hang.
  await page.getByRole('button', { name: 'Run', exact: true }).dispatchEvent('click');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Session expired — sign in again' }).first(),
  ).toBeVisible();
  await expect(editorOf(page)).toHaveText('max length > 5');
  await page.getByRole('button', { name: 'Sign in again' }).click();
  await page.waitForURL(/\/oauth\/authorize/);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expectSignedIn(page);
  await expect(editorOf(page)).toHaveText('max length > 5');
});

/** The test hook that expires this page's sign-in only: tests in parallel keep their own sessions. */
function expireTokensOf(token: string | undefined): string {
  return `${EMULATOR_URL}/__emulator/expire-tokens?token=${encodeURIComponent(token ?? '')}`;
}

function accessToken(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (JSON.parse(sessionStorage.getItem('croql.session') ?? '{}') as { accessToken?: string }).accessToken,
  );
}

test('the shell follows the system colour scheme until the theme toggle overrides it, and remembers the choice', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('Theme').selectOption('light');
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('region', { name: 'Query target' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Editor' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Builder' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Builder' })).toHaveAttribute('aria-selected', 'true');
  await context.close();
});

test('a consent form posted from another site approves nothing and sends no code back', async ({ page }) => {
  const fields = {
    client_id: 'croql-playground',
    redirect_uri: 'http://127.0.0.1:4317/callback',
    response_type: 'code',
    scope: 'project tm glossary',
    state: 'attacker',
    user: '1',
    decision: 'approve',
  };
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
    .join('');
  await page.route('http://evil.example/', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${EMULATOR_URL}/oauth/authorize">${inputs}<button>Claim your prize</button></form>`,
    }),
  );
  await page.goto('http://evil.example/');
  await page.getByRole('button', { name: 'Claim your prize' }).click();
  await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(page.getByText('sent from another site')).toBeVisible();
  expect(page.url()).toBe(`${EMULATOR_URL}/oauth/authorize`);
});

test('the header keeps to one row on a laptop and two on a phone, with every scope a click away', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  await signIn(page);
  const header = page.locator('header');
  await expect(page.getByTestId('signed-in-user')).toContainText('alice');
  const row = (await page.getByRole('button', { name: 'Sign out' }).boundingBox())!.height;
  expect((await header.boundingBox())!.height).toBeLessThan(row * 2);
  await page.getByRole('button', { name: '6 scopes' }).click();
  await expect(page.getByRole('group', { name: 'Granted scopes' })).toContainText('project.translation');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(row * 3);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
});

test('signed out with Enterprise and no domain, the message is in sight; a missing client id shows beside its field', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByLabel('Connection').selectOption({ label: 'Crowdin Enterprise' });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const message = page.getByRole('alert').filter({ hasText: 'Enter your organization domain' });
  await expect(message).toBeVisible();
  await expect(page.getByTestId('settings-popover')).toHaveCount(0);
  // Nothing covers it: the point at its start is the message itself.
  const box = (await message.boundingBox())!;
  const hit = await page.evaluate(
    ({ x, y }) => !!document.elementFromPoint(x, y)?.closest('[role="alert"]'),
    { x: box.x + 4, y: box.y + box.height / 2 },
  );
  expect(hit).toBe(true);

  await page.getByLabel('Organization domain').fill('acme');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const settings = page.getByTestId('settings-popover');
  await expect(settings.getByRole('alert')).toContainText('No OAuth client id');
  await expect(settings.getByLabel(/OAuth client id/)).toBeVisible();
});
