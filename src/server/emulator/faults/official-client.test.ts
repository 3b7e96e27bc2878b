// The service's limit of 20 simultaneous requests per account and the fault rules, as the official client
// (@crowdin/crowdin-api-client) meets them: its retry sees the 429 the service sends (nginx's HTML page), and
// without a retry its error says what the service's would.
import Client, { CrowdinError } from '@crowdin/crowdin-api-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FaultRule, LimitsResponse } from '../../../wire/faults.ts';
import { edgePage } from '../api/edge.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';

let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator();
});
afterAll(() => emulator.close());
afterEach(() => control('DELETE', { rules: undefined }));

async function control(method: 'POST' | 'DELETE', body: { rules?: FaultRule[] }) {
  const res = await fetch(`${emulator.url}/__faults`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body.rules ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`/__faults answered ${res.status}: ${await res.text()}`);
}

async function limitOf(account: string) {
  const limits = (await (await fetch(`${emulator.url}/__limits`)).json()) as LimitsResponse;
  return limits.accounts.find((a) => a.account === account) ?? { inFlight: 0, refused: 0 };
}

/** What the client's retry condition is shown of each failed attempt (axios's error, as it gets it). */
type Seen = { status?: number; data?: unknown };

function client(user: string, retries: number, seen: Seen[] = [], httpClientType?: 'axios' | 'fetch') {
  return new Client(
    { token: emulator.personalToken(user), baseUrl: `${emulator.url}/api/v2` },
    {
      httpClientType,
      retryConfig: {
        retries,
        waitInterval: 50,
        conditions: [
          {
            test: (error: { response?: { status: number; data: unknown } }) => {
              seen.push({ status: error.response?.status, data: error.response?.data });
              return false;
            },
          },
        ],
      },
    },
  );
}

it('the 21st simultaneous request of an account is refused as the service refuses it, and the client’s retry then gets through', async () => {
  // Twenty of dmitro's requests are held in flight (a latency rule, released when deleted).
  await control('POST', { rules: [{ path: '/api/v2/user', account: 'dmitro', latencyMs: 120_000 }] });
  const held = Array.from({ length: 20 }, () =>
    fetch(`${emulator.url}/api/v2/user`, {
      headers: { Authorization: `Bearer ${emulator.personalToken('dmitro')}` },
    }),
  );
  await expect.poll(async () => (await limitOf('dmitro')).inFlight).toBe(20);

  const seen: Seen[] = [];
  const project = client('dmitro', 10_000, seen).projectsGroupsApi.getProject(1);
  await expect.poll(async () => (await limitOf('dmitro')).refused).toBeGreaterThanOrEqual(2);
  await control('DELETE', {});
  expect((await project).data.id).toBe(1);
  expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);

  expect(seen.length).toBeGreaterThanOrEqual(2);
  for (const attempt of seen) expect(attempt).toEqual({ status: 429, data: edgePage(429) });
});

it('without a retry, the client reports the 429; its fetch mode fails to parse the page, as clients did on the service', async () => {
  await control('POST', { rules: [{ path: '/api/v2/projects/1', status: 429 }] });
  const error = await client('emma', 0)
    .projectsGroupsApi.getProject(1)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CrowdinError);
  expect((error as CrowdinError).code).toBe(429);
  expect((error as CrowdinError).message).toBe('Request failed with status code 429');

  const parsed = await client('emma', 0, [], 'fetch')
    .projectsGroupsApi.getProject(1)
    .catch((e: unknown) => e);
  expect(parsed).toBeInstanceOf(CrowdinError);
  expect((parsed as CrowdinError).message).toMatch(/JSON/);
});

it('a fault rule with a count: the client’s retry sees each failure, then the data', async () => {
  await control('POST', {
    rules: [
      { listing: 'strings', status: 503, count: 1 },
      { listing: 'strings', status: 429, count: 1 },
      { listing: 'strings', status: 502, count: 1 },
    ],
  });
  const seen: Seen[] = [];
  const page = await client('carol', 3, seen).sourceStringsApi.listProjectStrings(1, { limit: 2 });
  expect(page.data).toHaveLength(2);
  expect(seen).toEqual([
    { status: 503, data: edgePage(503) },
    { status: 429, data: edgePage(429) },
    { status: 502, data: edgePage(502) },
  ]);
});
