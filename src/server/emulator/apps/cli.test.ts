// `npm run emulator -- apps …` as a terminal user meets it: asking for help is an answer, and a refusal
// names the command to run, not the HTTP route behind it; client, install and uninstall talk to the
// running emulator, and `apps listen` prints each attempt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { APPS_HELP, appsCommand } from './cli.ts';
import { call, TestApp, installStepApp, stepAppManifest } from './testing.ts';
import { setUpStepApp } from './testing-step-app.ts';
import { APPS_ROUTES } from '../../../wire/apps-routes.ts';

function terminal() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, say: (l: string) => out.push(l), complain: (l: string) => err.push(l) };
}

describe('apps help', () => {
  it.each([['--help'], ['-h']])('%s prints the help and exits 0', async (flag) => {
    const t = terminal();
    expect(await appsCommand([flag], t.say, t.complain)).toBe(0);
    expect(t.out).toEqual([APPS_HELP]);
    expect(t.err).toEqual([]);
  });

  it('no command prints the help as a mistake and exits 2', async () => {
    const t = terminal();
    expect(await appsCommand([], t.say, t.complain)).toBe(2);
    expect(t.err).toEqual([APPS_HELP]);
  });
});

describe('the apps commands', () => {
  let em: RunningEmulator;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  });
  afterAll(async () => {
    await em.close();
    await Promise.all(apps.map((a) => a.close()));
  });
  async function serve(manifest: (url: string) => Record<string, unknown>) {
    const app = await TestApp.start(manifest);
    apps.push(app);
    return app;
  }

  it('client, install and uninstall talk to the running emulator; a refused install exits 1 with the problems', async () => {
    const port = new URL(em.url).port;
    const lines: string[] = [];
    const run = (args: string[]) =>
      appsCommand(
        [...args, '--port', port],
        (l) => lines.push(l),
        (l) => lines.push(l),
      );
    expect(await run(['client', '--name', 'Cli app', '--scopes', 'project'])).toBe(0);
    const clientId = /clientId: +(\S+)/.exec(lines.join('\n'))![1]!;
    const app = await serve((url) => stepAppManifest(url, clientId));
    lines.length = 0;
    expect(await run(['install', `${app.url}/manifest.json`, '--project', '1'])).toBe(0);
    expect(lines.join('\n')).toMatch(
      /Installed "test-step-app"[\s\S]*appSecret: \S+[\s\S]*agent: test-step-agent[\s\S]*projects: 1/,
    );
    lines.length = 0;
    expect(await run(['install', `${app.url}/manifest.json`])).toBe(1);
    expect(lines.join('\n')).toContain('is already installed');
    lines.length = 0;
    expect(await run(['uninstall', 'test-step-app'])).toBe(0);
    expect(lines.join('\n')).toMatch(/Uninstalled "test-step-app"; its answer to the uninstall event: 204/);
    const bad = await serve((url) => ({ ...stepAppManifest(url, clientId), _comment: 'x' }));
    lines.length = 0;
    expect(await run(['install', `${bad.url}/manifest.json`])).toBe(1);
    expect(lines.join('\n')).toMatch(
      /The manifest has 1 error: _comment is a comment[\s\S]*error _comment is a comment, .* \[schema\/additionalProperties\]/,
    );
    lines.length = 0;
    expect(
      await appsCommand(
        ['flush', '--port', '1'],
        (l) => lines.push(l),
        (l) => lines.push(l),
      ),
    ).toBe(1);
    expect(lines.join('\n')).toContain('No emulator answers on port 1');
  });
});

describe('apps install of an installed app', () => {
  const s = setUpStepApp({ organization: 'acme' });

  it('names `apps uninstall`, not the HTTP route', async () => {
    const t = terminal();
    const port = new URL(s.em.url).port;
    const code = await appsCommand(
      ['install', `${s.app.url}/manifest.json`, '--port', port],
      t.say,
      t.complain,
    );
    expect(code).toBe(1);
    const said = t.err.join('\n');
    expect(said).toContain(`npm run emulator -- apps uninstall ${s.appId} --port ${port}`);
    expect(said).not.toContain('/__apps');
  });
});

it('`apps listen` prints one line per attempt', async () => {
  const own = await startEmulator({
    organization: 'acme',
    apps: { batchIntervalSeconds: 0, retryScheduleSeconds: [] },
  });
  const t = await installStepApp(own.url);
  try {
    const stepId = (
      await call(own.url, APPS_ROUTES.addStep, {
        params: [t.appId],
        body: {
          projectId: 1,
          moduleKey: 'review',
        },
      })
    ).json.id;
    const lines: string[] = [];
    let gotLine: () => void = () => {};
    const line = new Promise<void>((r) => (gotLine = r));
    const listening = appsCommand(['listen', '--port', new URL(own.url).port], (l) => {
      lines.push(l);
      if (l.includes(' try ')) gotLine();
    });
    await new Promise((r) => setTimeout(r, 200));
    t.app.on('POST /webhooks', { status: 503 });
    await call(own.url, APPS_ROUTES.send, { params: [stepId], body: { stringIds: [1], languages: ['uk'] } });
    await line;
    expect(lines.find((l) => l.includes(' try '))).toMatch(
      /^\d\d:\d\d:\d\d {2}#\d+ try 1 {2}test-step-app\/step-hook {2}string\.status_on_step\.recalculation_triggered ×1 {2}→ 503 in \d+ ms \(Only a 2xx acknowledges a delivery\.\) {2}FAILED$/,
    );
    // An --app no installed app has is named at once, rather than never printing anything.
    const other: string[] = [];
    const typo = appsCommand(['listen', '--port', new URL(own.url).port, '--app', 'test-stepp-app'], (l) =>
      other.push(l),
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(other).toEqual([
      `Listening to deliveries on ${own.url} for test-stepp-app (Ctrl+C to stop)…`,
      'No app "test-stepp-app" is installed (installed: test-step-app); its attempts show here once it is.',
    ]);
    await own.close();
    expect(await listening).toBe(0);
    expect(await typo).toBe(0);
  } finally {
    await own.close();
    await t.app.close();
  }
});
