// `npm run emulator -- apps …` as a terminal user meets it: asking for help is an answer, and a refusal
// names the command to run, not the HTTP route behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { APPS_HELP, appsCommand } from './cli.ts';
import { installStepApp } from './testing.ts';

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

describe('apps install of an installed app', () => {
  let em: RunningEmulator;
  let s: Awaited<ReturnType<typeof installStepApp>>;
  beforeAll(async () => {
    em = await startEmulator({ organization: 'acme' });
    s = await installStepApp(em.url);
  });
  afterAll(async () => {
    await s.app.close();
    await em.close();
  });

  it('names `apps uninstall`, not the HTTP route', async () => {
    const t = terminal();
    const port = new URL(em.url).port;
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
