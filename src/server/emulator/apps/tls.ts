// HTTPS for apps built on the official framework: its API client always calls `https://{domain}.{apiDomain}`
// (crowdin/crowdin-api-client out/core/index.js), so `--tls` serves the emulator over HTTPS too. A local CA
// is made at first use and kept in the state folder (trust it with NODE_EXTRA_CA_CERTS); each start issues
// a server certificate from it whose SAN names each host exactly (`localhost`, `{organization}.localhost`,
// 127.0.0.1, ::1): Node refuses a `*.localhost` wildcard (ERR_TLS_CERT_ALTNAME_INVALID). Keys are RSA from
// Node's crypto; node-forge builds the certificates, loaded only with --tls.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TlsInfo } from '../../../wire/apps.ts';
import { privateDirectory } from '../key-file.ts';
import { stateDirectory } from './secrets.ts';

const DAY = 24 * 3600 * 1000;

/** The preload that makes `*.localhost` resolve in an app's Node process (NODE_OPTIONS="--import …"). */
export const DNS_PRELOAD = fileURLToPath(new URL('./localhost-dns.mjs', import.meta.url));

/** What an app on the official framework needs to reach the emulator on `port` over HTTPS. */
export function tlsInfo(material: TlsMaterial, port: number): TlsInfo {
  const origin = `https://localhost:${port}`;
  return {
    origin,
    port,
    hosts: material.hosts,
    caPath: material.caPath,
    dnsPreload: DNS_PRELOAD,
    crowdinUrls: { accountUrl: `${origin}/oauth/token`, apiDomain: `localhost:${port}` },
  };
}

/** The environment of an app's Node process that trusts the CA and resolves `*.localhost`. */
export function appEnvironment(info: Pick<TlsInfo, 'caPath' | 'dnsPreload'>): Record<string, string> {
  return { NODE_EXTRA_CA_CERTS: info.caPath, NODE_OPTIONS: `--import ${info.dnsPreload}` };
}

export interface TlsMaterial {
  /** The server certificate (PEM) and its private key. */
  cert: string;
  key: string;
  /** The CA that issued it: trust this file (NODE_EXTRA_CA_CERTS). */
  caPath: string;
  hosts: string[];
}

/** The names a framework app calls the emulator by: `localhost`, and `{organization}.localhost` for Enterprise. */
export function tlsHosts(organization: string | null, extra: readonly string[] = []): string[] {
  return [
    ...new Set([
      'localhost',
      ...(organization ? [`${organization}.localhost`] : []),
      ...extra,
      '127.0.0.1',
      '::1',
    ]),
  ];
}

function rsaKeys(): { privateKey: string; publicKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** A positive serial number (the high bit clear). */
const serial = () => `7${randomBytes(15).toString('hex')}`;

/** The CA of `dir` (made on first use), and a server certificate from it for `hosts`. */
export async function tlsMaterial(
  hosts: string[],
  dir = join(stateDirectory(), 'tls'),
): Promise<TlsMaterial> {
  const { default: forge } = await import('node-forge');
  const { pki } = forge;
  privateDirectory(dir);
  const caPath = join(dir, 'ca.pem');
  const caKeyPath = join(dir, 'ca-key.pem');
  const now = Date.now();
  const sha256 = () => forge.md.sha256.create();

  let ca: ReturnType<typeof pki.createCertificate>;
  let caKey: ReturnType<typeof pki.privateKeyFromPem>;
  if (existsSync(caPath) && existsSync(caKeyPath)) {
    ca = pki.certificateFromPem(readFileSync(caPath, 'utf8'));
    caKey = pki.privateKeyFromPem(readFileSync(caKeyPath, 'utf8'));
  } else {
    const keys = rsaKeys();
    caKey = pki.privateKeyFromPem(keys.privateKey);
    ca = pki.createCertificate();
    ca.publicKey = pki.publicKeyFromPem(keys.publicKey);
    ca.serialNumber = serial();
    ca.validity.notBefore = new Date(now - DAY);
    ca.validity.notAfter = new Date(now + 10 * 365 * DAY);
    const name = [
      { name: 'commonName', value: 'CroQL emulator local CA' },
      { name: 'organizationName', value: 'CroQL Playground' },
    ];
    ca.setSubject(name);
    ca.setIssuer(name);
    ca.setExtensions([
      { name: 'basicConstraints', cA: true, pathLenConstraint: 0, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
      { name: 'subjectKeyIdentifier' },
    ]);
    ca.sign(caKey, sha256());
    writeFileSync(caKeyPath, keys.privateKey, { mode: 0o600 });
    writeFileSync(caPath, pki.certificateToPem(ca), { mode: 0o644 });
  }

  const keys = rsaKeys();
  const cert = pki.createCertificate();
  cert.publicKey = pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(now - DAY);
  cert.validity.notAfter = new Date(now + 365 * DAY);
  cert.setSubject([{ name: 'commonName', value: 'localhost' }]);
  cert.setIssuer(ca.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: hosts.map((h) => (isIP(h) ? { type: 7, ip: h } : { type: 2, value: h })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(caKey, sha256());
  return { cert: pki.certificateToPem(cert), key: keys.privateKey, caPath, hosts };
}
