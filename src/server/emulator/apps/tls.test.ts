// --tls: a local CA made once and kept, a server certificate naming each host exactly (Node refuses a
// *.localhost wildcard), the emulator over HTTPS at {organization}.localhost, and the preload that makes
// *.localhost resolve in an app's Node process.
import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveEmulator } from '../serve.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { AppCaller } from './outgoing.ts';
import { TestApp } from './testing.ts';
import { DNS_PRELOAD, appEnvironment, tlsHosts, tlsInfo, tlsMaterial, type TlsMaterial } from './tls.ts';

const dir = mkdtempSync(join(tmpdir(), 'croql-tls-'));
let material: TlsMaterial;
let em: RunningEmulator;
let secure: ServerType;
let port = 0;

beforeAll(async () => {
  material = await tlsMaterial(tlsHosts('acme'), join(dir, 'tls'));
  em = await startEmulator({ organization: 'acme' });
  port = await new Promise<number>((resolve) => {
    secure = serveEmulator(em, 0, (info: AddressInfo) => resolve(info.port), material);
  });
});
afterAll(async () => {
  await em.close();
  await new Promise((r) => secure.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** GET over HTTPS by name, trusting only the local CA; every name is sent to 127.0.0.1. */
function get(host: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    https
      .get(
        `https://${host}:${port}/health`,
        {
          ca: readFileSync(material.caPath),
          lookup: (_h, options, callback) =>
            options.all
              ? callback(null, [{ address: '127.0.0.1', family: 4 }])
              : callback(null, '127.0.0.1', 4),
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      )
      .on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
  });
}

describe('the certificates', () => {
  it('the CA is made at first use and kept (its key private); each start issues a new server certificate from it', async () => {
    const again = await tlsMaterial(tlsHosts('acme'), join(dir, 'tls'));
    expect(again.caPath).toBe(material.caPath);
    expect(again.cert).not.toBe(material.cert);
    expect(statSync(join(dir, 'tls', 'ca-key.pem')).mode & 0o777).toBe(0o600);
    const ca = new X509Certificate(readFileSync(material.caPath));
    expect(ca.ca).toBe(true);
    expect(new X509Certificate(again.cert).checkIssued(ca)).toBe(true);
    expect(new X509Certificate(again.cert).verify(ca.publicKey)).toBe(true);
  });

  it('names localhost, {organization}.localhost, 127.0.0.1 and ::1 exactly, no wildcard', () => {
    const cert = new X509Certificate(material.cert);
    expect(cert.subjectAltName).toBe(
      'DNS:localhost, DNS:acme.localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1',
    );
    expect(tlsHosts(null)).toEqual(['localhost', '127.0.0.1', '::1']);
  });
});

describe('the emulator over HTTPS', () => {
  it('answers at localhost and acme.localhost for a client that trusts the CA; another name fails the check', async () => {
    expect(await get('acme.localhost')).toEqual({ status: 200, body: expect.stringContaining('"ok":true') });
    expect(await get('localhost')).toMatchObject({ status: 200 });
    expect(await get('other.localhost')).toEqual({ error: 'ERR_TLS_CERT_ALTNAME_INVALID' });
  });

  it("tells a framework app its crowdinUrls and its Node process's environment", () => {
    const info = tlsInfo(material, port);
    expect(info.crowdinUrls).toEqual({
      accountUrl: `https://localhost:${port}/oauth/token`,
      apiDomain: `localhost:${port}`,
    });
    expect(appEnvironment(info)).toEqual({
      NODE_EXTRA_CA_CERTS: material.caPath,
      NODE_OPTIONS: `--import ${DNS_PRELOAD}`,
    });
  });
});

describe('*.localhost', () => {
  it('resolves to 127.0.0.1 in a Node process with the preload; other names resolve as before', async () => {
    const script = `const dns = require('node:dns');
      dns.lookup('acme.localhost', (e, a, f) => dns.promises.lookup('x.acme.localhost', { all: true }).then((all) =>
        dns.lookup('localhost', (e2, l) => console.log(JSON.stringify({ a, f, all, l: e2 ? e2.code : 'ok' })))));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', DNS_PRELOAD, '-e', script]);
    expect(JSON.parse(stdout)).toEqual({
      a: '127.0.0.1',
      f: 4,
      all: [{ address: '127.0.0.1', family: 4 }],
      l: 'ok',
    });
  });

  it('the emulator itself calls apps at *.localhost names on this machine', async () => {
    const app = await TestApp.start(() => ({ hello: 'world' }));
    const caller = new AppCaller(() => false);
    const result = await caller.call({
      method: 'GET',
      url: `${app.url.replace('127.0.0.1', 'my-app.localhost')}/manifest.json`,
      timeoutMs: 2000,
      maxAnswerBytes: 1024,
    });
    caller.close();
    await app.close();
    expect(result.error).toBeNull();
    expect(JSON.parse(result.body.toString())).toEqual({ hello: 'world' });
  });
});
