// What every control route (`/__apps…`, `/__faults`, `/__limits`) asks of a request before anything else.
// Only this machine may drive the emulator: a page elsewhere in the browser must not. So
// - a state-changing request must say `Content-Type: application/json`, whatever its body (even none): a
//   page cannot send that without a CORS preflight, and the preflight is refused to other origins (a form
//   POST or a no-cors fetch with an empty or text/plain body is refused before it does anything);
// - the Host must be a loopback name, so a DNS-rebound name cannot reach the routes;
// - browsers get CORS only on the playground's own origin (config.ts, controlOrigins), so no other page,
//   however local, reads the secrets the routes answer with.
import type { MiddlewareHandler } from 'hono';
import { cors } from '../cors.ts';

export const LOOPBACK_HOST =
  /^(127(\.\d{1,3}){3}|localhost|\[::1\]|[a-z0-9-]+(\.[a-z0-9-]+)*\.localhost)(:\d+)?$/i;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The media type of a Content-Type header without its parameters, lowercased (RFC 9110 §8.3.1). */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A refusal in the control routes' error shape (src/wire/apps.ts ControlErrorBody). */
const refusal = (code: string, message: string) => ({ error: { code, message } });

/** The guard's three parts, in order: the JSON requirement, the Host check, then CORS. */
export function controlGuard(origins: readonly string[]): MiddlewareHandler[] {
  return [
    async (c, next) => {
      if (!SAFE_METHODS.has(c.req.method) && mediaType(c.req.header('content-type')) !== 'application/json') {
        return c.json(
          refusal(
            'notJson',
            `A ${c.req.method} to a control route needs Content-Type: application/json, even without a body (so no web page can send one). Send the body, if any, as JSON.`,
          ),
          415,
        );
      }
      const host = c.req.header('host') ?? '';
      if (host && !LOOPBACK_HOST.test(host)) {
        return c.json(
          refusal('notLoopback', `The control routes answer only on a loopback host, not "${host}".`),
          403,
        );
      }
      await next();
    },
    cors({ origins, maxAge: 600 }),
  ];
}
