import { expect, type Page, type Request } from '@playwright/test';
import { EMULATOR_URL } from './signin.ts';

/** The bearer header the app sent with a request, to ask the emulator the same things directly. */
export async function authorizationOf(request: Request): Promise<string> {
  const authorization = (await request.allHeaders())['authorization'];
  expect(authorization, 'the app sends its token in the Authorization header').toMatch(/^Bearer /);
  return authorization!;
}

/** Every row of a croql query on a listing path, straight from the emulator (500 a page). */
export async function emulatorQuery(
  authorization: string,
  path: string,
  croql: string,
  emulatorUrl = EMULATOR_URL,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 500) {
    const url = new URL(`${emulatorUrl}/api/v2${path}`);
    url.searchParams.set('limit', '500');
    url.searchParams.set('offset', String(offset));
    if (croql.trim()) url.searchParams.set('croql', croql);
    const response = await fetch(url, { headers: { Authorization: authorization } });
    expect(response.status, `${croql}: ${await response.clone().text()}`).toBe(200);
    const body = (await response.json()) as { data: { data: Record<string, unknown> }[] };
    rows.push(...body.data.map((d) => d.data));
    if (body.data.length < 500) return rows;
  }
}

/** Changes one source string through the emulator's test hook (it bumps the data version). */
export async function editString(edit: { id: number; text?: string; isHidden?: boolean }): Promise<void> {
  const response = await fetch(`${EMULATOR_URL}/__emulator/edit-string`, {
    method: 'POST',
    body: JSON.stringify(edit),
  });
  expect(response.status).toBe(200);
}

/** "Only in A: 1,234" → 1234. */
export async function countIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).textContent()) ?? '';
  const m = /([\d,]+)\s*$/.exec(text.trim());
  if (!m) throw new Error(`No count in "${text}"`);
  return Number(m[1]!.replace(/,/g, ''));
}
