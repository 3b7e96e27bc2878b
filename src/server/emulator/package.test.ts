// The emulator in another project's tests (README, "The local emulator"): this repository packed with
// `npm pack`, the tarball installed into an empty project with `npm install` (from the registry's cache when
// it has the packages), and there `npx croql-emulator --port 0` and a script that imports startEmulator
// each reach /health and the API with the official client; and the package's `croql-language-server --stdio`
// answers a language client (vscode-jsonrpc, src/lsp/test-client.ts) as an editor would start it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startClient } from '../../lsp/test-client.ts';
import { RegistryUnreachable, npmEnvironment, pingRegistry, run } from './apps/framework-install.ts';

const INSTALL_MS = 5 * 60_000;
/** A start from the tarball compiles the emulator's TypeScript (tsx) on first use. */
const RUN_MS = 120_000;
const root = process.cwd();
const clientVersion = (
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    devDependencies: Record<string, string>;
  }
).devDependencies['@crowdin/crowdin-api-client']!;

let dir: string;
let project: string;
let skipReason: string | null = null;

/** What both ways of starting check, with the official client from the project's own node_modules. */
const CHECK = `import crowdin from '@crowdin/crowdin-api-client';
export async function check(url, apiUrl, token) {
  const health = await (await fetch(url + '/health')).json();
  const client = new crowdin.default({ token, baseUrl: apiUrl });
  const user = await client.usersApi.getAuthenticatedUser();
  const strings = await client.sourceStringsApi.listProjectStrings(1, { limit: 5 });
  return { health, user: user.data.username, strings: strings.data.length, total: strings.pagination };
}
`;
const START = `import { startEmulator } from 'croql-playground';
import { check } from './check.mjs';
const emulator = await startEmulator({ data: { scale: 20 } });
try {
  console.log(JSON.stringify({ url: emulator.url, ...(await check(emulator.url, emulator.apiUrl, emulator.token('bob'))) }));
} finally {
  await emulator.stop();
}
`;
const CLIENT = `import { check } from './check.mjs';
const [url, token] = process.argv.slice(2);
console.log(JSON.stringify(await check(url, url + '/api/v2', token)));
`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'croql-pack-'));
  project = join(dir, 'project');
  try {
    await pingRegistry();
  } catch (e) {
    if (!(e instanceof RegistryUnreachable)) throw e;
    skipReason = `npm pack test skipped: ${e.message}`;
    console.warn(skipReason);
    return;
  }
  await run('npm', ['pack', '--pack-destination', dir, '--loglevel=error'], root, INSTALL_MS);
  const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), '{"name": "app-tests", "private": true, "type": "module"}\n');
  await run(
    'npm',
    [
      'install',
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      join(dir, tarball),
      `@crowdin/crowdin-api-client@${clientVersion}`,
    ],
    project,
    INSTALL_MS,
  );
  writeFileSync(join(project, 'check.mjs'), CHECK);
  writeFileSync(join(project, 'start.mjs'), START);
  writeFileSync(join(project, 'client.mjs'), CLIENT);
}, 2 * INSTALL_MS);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('the tarball holds the emulator and no tests', (ctx) => {
  if (skipReason) ctx.skip(skipReason);
  const installed = join(project, 'node_modules', 'croql-playground');
  const files = readdirSync(installed, { recursive: true }).map(String);
  expect(files).toContain(join('src', 'server', 'emulator', 'cli.ts'));
  expect(files).toContain(join('src', 'croql', 'parser.ts'));
  expect(
    files.filter((f) => /\.test\.ts$|croql\.grammar$|^e2e|^src[/\\](apps|app|editor)[/\\]/.test(f)),
  ).toEqual([]);
});

it(
  '`npx croql-emulator --port 0` prints where it listens, and answers /health and the official client',
  async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const env: NodeJS.ProcessEnv = { ...npmEnvironment(), CROQL_EMULATOR_KEY_DIR: join(dir, 'keys') };
    delete env.CROQL_EMULATOR_SIGNING_KEY;
    // Its own process group, so the test ends npx and the emulator under it together.
    const child = spawn('npx', ['croql-emulator', '--port', '0', '--scale', '20'], {
      cwd: project,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        const read = (chunk: Buffer) => {
          out += chunk.toString();
          const m = /API (http:\/\/127\.0\.0\.1:\d+)\/api\/v2/.exec(out);
          if (m) resolve(m[1]!);
        };
        child.stdout!.on('data', read);
        child.stderr!.on('data', read);
        child.once('exit', (code) => reject(new Error(`croql-emulator exited (${code}): ${out}`)));
      });
      const port = new URL(url).port;
      expect(Number(port)).toBeGreaterThan(0);
      const token = (
        await run('npx', ['croql-emulator', 'token', '--user', 'alice', '--port', port], project, RUN_MS, env)
      )
        .trim()
        .split('\n')
        .at(-1)!;
      const checked = JSON.parse(
        await run(process.execPath, ['client.mjs', url, token], project, RUN_MS),
      ) as {
        health: { ok: boolean; strings: number };
        user: string;
        strings: number;
      };
      expect(checked).toMatchObject({ health: { ok: true, strings: 20 }, user: 'alice', strings: 5 });
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
  },
  RUN_MS,
);

it(
  'a script that imports startEmulator reaches /health and the API with the official client',
  async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const checked = JSON.parse(await run(process.execPath, ['start.mjs'], project, RUN_MS)) as {
      url: string;
      health: { ok: boolean; strings: number };
      user: string;
      strings: number;
    };
    expect(checked.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(checked).toMatchObject({ health: { ok: true, strings: 20 }, user: 'bob', strings: 5 });
  },
  RUN_MS,
);

it(
  "`croql-language-server --stdio` from the tarball answers initialize and publishes a bad query's diagnostic",
  async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    // The bin npm links, as an editor's configuration names it (README.md, "Editors"), in the project.
    const bin = join(project, 'node_modules', '.bin', 'croql-language-server');
    const client = await startClient({ command: [bin, '--stdio'], cwd: project });
    try {
      expect(client.initialized.serverInfo?.name).toBe('croql-language-server');
      expect(client.initialized.capabilities.completionProvider).toBeDefined();
      const uri = `file://${join(project, 'queries', 'hidden.croql')}`;
      const { diagnostics } = await client.open(uri, 'croql', 'is hiden and id of file = 3');
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]).toMatchObject({
        code: 'croqlInvalidLogic',
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
      });
      expect(diagnostics[0]!.message).toContain('Did you mean `is hidden`?');
      // The next version is answered too: fixed, no diagnostic.
      expect((await client.change(uri, 2, 'is hidden and id of file = 3')).diagnostics).toEqual([]);
      expect(client.stderr()).toBe('');
    } finally {
      await client.close();
    }
  },
  RUN_MS,
);
