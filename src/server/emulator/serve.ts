// Serves an emulator on a loopback port (the CLI, the tests and the bench), reading URLs as long as a browser
// sends (src/server/http-limits.ts); the app refuses those past MAX_EMULATOR_URL_LENGTH with a readable 414.
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { answerClientErrors, EMULATOR_MAX_HEADER_BYTES } from '../http-limits.ts';
import type { Emulator } from './app.ts';
import { simpleError } from './api/errors.ts';

export function serveEmulator(
  emulator: Emulator,
  port: number,
  onListening: (info: AddressInfo) => void,
  /** HTTPS with this certificate (`--tls`, apps/tls.ts) instead of HTTP. */
  tls?: { cert: string; key: string },
): ServerType {
  const server = serve(
    {
      fetch: emulator.app.fetch,
      port,
      // Loopback only: the emulator serves demo data and test hooks to this machine, never to the network.
      hostname: '127.0.0.1',
      ...(tls
        ? {
            createServer: createHttpsServer,
            serverOptions: { maxHeaderSize: EMULATOR_MAX_HEADER_BYTES, cert: tls.cert, key: tls.key },
          }
        : { serverOptions: { maxHeaderSize: EMULATOR_MAX_HEADER_BYTES } }),
    },
    onListening,
  );
  answerClientErrors(
    server as Server,
    EMULATOR_MAX_HEADER_BYTES,
    (limit) =>
      simpleError(
        431,
        `The request's URL and headers are longer than ${limit / 1024 / 1024} MiB, which the emulator does not read. Shorten the query.`,
      ).body as object,
  );
  return server;
}
