// Sends a recorded scenario (src/wire/scenarios.ts) again to an installed app (`POST
// /__apps/scenarios/replay`): each delivery's body byte for byte, signed with that installation's secret
// and sent with this emulator's headers, in the recorded order and rhythm (`speed` divides the waits). A
// delivery that repeated another in the recording names the replayed one as its redelivery, so the app's
// idempotency meets the same repeats. Resolves when the last one has been sent; stops when the caller goes.
import { isRecord } from '../../../../wire/json.ts';
import {
  MAX_REPLAY_SPEED,
  type ReplayRequest,
  type ReplayResponse,
  type Scenario,
} from '../../../../wire/scenarios.ts';
import type { Deliveries } from '../deliveries.ts';
import { deliverySummary } from '../delivery-log.ts';
import { ControlError } from '../errors.ts';
import type { Installation, Installations } from '../installations.ts';
import { readScenario, ScenarioError } from './scenario.ts';

export interface ReplayDeps {
  deliveries: Deliveries;
  installations: Installations;
}

/** Waits `ms`; resolves false at once when `signal` aborts. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  if (ms <= 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (went: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(went);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** The request checked: the scenario, the installed app and the speed, or a ControlError saying what is wrong. */
export function readReplayRequest(
  installations: Installations,
  body: unknown,
): { scenario: Scenario; app: Installation; speed: number } {
  if (!isRecord(body))
    throw new ControlError(400, 'invalidRequest', 'Send {"scenario": {…}, "app": "APP_ID", "speed": 1}.');
  const request = body as Partial<ReplayRequest>;
  if (request.scenario === undefined)
    throw new ControlError(400, 'invalidScenario', '"scenario" is required: the scenario file\'s JSON.');
  let scenario: Scenario;
  try {
    scenario = readScenario(request.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) throw new ControlError(400, 'invalidScenario', e.message);
    throw e;
  }
  if (typeof request.app !== 'string' || request.app === '')
    throw new ControlError(
      400,
      'invalidRequest',
      '"app" is required: the installed app to send the scenario to.',
    );
  const app = installations.require(request.app);
  const speed = request.speed ?? 1;
  if (typeof speed !== 'number' || !(speed > 0) || speed > MAX_REPLAY_SPEED)
    throw new ControlError(
      400,
      'invalidRequest',
      `"speed" must be a number above 0 and at most ${MAX_REPLAY_SPEED} (2 is twice as fast); got ${JSON.stringify(speed)}.`,
    );
  const keys = (app.manifest.modules?.webhook ?? []).map((w) => w.key);
  const missing = [...new Set(scenario.deliveries.map((d) => d.moduleKey))].filter((k) => !keys.includes(k));
  if (missing.length)
    throw new ControlError(
      409,
      'unknownModule',
      `"${app.appId}" has no webhook module ${missing.map((k) => `"${k}"`).join(', ')} (${keys.length ? `its webhook modules: ${keys.join(', ')}` : 'it has no webhook module'}). Replay to an app with the module keys of the one recorded ("${scenario.app}").`,
    );
  return { scenario, app, speed };
}

export async function replayScenario(
  deps: ReplayDeps,
  body: unknown,
  signal: AbortSignal,
): Promise<ReplayResponse> {
  const { scenario, app, speed } = readReplayRequest(deps.installations, body);
  const started = performance.now();
  const replayed = new Map<number, number>();
  const answer: ReplayResponse = { app: app.appId, speed, deliveries: [] };
  for (const d of scenario.deliveries) {
    if (!(await wait(d.offsetMs / speed - (performance.now() - started), signal))) return answer;
    if (deps.installations.get(app.appId) !== app || app.state !== 'installed')
      throw new ControlError(
        409,
        'appNotInstalled',
        `"${app.appId}" was uninstalled during the replay, after ${answer.deliveries.length} of ${scenario.deliveries.length} deliveries.`,
      );
    const record = deps.deliveries.replayWebhook({
      app,
      moduleKey: d.moduleKey,
      body: Buffer.from(d.body, 'utf8'),
      events: d.events,
      eventCount: d.eventCount,
      redeliveryOf: d.redeliveryOf === null ? null : (replayed.get(d.redeliveryOf) ?? null),
    });
    replayed.set(d.id, record.id);
    answer.deliveries.push(deliverySummary(record));
  }
  return answer;
}
