// The emulator's state: what a save holds comes back after a restart (sign-ins, the signing key, the API's
// edits), snapshots replace the running state through /__state, and files that cannot be used are refused
// with a message that says which, and are never overwritten.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATE_FORMAT } from '../../../wire/state.ts';
import { DEMO_CLIENT } from '../config.ts';
import { generateDemoDataset } from '../data/demo.ts';
import { LaunchError, launchEmulator, type Launched } from '../launch.ts';
import { DEMO_REDIRECT, startEmulator, submitConsent, type RunningEmulator } from '../testing.ts';
import { MIGRATIONS, STATE_VERSION, parseState } from './format.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'croql-state-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const running: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await r.stop();
});

/** An in-process emulator over fresh demo data (edits must not reach other tests' shared data). */
async function emulator(options: Parameters<typeof startEmulator>[0] = {}): Promise<RunningEmulator> {
  const e = await startEmulator({ data: generateDemoDataset({ strings: 40 }), testHooks: true, ...options });
  running.push({ stop: () => e.close() });
  return e;
}

async function launch(file: string, extra: { readonly?: boolean } = {}): Promise<Launched> {
  const l = await launchEmulator({
    port: 0,
    data: { scale: 40 },
    state: { file, readonly: extra.readonly ?? false, intervalSeconds: null },
    emulator: { testHooks: true },
  });
  running.push(l);
  return l;
}

const post = (url: string, body: unknown, type = 'application/json') =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

const edit = (base: string, body: object) => post(`${base}/__emulator/edit-string`, body);

/** A string's text as the strings listing gives it (CroQL has no `id` field, so the whole page is read). */
async function stringText(base: string, token: string, id: number): Promise<unknown> {
  const res = await fetch(`${base}/api/v2/projects/1/strings?limit=500`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const rows = ((await res.json()) as { data: { data: { id: number; text: unknown } }[] }).data;
  return rows.find((r) => r.data.id === id)?.data.text;
}

/** A sign-in of the demo client: its access and refresh tokens. */
async function signIn(base: string): Promise<{ access_token: string; refresh_token: string }> {
  const location = new URL((await submitConsent(base, {})).headers.get('location')!);
  const res = await post(`${base}/oauth/token`, {
    grant_type: 'authorization_code',
    client_id: DEMO_CLIENT.id,
    client_secret: DEMO_CLIENT.secret,
    code: location.searchParams.get('code'),
    redirect_uri: DEMO_REDIRECT,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

const refresh = (base: string, token: string) =>
  post(`${base}/oauth/token`, {
    grant_type: 'refresh_token',
    client_id: DEMO_CLIENT.id,
    client_secret: DEMO_CLIENT.secret,
    refresh_token: token,
  });

describe('--state FILE', () => {
  it('keeps sign-ins, the signing key and the edits across a restart', async () => {
    const file = join(dir, 'restart.json');
    const first = await launch(file);
    const tokens = await signIn(first.url);
    expect((await edit(first.url, { id: 3, text: 'kept across restarts' })).status).toBe(200);
    await first.stop();
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await launch(file);
    expect(second.loaded).toMatchObject({ migratedFrom: null, warnings: [] });
    // The access token of the first run still works: the key that signs tokens was kept.
    expect(await stringText(second.url, tokens.access_token, 3)).toBe('kept across restarts');
    expect((await refresh(second.url, tokens.refresh_token)).status).toBe(200);
  });

  it('saves on request, each save replacing the file whole', async () => {
    const file = join(dir, 'on-request.json');
    const l = await launch(file);
    const saved = await post(`${l.url}/__state/save`, '');
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ file, bytes: readFileSync(file).length });
    await edit(l.url, { id: 5, isHidden: true });
    await post(`${l.url}/__state/save`, '{}');
    const doc = parseState(readFileSync(file, 'utf8'), 'the file').doc;
    expect(doc.parts.data).toEqual({ strings: [expect.objectContaining({ id: 5, isHidden: true })] });
    expect(await (await fetch(`${l.url}/__state/info`)).json()).toMatchObject({
      file,
      readonly: false,
      lastSave: { bytes: readFileSync(file).length },
    });
  });

  it('saves every --state-interval seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const file = join(dir, 'interval.json');
      const l = await launchEmulator({
        port: 0,
        data: { scale: 40 },
        state: { file, readonly: false, intervalSeconds: 30 },
      });
      running.push(l);
      expect(existsSync(file)).toBe(false);
      vi.advanceTimersByTime(30_000);
      await vi.waitFor(() => expect(existsSync(file)).toBe(true));
    } finally {
      vi.useRealTimers();
    }
  });

  it('--state-readonly starts from the file and never writes it', async () => {
    const file = join(dir, 'readonly.json');
    const writer = await launch(file);
    await edit(writer.url, { id: 2, text: 'from the snapshot' });
    await writer.stop();
    const before = readFileSync(file, 'utf8');
    const reader = await launch(file, { readonly: true });
    const token = reader.emulator.personalToken('alice');
    expect(await stringText(reader.url, token, 2)).toBe('from the snapshot');
    await edit(reader.url, { id: 2, text: 'changed in CI' });
    const save = await post(`${reader.url}/__state/save`, {});
    expect(save.status).toBe(409);
    expect(((await save.json()) as { error: { message: string } }).error.message).toMatch(/--state-readonly/);
    await reader.stop();
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it.each([
    ['corrupt', '{"format": "croql-emulator-state", "version": 1, "savedAt": "2026-01-0', /not valid JSON/],
    ['notState', '{"strings": []}', /not an emulator state or snapshot/],
    ['newer', `{"format": "${STATE_FORMAT}", "version": ${STATE_VERSION + 1}}`, /newer emulator/],
    [
      'invalid',
      `{"format": "${STATE_FORMAT}", "version": 1, "savedAt": "x", "emulator": null, "parts": {"data": {"strings": [{"id": "3"}]}}}`,
      /at parts\.data\.strings\[0\]\.id: expected a number/,
    ],
  ])(
    'refuses a %s file at start, says how to go on, and leaves it as it is',
    async (_kind, text, message) => {
      const file = join(dir, `refused-${_kind}.json`);
      writeFileSync(file, text);
      const start = launch(file);
      await expect(start).rejects.toThrow(LaunchError);
      await expect(start).rejects.toThrow(message);
      await expect(start).rejects.toThrow(/did not start and left .* as it is/);
      expect(readFileSync(file, 'utf8')).toBe(text);
    },
  );
});

describe('snapshots', () => {
  it('GET /__state downloads the whole state; POST /__state puts it in place of another', async () => {
    const a = await emulator();
    const tokens = await signIn(a.url);
    await edit(a.url, { id: 7, text: 'snapshot text', labelIds: [1] });
    const download = await fetch(`${a.url}/__state`);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="emulator-state-.*\.json"$/,
    );
    const snapshot = await download.text();

    const b = await emulator();
    await edit(b.url, { id: 8, text: 'only in b' });
    const loaded = await post(`${b.url}/__state`, snapshot);
    expect(loaded.status).toBe(200);
    expect(await loaded.json()).toMatchObject({ migratedFrom: null, warnings: [] });
    const token = b.personalToken('alice');
    expect(await stringText(b.url, token, 7)).toBe('snapshot text');
    // b's own edit is undone: the snapshot replaced the state, it did not add to it.
    expect(await stringText(b.url, token, 8)).not.toBe('only in b');
    expect((await refresh(b.url, tokens.refresh_token)).status).toBe(200);
  });

  it('a snapshot that cannot be used changes nothing and says why', async () => {
    const e = await emulator();
    await edit(e.url, { id: 4, text: 'stays' });
    const before = await (await fetch(`${e.url}/__state`)).json();
    for (const [body, status, code] of [
      ['not json', 400, 'corrupt'],
      ['{"hello": 1}', 422, 'notState'],
      [`{"format": "${STATE_FORMAT}", "version": 99}`, 422, 'newer'],
      [
        `{"format": "${STATE_FORMAT}", "version": 1, "savedAt": "x", "emulator": null, "parts": {"oauth": {"signingKey": 5}}}`,
        422,
        'invalid',
      ],
    ] as const) {
      const res = await post(`${e.url}/__state`, body);
      expect(res.status).toBe(status);
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe(code);
      expect(error.message).toMatch(/The running state was left as it was\./);
    }
    const after = (await (await fetch(`${e.url}/__state`)).json()) as { savedAt: string };
    expect({ ...after, savedAt: '' }).toEqual({ ...(before as object), savedAt: '' });
  });

  it('loads a version 0 state, migrated', async () => {
    expect(Object.keys(MIGRATIONS).map(Number)).toEqual([...Array(STATE_VERSION).keys()]);
    const e = await emulator();
    // Version 0 kept each part at the top level and recorded nothing about the emulator.
    const v0 = {
      format: STATE_FORMAT,
      version: 0,
      savedAt: '2026-11-01T00:00:00.000Z',
      data: { strings: [{ id: 9, text: 'from version 0', updated: '2026-11-01T00:00:00+00:00' }] },
    };
    const res = await post(`${e.url}/__state`, v0);
    expect(await res.json()).toEqual({ savedAt: v0.savedAt, migratedFrom: 0, warnings: [] });
    expect(await stringText(e.url, e.personalToken('alice'), 9)).toBe('from version 0');
    expect(parseState(JSON.stringify(v0), 'x').doc).toMatchObject({ version: 1, emulator: null });
  });

  it('warns when the snapshot was saved over other data, and leaves out strings this data lacks', async () => {
    const big = await startEmulator({ data: generateDemoDataset({ strings: 60 }), testHooks: true });
    running.push({ stop: () => big.close() });
    await edit(big.url, { id: 55, text: 'only the bigger data has me' });
    big.config.dataSource = { kind: 'demo', strings: 60, seed: 1 };
    const small = await emulator({ dataSource: { kind: 'demo', strings: 40, seed: 1 } });
    const res = await post(`${small.url}/__state`, await (await fetch(`${big.url}/__state`)).text());
    const { warnings } = (await res.json()) as { warnings: string[] };
    expect(warnings).toEqual([
      expect.stringMatching(
        /saved over the demo data \(60 strings, seed 1\); this emulator serves the demo data \(40 strings/,
      ),
      expect.stringMatching(/1 edited string of the state is not in this emulator's data \(id 55\)/),
    ]);
  });
});

describe('the state routes take no request a page elsewhere could send without a preflight', () => {
  it('refuses a POST without a JSON Content-Type, empty or not', async () => {
    const e = await emulator();
    const snapshot = await (await fetch(`${e.url}/__state`)).text();
    for (const [path, body, type] of [
      ['/__state/save', '', 'text/plain'],
      ['/__state', snapshot, 'text/plain'],
      ['/__state', '', 'application/x-www-form-urlencoded'],
      ['/__state/save', '', 'multipart/form-data; boundary=x'],
    ] as const) {
      const res = await post(`${e.url}${path}`, body, type);
      expect(res.status).toBe(415);
    }
    const bare = await fetch(`${e.url}/__state/save`, { method: 'POST' });
    expect(bare.status).toBe(415);
  });

  it('answers browsers on the playground origins only, and loopback hosts only', async () => {
    const e = await emulator();
    const foreign = await fetch(`${e.url}/__state`, { headers: { Origin: 'http://evil.example' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${e.url}/__state`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const rebound = await e.app.request('/__state', { headers: { Host: 'evil.example:8787' } });
    expect(rebound.status).toBe(403);
  });
});
