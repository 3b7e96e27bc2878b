// The app's pages under their security policy: the headers and the built page's meta policy, a page elsewhere
// that frames the app, and a session through the editor, the results and the charts (which inject styles)
// without a single policy violation.
import { expect, test } from '@playwright/test';
import { EMULATOR_URL } from './support/signin.ts';
import { runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

test('the app page carries its security headers, and the built page its meta policy', async ({ request }) => {
  const res = await request.get('/');
  const headers = res.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  const policy = headers['content-security-policy']!;
  expect(policy).toContain("script-src 'self';");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toContain(`connect-src 'self' ${EMULATOR_URL} https://api.crowdin.com`);
  const html = await res.text();
  expect(html).toMatch(
    /<meta http-equiv="Content-Security-Policy" content="default-src &#39;self&#39;; script-src &#39;self&#39;;/,
  );
});

test('a page elsewhere cannot frame the app', async ({ page, baseURL }) => {
  await page.route('http://evil.example/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL}/" title="app"></iframe>` }),
  );
  await page.goto('http://evil.example/');
  await expect.poll(() => page.frames()[1]?.url()).toMatch(/^chrome-error:/);
});

test('the editor, the results and the charts run without a policy violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (t: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sample}`,
      ),
    ),
  );
  await signInToDemoProject(page);
  await setQuery(page, 'is hidden');
  await runFromEditor(page);
  await page.getByRole('tab', { name: 'Insight' }).click();
  await expect(page.getByTestId('insight-chart-file').locator('rect[data-key]').first()).toBeVisible({
    timeout: 20_000,
  });
  // Plot's chart style took effect (its <style> element was not blocked).
  const svg = page.getByTestId('insight-chart-file').locator('svg').first();
  await expect(svg).toHaveCSS('display', 'block');
  await expect(page.locator('.cm-editor')).toHaveCSS('position', 'relative');
  expect(violations).toEqual([]);
});
