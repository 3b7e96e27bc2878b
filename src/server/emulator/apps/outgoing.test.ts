// The outgoing guard against names that resolve elsewhere: a `*.localhost` name is loopback by definition
// (RFC 6761), but a resolver that forwards it, or a hosts entry, may give any address. Only loopback
// addresses are reached without --allow-remote-apps, whatever the name.
import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import { syncBuiltinESMExports } from 'node:module';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppCaller } from './outgoing.ts';

/** A non-loopback address of this machine, where a listener answers (192.0.2.2, TEST-NET, when none). */
const remote =
  Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal)?.address ?? '192.0.2.2';

let server: Server | null = null;
let port = 9;
const realLookup = dns.lookup;

beforeAll(async () => {
  const s = createServer((_req, res) => res.end('the remote listener answered'));
  port = await new Promise<number>((resolve) => {
    s.once('error', () => resolve(9));
    s.listen(0, remote, () => {
      server = s;
      resolve((s.address() as AddressInfo).port);
    });
  });
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));
afterEach(() => {
  dns.lookup = realLookup;
  syncBuiltinESMExports();
});

/** Makes every name in `names` resolve to `addresses` in this process (as a hosts entry would). */
function resolveTo(names: Record<string, string[]>) {
  dns.lookup = ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    const list = names[hostname];
    if (!list) return realLookup(hostname, options as dns.LookupAllOptions, callback as never);
    const all = list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    if ((options as { all?: boolean }).all) callback(null, all);
    else callback(null, all[0]!.address, all[0]!.family);
  }) as typeof dns.lookup;
  syncBuiltinESMExports();
}

const call = (caller: AppCaller, host: string) =>
  caller.call({ method: 'GET', url: `http://${host}:${port}/`, timeoutMs: 5_000, maxAnswerBytes: 1024 });

describe('F7: names that resolve to a remote address', () => {
  it('does not reach a *.localhost name that resolves to a non-loopback address', async () => {
    resolveTo({ 'remote.localhost': [remote] });
    const caller = new AppCaller(() => false);
    const result = await call(caller, 'remote.localhost');
    caller.close();
    expect(result.body.toString()).not.toContain('the remote listener answered');
    expect(result.error?.code).toBe('notLoopback');
  });

  it('connects a name with loopback and remote addresses to the loopback one only', async () => {
    resolveTo({ 'mixed.localhost': [remote, '127.0.0.1'] });
    const caller = new AppCaller(() => false);
    const result = await call(caller, 'mixed.localhost');
    caller.close();
    expect(result.body.toString()).not.toContain('the remote listener answered');
    expect(result.error?.code).not.toBe('notLoopback');
  });

  it('reaches the remote address with --allow-remote-apps', async () => {
    if (!server) return; // no address of this machine to listen on beside loopback
    resolveTo({ 'remote.localhost': [remote] });
    const caller = new AppCaller(() => true);
    const result = await call(caller, 'remote.localhost');
    caller.close();
    expect(result.body.toString()).toBe('the remote listener answered');
  });
});
