// What the Apps view tells the user when a control route fails: the emulator's own message and what it
// attached, a plain message for a body that is not the emulator's, and one for an emulator that is gone.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { control, ControlRequestError } from './client.ts';

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
    if (req.url === '/__apps/install') {
      send(
        422,
        JSON.stringify({
          error: {
            code: 'manifestInvalid',
            message: 'The manifest has 1 error: must NOT have additional properties',
            problems: [{ severity: 'error', pointer: '/authenticationType', rule: 'schema', message: 'x' }],
          },
        }),
      );
    } else if (req.url === '/__apps/crash') send(500, '<html>Internal Server Error</html>', 'text/html');
    else if (req.url === '/__apps/garbage') send(200, 'not json', 'text/plain');
    else send(200, JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e as ControlRequestError,
  );

describe('control', () => {
  it('returns the JSON answer, and sends a body as JSON', async () => {
    expect(await control(origin, '/__apps', {})).toEqual({ ok: true });
  });

  it("carries the emulator's message, code and the manifest's problems", async () => {
    const e = await failure(control(origin, '/__apps/install', { body: { manifestUrl: 'x' } }));
    expect(e).toBeInstanceOf(ControlRequestError);
    expect(e).toMatchObject({ status: 422, code: 'manifestInvalid' });
    expect(e.message).toBe('The manifest has 1 error: must NOT have additional properties');
    expect(e.problems.map((p) => p.pointer)).toEqual(['/authenticationType']);
  });

  it("says what a 500 that is not the emulator's shape, or an answer that is not JSON, was", async () => {
    const crash = await failure(control(origin, '/__apps/crash'));
    expect(crash).toMatchObject({ status: 500, code: 'server' });
    expect(crash.message).toBe('The emulator answered 500: <html>Internal Server Error</html>.');
    const garbage = await failure(control(origin, '/__apps/garbage'));
    expect(garbage.message).toMatch(/something that is not JSON/);
  });

  it('tells how to start an emulator that does not answer', async () => {
    const gone = await failure(control('http://127.0.0.1:9', '/__apps'));
    expect(gone).toMatchObject({ status: 0, code: 'unreachable' });
    expect(gone.message).toMatch(/did not answer.*npm run emulator/);
  });

  it('passes an abort on as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const e = await failure(control(origin, '/__apps', { signal: controller.signal }));
    expect((e as unknown as Error).name).toBe('AbortError');
  });
});
