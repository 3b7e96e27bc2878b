// `npm run emulator -- apps record --app ID [--seconds N] [--out FILE]` and `apps replay FILE --app ID
// [--speed N]`: the record and replay control routes (routes.ts) from a terminal. Dispatched by ../cli.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import type { RouteRequest } from '../../../../wire/apps-control.ts';
import { APPS_ROUTES, type AnswerOf, type AnyRoute } from '../../../../wire/apps-routes.ts';
import type { Scenario } from '../../../../wire/scenarios.ts';
import { readScenario, ScenarioError } from './scenario.ts';

export const SCENARIO_HELP = `  npm run emulator -- apps record --app ID [--seconds N] [--out FILE]   [--port N]
                     (records the deliveries to the app until Ctrl+C or N seconds; the scenario goes to
                     FILE, or to stdout)
  npm run emulator -- apps replay FILE --app ID [--speed N]   [--port N]
                     (sends a scenario again to an installed app, signed with its secret; N times faster)`;

/** The apps CLI's call of a control route (../cli.ts): a refusal throws the emulator's words. */
type Call = <R extends AnyRoute>(route: R, request?: RouteRequest<R>) => Promise<AnswerOf<R>>;
type Print = (line: string) => void;

/** A number from a flag, or the message that says what it must be. */
function positive(name: string, raw: string | undefined): number | string | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  return raw.trim() !== '' && Number.isFinite(n) && n > 0
    ? n
    : `--${name} must be a number above 0; got "${raw}".`;
}

export async function recordCommand(
  call: Call,
  values: { app?: string; seconds?: string; out?: string },
  out: Print,
  err: Print,
  /** Resolves when the user stops the recording (Ctrl+C); tests hand in their own. */
  interrupted: () => Promise<void> = untilSigint,
): Promise<number> {
  if (!values.app) {
    err('apps record needs --app ID: the installed app whose deliveries to record.');
    return 2;
  }
  const seconds = positive('seconds', values.seconds);
  if (typeof seconds === 'string') {
    err(seconds);
    return 2;
  }
  // Without --out the scenario is the output; what is said goes to stderr.
  const say = values.out ? out : err;
  const started = await call(APPS_ROUTES.scenarioRecord, { body: { app: values.app! } });
  say(
    `Recording the deliveries to "${started.app}" ${seconds === undefined ? 'until Ctrl+C' : `for ${seconds} s (Ctrl+C stops sooner)`}…`,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    interrupted(),
    ...(seconds === undefined ? [] : [new Promise<void>((r) => (timer = setTimeout(r, seconds * 1000)))]),
  ]);
  clearTimeout(timer);
  const scenario = await call(APPS_ROUTES.scenarioStop, { body: {} });
  const text = `${JSON.stringify(scenario, null, 2)}\n`;
  const n = scenario.deliveries.length;
  const summary = `${n} deliver${n === 1 ? 'y' : 'ies'} in ${(scenario.durationMs / 1000).toFixed(1)} s${scenario.leftOut ? `; ${scenario.leftOut} more did not fit and were left out` : ''}`;
  if (values.out) {
    writeFileSync(values.out, text);
    say(
      `Saved ${summary} to ${values.out}. Replay: npm run emulator -- apps replay ${values.out} --app ${started.app}`,
    );
  } else {
    out(text.trimEnd());
    say(`Recorded ${summary}.`);
  }
  return 0;
}

function untilSigint(): Promise<void> {
  // A signal handler alone does not keep Node running: a timer does, until Ctrl+C.
  const alive = setInterval(() => {}, 60_000);
  return new Promise((resolve) =>
    process.once('SIGINT', () => {
      clearInterval(alive);
      resolve();
    }),
  );
}

export async function replayCommand(
  call: Call,
  file: string | undefined,
  values: { app?: string; speed?: string },
  out: Print,
  err: Print,
): Promise<number> {
  if (!file || !values.app) {
    err(
      'apps replay needs the scenario file and --app ID, e.g. `apps replay scenario.json --app my-app --speed 10`.',
    );
    return 2;
  }
  const speed = positive('speed', values.speed);
  if (typeof speed === 'string') {
    err(speed);
    return 2;
  }
  let scenario: Scenario;
  try {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      err(
        `Cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? String(e)}): give the path of a scenario file.`,
      );
      return 2;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      err(`${file} is not JSON (${(e as Error).message}): a scenario is the JSON \`apps record\` saved.`);
      return 2;
    }
    scenario = readScenario(value);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    err(`${file}: ${e.message}`);
    return 2;
  }
  const n = scenario.deliveries.length;
  out(
    `Replaying ${n} deliver${n === 1 ? 'y' : 'ies'} recorded from "${scenario.app}" to "${values.app}"${speed ? ` at ${speed}× speed` : ''} (${(scenario.durationMs / (speed ?? 1) / 1000).toFixed(1)} s)…`,
  );
  const result = await call(APPS_ROUTES.scenarioReplay, {
    body: { scenario, app: values.app!, ...(speed === undefined ? {} : { speed }) },
  });
  for (const d of result.deliveries)
    out(
      `  #${d.id} ${d.moduleKey}  ${d.events.join(',')} ×${d.eventCount}${d.redeliveryOf === null ? '' : ` (redelivery of #${d.redeliveryOf})`}`,
    );
  out(
    `Sent ${result.deliveries.length}; follow the answers with \`npm run emulator -- apps listen --app ${result.app}\` or in the Apps view.`,
  );
  return 0;
}
