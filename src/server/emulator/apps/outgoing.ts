// The one place the emulator calls an app: manifest fetches, app events, webhook deliveries, settings and
// module calls all go through `AppCaller.call`. Every call is asynchronous and bounded: a deadline, a cap on
// the answer it reads, no redirects followed, and only loopback hosts unless `--allow-remote-apps` (the
// host's addresses are checked when it is resolved, and the connection goes to the checked address).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';

export interface OutgoingRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs: number;
  /** Bytes of the answer's body read at most; beyond, the call stops reading and says so. */
  maxAnswerBytes: number;
  signal?: AbortSignal;
}

export type OutgoingErrorCode =
  'badUrl' | 'notLoopback' | 'timeout' | 'refused' | 'unreachable' | 'notHttp' | 'network' | 'aborted';

export interface OutgoingResult {
  /** Null when no HTTP answer came. */
  status: number | null;
  headers: Record<string, string>;
  /** The body read, at most `maxAnswerBytes`. */
  body: Buffer;
  /** Bytes of body seen (more than `body.length` when truncated). */
  bodyBytes: number;
  truncated: boolean;
  durationMs: number;
  error: { code: OutgoingErrorCode; message: string } | null;
}

/** Loopback addresses: 127.0.0.0/8, ::1 and the IPv4-mapped form. */
export function isLoopbackAddress(address: string): boolean {
  const a = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(a) === 4) return a.startsWith('127.');
  return a === '::1' || a === '0:0:0:0:0:0:0:1';
}

/** `localhost` and `*.localhost` (RFC 6761) resolve to loopback by definition. */
function isLocalhostName(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return h === 'localhost' || h.endsWith('.localhost');
}

export class AppCaller {
  private httpAgent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  private httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 32 });

  constructor(private allowRemote: () => boolean) {}

  /** Why `url` may not be called, or null when it may (the host's addresses are checked at connect). */
  refusal(url: string): string | null {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `"${url}" is not a URL.`;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      return `"${url}" is not an http or https URL.`;
    }
    if (this.allowRemote()) return null;
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !isLoopbackAddress(host)) return notLoopbackMessage(parsed.host);
    return null;
  }

  call(request: OutgoingRequest): Promise<OutgoingResult> {
    const started = performance.now();
    const done = (partial: Partial<OutgoingResult>): OutgoingResult => ({
      status: null,
      headers: {},
      body: Buffer.alloc(0),
      bodyBytes: 0,
      truncated: false,
      error: null,
      ...partial,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
    });
    const refusal = this.refusal(request.url);
    if (refusal) {
      const code = refusal.includes('loopback') ? 'notLoopback' : 'badUrl';
      return Promise.resolve(done({ error: { code, message: refusal } }));
    }
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const body =
      request.body === undefined || Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body);
    const headers: Record<string, string> = { ...request.headers };
    if (body) headers['Content-Length'] = String(body.length);

    return new Promise((resolve) => {
      let settled = false;
      const chunks: Buffer[] = [];
      let kept = 0;
      let seen = 0;
      let status: number | null = null;
      let answerHeaders: Record<string, string> = {};
      const finish = (error: OutgoingResult['error'], truncated = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        resolve(
          done({
            status,
            headers: answerHeaders,
            body: Buffer.concat(chunks),
            bodyBytes: seen,
            truncated,
            error,
          }),
        );
      };
      const options: http.RequestOptions = {
        method: request.method,
        headers,
        agent: secure ? this.httpsAgent : this.httpAgent,
        lookup: this.lookup(),
      };
      // A kept-alive socket the app closed as it was reused (its idle timer fired while this machine was
      // busy) fails with ECONNRESET before a byte of answer: Node's http docs say to send again on a new
      // socket then. Only then, and once; a reset on a fresh socket is the app's, and is reported.
      const send = (opts: http.RequestOptions): http.ClientRequest => {
        const req = (secure ? https : http).request(url, opts, (res) => {
          status = res.statusCode ?? null;
          answerHeaders = flatHeaders(res.headers);
          res.on('data', (chunk: Buffer) => {
            seen += chunk.length;
            const room = request.maxAnswerBytes - kept;
            if (room > 0) {
              const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
              chunks.push(part);
              kept += part.length;
            }
            if (seen > request.maxAnswerBytes) {
              // Stop reading: the socket is dropped, and the answer's status and start are what counts.
              finish(null, true);
              res.destroy();
              req.destroy();
            }
          });
          res.on('end', () => finish(null));
          res.on('error', (e) => finish(describe(e, request.timeoutMs)));
          res.on('aborted', () =>
            finish({ code: 'network', message: 'The app closed the connection mid-answer.' }),
          );
        });
        req.on('error', (e: NodeJS.ErrnoException) => {
          if (req.reusedSocket && e.code === 'ECONNRESET' && status === null && !settled && opts.agent) {
            current = send({ ...opts, agent: false });
            return;
          }
          finish(describe(e, request.timeoutMs));
        });
        // The address actually connected to is checked too, whichever way it was found.
        req.on('socket', (socket) => {
          const check = () => {
            const peer = socket.remoteAddress ?? '';
            if (this.allowRemote() || isLoopbackAddress(peer)) return;
            const e = new Error(notLoopbackMessage(peer)) as NodeJS.ErrnoException;
            e.code = 'ENOTLOOPBACK';
            req.destroy(e);
          };
          // A kept-alive socket was checked when it connected.
          if (socket.connecting) socket.once('connect', check);
        });
        req.end(body);
        return req;
      };
      let current = send(options);
      const timer = setTimeout(() => {
        if (settled) return;
        finish({
          code: 'timeout',
          message:
            status === null
              ? `No answer within ${formatMs(request.timeoutMs)}.`
              : `The answer (status ${status}) did not finish within ${formatMs(request.timeoutMs)}.`,
        });
        current.destroy();
      }, request.timeoutMs);
      const onAbort = () => {
        finish({ code: 'aborted', message: 'The call was cancelled.' });
        current.destroy();
      };
      request.signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  /** Resolves a host and refuses, before connecting, any address that is not loopback. */
  private lookup(): NonNullable<http.RequestOptions['lookup']> {
    return ((hostname: string, options: object, callback: LookupCallback) => {
      dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
        // `*.localhost` is loopback by definition (RFC 6761), though glibc may not resolve it.
        if (err && isLocalhostName(hostname)) addresses = [{ address: '127.0.0.1', family: 4 }];
        else if (err) return callback(err, '', 4);
        const list = addresses as LookupAddress[];
        // Whatever the name, even `*.localhost`: a forwarding resolver or a hosts entry may point it anywhere.
        const allowed = this.allowRemote() ? list : list.filter((a) => isLoopbackAddress(a.address));
        if (allowed.length === 0) {
          const e = new Error(notLoopbackMessage(hostname)) as NodeJS.ErrnoException;
          e.code = 'ENOTLOOPBACK';
          return callback(e, '', 4);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as AllCallback)(null, allowed);
        callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    }) as unknown as NonNullable<http.RequestOptions['lookup']>;
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string, family: number) => void;
type AllCallback = (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void;

function notLoopbackMessage(host: string): string {
  return `${host} is not a loopback host: the emulator calls apps on this machine only. Start it with --allow-remote-apps to call other hosts.`;
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function describe(e: unknown, timeoutMs: number): NonNullable<OutgoingResult['error']> {
  const err = e as NodeJS.ErrnoException;
  switch (err.code) {
    case 'ENOTLOOPBACK':
      return { code: 'notLoopback', message: err.message };
    case 'ECONNREFUSED':
      return { code: 'refused', message: 'Connection refused: nothing listens there. Is the app running?' };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return { code: 'unreachable', message: `The host name does not resolve (${err.code}).` };
    case 'ECONNRESET':
      return { code: 'network', message: 'The app closed the connection without an answer.' };
    case 'ETIMEDOUT':
      return { code: 'timeout', message: `No answer within ${formatMs(timeoutMs)}.` };
    default:
      if (err.code?.startsWith('HPE_')) {
        return { code: 'notHttp', message: `The app's answer is not HTTP (${err.message}).` };
      }
      return { code: 'network', message: err.message || String(e) };
  }
}
