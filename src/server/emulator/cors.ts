// CORS for the emulator's routes that browsers call (the API, the control and state routes): the answers
// of hono/cors (allowed origins only, its methods, the requested headers echoed, `Vary: Origin`), with the
// headers added to the route's answer after it, never to `c.res` before it. hono/cors sets them on `c.res`
// first, which makes Hono copy them into the route's Response (hono's Context `set res`), reading its body:
// every JSON answer then left @hono/node-server's fast path for a Response around a stream. Headers set on
// the finished Response's `headers` keep the fast path (@hono/node-server keeps them beside the body).
import type { Context, MiddlewareHandler } from 'hono';

export interface CorsOptions {
  /** Origins given `Access-Control-Allow-Origin`; any other gets no CORS header that lets it read. */
  origins: Iterable<string>;
  /** Response headers a page on an allowed origin may read besides the safelisted ones. */
  exposeHeaders?: readonly string[];
  /** How long a browser keeps a preflight's answer, in seconds. */
  maxAge?: number;
}

/** The methods hono/cors allows by default, which the emulator's clients were served with. */
const ALLOW_METHODS = 'GET,HEAD,PUT,POST,DELETE,PATCH,QUERY';

export function cors({ origins, exposeHeaders = [], maxAge }: CorsOptions): MiddlewareHandler {
  const allowed = new Set(origins);
  const expose = exposeHeaders.length ? exposeHeaders.join(',') : null;
  /** The headers every answer to `origin` carries, preflight or not. */
  const common = (origin: string): [string, string][] => [
    ...(allowed.has(origin) ? [['Access-Control-Allow-Origin', origin] as [string, string]] : []),
    ...(expose ? [['Access-Control-Expose-Headers', expose] as [string, string]] : []),
  ];
  return async (c, next) => {
    const origin = c.req.header('origin') ?? '';
    if (c.req.method === 'OPTIONS') {
      // The preflight: answered here, whatever the route (hono/cors's answer, header for header).
      for (const [name, value] of common(origin)) c.header(name, value);
      c.header('Vary', 'Origin', { append: true });
      if (maxAge !== undefined) c.header('Access-Control-Max-Age', String(maxAge));
      c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
      const requested = c.req.header('access-control-request-headers');
      const headers = requested
        ?.split(',')
        .map((h) => h.trim())
        .join(',');
      if (headers) {
        c.header('Access-Control-Allow-Headers', headers);
        c.header('Vary', 'Access-Control-Request-Headers', { append: true });
      }
      return c.body(null, 204);
    }
    await next();
    addHeaders(c, [...common(origin), ['Vary', 'Origin']]);
  };
}

/** Adds to the route's Response as it is (set, except `Vary`, which is appended), without rebuilding it. */
function addHeaders(c: Context, headers: [string, string][]) {
  const put = (target: Headers) => {
    for (const [name, value] of headers) {
      if (name === 'Vary') target.append(name, value);
      else target.set(name, value);
    }
  };
  try {
    put(c.res.headers);
  } catch {
    // A Response with immutable headers (one made by fetch or Response.redirect): a copy takes them.
    c.res = new Response(c.res.body, c.res);
    put(c.res.headers);
  }
}
