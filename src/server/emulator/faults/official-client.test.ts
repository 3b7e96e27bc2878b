// The service's limit of 20 simultaneous requests per account and each kind of fault rule, as the official
// client (@crowdin/crowdin-api-client) meets them: its retry sees the 429 the service sends (nginx's HTML
// page), each status with the service's body and headers, a reset connection, a held answer; rules by count,
// probability and time window; and without a retry its error says what the service's would. The emulator's
// clock is the real one moved by `skipped`, so a time window is crossed without waiting.
import Client, { CrowdinError } from '@crowdin/crowdin-api-client';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FaultRule, FaultsResponse } from '../../../wire/faults.ts';
import { edgePage } from '../api/edge.ts';
import { limitsOf, startEmulator, type RunningEmulator } from '../testing.ts';

let emulator: RunningEmulator;
let skipped = 0;

beforeAll(async () => {
  emulator = await startEmulator({ clock: () => Date.now() + skipped });
});
afterAll(() => emulator.close());
afterEach(() => control('DELETE', { rules: undefined }));

async function control(method: 'POST' | 'DELETE', body: { rules?: FaultRule[]; seed?: number }) {
  const res = await fetch(`${emulator.url}/__faults`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body.rules ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`/__faults answered ${res.status}: ${await res.text()}`);
}

/** What the client's retry condition is shown of each failed attempt (axios's error, as it gets it). */
type Seen = { status?: number; data?: unknown; headers?: Record<string, string>; code?: string };

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
            test: (error: {
              code?: string;
              response?: { status: number; data: unknown; headers: Record<string, string> };
            }) => {
              seen.push(
                error.response
                  ? {
                      status: error.response.status,
                      data: error.response.data,
                      headers: error.response.headers,
                    }
                  : { code: error.code },
              );
              return false;
            },
          },
        ],
      },
    },
  );
}

/** The client's error for project 1, without a retry (the test's rules make it fail). */
async function projectFailure(user: string): Promise<CrowdinError> {
  const error = await client(user, 0)
    .projectsGroupsApi.getProject(1)
    .then(() => null)
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(CrowdinError);
  return error as CrowdinError;
}

it('the 21st simultaneous request of an account is refused as the service refuses it, and the client’s retry then gets through', async () => {
  // Twenty of dmitro's requests are held in flight (a latency rule, released when deleted).
  await control('POST', { rules: [{ path: '/api/v2/user', account: 'dmitro', latencyMs: 120_000 }] });
  const held = Array.from({ length: 20 }, () =>
    fetch(`${emulator.url}/api/v2/user`, {
      headers: { Authorization: `Bearer ${emulator.personalToken('dmitro')}` },
    }),
  );
  await expect.poll(async () => (await limitsOf(emulator, 'dmitro')).inFlight).toBe(20);

  const seen: Seen[] = [];
  const project = client('dmitro', 10_000, seen).projectsGroupsApi.getProject(1);
  await expect.poll(async () => (await limitsOf(emulator, 'dmitro')).refused).toBeGreaterThanOrEqual(2);
  await control('DELETE', {});
  expect((await project).data.id).toBe(1);
  expect((await Promise.all(held)).every((r) => r.status === 200)).toBe(true);

  expect(seen.length).toBeGreaterThanOrEqual(2);
  for (const attempt of seen) expect(attempt).toMatchObject({ status: 429, data: edgePage(429) });
});

it('without a retry, the client reports the 429; its fetch mode fails to parse the page, as clients did on the service', async () => {
  await control('POST', { rules: [{ path: '/api/v2/projects/1', status: 429 }] });
  const error = await projectFailure('emma');
  expect(error.code).toBe(429);
  expect(error.message).toBe('Request failed with status code 429');

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
  expect(seen).toMatchObject([
    { status: 503, data: edgePage(503) },
    { status: 429, data: edgePage(429) },
    { status: 502, data: edgePage(502) },
  ]);
});

it('each status with the body and headers the service sends, as the client’s retry sees them, then the data', async () => {
  const statuses = [429, 500, 502, 503, 504] as const;
  await control('POST', {
    rules: statuses.map((status) => ({ path: '/api/v2/projects/1', status, count: 1 })),
  });
  const seen: Seen[] = [];
  const project = await client('alice', statuses.length, seen).projectsGroupsApi.getProject(1);
  expect(project.data.id).toBe(1);
  expect(seen.map((s) => s.status)).toEqual([...statuses]);
  for (const attempt of seen) {
    if (attempt.status === 500) {
      // The API's own failure: its JSON error, parsed by the client.
      expect(attempt.data).toEqual({ error: { message: 'Internal Server Error', code: 500 } });
      expect(attempt.headers?.['content-type']).toMatch(/^application\/json/);
    } else {
      // The front server's: nginx's page, no Retry-After.
      expect(attempt.data).toBe(edgePage(attempt.status as Exclude<(typeof statuses)[number], 500>));
      expect(attempt.headers?.['content-type']).toBe('text/html');
      expect(attempt.headers?.server).toBe('nginx');
      expect(attempt.headers?.['retry-after']).toBeUndefined();
    }
  }
  // Without a retry, the 500's message is the API's.
  await control('POST', { rules: [{ path: '/api/v2/projects/1', status: 500, count: 1 }] });
  const error = await projectFailure('alice');
  expect(error.code).toBe(500);
  expect(error.message).toBe('Internal Server Error');
});

it('a reset connection: the client’s retry sees no answer at all, then gets the data', async () => {
  await control('POST', { rules: [{ listing: 'strings', reset: true, count: 2 }] });
  const seen: Seen[] = [];
  const page = await client('bob', 2, seen).sourceStringsApi.listProjectStrings(1, { limit: 3 });
  expect(page.data).toHaveLength(3);
  expect(seen).toHaveLength(2);
  for (const attempt of seen) expect(attempt).toEqual({ code: 'ECONNRESET' });
});

it('a latency rule holds the client’s request at least that long, then answers it', async () => {
  await control('POST', { rules: [{ path: '/api/v2/user', account: 'bob', latencyMs: 400, count: 1 }] });
  const started = performance.now();
  const user = await client('bob', 0).usersApi.getAuthenticatedUser();
  // A lower bound only: a slow machine may take longer, never less.
  expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  expect(user.data.username).toBe('bob');
  const faults = (await (await fetch(`${emulator.url}/__faults`)).json()) as FaultsResponse;
  expect(faults.rules[0]).toMatchObject({ fired: 1, state: 'ended' });
});

it('with a probability and a seed, the client meets the same failures in the same order every run', async () => {
  const run = async () => {
    await control('DELETE', {});
    await control('POST', {
      rules: [{ path: '/api/v2/projects/1', status: 503, probability: 0.5 }],
      seed: 7,
    });
    const outcomes: (number | 'ok')[] = [];
    for (let i = 0; i < 16; i++) {
      outcomes.push(
        await client('carol', 0)
          .projectsGroupsApi.getProject(1)
          .then(
            () => 'ok' as const,
            (e: CrowdinError) => e.code,
          ),
      );
    }
    return outcomes;
  };
  const first = await run();
  expect(new Set(first)).toEqual(new Set(['ok', 503]));
  expect(await run()).toEqual(first);
});

it('within a time window only: the client gets data before it, the status during it, data after it', async () => {
  await control('POST', {
    rules: [{ path: '/api/v2/user', status: 502, afterSeconds: 60, forSeconds: 60 }],
  });
  const outcome = () =>
    client('emma', 0)
      .usersApi.getAuthenticatedUser()
      .then(
        (user) => user.data.username,
        (e: CrowdinError) => e.code,
      );
  expect(await outcome()).toBe('emma');
  skipped += 60_000;
  expect(await outcome()).toBe(502);
  skipped += 60_000;
  expect(await outcome()).toBe('emma');
});
