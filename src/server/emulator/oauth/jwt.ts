// HS256 JSON Web Tokens with node:crypto: enough for an emulator whose tokens only it verifies.
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
  /** `pat` for personal access tokens. */
  typ?: string;
}

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function base64url(data: string | Buffer): string {
  return Buffer.from(data).toString('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function signJwt(claims: TokenClaims, key: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The claims of a well-formed token signed with `key`, or null. Expiry is the caller's business. */
export function verifyJwt(token: string, key: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2]!, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as TokenClaims;
    if (
      typeof claims.sub !== 'string' ||
      typeof claims.scope !== 'string' ||
      typeof claims.jti !== 'string'
    ) {
      return null;
    }
    return claims;
  } catch {
    return null;
  }
}
