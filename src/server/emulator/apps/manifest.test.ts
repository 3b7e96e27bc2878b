// Manifest validation: every schema keyword and semantic rule, the service's texts, pointers, and reading a
// manifest from files and real local URLs (`apps validate`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STEP_EVENT } from '../../../wire/apps.ts';
import { appsCommand } from './cli.ts';
import { SERVERLESS_ERROR, STEP_AUTH_ERROR, validateManifest } from './manifest.ts';
import {
  MAX_MANIFEST_BYTES,
  ManifestSourceError,
  parseManifestText,
  readManifest,
} from './manifest-source.ts';
import { AppCaller } from './outgoing.ts';
import { TestApp, stepAppManifest } from './testing.ts';

const BASE = 'https://app.example.com';
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- manifests under test are free-form JSON
type M = Record<string, any>;
const valid = (): M => stepAppManifest(BASE, 'client-1');

function check(manifest: unknown) {
  return validateManifest(manifest).report;
}
function rules(manifest: unknown) {
  const r = check(manifest);
  return {
    errors: r.errors.map((p) => `${p.rule} ${p.pointer}`),
    warnings: r.warnings.map((p) => `${p.rule} ${p.pointer}`),
  };
}

describe('the schema', () => {
  it("accepts the docs' workflow-step example with no problem", () => {
    expect(check(valid())).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('accepts what the official framework generates (its extra keys, a step without logo, a plain file format)', () => {
    const m: M = {
      ...valid(),
      logo: '/logo.png',
      restrictAiToSameApp: false,
      stringBasedAvailable: true,
      default_permissions: { user: 'managers', project: 'own' },
      events: { installed: '/installed', uninstall: '/uninstall', subscription_paid: '/subscription-paid' },
    };
    m.modules['custom-file-format'] = [
      {
        key: 'fmt',
        type: 'xyz',
        stringsExport: false,
        multilingual: false,
        customSrxSupported: false,
        url: '/file/process',
      },
    ];
    m.modules['workflow-step-type'][0].updateSettingsUrl = '/workflow-step/settings/review';
    m.modules['workflow-step-type'][0].deleteSettingsUrl = '/workflow-step/delete/review';
    expect(check(m)).toEqual({ ok: true, errors: [], warnings: [] });
  });

  it('refuses unknown keys, with a hint for the misspellings apps make', () => {
    const m: M = { ...valid(), authenticationType: 'crowdin_agent', _comment_scopes: 'why' };
    const r = check(m);
    expect(r.ok).toBe(false);
    expect(r.errors.map((e) => e.pointer).sort()).toEqual(['/_comment_scopes', '/authenticationType']);
    expect(r.errors.find((e) => e.pointer === '/authenticationType')!.message).toMatch(
      /did you mean "authentication": \{"type"/,
    );
    expect(r.errors.find((e) => e.pointer === '/_comment_scopes')!.message).toMatch(
      /comments are not allowed/,
    );
  });

  it('refuses an unknown module type', () => {
    const m = valid();
    m.modules['workflow-steps'] = [{ key: 'x' }];
    expect(rules(m).errors).toEqual(['schema/additionalProperties /modules/workflow-steps']);
  });

  it('names each missing required key where it belongs', () => {
    const m = valid();
    delete m.identifier;
    delete m.modules['workflow-step-type'][0].boundaries;
    delete m.modules.webhook[0].events;
    expect(rules(m).errors.sort()).toEqual([
      'schema/required /identifier',
      'schema/required /modules/webhook/0/events',
      'schema/required /modules/workflow-step-type/0/boundaries',
    ]);
  });

  it('checks patterns: a lowercase identifier, relative module URLs, extensions with a dot', () => {
    const m: M = { ...valid(), identifier: 'My-App' };
    m.modules.webhook[0].url = 'https://elsewhere.example.com/hook';
    m.modules['custom-file-format'] = [
      { key: 'b', type: 'resx', url: '/b', stringsExport: true, extensions: ['resx'] },
    ];
    const r = check(m);
    expect(r.errors.map((e) => `${e.rule} ${e.pointer}`).sort()).toEqual([
      'schema/pattern /identifier',
      'schema/pattern /modules/custom-file-format/0/extensions/0',
      'schema/pattern /modules/webhook/0/url',
    ]);
    expect(r.errors.find((e) => e.pointer === '/identifier')!.message).toContain('lowercase');
    expect(r.errors.find((e) => e.pointer === '/modules/webhook/0/url')!.message).toContain('relative');
  });

  it('checks ports: no unknown port such as "fallback", no "initial" output, one or two outputs', () => {
    const m = valid();
    const step = m.modules['workflow-step-type'][0];
    step.boundaries.input.ports = ['all', 'fallback'];
    step.boundaries.outputs = [{ title: 'Start', port: 'initial' }];
    expect(rules(m).errors.sort()).toEqual([
      'schema/enum /modules/workflow-step-type/0/boundaries/input/ports/1',
      'schema/enum /modules/workflow-step-type/0/boundaries/outputs/0/port',
    ]);
    // Whose rule: the docs' table lists the ports (and the framework's Port type is the same set).
    const port = check(m).errors.find((e) => e.pointer.endsWith('outputs/0/port'))!.message;
    expect(port).toContain('allowed: untranslated, translated, approved, all, false, true, skipped');
    expect(port).toContain(`(the docs' workflow-step-type table; "initial" is an input port only).`);
    step.boundaries.input.ports = ['all'];
    step.boundaries.outputs = [
      { title: 'One', port: 'true' },
      { title: 'Two', port: 'false' },
      { title: 'Three', port: 'skipped' },
    ];
    const r = check(m);
    expect(r.errors.map((e) => e.message)).toEqual(['A workflow step declares one or two outputs.']);
    step.boundaries.outputs = [];
    expect(rules(m).errors).toEqual(['schema/minItems /modules/workflow-step-type/0/boundaries/outputs']);
  });

  it('checks lengths: titles 3–30 characters, agent username 3–128', () => {
    const m = valid();
    m.modules['workflow-step-type'][0].boundaries.input.title = 'In';
    m.modules['workflow-step-type'][0].boundaries.outputs[0].title = 'x'.repeat(31);
    m.agent.username = 'ab';
    const r = check(m);
    expect(r.errors.map((e) => e.pointer).sort()).toEqual([
      '/agent/username',
      '/modules/workflow-step-type/0/boundaries/input/title',
      '/modules/workflow-step-type/0/boundaries/outputs/0/title',
    ]);
    expect(r.errors.find((e) => e.pointer.endsWith('input/title'))!.message).toBe(
      `must be 3–30 characters (the docs' workflow-step-type table).`,
    );
  });

  it('checks enums of editions, editor modes and authentication types', () => {
    const m = valid();
    m.modules['workflow-step-type'][0].environments = ['crowdin'];
    m.modules['workflow-step-type'][0].editorMode = 'zen';
    m.modules.webhook[0].environments = ['crowdin-business'];
    const r = check(m);
    expect(r.errors.map((e) => e.pointer).sort()).toEqual([
      '/modules/webhook/0/environments/0',
      '/modules/workflow-step-type/0/editorMode',
      '/modules/workflow-step-type/0/environments/0',
    ]);
    expect(r.errors.find((e) => e.pointer.endsWith('editorMode'))!.message).toBe(
      'is "zen"; allowed: side-by-side, comfortable, multilingual.',
    );
    expect(rules({ ...valid(), authentication: { type: 'oauth' } }).errors).toContain(
      'schema/enum /authentication/type',
    );
  });

  it('checks types, URL format and duplicates', () => {
    const m: M = { ...valid(), scopes: 'project', baseUrl: 'not a url' };
    m.modules['workflow-step-type'][0].boundaries.input.ports = ['all', 'all'];
    expect(rules(m).errors.sort()).toEqual([
      'schema/format /baseUrl',
      'schema/pattern /baseUrl',
      'schema/type /scopes',
      'schema/uniqueItems /modules/workflow-step-type/0/boundaries/input/ports',
    ]);
    expect(rules([]).errors).toEqual(['schema/type ']);
  });
});

describe('the rules a schema cannot state', () => {
  it("a workflow step needs crowdin_agent: the service's own text, whatever the other type", () => {
    for (const authentication of [{ type: 'crowdin_app', clientId: 'c' }, { type: 'none' }, {}]) {
      const r = check({ ...valid(), authentication });
      expect(r.errors.filter((e) => e.rule === 'step-auth').map((e) => [e.pointer, e.message])).toEqual([
        ['/authentication/type', STEP_AUTH_ERROR],
      ]);
    }
    const missing = valid();
    delete missing.authentication;
    expect(check(missing).errors.find((e) => e.rule === 'step-auth')).toMatchObject({
      pointer: '/authentication',
      message: STEP_AUTH_ERROR,
    });
  });

  it('crowdin_app and crowdin_agent need a clientId and the installed event; crowdin_agent an agent', () => {
    const m: M = { ...valid(), authentication: { type: 'crowdin_agent' }, events: {} };
    delete m.agent;
    expect(rules(m).errors.sort()).toEqual([
      'agent-block /agent',
      'client-id /authentication/clientId',
      'installed-event /events/installed',
    ]);
  });

  it('warns that an agent is unused without crowdin_agent', () => {
    const m: M = { ...valid(), authentication: { type: 'crowdin_app', clientId: 'c' } };
    delete m.modules['workflow-step-type'];
    expect(rules(m)).toEqual({ errors: [], warnings: ['agent-unused /agent'] });
  });

  it("an app without baseUrl may have only UI modules (the service's text)", () => {
    const m = valid();
    delete m.baseUrl;
    const r = check(m);
    expect(r.errors.find((e) => e.rule === 'serverless')!.message).toBe(
      `${SERVERLESS_ERROR} (workflow-step-type, webhook need a baseUrl).`,
    );
    const ui = {
      identifier: 'ui-only',
      name: 'UI',
      authentication: { type: 'none' },
      modules: { 'project-menu': [{ key: 'm', name: 'M', url: '/m' }] },
    };
    expect(rules(ui)).toEqual({
      errors: [],
      warnings: ['serverless-not-hosted /baseUrl'],
    });
  });

  it('warns that http:// works here but not on the service', () => {
    expect(rules(stepAppManifest('http://127.0.0.1:3000', 'c')).warnings).toEqual([
      'https-base-url /baseUrl',
    ]);
  });

  it('warns, without refusing, about a step with no webhook for its event (the service installs it too)', () => {
    const m = valid();
    m.modules.webhook[0].events = ['file.added'];
    const r = check(m);
    expect(r.ok).toBe(true);
    expect(r.warnings).toHaveLength(1);
    expect(r.warnings[0]).toMatchObject({ rule: 'step-webhook', pointer: '/modules/webhook' });
    expect(r.warnings[0]!.message).toContain(STEP_EVENT);
    expect(r.warnings[0]!.message).toContain('Some required dependencies are unmet');
  });

  it('warns about a step app without the project scope, and two outputs on one port', () => {
    const m: M = { ...valid(), scopes: ['tm'] };
    m.modules['workflow-step-type'][0].boundaries.outputs[1].port = 'translated';
    expect(rules(m).warnings.sort()).toEqual([
      'step-output-ports /modules/workflow-step-type/0/boundaries/outputs/1/port',
      'step-scope /scopes',
    ]);
  });

  it('refuses a module key used twice', () => {
    const m = valid();
    m.modules.webhook[0].key = 'review';
    expect(rules(m).errors).toEqual(['duplicate-module-key /modules/webhook/0/key']);
  });

  it('a bundle generator (stringsExport: true) needs extensions', () => {
    const m = valid();
    m.modules['custom-file-format'] = [{ key: 'bundle', type: 'resx', url: '/bundle', stringsExport: true }];
    expect(rules(m).errors).toEqual(['bundle-extensions /modules/custom-file-format/0/extensions']);
  });

  it("refuses scope names the service does not know; accepts the framework's", () => {
    expect(rules({ ...valid(), scopes: ['project', 'project.read'] }).errors).toEqual([
      'unknown-scope /scopes/1',
    ]);
    expect(check({ ...valid(), scopes: ['project', 'application.storage'] }).ok).toBe(true);
  });

  it('warns about webhook events the docs do not list', () => {
    const m = valid();
    m.modules.webhook[0].events.push('string.translated');
    expect(rules(m).warnings).toEqual(['unknown-event /modules/webhook/0/events/2']);
  });

  it('warns about modules the emulator installs but never calls or opens (UI modules it opens)', () => {
    const m = valid();
    m.modules['project-tools'] = [{ key: 'tool', name: 'T', url: '/t', logo: '/l.png' }];
    m.modules['custom-mt'] = [{ key: 'mt' }];
    expect(rules(m)).toEqual({ errors: [], warnings: ['unhosted-module /modules/custom-mt'] });
  });
});

describe('reading a manifest', () => {
  let dir: string;
  let app: TestApp;
  const caller = new AppCaller(() => false);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'croql-manifest-'));
    app = await TestApp.start((url) => stepAppManifest(url, 'c'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    caller.close();
    await app.close();
  });

  const failure = async (source: string) => {
    try {
      await readManifest(source, caller);
    } catch (e) {
      if (e instanceof ManifestSourceError) return { code: e.code, message: e.message };
      throw e;
    }
    throw new Error('read');
  };

  it('says where text is not JSON, and when it looks like HTML', async () => {
    expect(() => parseManifestText('{\n  "name": "x",\n}', 'm.json')).toThrow(
      /m\.json is not JSON at line 3, column 1/,
    );
    expect(() => parseManifestText(' \n', 'm.json')).toThrow(
      'The manifest at m.json is empty: no text at all, not even `{}`.',
    );
    app.on('GET /page.json', { body: '<!doctype html><html></html>' });
    expect((await failure(`${app.url}/page.json`)).message).toMatch(/not JSON.*looks like HTML/);
  });

  it('names a missing or oversized file', async () => {
    expect(await failure(join(dir, 'nope.json'))).toMatchObject({ code: 'notFound' });
    const big = join(dir, 'big.json');
    writeFileSync(big, `{"x":"${'a'.repeat(MAX_MANIFEST_BYTES)}"}`);
    expect(await failure(big)).toMatchObject({ code: 'tooLarge' });
  });

  it('says why a URL gave no manifest: refused, redirected, unreachable, too large, not on this machine', async () => {
    app.on('GET /gone.json', { status: 404, body: 'Not Found' });
    app.on('GET /moved.json', { status: 302, headers: { Location: '/manifest.json' } });
    app.on('GET /huge.json', { body: Buffer.alloc(MAX_MANIFEST_BYTES + 10, 32) });
    expect(await failure(`${app.url}/gone.json`)).toMatchObject({
      code: 'refused',
      message: expect.stringContaining('answered 404'),
    });
    expect((await failure(`${app.url}/moved.json`)).message).toContain('does not follow');
    expect(await failure(`${app.url}/huge.json`)).toMatchObject({ code: 'tooLarge' });
    const closed = await TestApp.start();
    const url = closed.url;
    await closed.close();
    expect((await failure(`${url}/manifest.json`)).message).toContain('Connection refused');
    expect((await failure('http://192.0.2.1/manifest.json')).message).toContain('not a loopback host');
    expect(await readManifest(`${app.url}/manifest.json`, caller)).toMatchObject({
      identifier: 'test-step-app',
    });
  });

  it('`apps validate` prints each problem with its pointer and exits 1 on an error, 0 on warnings only', async () => {
    const lines: string[] = [];
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(stepAppManifest('http://127.0.0.1:3000', 'c')));
    expect(
      await appsCommand(
        ['validate', good],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(0);
    expect(lines.join('\n')).toMatch(
      /warning baseUrl: The service requires .* \[https-base-url\][\s\S]*valid, 0 errors, 1 warning/,
    );
    lines.length = 0;
    expect(
      await appsCommand(
        ['validate', `${app.url}/page.json`],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(1);
    lines.length = 0;
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({
        ...stepAppManifest(BASE, 'c'),
        authentication: { type: 'crowdin_app', clientId: 'c' },
      }),
    );
    expect(
      await appsCommand(
        ['validate', bad],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines.join('\n')).toContain(`error authentication.type: ${STEP_AUTH_ERROR} [step-auth]`);
  });

  it('an `apps` option it does not know, or one without its value, is a line and exit 2, not a stack trace', async () => {
    const lines: string[] = [];
    const run = (args: string[]) =>
      appsCommand(
        args,
        (l) => lines.push(l),
        (l) => lines.push(l),
      );
    expect(await run(['install', 'http://127.0.0.1:3000/manifest.json', '--projects', '1'])).toBe(2);
    expect(await run(['listen', '--port'])).toBe(2);
    expect(lines).toEqual([
      'Unknown option --projects. Run `npm run emulator -- apps --help` for the options.',
      "Option '--port <value>' argument missing. Run `npm run emulator -- apps --help` for the options.",
    ]);
  });
});
