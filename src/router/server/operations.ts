// The operator's routes (issue 30 §4): GET /health says whether the database answers (503 and the reason
// when it does not, so a load balancer takes the instance out), GET /metrics gives metrics.ts's figures in
// Prometheus' text format. Neither needs a token: they say nothing of any organization's data but counts.
import type { Hono, MiddlewareHandler } from 'hono';
import { WEBHOOK_HEADERS } from '../../wire/apps.ts';
import type { RouterMetrics } from './metrics.ts';
import { organizationKey } from './store.ts';

export interface OperationDeps {
  /** Resolves when the database answers a query; rejects with the reason when it does not. */
  reachable(): Promise<void>;
  installations(): number;
  pending(): number;
  metrics: RouterMetrics;
}

export function operationRoutes(app: Hono, deps: OperationDeps): void {
  app.get('/health', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await deps.reachable();
    } catch (e) {
      return c.json(
        {
          ok: false,
          database: 'unreachable',
          problem: `The database does not answer: ${(e as Error).message}`,
        },
        503,
      );
    }
    return c.json({
      ok: true,
      database: 'reachable',
      installations: deps.installations(),
      pending: deps.pending(),
    });
  });
  app.get('/metrics', async (c) => {
    const { body, contentType } = await deps.metrics.scrape();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  });
}

/**
 * Counts each delivery the webhook route answers, by organization and status. Anyone can name any
 * organization in the headers: one not installed counts as "unknown", so labels stay as few as installations.
 */
export function countDeliveries(
  metrics: RouterMetrics,
  installed: (organization: string) => boolean,
): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const id = c.req.header(WEBHOOK_HEADERS.id);
    const organization = id ? organizationKey(c.req.header(WEBHOOK_HEADERS.domain) || null, id) : null;
    metrics.delivery(
      organization !== null && installed(organization) ? organization : 'unknown',
      c.res.status,
    );
  };
}
