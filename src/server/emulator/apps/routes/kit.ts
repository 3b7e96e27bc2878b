// What every control route handler under /__apps uses: mounting a route of the table (src/wire/apps-routes.ts)
// with its method, pattern and success status, and reading its body, its integer segments and its paging.
import type { Context, Hono } from 'hono';
import type { AnswerOf, AnyRoute } from '../../../../wire/apps-routes.ts';
import { PAGE_LIMIT } from '../../../../wire/service-limits.ts';
import { ControlError } from '../errors.ts';

/** Mounts `handle` on `route` as the table says; its answer is the route's JSON, with the route's status. */
export function on<R extends AnyRoute>(
  app: Hono,
  route: R,
  handle: (c: Context) => AnswerOf<R> | Promise<AnswerOf<R>>,
): void {
  app.on(route.method, route.pattern, async (c) => c.json(await handle(c), route.status));
}

/** The body as a JSON object; none is `{}` (the guard already required Content-Type: application/json). */
export async function readJson<T>(c: Context): Promise<T> {
  const text = await c.req.text();
  if (text.trim() === '') return {} as T;
  try {
    const value = JSON.parse(text) as unknown;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
    return value as T;
  } catch {
    throw new ControlError(400, 'notJson', 'The body is not a JSON object.');
  }
}

const PARAM_NAMES: Record<string, string> = { id: 'A delivery id', stepId: 'A step id' };

export function intParam(c: Context, name: 'id' | 'stepId'): number {
  const raw = c.req.param(name) ?? '';
  if (!/^\d{1,9}$/.test(raw))
    throw new ControlError(404, 'notFound', `${PARAM_NAMES[name]} is an integer, not "${raw}".`);
  return Number(raw);
}

export function paging(c: Context, max = PAGE_LIMIT): { offset: number; limit: number } {
  const read = (name: string, fallback: number, min: number) => {
    const raw = c.req.query(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min)
      throw new ControlError(400, 'invalidRequest', `${name} must be an integer ≥ ${min}.`);
    return Math.min(Number(raw), name === 'limit' ? max : Number.MAX_SAFE_INTEGER);
  };
  return { offset: read('offset', 0, 0), limit: read('limit', 50, 1) };
}
