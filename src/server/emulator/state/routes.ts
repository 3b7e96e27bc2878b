// The state routes: `GET /__state` downloads the whole state as one JSON file (a snapshot), `POST /__state`
// replaces the running state with one, `POST /__state/save` writes it to the --state file now, and
// `GET /__state/info` says where it is kept. Like the control routes under /__apps, they answer only on a
// loopback Host and to the playground's origins (CORS). A POST must say `Content-Type: application/json`
// whatever its body (an empty one too): no page elsewhere can send that without a CORS preflight, which
// names only the playground's origins, so a form or a no-cors fetch from another page changes nothing.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from '../cors.ts';
import type { StateLoadResponse } from '../../../wire/state.ts';
import { STATE_PATHS } from '../../../wire/state.ts';
import { LOOPBACK_HOST } from '../control/guard.ts';
import { ControlError } from '../apps/errors.ts';
import { StateFileError, parseState } from './format.ts';
import type { StateKeeper } from './keeper.ts';
import { jsonStream } from './write.ts';

/** A snapshot posted to POST /__state: the delivery log alone may hold 64 MB of bodies. */
const MAX_SNAPSHOT_BYTES = 256 * 1024 * 1024;

/** What a refused snapshot answers, by what is wrong with it. */
const REFUSED_STATUS = { unreadable: 400, corrupt: 400, notState: 422, newer: 422, invalid: 422 } as const;

function requireJson(c: Context): void {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    throw new ControlError(
      415,
      'notJson',
      'Send Content-Type: application/json (with a JSON body, or none): the state routes take nothing else.',
    );
  }
}

export function stateRoutes(keeper: StateKeeper, allowedOrigins: readonly string[]): Hono {
  const app = new Hono();
  const paths = [STATE_PATHS.snapshot, `${STATE_PATHS.snapshot}/*`];
  for (const path of paths) {
    app.use(path, async (c, next) => {
      const host = c.req.header('host') ?? '';
      if (host && !LOOPBACK_HOST.test(host)) {
        throw new ControlError(
          403,
          'notLoopback',
          `The state routes answer only on a loopback host, not "${host}".`,
        );
      }
      return next();
    });
    app.use(path, cors({ origins: allowedOrigins, maxAge: 600 }));
    app.on(['POST', 'PUT', 'PATCH', 'DELETE'], path, async (c, next) => {
      requireJson(c);
      return next();
    });
  }
  app.onError((err, c) => {
    if (err instanceof ControlError) return c.json(err.body(), err.status);
    if (err instanceof StateFileError) {
      return c.json(
        new ControlError(
          REFUSED_STATUS[err.problem],
          err.problem,
          `${err.message} The running state was left as it was.${err.problem === 'newer' ? ' Update the playground to load it.' : ''}`,
        ).body(),
        REFUSED_STATUS[err.problem],
      );
    }
    console.error('emulator: a state route failed', err instanceof Error ? err.message : err);
    return c.json(
      { error: { code: 'internal', message: err instanceof Error ? err.message : String(err) } },
      500,
    );
  });

  app.get(STATE_PATHS.info, (c) => c.json(keeper.info()));

  app.get(STATE_PATHS.snapshot, (c) => {
    const doc = keeper.document();
    const name = `emulator-state-${doc.savedAt.replace(/[:.]/g, '-')}.json`;
    return c.body(jsonStream(doc), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    });
  });

  app.post(
    STATE_PATHS.snapshot,
    bodyLimit({
      maxSize: MAX_SNAPSHOT_BYTES,
      onError: (c) =>
        c.json(
          new ControlError(
            413,
            'tooLarge',
            `The snapshot is larger than ${MAX_SNAPSHOT_BYTES / 1024 / 1024} MB; start the emulator with --state FILE to load it.`,
          ).body(),
          413,
        ),
    }),
    async (c) => {
      const { doc, migratedFrom } = parseState(await c.req.text(), 'The snapshot');
      const answer: StateLoadResponse = keeper.load(
        doc,
        'a snapshot loaded through POST /__state',
        migratedFrom,
      );
      return c.json(answer);
    },
  );

  app.post(STATE_PATHS.save, async (c) => c.json(await keeper.save()));

  app.all(`${STATE_PATHS.snapshot}/*`, (c) => {
    throw new ControlError(
      404,
      'notFound',
      `No state route ${c.req.method} ${new URL(c.req.url).pathname}: GET or POST ${STATE_PATHS.snapshot}, POST ${STATE_PATHS.save}, GET ${STATE_PATHS.info}.`,
    );
  });
  return app;
}
