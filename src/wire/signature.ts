// The one rule of a webhook delivery's signature, for every side that signs or checks one: the emulator
// signs (src/server/emulator/apps/batch-body.ts), CroQL Router checks (src/router/server/auth.ts), the Apps
// view recomputes (src/apps/signature.ts). `X-Crowdin-Signature` is the lowercase hex HMAC-SHA256 of the raw
// request body keyed with the installation's app secret; the official framework strips a `sha256=` prefix
// and compares the rest as sent (/work/shared/crowdin-apps-notes.md, "Webhook delivery"). Every
// implementation passes the vectors in signature-vectors.json.
import { WEBHOOK_HEADERS } from './apps.ts';

export const SIGNATURE_HEADER = WEBHOOK_HEADERS.signature;
/** What a checker strips before comparing (the emulator, like the service, sends the hex alone). */
export const SIGNATURE_PREFIX = 'sha256=';

/** The signature a header carries: its value without the prefix, exactly as sent otherwise. */
export function sentSignature(header: string): string {
  return header.startsWith(SIGNATURE_PREFIX) ? header.slice(SIGNATURE_PREFIX.length) : header;
}

/**
 * Whether the header carries `expectedHex` (the body's signature, computed by the checker). The time it takes
 * does not depend on where the two differ.
 */
export function signatureMatches(header: string | null | undefined, expectedHex: string): boolean {
  if (!header) return false;
  const given = sentSignature(header);
  if (given.length !== expectedHex.length) return false;
  let difference = 0;
  for (let i = 0; i < given.length; i++) difference |= given.charCodeAt(i) ^ expectedHex.charCodeAt(i);
  return difference === 0;
}

/** The signature of a body (UTF-8 text or bytes), with Web Crypto: the browser's way, and Node's too. */
export async function hmacSha256Hex(secret: string, body: string | Uint8Array): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const bytes = typeof body === 'string' ? encoder.encode(body) : body;
  const mac = await crypto.subtle.sign('HMAC', key, bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
