// Control routes about what the emulator sent: flushing what waits, the delivery log (a page of it, one
// delivery, its fixture, a redelivery), the calls apps made with their tokens, and the live stream.
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type {
  AppCallsResponse,
  DeliveriesResponse,
  FlushRequest,
  FlushResponse,
} from '../../../../wire/apps.ts';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../../../../wire/delivery-kinds.ts';
import { APPS_ROUTES as R } from '../../../../wire/apps-routes.ts';
import { deliveryDetail, deliverySummary } from '../delivery-log.ts';
import { ControlError } from '../errors.ts';
import type { AppsHost } from '../host.ts';
import { intParam, on, paging, readJson } from './kit.ts';

/** The call log is longer than a page of deliveries: a view shows the calls of many deliveries at once. */
const CALLS_LIMIT = 2000;

export function deliveryRoutes(host: AppsHost): Hono {
  const app = new Hono();
  const log = host.deliveries.log;

  on(app, R.flush, async (c) => {
    const body = await readJson<FlushRequest>(c);
    if (body.app !== undefined) {
      if (typeof body.app !== 'string')
        throw new ControlError(400, 'invalidRequest', 'app must be an app id.');
      host.installations.require(body.app);
    }
    const answer: FlushResponse = host.deliveries.flush(body.app);
    return answer;
  });

  on(app, R.deliveries, (c) => {
    const { offset, limit } = paging(c);
    const state = c.req.query('state');
    if (state !== undefined && !(DELIVERY_STATES as readonly string[]).includes(state)) {
      throw new ControlError(400, 'invalidRequest', `state must be one of ${DELIVERY_STATES.join(', ')}.`);
    }
    const kind = c.req.query('kind');
    if (kind !== undefined && !(DELIVERY_KINDS as readonly string[]).includes(kind)) {
      throw new ControlError(400, 'invalidRequest', `kind must be one of ${DELIVERY_KINDS.join(', ')}.`);
    }
    const appId = c.req.query('app');
    // An uninstalled app's deliveries stay in the log; a name never seen is a mistake worth a 404.
    if (appId && !host.installations.get(appId) && log.list({ appId }).length === 0) {
      host.installations.require(appId);
    }
    const all = log.list({ appId, state, event: c.req.query('event'), kind });
    const answer: DeliveriesResponse = {
      data: all.slice(offset, offset + limit).map(deliverySummary),
      total: all.length,
      offset,
      limit,
    };
    return answer;
  });

  on(app, R.delivery, (c) => deliveryDetail(log.require(intParam(c, 'id'))));

  on(app, R.fixture, (c) => deliveryDetail(log.require(intParam(c, 'id'))).request);

  on(app, R.redeliver, (c) => deliverySummary(host.deliveries.redeliver(intParam(c, 'id'))));

  on(app, R.calls, (c) => {
    const { limit } = paging(c, CALLS_LIMIT);
    const appId = c.req.query('app');
    if (appId) host.installations.require(appId);
    const answer: AppCallsResponse = { data: host.calls.list(appId, limit) };
    return answer;
  });

  app.on(R.stream.method, R.stream.pattern, (c) =>
    streamSSE(c, async (stream) => {
      const unsubscribe = host.stream.subscribe((event) => {
        // A stream that closed meanwhile is unsubscribed by onAbort; a write to it is dropped.
        stream.writeSSE({ event: event.type, data: JSON.stringify(event) }).catch(() => {});
      });
      stream.onAbort(unsubscribe);
      await stream.writeSSE({ event: 'hello', data: JSON.stringify({ type: 'hello' }) });
      // A comment line now and then keeps proxies from closing an idle stream.
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(15_000);
        if (!stream.aborted) await stream.write(': keep-alive\n\n');
      }
      unsubscribe();
    }),
  );

  return app;
}
