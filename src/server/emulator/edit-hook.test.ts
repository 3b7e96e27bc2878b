// The edit-string test hook: an edit shows in the next listing request, cached results included.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateDemoDataset } from './data/demo.ts';
import { startEmulator, type RunningEmulator } from './testing.ts';

let emulator: RunningEmulator;
let token: string;
beforeAll(async () => {
  emulator = await startEmulator({ testHooks: true, data: generateDemoDataset({ strings: 50 }) });
  token = emulator.personalToken('alice');
});
afterAll(() => emulator.close());

const list = async (croql: string) => {
  const url = `${emulator.url}/api/v2/projects/1/strings?limit=500&croql=${encodeURIComponent(croql)}`;
  const body = (await (await fetch(url, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    data: { data: { id: number; text: unknown; isHidden: boolean; labelIds: number[]; updatedAt: string } }[];
  };
  return body.data.map((d) => d.data);
};
const edit = (body: unknown) =>
  fetch(`${emulator.url}/__emulator/edit-string`, { method: 'POST', body: JSON.stringify(body) });

it('edits a string and bumps the data version, so cached listings see it', async () => {
  expect(await list('text contains "zq edited"')).toEqual([]);
  const before = emulator.config.data.version;
  const summary = emulator.config.data.strings[2]!.languagesSummary;
  expect(summary).not.toEqual([]);
  const response = await edit({ id: 3, text: 'zq edited', isHidden: true, labelIds: [1] });
  expect(response.status).toBe(200);
  expect(emulator.config.data.version).toBe(before + 1);
  const [row] = await list('text contains "zq edited"');
  expect(row).toMatchObject({ id: 3, text: 'zq edited', isHidden: true, labelIds: [1] });
  expect(Date.parse(row!.updatedAt)).toBeGreaterThan(Date.now() - 60_000);
  // Everything not edited stays, the languages summary included.
  expect(emulator.config.data.strings[2]!.languagesSummary).toEqual(summary);
  expect(await list('text contains "zq edited" and count of languages summary > 0')).toHaveLength(1);
});

it('refuses an unknown string or a malformed edit', async () => {
  expect((await edit({ id: 999_999 })).status).toBe(404);
  expect((await edit({ id: 3, text: 5 })).status).toBe(400);
});

it('exists only with --test-hooks', async () => {
  const plain = await startEmulator({ data: generateDemoDataset({ strings: 5 }) });
  try {
    const r = await fetch(`${plain.url}/__emulator/edit-string`, { method: 'POST', body: '{"id":1}' });
    expect(r.status).not.toBe(200);
  } finally {
    await plain.close();
  }
});
