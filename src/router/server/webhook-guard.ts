// What the webhook route checks before and while it reads a delivery (review security-2026-11-28 F5): anyone
// can POST there, so the route answers what it can from the headers alone (the three headers the framework
// requires, an installed organization, a `Content-Length` within a batch's size), reads at most a few bodies
// at once (more wait, without being read, so they hold a socket and not memory), stops reading at the batch
// size, and checks the signature before letting the next body in. Early answers close the connection, so a
// client that reuses connections never writes its next request behind an unread body.
import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { IncomingMessage } from 'node:http';
import { WEBHOOK_HEADERS } from '../../wire/apps.ts';
import { WEBHOOK_BATCH_MAX_BYTES } from '../../wire/service-limits.ts';
import { verifySignature } from './auth.ts';
import { organizationKey } from './store.ts';

export interface WebhookGuardOptions {
  /** The installation's app secret for an organization key (store.ts organizationKey), if installed. */
  appSecret(organization: string): string | undefined | Promise<string | undefined>;
  /** Bodies read at once (default 4). */
  concurrentReads?: number;
  /** Requests waiting for a read beyond those (default 64); more are answered 503. */
  waiting?: number;
  /** The largest body read (default WEBHOOK_BATCH_MAX_BYTES). */
  maxBytes?: number;
  /** A refused delivery, for the log. */
  refused?(organization: string | null, reason: string): void;
}

/** At most `size` holders at once; `acquire` waits its turn, or answers null when `queue` already wait. */
export class Slots {
  private busy = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly size: number,
    private readonly queue: number,
  ) {}

  async acquire(): Promise<(() => void) | null> {
    if (this.busy >= this.size) {
      if (this.waiters.length >= this.queue) return null;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    } else this.busy++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // The slot passes to the next waiter as it is; otherwise it is free again.
      if (next) next();
      else this.busy--;
    };
  }

  get reading(): number {
    return this.busy;
  }
}

/**
 * Joins chunks of `size` bytes in all into one new array: Buffer.concat's, which is not zeroed first (the
 * chunks fill it), where a new Uint8Array of a delivery's size would be.
 */
const joined = (chunks: readonly Uint8Array[], size: number): Uint8Array<ArrayBuffer> =>
  Buffer.concat(chunks, size);

/**
 * Reads a request's body from Node's own stream, up to `max` bytes; null when it is longer (reading stops
 * there, and the early answer closes the connection). The server's request body as a web stream passes
 * every chunk through two of them (@hono/node-server's wrapper around `Readable.toWeb`): in a CPU profile
 * of the routers in the two-instance bench, ~15 ms a 1 MB delivery on a busy machine.
 */
function readIncomingAtMost(incoming: IncomingMessage, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        stop();
        incoming.pause();
        resolve(null);
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(joined(chunks, size));
    };
    const onError = (e: Error) => {
      stop();
      reject(e);
    };
    const onClose = () => {
      stop();
      reject(new Error('the connection closed before the body ended'));
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}

/** Reads a body up to `max` bytes; null when it is longer (reading stops there). */
async function readAtMost(
  body: ReadableStream<Uint8Array> | null,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return joined(chunks, size);
}

/** A delivery the guard let through: its signature checked against the installation's secret. */
export interface VerifiedDelivery {
  /** The organization's key (store.ts organizationKey). */
  organization: string;
  moduleKey: string;
  /** The body as it came, the bytes the signature is of. */
  body: Uint8Array<ArrayBuffer>;
}

/** What the guard hands the route, read with `c.get('delivery')`. */
export type GuardedEnv = { Variables: { delivery: VerifiedDelivery } };

export function webhookGuard(options: WebhookGuardOptions): MiddlewareHandler<GuardedEnv> {
  const max = options.maxBytes ?? WEBHOOK_BATCH_MAX_BYTES;
  const slots = new Slots(options.concurrentReads ?? 4, options.waiting ?? 64);
  return async (c, next) => {
    const early = (status: 400 | 401 | 403 | 411 | 413 | 503, error: string, organization: string | null) => {
      options.refused?.(organization, error);
      c.header('Connection', 'close');
      if (status === 503) c.header('Retry-After', '1');
      return c.json({ error }, status);
    };
    // Hono reads a header by name whatever its case.
    const id = c.req.header(WEBHOOK_HEADERS.id);
    const signature = c.req.header(WEBHOOK_HEADERS.signature);
    const moduleKey = c.req.header(WEBHOOK_HEADERS.moduleKey);
    if (!id || !signature || !moduleKey) {
      return early(400, 'Invalid request', null);
    }
    const organization = organizationKey(c.req.header(WEBHOOK_HEADERS.domain) || null, id);
    if ((await options.appSecret(organization)) === undefined) {
      return early(401, `Not installed for ${organization}`, organization);
    }
    const length = c.req.header('content-length');
    if (length !== undefined && !(/^\d+$/.test(length) && Number(length) <= max)) {
      return early(413, `Invalid request: a delivery is at most ${max} bytes`, organization);
    }
    const release = await slots.acquire();
    if (!release) return early(503, 'Too many deliveries at once; send it again shortly', organization);
    try {
      // Served by @hono/node-server, the request is Node's; otherwise (app.request in tests, other
      // runtimes) its body is a web stream.
      const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming;
      const raw = incoming ? await readIncomingAtMost(incoming, max) : await readAtMost(c.req.raw.body, max);
      if (!raw) return early(413, `Invalid request: a delivery is at most ${max} bytes`, organization);
      // Uninstalled while the body came: the route says so, as before it was read.
      const secret = await options.appSecret(organization);
      if (secret === undefined) return early(401, `Not installed for ${organization}`, organization);
      if (!verifySignature(raw, signature, secret)) return early(403, 'Invalid signature', organization);
      // The route takes the verified bytes from here: read once, checked once (a request rebuilt around
      // them would copy the body twice more and the route would check the signature again).
      c.set('delivery', { organization, moduleKey, body: raw });
    } finally {
      release();
    }
    await next();
  };
}
