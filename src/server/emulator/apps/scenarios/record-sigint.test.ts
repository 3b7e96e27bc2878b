// `npm run emulator -- apps record --app ID --out FILE` as a process a developer stops with Ctrl+C: SIGINT
// makes it stop the recording, write the scenario file and exit 0, and that file replays. Each step waits
// for what the process prints or the app receives, never for time.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { APPS_ROUTES } from '../../../../wire/apps-routes.ts';
import type { StepInfo } from '../../../../wire/apps.ts';
import type { Scenario } from '../../../../wire/scenarios.ts';
import { startEmulator, type RunningEmulator } from '../../testing.ts';
import { addStep, call, installStepApp } from '../testing.ts';

const CLI = join(process.cwd(), 'src', 'server', 'emulator', 'cli.ts');
/** The child compiles the emulator's CLI (tsx) before it prints anything: a limit for a hang only. */
const HANG_MS = 60_000;

let em: RunningEmulator;
let a: Awaited<ReturnType<typeof installStepApp>>;
let step: StepInfo;
const temp = mkdtempSync(join(tmpdir(), 'croql-record-sigint-'));

beforeAll(async () => {
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 0 } });
  a = await installStepApp(em.url);
  step = await addStep(em.url, a.appId, ['uk']);
});
afterAll(async () => {
  await em.close();
  await a.app.close();
  rmSync(temp, { recursive: true, force: true });
});

/**
 * Runs the CLI in one Node process (`node --import tsx`), which gets the SIGINT itself. Not through tsx's own
 * CLI: that one relays a signal to a child process and kills the child (exit 130) if it has not answered
 * within 30 ms, a race a loaded machine loses. `line(re)` resolves once a line of its output matches,
 * `exit` with its exit code.
 */
function run(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiting: { re: RegExp; resolve: (line: string) => void }[] = [];
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const read = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiting]) {
      const m = out.split('\n').find((l) => w.re.test(l));
      if (m !== undefined) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  return {
    child,
    exit,
    output: () => out,
    line: (re: RegExp) =>
      new Promise<string>((resolve, reject) => {
        waiting.push({ re, resolve });
        read(Buffer.alloc(0));
        void exit.then((code) => reject(new Error(`exited (${code}) before ${re}: ${out}`)));
      }),
  };
}

it(
  'apps record stopped by Ctrl+C writes the scenario file and exits 0; the file replays',
  async () => {
    const file = join(temp, 'scenario.json');
    const port = new URL(em.url).port;
    const recording = run(['apps', 'record', '--app', a.appId, '--out', file, '--port', port]);
    await recording.line(/^Recording the deliveries to "test-step-app" until Ctrl\+C/);

    const delivered = a.app.next('POST /webhooks', HANG_MS);
    const stringId = em.config.data.strings.find((s) => !s.isHidden)!.id as number;
    await call(em.url, APPS_ROUTES.send, {
      params: [step.id],
      body: { stringIds: [stringId], languages: ['uk'] },
    });
    const received = await delivered;

    recording.child.kill('SIGINT');
    expect(await recording.exit, recording.output()).toBe(0);
    expect(recording.output()).toMatch(/Saved 1 delivery in \d+\.\d s to .*scenario\.json\. Replay:/);
    const scenario = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
    expect(scenario.deliveries.map((d) => d.body)).toEqual([received.body.toString('utf8')]);

    const again = a.app.next('POST /webhooks', HANG_MS);
    const replay = run(['apps', 'replay', file, '--app', a.appId, '--speed', '100', '--port', port]);
    expect(await replay.exit, replay.output()).toBe(0);
    expect(replay.output()).toMatch(/^Replaying 1 delivery recorded from "test-step-app"/m);
    expect((await again).body.toString('utf8')).toBe(scenario.deliveries[0]!.body);
  },
  HANG_MS * 2,
);
