// `POST /__apps/scenarios/record` {app} starts recording the deliveries to one app, `…/record/stop` returns
// the scenario, `POST /__apps/scenarios/replay` {scenario, app, speed} sends one again (shapes:
// src/wire/scenarios.ts). Mounted before the other control routes (control.ts), with the same guard and
// error answers; a replay's body may be as large as a recording (a scenario), the others are small.
import { APPS_PATHS } from '../../../../wire/apps-routes.ts';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { controlGuard } from '../../control/guard.ts';
import { ControlError } from '../errors.ts';
import type { Installations } from '../installations.ts';
import type { Deliveries } from '../deliveries.ts';
import { MAX_RECORDED_BYTES, type ScenarioRecorder } from './recorder.ts';
import { replayScenario } from './replay.ts';

/** A scenario's bodies, JSON-escaped, and its headers: room for the largest recording and then some. */
const MAX_REPLAY_BODY = MAX_RECORDED_BYTES * 2 + 8 * 1024 * 1024;
const MAX_RECORD_BODY = 64 * 1024;

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ControlError(400, 'notJson', 'The body is not JSON.');
  }
}

export function scenarioRoutes(
  parts: { recorder: ScenarioRecorder; deliveries: Deliveries; installations: Installations },
  origins: readonly string[],
): Hono {
  const app = new Hono();
  const limit = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) =>
        c.json(
          new ControlError(
            413,
            'tooLarge',
            `The body is larger than ${Math.round(maxSize / 1024 / 1024)} MB.`,
          ).body(),
          413,
        ),
    });
  app.use('/__apps/scenarios/*', ...controlGuard(origins));
  app.onError((err, c) => {
    if (err instanceof ControlError) return c.json(err.body(), err.status);
    throw err;
  });

  app.post(APPS_PATHS.scenarioRecord, limit(MAX_RECORD_BODY), async (c) => {
    const body = await readJson(c);
    const app = body && typeof body === 'object' ? (body as { app?: unknown }).app : undefined;
    return c.json(parts.recorder.start(app), 201);
  });
  app.post(APPS_PATHS.scenarioStop, limit(MAX_RECORD_BODY), (c) => c.json(parts.recorder.stop()));
  app.post(APPS_PATHS.scenarioReplay, limit(MAX_REPLAY_BODY), async (c) =>
    c.json(await replayScenario(parts, await readJson(c), c.req.raw.signal)),
  );
  return app;
}
