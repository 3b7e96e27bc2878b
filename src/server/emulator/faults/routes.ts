// `POST /__faults` adds rules, `GET /__faults` shows them and how often each fired, `DELETE /__faults`
// (or `/__faults/{id}`) ends them; `GET /__limits` is the meter of the service's limit per account. Shapes:
// src/wire/faults.ts. The control guard (control/guard.ts) comes first.
import { Hono } from 'hono';
import {
  FAULTS_PATH,
  LIMITS_PATH,
  type LimitsResponse,
  type SetFaultsRequest,
} from '../../../wire/faults.ts';
import { isRecord } from '../../../wire/json.ts';
import { controlGuard } from '../control/guard.ts';
import { FaultRules, FaultRulesError } from './rules.ts';

const MAX_BODY = 256 * 1024;

export function faultRoutes(
  rules: FaultRules,
  limits: () => LimitsResponse,
  origins: readonly string[],
): Hono {
  const app = new Hono();
  for (const path of [FAULTS_PATH, `${FAULTS_PATH}/*`, LIMITS_PATH]) app.use(path, ...controlGuard(origins));

  app.get(FAULTS_PATH, (c) => c.json(rules.state()));
  app.post(FAULTS_PATH, async (c) => {
    const text = await c.req.text();
    if (text.length > MAX_BODY)
      return c.json(
        { error: { code: 'tooLarge', message: `The body is larger than ${MAX_BODY / 1024} KB.` } },
        413,
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json(
        { error: { code: 'notJson', message: 'The body is not JSON. Send {"rules": [...]}.' } },
        400,
      );
    }
    if (!isRecord(body))
      return c.json({ error: { code: 'invalidRules', message: 'Send {"rules": [...]}.' } }, 400);
    const { rules: list, seed } = body as Partial<SetFaultsRequest>;
    try {
      return c.json(rules.add(list, seed), 201);
    } catch (e) {
      if (!(e instanceof FaultRulesError)) throw e;
      return c.json(
        { error: { code: 'invalidRules', message: `No rule was added. ${e.problems.join(' ')}` } },
        400,
      );
    }
  });
  app.delete(FAULTS_PATH, (c) => {
    rules.delete();
    return c.json(rules.state());
  });
  app.delete(`${FAULTS_PATH}/:id`, (c) => {
    const id = c.req.param('id');
    if (!rules.delete(id))
      return c.json({ error: { code: 'notFound', message: `No rule "${id}" is in force.` } }, 404);
    return c.json(rules.state());
  });
  app.get(LIMITS_PATH, (c) => c.json(limits()));
  return app;
}
