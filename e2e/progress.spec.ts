// Issue #22, item 4: progress per language at a glance, for the strings the query matched, as the service
// counts them; and the line under the editor reads a state in a language as the trade speaks.
import { expect, test } from '@playwright/test';
import { authorizationOf, emulatorQuery } from './support/emulator-data.ts';
import { runFromEditor, setQuery, signInToDemoProject } from './support/query.ts';

const Q = 'text contains "a"';
const inGerman = (state: string) =>
  `${Q} and count of languages summary where (language = @language:"de" and ${state}) > 0`;
// One decimal always, as Progress.tsx writes it (23.0%, not 23%).
const share = (part: number, whole: number) => `${(Math.floor((part / whole) * 1000) / 10).toFixed(1)}%`;

test('Insight shows how much of what the query matched is translated and approved in each language', async ({
  page,
}) => {
  await signInToDemoProject(page);
  await setQuery(page, Q);
  const run = await runFromEditor(page);
  const authorization = await authorizationOf(run);
  const [matched, translated, approved] = await Promise.all([
    emulatorQuery(authorization, '/projects/1/strings', Q),
    emulatorQuery(authorization, '/projects/1/strings', inGerman('is translated')),
    emulatorQuery(authorization, '/projects/1/strings', inGerman('is approved')),
  ]);
  expect(approved.length).toBeGreaterThan(0);
  await page.getByRole('tab', { name: 'Insight' }).click();
  const german = page.getByTestId('insight-progress').getByTestId('progress-de');
  await expect(german.getByTestId('progress-translated')).toHaveText(
    `${share(translated.length, matched.length)} (${translated.length.toLocaleString('en-US')} of ${matched.length.toLocaleString('en-US')})`,
    { timeout: 20_000 },
  );
  await expect(german.getByTestId('progress-approved')).toContainText(share(approved.length, matched.length));

  // The German approved strings, in words.
  await setQuery(page, 'count of languages summary where (language = @language:"de" and is approved) > 0');
  await expect(page.locator('.croql-explain')).toContainText('Strings that are approved in German.');
});
