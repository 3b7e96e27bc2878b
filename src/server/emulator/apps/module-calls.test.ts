// Calls to file-processing modules against a real app server: spec 000's envelope with the JWT, files and
// strings inline or by URL, the 5 MB and 2-minute limits, the answer's shape, and error.message as is.
/* eslint-disable @typescript-eslint/no-explicit-any -- the envelope and demo strings are untyped JSON */
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ControlErrorBody } from '../../../wire/apps.ts';
import type { ModuleCallResponse } from '../../../wire/app-module-calls.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { appsCommand } from './cli.ts';
import { MODULE_PAYLOAD_LIMIT } from './module-answer.ts';
import { call, installStepApp, type Reply, type SinkRequest } from './testing.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
let s: Awaited<ReturnType<typeof installStepApp>>;

const modules = {
  'custom-file-format': [
    { key: 'xyz', type: 'type-xyz', url: '/file/xyz/process', multilingual: false, customSrxSupported: true },
    { key: 'bundle', type: 'bundle-resx', url: '/bundle', stringsExport: true, extensions: ['.resx'] },
  ],
  'file-post-import': [{ key: 'post', url: '/post-import' }],
  'file-pre-export': [{ key: 'pre-export', url: '/pre-export' }],
  webhook: [{ key: 'hook', url: '/webhooks', events: ['file.added'] }],
};

beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { moduleTimeoutSeconds: 1 } });
  s = await installStepApp(em.url, { extra: { modules } });
});
afterAll(async () => {
  await em.close();
  await s.app.close();
});

const callModule = (key: string, body: Record<string, unknown>) =>
  call<typeof APPS_ROUTES.moduleCall, ModuleCallResponse & ControlErrorBody>(em.url, APPS_ROUTES.moduleCall, {
    params: [s.appId, key],
    body,
  });
const json = (value: unknown) => ({
  status: 200,
  body: JSON.stringify(value),
  headers: { 'Content-Type': 'application/json' },
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The next request to `route`, answered with `reply` (JSON), and the call's response. */
async function exchange(route: string, reply: unknown, key: string, body: Record<string, unknown>) {
  s.app.on(route, typeof reply === 'function' ? (reply as () => Reply) : json(reply));
  const arrived = s.app.next(route);
  const res = await callModule(key, body);
  return { req: await arrived, res };
}

function claims(req: SinkRequest): Record<string, unknown> {
  const [header, payload, signature] = /^Bearer (.+)$/
    .exec(String(req.headers.authorization))![1]!
    .split('.') as [string, string, string];
  expect(signature).toBe(
    createHmac('sha256', s.clientSecret).update(`${header}.${payload}`).digest('base64url'),
  );
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('the envelope', () => {
  it('parse-file: POST with Bearer JWT (module claim), organization, project, the file base64, languages, customSrxContents', async () => {
    const { req, res } = await exchange(
      'POST /file/xyz/process',
      { data: { strings: [{ identifier: 'k', text: 'Hello', previewId: 1 }] } },
      'xyz',
      { jobType: 'parse-file', content: 'k=Hello\n', fileName: 'hello.xyz' },
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      ok: true,
      appError: null,
      failure: null,
      jobType: 'parse-file',
      group: 'custom-file-format',
    });
    expect(res.json.result).toEqual({ strings: [{ identifier: 'k', text: 'Hello', previewId: 1 }] });
    expect(claims(req)).toMatchObject({
      aud: s.clientId,
      module: 'xyz',
      domain: 'acme',
      context: { project_id: 1 },
    });
    const body = req.json<Record<string, any>>();
    expect(body).toEqual({
      jobType: 'parse-file',
      organization: { id: 1, domain: 'acme', baseUrl: 'https://acme.crowdin.com', apiBaseUrl: em.url },
      project: { id: 1, identifier: em.config.data.project.identifier, name: em.config.data.project.name },
      file: { id: 0, name: 'hello.xyz', content: b64('k=Hello\n') },
      sourceLanguage: expect.objectContaining({
        id: 'en',
        pluralCategoryNames: ['one', 'other'],
        pluralRules: expect.any(String),
      }),
      targetLanguages: [],
      customSrxContents: null,
    });
    expect(Object.keys(body.sourceLanguage).sort()).toEqual(
      [
        'androidCode',
        'editorCode',
        'id',
        'locale',
        'name',
        'osxCode',
        'osxLocale',
        'pluralCategoryNames',
        'pluralRules',
        'threeLettersCode',
        'twoLettersCode',
      ].sort(),
    );
    // In the log, as a module call.
    expect(res.json.deliveryId).toBeGreaterThan(0);
  });

  it("build-file of a project file: its strings with each one's top translation in the language", async () => {
    const file = em.config.data.files[0]!;
    const { req, res } = await exchange(
      'POST /file/xyz/process',
      { data: { content: b64('built') } },
      'xyz',
      {
        jobType: 'build-file',
        fileId: file.id,
        languages: ['uk'],
      },
    );
    expect(res.json).toMatchObject({ ok: true, result: { content: b64('built'), contentBytes: 5 } });
    const body = req.json<Record<string, any>>();
    expect(body.file).toMatchObject({ id: file.id, name: file.name });
    const fileStrings = em.config.data.strings.filter((x: any) => x.file?.id === file.id);
    expect(body.strings).toHaveLength(fileStrings.length);
    expect(body.targetLanguages.map((l: { id: string }) => l.id)).toEqual(['uk']);
    const first = fileStrings[0] as any;
    expect(body.strings[0]).toMatchObject({ id: first.id, identifier: first.identifier, text: first.text });
    expect(body.strings[0].translations.uk.status).toMatch(/^(translated|approved|untranslated)$/);
    // The emulator keeps no file bytes: the content is the JSON of the file's strings.
    expect(JSON.parse(Buffer.from(body.file.content, 'base64').toString())[first.identifier]).toEqual(
      first.text,
    );
  });

  it('the bundle generator: strings of the project, no file; several languages only with multilingualExport', async () => {
    const { req, res } = await exchange('POST /bundle', { data: { content: b64('<resx/>') } }, 'bundle', {
      languages: ['de'],
    });
    expect(res.json).toMatchObject({ ok: true, jobType: 'build-file' });
    const body = req.json<Record<string, any>>();
    expect(body.file).toBeUndefined();
    expect(body.strings).toHaveLength(em.config.data.strings.length);
    const refused = await callModule('bundle', { languages: ['de', 'uk'] });
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain('multilingualExport is not true');
    const withFile = await callModule('bundle', { content: 'x' });
    expect(withFile.status).toBe(400);
  });

  it('post-import: the file and its strings with uniqId; the answer is checked in that shape', async () => {
    const file = em.config.data.files[1]!;
    const { req, res } = await exchange(
      'POST /post-import',
      { data: { strings: [{ identifier: 'a', text: 'x' }] } },
      'post',
      {
        fileId: file.id,
      },
    );
    // The framework's name for the job (src/wire/apps.ts ModuleJobType), not the docs' example's.
    expect(req.json<Record<string, any>>().jobType).toBe('post-import-file');
    expect(res.json.jobType).toBe('post-import-file');
    expect(req.json<Record<string, any>>().strings[0].uniqId).toMatch(/^[0-9a-f]{32}::1$/);
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toContain('uniqId is required');
  });
});

describe('files and strings by URL', () => {
  it('transport url: contentUrl and stringsUrl (NDJSON) served by the emulator, which the app downloads', async () => {
    let downloaded: { content: string; lines: number } | null = null;
    s.app.on('POST /file/xyz/process', async (req) => {
      const body = req.json<{ file: { contentUrl: string }; stringsUrl: string }>();
      const content = await (await fetch(body.file.contentUrl)).text();
      const ndjson = await (await fetch(body.stringsUrl)).text();
      downloaded = { content, lines: ndjson.trim().split('\n').length };
      return json({ data: { content: b64(content) } });
    });
    const res = await callModule('xyz', {
      jobType: 'build-file',
      fileId: 1,
      content: 'the source',
      languages: ['uk'],
      transport: 'url',
    });
    expect(res.json.ok).toBe(true);
    expect(res.json.request.transport).toBe('url');
    expect(res.json.request.contentUrl).toMatch(new RegExp(`^${em.url}/apps/files/`));
    expect(downloaded).toEqual({ content: 'the source', lines: res.json.request.strings });
  });

  it('a call over 5 MB inline goes by URL instead, as the service never sends more', async () => {
    s.app.on('POST /file/xyz/process', (req) => {
      expect(req.body.length).toBeLessThanOrEqual(MODULE_PAYLOAD_LIMIT);
      return json({ data: { strings: [] } });
    });
    const res = await callModule('xyz', { jobType: 'parse-file', content: 'x'.repeat(4 * 1024 * 1024) });
    expect(res.json.request.transport).toBe('url');
    // The size it would have had inline (4 MB base64 is 5.3 MB), not the size it had by URL.
    expect(res.json.problems[0]!.message).toBe(
      "The call would be 5.3 MB inline, over the service's 5 MB, so the emulator sent the file as file.contentUrl instead.",
    );
    expect(res.json.ok).toBe(true);
  });

  it("reads the app's stringsUrl (NDJSON, \\r tolerated) and checks every line", async () => {
    s.app.on('GET /out.ndjson', {
      status: 200,
      body: '{"identifier":"a","text":"x"}\n\r{"identifier":"b"}\n',
    });
    const { res } = await exchange(
      'POST /file/xyz/process',
      { data: { stringsUrl: `${s.app.url}/out.ndjson` } },
      'xyz',
      { jobType: 'parse-file', content: 'x' },
    );
    expect(res.json.result?.strings).toEqual([{ identifier: 'a', text: 'x' }, { identifier: 'b' }]);
    expect(res.json.ok).toBe(false);
    expect(res.json.problems).toContainEqual(
      expect.objectContaining({ pointer: '/data/stringsUrl/1/text', severity: 'error' }),
    );
  });

  it('a URL the app answers with that fails to download is an error naming it', async () => {
    s.app.on('GET /gone', { status: 404 });
    const { res } = await exchange(
      'POST /file/xyz/process',
      { data: { contentUrl: `${s.app.url}/gone` } },
      'xyz',
      {
        jobType: 'build-file',
        content: 'x',
        languages: ['uk'],
      },
    );
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toContain('answered 404');
  });
});

describe('limits and failures', () => {
  it("the app's error.message is what the user is shown, as it is; not a problem of the app", async () => {
    const { res } = await exchange(
      'POST /file/xyz/process',
      { data: {}, error: { message: 'Line 3: unexpected "<"' } },
      'xyz',
      {
        jobType: 'parse-file',
        content: '<x',
      },
    );
    expect(res.json).toMatchObject({
      ok: false,
      appError: 'Line 3: unexpected "<"',
      failure: 'Line 3: unexpected "<"',
    });
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    expect(overview.apps[0]!.problems.some((p) => p.deliveryId === res.json.deliveryId)).toBe(false);
  });

  it('a 2xx answer the service would not take is a failed delivery in the log, with the reason (ui-walk D3)', async () => {
    const { res } = await exchange(
      'POST /file/xyz/process',
      { data: { strings: [{ identifier: 'k' }] } },
      'xyz',
      { jobType: 'parse-file', content: 'k=' },
    );
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toMatch(/^The answer is not what the service takes: .*text/);
    expect(res.json.answer).toMatchObject({ status: 200, ok: false, error: res.json.failure });
    const detail = (await call(em.url, APPS_ROUTES.delivery, { params: [res.json.deliveryId] })).json;
    expect(detail.state).toBe('failed');
    expect(detail.attempts).toMatchObject([{ status: 200, ok: false, error: res.json.failure }]);
    const failed = (await call(em.url, APPS_ROUTES.deliveries, { query: { state: 'failed' } })).json;
    expect(failed.data.map((d) => d.id)).toContain(res.json.deliveryId);
  });

  it('an answer over 5 MB fails, saying to answer with a URL', async () => {
    const { res } = await exchange(
      'POST /file/xyz/process',
      () => ({ status: 200, body: Buffer.alloc(MODULE_PAYLOAD_LIMIT + 1, 0x20) }),
      'xyz',
      { jobType: 'parse-file', content: 'x' },
    );
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toContain('larger than 5 MB');
    const overview = (await call(em.url, APPS_ROUTES.overview)).json;
    expect(overview.apps[0]!.problems[0]).toMatchObject({
      code: 'moduleCallFailed',
      deliveryId: res.json.deliveryId,
    });
  });

  it('no answer within the wait (the service: 2 minutes; here --module-timeout 1) fails, and the emulator serves meanwhile', async () => {
    s.app.on('POST /file/xyz/process', 'hang');
    const pending = callModule('xyz', { jobType: 'parse-file', content: 'x' });
    expect((await fetch(`${em.url}/health`)).status).toBe(200);
    const res = await pending;
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toBe('The app did not answer within 1 s (the service waits 2 minutes).');
  });

  it('a 500, and an answer that is not JSON, fail with what came', async () => {
    s.app.on('POST /file/xyz/process', { status: 500, body: '{"error":{"message":"crashed"}}' });
    const failed = await callModule('xyz', { jobType: 'parse-file', content: 'x' });
    expect(failed.json).toMatchObject({ ok: false, appError: 'crashed' });
    expect(failed.json.failure).toContain('answered 500');
    s.app.on('POST /file/xyz/process', { status: 200, body: 'OK' });
    const garbage = await callModule('xyz', { jobType: 'parse-file', content: 'x' });
    expect(garbage.json.failure).toContain('not JSON');
  });

  it('customData over 4 KB in the strings answered, or in the strings sent, is refused', async () => {
    const big = 'x'.repeat(4097);
    const { res } = await exchange(
      'POST /file/xyz/process',
      { data: { strings: [{ identifier: 'a', text: 'x', customData: big }] } },
      'xyz',
      { jobType: 'parse-file', content: 'x' },
    );
    expect(res.json.ok).toBe(false);
    expect(res.json.failure).toContain('/data/strings/0/customData');
    const sent = await callModule('xyz', {
      jobType: 'build-file',
      content: 'x',
      languages: ['uk'],
      strings: [{ id: 1, identifier: 'a', text: 'x', customData: big }],
    });
    expect(sent.status).toBe(400);
    expect(sent.json.error.message).toContain('4,097 bytes');
  });

  it('says what is wrong with a call: the module, the job, the file, the languages', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['nope', {}, 404, 'Its file-processing modules: xyz, bundle, post, pre-export'],
      ['hook', {}, 409, 'is a webhook module'],
      ['xyz', { content: 'x' }, 400, 'takes jobType parse-file or build-file'],
      ['xyz', { jobType: 'post-import-file', content: 'x' }, 400, 'not "post-import-file"'],
      ['post', { jobType: 'file-post-import', content: 'x' }, 400, 'takes jobType post-import-file, not'],
      ['xyz', { jobType: 'parse-file', fileId: 999 }, 404, 'No file 999'],
      ['xyz', { jobType: 'parse-file' }, 400, 'give fileId'],
      ['xyz', { jobType: 'build-file', content: 'x', languages: ['uk', 'de'] }, 400, 'not multilingual'],
      ['xyz', { jobType: 'build-file', content: 'x', languages: ['xx'] }, 400, 'not a target language'],
      ['pre-export', { content: 'x', languages: [] }, 400, 'is for a target language'],
    ];
    for (const [key, body, status, message] of cases) {
      const res = await callModule(key, body);
      expect([key, res.status, res.json.error?.message]).toEqual([
        key,
        status,
        expect.stringContaining(message),
      ]);
    }
  });
});

describe('apps call', () => {
  it('makes the call from the terminal, prints the outcome and the problems, and saves what came back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'croql-call-'));
    const input = join(dir, 'hello.xyz');
    writeFileSync(input, 'k=Hello\n');
    const saved = join(dir, 'strings.json');
    s.app.on('POST /file/xyz/process', (req) => {
      const { file } = req.json<{ file: { name: string; content: string } }>();
      const text = Buffer.from(file.content, 'base64').toString();
      return json({ data: { strings: [{ identifier: file.name, text, labels: 'x' }] } });
    });
    const lines: string[] = [];
    const run = (args: string[]) =>
      appsCommand(
        [...args, '--port', new URL(em.url).port],
        (l) => lines.push(l),
        (l) => lines.push(l),
      );
    expect(
      await run(['call', s.appId, 'xyz', '--job', 'parse-file', '--content', input, '--out', saved]),
    ).toBe(1);
    expect(lines.join('\n')).toMatch(
      /^parse-file → test-step-app\/xyz \(delivery #\d+, sent [\d.]+ KB inline; answer 200 in \d+ ms \(The answer is not what the service takes.*\)\)\n {2}failed: The answer is not what the service takes/,
    );
    expect(lines.join('\n')).toContain('error /data/strings/0/labels');
    expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual([
      { identifier: 'hello.xyz', text: 'k=Hello\n', labels: 'x' },
    ]);
    lines.length = 0;
    s.app.on('POST /file/xyz/process', json({ data: { content: b64('built') } }));
    expect(
      await run([
        'call',
        s.appId,
        'xyz',
        '--job',
        'build-file',
        '--file',
        '1',
        '--language',
        'uk',
        '--out',
        join(dir, 'out.xyz'),
      ]),
    ).toBe(0);
    expect(lines.join('\n')).toContain('ok: a file of 5 bytes');
    expect(readFileSync(join(dir, 'out.xyz'), 'utf8')).toBe('built');
    // A path or an id that cannot be used says so, not "ENOENT: …, open …" or "No file null".
    lines.length = 0;
    const missing = join(dir, 'missing.xyz');
    expect(await run(['call', s.appId, 'xyz', '--job', 'parse-file', '--content', missing])).toBe(1);
    expect(lines).toEqual([`emulator: No file at ${missing}: --content takes the path of the file to send.`]);
    lines.length = 0;
    expect(await run(['call', s.appId, 'xyz', '--job', 'parse-file', '--content', dir])).toBe(1);
    expect(lines).toEqual([`emulator: ${dir} is a folder: --content takes the path of the file to send.`]);
    lines.length = 0;
    expect(await run(['call', s.appId, 'xyz', '--job', 'build-file', '--file', 'abc'])).toBe(2);
    expect(lines).toEqual(['--file takes the id of a file of the project, e.g. --file 3, not "abc".']);
    rmSync(dir, { recursive: true, force: true });
  });
});
