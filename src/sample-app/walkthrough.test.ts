// The README's app-developer walkthrough, run as it stands there: its first `sh` block under "Develop a
// Crowdin app against the emulator", each command through bash from the repository's root, with free ports
// in place of 8787 and 3000 (and `--port` added where a command reaches the emulator on its default port).
// The two servers and `apps listen` run in the background; the rest one after another. The strings sent to
// the step must come back routed by the example app: DONE, with the output its length rule gives.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import type { SendResponse, StepInfo, StepStringsResponse } from '../wire/apps.ts';
import { npmEnvironment } from '../server/emulator/apps/framework-install.ts';
import { PORTS } from './app.ts';

const exec = promisify(execFile);
const ROOT = process.cwd();
const temp = mkdtempSync(join(tmpdir(), 'croql-walkthrough-'));
const env = {
  ...npmEnvironment(),
  CROQL_EMULATOR_STATE_DIR: join(temp, 'state'),
  CROQL_EMULATOR_KEY_DIR: join(temp, 'keys'),
};
const background: { child: ChildProcess; out: string }[] = [];

/** The walkthrough's commands: its first sh block, continuation lines joined, comments dropped. */
function walkthrough(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Develop a Crowdin app against the emulator'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((line) => line.replace(/\s+#\s.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** Starts a command in its own process group; resolves with the first match of `ready` in its output. */
function start(
  command: string,
  ready: RegExp,
): Promise<{ match: RegExpExecArray; proc: (typeof background)[0] }> {
  const child = spawn('bash', ['-c', command], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc = { child, out: '' };
  background.push(proc);
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      proc.out += chunk.toString();
      const match = ready.exec(proc.out);
      if (match) resolve({ match, proc });
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`\`${command}\` exited with ${code}: ${proc.out}`)));
  });
}

/**
 * Resolves when what `proc` said matches `pattern` enough for `enough`. The deadline only turns a hang into
 * a message with what it did say.
 */
async function said(
  proc: (typeof background)[0],
  pattern: RegExp,
  enough: (m: RegExpExecArray[]) => boolean,
) {
  const until = Date.now() + 90_000;
  for (;;) {
    const matches = [...proc.out.matchAll(new RegExp(pattern, 'g'))];
    if (enough(matches)) return matches;
    if (proc.child.exitCode !== null) throw new Error(`It exited: ${proc.out}`);
    if (Date.now() > until) throw new Error(`It did not say ${String(pattern)}; it said: ${proc.out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  await Promise.all(
    background.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          process.kill(-child.pid!, 'SIGTERM');
        }),
    ),
  );
  rmSync(temp, { recursive: true, force: true });
});

it("the README's walkthrough, run as written, installs the example app and its step routes the strings sent", async () => {
  const commands = walkthrough();
  const [emulatorCommand, appCommand, ...rest] = commands;
  expect(emulatorCommand).toMatch(/^npm run emulator -- --organization acme/);
  expect(appCommand).toMatch(/^npm run example-app -- --port 3000 --emulator http:\/\/127\.0\.0\.1:8787$/);

  const emulator = await start(
    `${emulatorCommand} --port 0`,
    /Emulator: API http:\/\/127\.0\.0\.1:(\d+)\/api\/v2/,
  );
  const e = emulator.match[1]!;
  const app = await start(
    appCommand!.replace('--port 3000', '--port 0').replace('127.0.0.1:8787', `127.0.0.1:${e}`),
    /Example app listening on http:\/\/127\.0\.0\.1:(\d+)/,
  );
  const a = app.match[1]!;
  const ported = (command: string) =>
    command
      .replaceAll('127.0.0.1:8787', `127.0.0.1:${e}`)
      .replaceAll('127.0.0.1:3000', `127.0.0.1:${a}`)
      .replace(/^(npm run emulator -- apps .*)$/, `$1 --port ${e}`);

  const outputs: string[] = [];
  let listen: (typeof background)[0] | null = null;
  for (const command of rest.map(ported)) {
    if (/ apps listen\b/.test(command)) {
      listen = (await start(command, /Listening to deliveries/)).proc;
      continue;
    }
    const { stdout } = await exec('bash', ['-c', command], { cwd: ROOT, env, timeout: 120_000 });
    outputs.push(stdout);
  }
  const [, , step, send] = outputs as [string, string, string, string, string];
  expect(JSON.parse(step) as StepInfo).toMatchObject({ id: 101, moduleKey: 'length-check' });
  const sent = JSON.parse(send) as SendResponse;
  expect(sent.needProcess).toBeGreaterThan(0);

  // Routed: the app says so once its PATCHes are taken; then the walkthrough's last command shows them.
  await said(
    app.proc,
    /routed (\d+) string/,
    (m) => m.reduce((n, x) => n + Number(x[1]), 0) >= sent.needProcess,
  );
  const { stdout } = await exec('bash', ['-c', ported(rest.at(-1)!)], { cwd: ROOT, env });
  const rows = (JSON.parse(stdout) as StepStringsResponse).data;
  expect(rows).toHaveLength(sent.needProcess);
  for (const row of rows) {
    expect(row.status).toBe('DONE');
    // A plural's text here joins its forms; the app measured the one the step event carries.
    if (row.text.includes(' | ')) expect(Object.values(PORTS)).toContain(row.output);
    else
      expect([row.text, row.output]).toEqual([
        row.text,
        [...row.text].length <= 40 ? PORTS.fits : PORTS.tooLong,
      ]);
  }
  expect(new Set(rows.map((r) => r.output))).toEqual(new Set([PORTS.fits, PORTS.tooLong]));
  await said(listen!, /webhook|string\.status_on_step/, (m) => m.length > 0);
}, 300_000);
