// Request faults on the API and OAuth servers (mounted on /api/* and /oauth/* only, so the control routes
// are out of every rule's reach): answer a status as the service does, hold the request, or drop the
// connection. A held API request is served inside its slot of the account's limit (api/routes.ts), as a slow
// answer of the service counts against it.
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { serviceFailure } from '../api/edge.ts';
import { holdFor } from '../api/hold.ts';
import type { FaultRules } from './rules.ts';

/** Who a request's bearer token speaks for: the account's user id and username, and the app it was issued to. */
export type TokenOwner = (authorization: string | undefined) => { account: string[]; app: string | null };

export function requestFaults(rules: FaultRules, owner: TokenOwner): MiddlewareHandler {
  return async (c, next) => {
    if (rules.size === 0) return next();
    const picked = rules.pickRequest({
      method: c.req.method,
      path: c.req.path,
      ...owner(c.req.header('authorization')),
    });
    if (!picked) return next();
    const { rule, signal } = picked;
    if (rule.status !== undefined) return serviceFailure(c, rule.status);
    if (rule.reset) {
      const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
      // Served over HTTP, the socket closes with no answer at all (a TCP reset), and what is returned here is
      // never written. In-process there is no socket: the caller gets an empty 502, as from a gateway.
      incoming?.socket.resetAndDestroy();
      return c.body(null, 502);
    }
    const ms = picked.latencyMs!;
    if (c.req.path.startsWith('/api/')) {
      c.set('faultLatency' as never, { ms, signal } as never);
    } else {
      await holdFor(ms, signal, c.req.raw.signal);
    }
    return next();
  };
}
