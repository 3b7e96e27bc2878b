// What a request can make the emulator do: hostile parameters, pathological work, many clients at once,
// clients that leave, URLs longer than servers read. Real HTTP on loopback, with a bounded number of requests.
import { get as httpGet } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dataset } from './data/model.ts';
import { MAX_QUERY_LENGTH } from '../../croql/parse-guards.ts';
import { validationErrorsOf } from '../../wire/envelope.ts';
import { MAX_EMULATOR_URL_LENGTH } from '../../wire/limits.ts';
import { EMULATOR_MAX_HEADER_BYTES } from '../http-limits.ts';
import { demoData, startEmulator, type RunningEmulator } from './testing.ts';

/** What reading one string's field costs in `slowData`; a test sets `ms` to 0 once it has seen what it watches. */
interface Cost {
  ms: number;
}

/**
 * The demo data whose strings each take `cost.ms` of CPU to read `field`: a query's cost made visible. A test
 * that waits for such a query to finish first makes reading free again, so its length never depends on how
 * fast (or how busy) the machine is.
 */
function slowData(cost: Cost, field = 'text'): Dataset {
  const base = demoData();
  const strings = base.strings.map((s) => {
    const copy = Object.create(
      Object.getPrototypeOf(s) as object,
      Object.getOwnPropertyDescriptors(s),
    ) as typeof s;
    Object.defineProperty(copy, field, {
      enumerable: true,
      get() {
        const until = performance.now() + cost.ms;
        while (performance.now() < until);
        return s[field];
      },
    });
    return copy;
  });
  return { ...base, strings, version: base.version + 1_000 };
}

async function get(emulator: RunningEmulator, path: string, token: string, init: RequestInit = {}) {
  const res = await fetch(`${emulator.url}/api/v2${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

/** A GET on its own connection (no pooling), so many of them really are concurrent. Resolves to the status. */
function getOnNewConnection(url: string, token: string, signal?: AbortSignal): Promise<number> {
  return new Promise((resolve, reject) => {
    const options = { headers: { Authorization: `Bearer ${token}` }, agent: false as const, signal };
    const request = httpGet(url, options, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

const q = encodeURIComponent;
const LISTINGS = [
  '/projects/1/strings',
  '/projects/1/languages/uk/translations',
  '/tms/1/segments',
  '/glossaries/1/terms',
];

describe('request parameters', () => {
  let emulator: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startEmulator();
    token = emulator.personalToken('alice');
  });
  afterAll(() => emulator.close());

  it('looks orderBy up in own fields only: prototype names are a 400 on every listing', async () => {
    for (const path of LISTINGS) {
      for (const field of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', '__proto__ desc']) {
        const res = await get(emulator, `${path}?orderBy=${q(field)}`, token);
        expect(res.status, `${path} orderBy=${field}`).toBe(400);
        // TM segments answer in the single-object shape (the OpenAPI's), the others in the array shape.
        expect(validationErrorsOf(res.json)[0]?.key).toBe('orderBy');
      }
    }
  });

  // 249 real HTTP requests, one after another: under a second on an idle machine, 5 s seen on a loaded 2-core
  // one. The budget is for the machine's load; no single request here is slow.
  it('answers hostile requests with 4xx, never a 500', async () => {
    const params = [
      'limit=__proto__',
      'limit=1e3',
      'offset=9007199254740993',
      'offset=-0',
      'limit=%00',
      'croql=%E0%A4%A',
      'croql=' + q('id = 1'.repeat(2000)),
      'croql=%22%00%ED%A0%80%22',
      'croql=' + q('count of translations where (count of approvals where (user = @user:"x") > 0) > 0'),
      'croql=' + q('id = 1') + '&croql=' + q('id = 2'),
      'labelIds=1,,2',
      'labelIds=constructor',
      'stringIds=1e400',
      'fileId=__proto__&branchId=constructor',
      'scope=__proto__&filter=x',
      'minApprovalCount=NaN',
      'conceptId=toString&userId=valueOf&languageId=__proto__',
      '__proto__=1',
      'constructor[prototype]=1',
      'orderBy=' + q('id asc,'),
      'orderBy=' + q(',,,'),
      'orderBy=' + q(' '.repeat(10_000)),
    ];
    const paths = [
      ...LISTINGS,
      '/projects/1/members',
      '/projects/1/files',
      '/tms/1',
      '/glossaries/1',
      '/projects/1/languages/__proto__/translations',
      '/tms/constructor/segments',
      '/glossaries/toString/terms',
    ];
    for (const path of paths) {
      for (const p of params) {
        const res = await get(emulator, `${path}?${p}`, token);
        expect(res.status, `${path}?${p}`).toBeLessThan(500);
      }
    }
    for (const header of [
      'Bearer',
      'Bearer a.b.c',
      'Bearer ...',
      'Basic x',
      'Bearer ' + 'x'.repeat(10_000),
      'Bearer eyJ.eyJ.',
      'Bearer \u00e9',
    ]) {
      const res = await fetch(`${emulator.url}/api/v2/projects`, {
        headers: { Authorization: header },
      }).catch(() => null);
      if (res) expect(res.status, header).toBe(401);
    }
  }, 180_000);

  describe('long URLs', () => {
    const APP = 'http://127.0.0.1:5173';
    /** A GET from the app's origin on its own connection: status, headers and body text. */
    function getRaw(path: string, headers: Record<string, string> = {}) {
      return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
        (resolve, reject) => {
          const request = httpGet(
            `${emulator.url}${path}`,
            { headers: { Authorization: `Bearer ${token}`, Origin: APP, ...headers }, agent: false },
            (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
            },
          );
          request.on('error', reject);
        },
      );
    }
    const longest = 'text contains "' + '語'.repeat(MAX_QUERY_LENGTH - 16) + '"';

    it('serves a query as long as the editor allows, percent-encoded at its longest', async () => {
      expect(longest.length).toBe(MAX_QUERY_LENGTH);
      const res = await getRaw(`/api/v2/projects/1/strings?limit=500&croql=${q(longest)}`);
      expect(res.status, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
    });

    it('answers a longer URL with a JSON 414 the app can read, and a preflight the browser accepts', async () => {
      const path = `/api/v2/projects/1/strings?croql=${q(longest + ' or text contains "' + '語'.repeat(2000) + '"')}`;
      expect(path.length).toBeGreaterThan(MAX_EMULATOR_URL_LENGTH);
      const res = await getRaw(path);
      expect(res.status).toBe(414);
      expect(res.headers['access-control-allow-origin']).toBe(APP);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 414,
          message: expect.stringMatching(/characters long; the emulator takes up to .* Shorten the query/),
        },
      });
      const preflight = await fetch(`${emulator.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          Origin: APP,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    });

    it('answers headers past what it reads with JSON, not a bare 431', async () => {
      const res = await getRaw(`/api/v2/projects?x=${'a'.repeat(EMULATOR_MAX_HEADER_BYTES)}`);
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 431, message: expect.stringContaining('longer than 4 MiB') },
      });
    });
  });
});

describe('evaluation budget', () => {
  it('refuses a query whose evaluation outgrows the budget with a 400 that says so', async () => {
    // 2,000 strings × 0.05 ms: at least 100 ms, however fast the machine, against a budget of 20 ms.
    const emulator = await startEmulator({ data: slowData({ ms: 0.05 }), evaluationBudgetMs: 20 });
    try {
      const res = await get(
        emulator,
        `/projects/1/strings?croql=${q('text contains "x"')}`,
        emulator.personalToken('alice'),
      );
      expect(res.status).toBe(400);
      expect(res.json.errors[0].error.key).toBe('croql');
      expect(res.json.errors[0].error.errors[0]).toMatchObject({
        code: 'croqlTooExpensive',
        message: expect.stringMatching(/more than 20 ms .* Simplify it/),
      });
    } finally {
      await emulator.close();
    }
  });
});

describe('requests in flight', () => {
  let slow: RunningEmulator;
  const cost: Cost = { ms: 2 };
  beforeAll(async () => {
    // 2,000 strings × 2 ms: every uncached query needs at least 4 s of CPU, far longer than any test waits.
    slow = await startEmulator({ data: slowData(cost) });
  });
  afterAll(() => slow.close());

  const strings = (params: string) => `${slow.url}/api/v2/projects/1/strings?${params}`;

  /** Starts a heavy query (its query parameters); resolves once `started` says the emulator works on it. */
  async function startHeavy(token: string, params: string, started = () => slow.api.engine.running === 1) {
    await expect.poll(() => slow.api.inFlight.count(), { timeout: 10_000, interval: 5 }).toBe(0);
    const controller = new AbortController();
    const done = getOnNewConnection(strings(params), token, controller.signal).catch((e: unknown) => e);
    await expect.poll(started, { timeout: 10_000, interval: 5 }).toBe(true);
    return { controller, done };
  }

  it('a heavy query leaves the emulator answering others', async () => {
    const heavy = await startHeavy(slow.personalToken('alice'), `croql=${q('text contains "heavy"')}`);
    // /health is answered between two slices of the evaluation, not after it.
    expect((await fetch(`${slow.url}/health`)).status).toBe(200);
    expect(slow.api.engine.running).toBe(1);
    expect(slow.api.inFlight.count()).toBe(1);
    heavy.controller.abort();
    await heavy.done;
  }, 180_000);

  it('a heavy sort leaves the emulator answering others, and its order is prepared once', async () => {
    const prepared = slow.api.engine.ordersPrepared;
    // Reading every text takes 4 s here: the sort's keys are read in slices, like an evaluation.
    const heavy = await startHeavy(
      slow.personalToken('dmitro'),
      `orderBy=${q('text desc')}`,
      () => slow.api.engine.ordersPrepared > prepared,
    );
    expect((await fetch(`${slow.url}/health`)).status).toBe(200);
    expect(slow.api.engine.running).toBeGreaterThan(0);
    expect(slow.api.inFlight.count()).toBe(1);
    heavy.controller.abort();
    await heavy.done;
    // The client went away; the field's order is still being prepared, once, for the next request, which
    // waits for it (with reading free from here on, not for 4 s of CPU on a busy machine).
    cost.ms = 0;
    try {
      const next = getOnNewConnection(strings(`orderBy=text&limit=1`), slow.personalToken('emma'));
      await expect(next).resolves.toBe(200);
      expect(slow.api.engine.ordersPrepared).toBe(prepared + 1);
    } finally {
      cost.ms = 2;
    }
  }, 180_000);

  it("building a language's translations index leaves the emulator answering others", async () => {
    // Reading every string's translations takes 4 s here, until the test has seen /health answered.
    const translationsCost: Cost = { ms: 2 };
    const emulator = await startEmulator({ data: slowData(translationsCost, 'translations') });
    try {
      const listing = getOnNewConnection(
        `${emulator.url}/api/v2/projects/1/languages/uk/translations?limit=1`,
        emulator.personalToken('alice'),
      );
      await expect.poll(() => emulator.api.engine.running, { timeout: 10_000, interval: 5 }).toBe(1);
      expect((await fetch(`${emulator.url}/health`)).status).toBe(200);
      expect(emulator.api.engine.running).toBe(1);
      translationsCost.ms = 0;
      await expect(listing).resolves.toBe(200);
    } finally {
      await emulator.close();
    }
  }, 180_000);

  it('a client that disconnects frees its slot and stops its evaluation', async () => {
    const heavy = await startHeavy(slow.personalToken('carol'), `croql=${q('text contains "gone"')}`);
    const before = { evaluations: slow.api.engine.evaluations, abandoned: slow.api.engine.abandoned };
    heavy.controller.abort();
    await heavy.done;
    await expect.poll(() => slow.api.inFlight.count(), { timeout: 10_000, interval: 5 }).toBe(0);
    await expect
      .poll(() => slow.api.engine.abandoned, { timeout: 10_000, interval: 5 })
      .toBe(before.abandoned + 1);
    expect(slow.api.engine.running).toBe(0);
    expect(slow.api.engine.evaluations).toBe(before.evaluations);
  }, 180_000);

  it('the limit of 20 fires under real concurrent load on one token, and frees up afterwards', async () => {
    await expect.poll(() => slow.api.engine.running, { timeout: 10_000, interval: 5 }).toBe(0);
    const token = slow.personalToken('bob');
    // One controller per request: 30 listeners on one signal would be Node's "possible leak" warning.
    const controllers = Array.from({ length: 30 }, () => new AbortController());
    const answered: number[] = [];
    const requests = controllers.map((controller, i) =>
      getOnNewConnection(strings(`croql=${q(`text contains "load ${i}"`)}`), token, controller.signal).then(
        (status) => void answered.push(status),
        () => undefined,
      ),
    );
    // Every request has arrived once each is either refused or in flight (none can finish meanwhile).
    await expect
      .poll(() => answered.length + slow.api.inFlight.count(), { timeout: 30_000, interval: 10 })
      .toBe(30);
    expect(slow.api.inFlight.count()).toBe(20);
    expect(answered).toEqual(Array.from({ length: 10 }, () => 429));
    for (const controller of controllers) controller.abort();
    await Promise.all(requests);
    await expect.poll(() => slow.api.inFlight.count(), { timeout: 10_000, interval: 10 }).toBe(0);
    expect((await get(slow, '/user', token)).status).toBe(200);
  }, 180_000);
});
