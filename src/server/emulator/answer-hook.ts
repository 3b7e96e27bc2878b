// Test hook (with --test-hooks): `POST /__emulator/plant-answer` with `{"croql": "…", "body": <any JSON>}`
// makes every listing request whose `croql` parameter is exactly that text answer 200 with that body, as a
// proxy or a broken server might, so a test can watch the app meet an answer that is not the API's (a
// malformed page). `"body": null` takes the planted answer away. Keyed by the query text, so tests running
// side by side each plant their own.
import type { Context, MiddlewareHandler } from 'hono';
import { validationError } from './api/errors.ts';

export function plantedAnswers(): { plant: (c: Context) => Promise<Response>; serve: MiddlewareHandler } {
  const answers = new Map<string, string>();
  return {
    plant: async (c) => {
      const body = (await c.req.json().catch(() => null)) as { croql?: unknown; body?: unknown } | null;
      if (typeof body?.croql !== 'string') {
        throw validationError('croql', [
          { code: 'invalid', message: '`croql` (the query text) is required.' },
        ]);
      }
      if (body.body === null || body.body === undefined) answers.delete(body.croql);
      else answers.set(body.croql, JSON.stringify(body.body));
      return c.json({ planted: answers.size });
    },
    serve: async (c, next) => {
      const croql = c.req.query('croql');
      const planted = croql === undefined ? undefined : answers.get(croql);
      if (planted === undefined) return next();
      return c.body(planted, 200, { 'Content-Type': 'application/json' });
    },
  };
}
