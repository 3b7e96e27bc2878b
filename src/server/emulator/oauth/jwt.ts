// HS256 JSON Web Tokens with node:crypto: enough for an emulator whose tokens only it verifies. Decoding is
// strict (RFC 7515/7519): exactly our header, canonical base64url without padding, a JSON object payload
// whose claims have their types, so no other spelling of a token is ever accepted.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface TokenClaims {
  /** The user id, as a string. */
  sub: string;
  /** Space-separated scopes. */
  scope: string;
  /** Seconds since the epoch. */
  iat: number;
  /** Seconds since the epoch; absent on personal access tokens. */
  exp?: number;
  jti: string;
  /** The OAuth client the token was issued to. */
  aud?: string;
  /** Enterprise organization domain. */
  domain?: string;
  /** `pat` for personal access tokens; `crowdin_app` / `crowdin_agent` for an installed app's tokens. */
  typ?: string;
  /** The installed app (its identifier) a `crowdin_app` / `crowdin_agent` token was issued to. */
  app?: string;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Signs any claims with HS256: the emulator's tokens, and the JWTs it sends to apps (apps/app-jwt.ts). */
export function signJwt(claims: object, key: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** Bytes of a base64url segment, or null unless it is the canonical (re-encodable) spelling. */
function decodeSegment(segment: string): Buffer | null {
  if (!BASE64URL.test(segment)) return null;
  const bytes = Buffer.from(segment, 'base64url');
  return bytes.toString('base64url') === segment ? bytes : null;
}

const isString = (v: unknown) => typeof v === 'string';
const isTime = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** The claims of a well-formed token signed with `key`, or null. Expiry is the caller's business. */
export function verifyJwt(token: string, key: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const given = decodeSegment(parts[2]!);
  const payload = decodeSegment(parts[1]!);
  if (!given || !payload) return null;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(payload.toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return null;
  const c = claims as Record<string, unknown>;
  if (!isString(c.sub) || !isString(c.scope) || !isString(c.jti) || !isTime(c.iat)) return null;
  // An `exp` that is present must be a time: `"exp": "never"` is not a token without expiry.
  if ('exp' in c && !isTime(c.exp)) return null;
  for (const name of ['aud', 'domain', 'typ', 'app'] as const)
    if (name in c && !isString(c[name])) return null;
  return c as unknown as TokenClaims;
}
