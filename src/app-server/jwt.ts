// The service's JWT, the proof a call or page comes from Crowdin for an app: HS256 with the OAuth client
// secret; claims `aud`, `sub`, `domain`, `context`, `iat`, `exp`, maybe `module` (Crowdin's security page;
// the official functions library's JwtPayload), from `Authorization: Bearer` or a page's `jwtToken`. Both of
// the project's Crowdin apps check it here.
//
// The check is synchronous, with node:crypto's HMAC: WebCrypto (hono/jwt) imports the key and hops through
// promises on every call, which under load was the largest part of what CroQL Playground's app server added
// to each proxied read (src/bench/panel-count.bench.ts). A page sends the same token with every request, so
// a verified token's claims are kept until it expires; only the time checks run again.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { integer, organizationKey } from './installation.ts';

/** What a verified service JWT tells the app. */
export interface ServiceClaims {
  /** The installation's key (installation.ts organizationKey). */
  organization: string;
  organizationId: number | null;
  domain: string | null;
  userId: string;
  projectId: number | null;
  module: string | null;
  /** Anything else the context carries (a step id, if the host gives one). */
  context: Record<string, unknown>;
}

/** Why a token is refused: not the service's for this app (or unreadable), or out of date. */
export type JwtProblem = 'invalid' | 'expired';

export class JwtError extends Error {
  constructor(
    message: string,
    readonly problem: JwtProblem = 'invalid',
  ) {
    super(message);
  }
}

/** Clocks drift: a token a little early or late is still the service's. */
const LEEWAY_S = 60;

interface Client {
  clientId: string;
  clientSecret: string;
}

/**
 * Verifies a service JWT with the OAuth client's secret and id; rejects with JwtError and the reason. The
 * same check as checkServiceJwt, for callers that await it.
 */
export async function verifyServiceJwt(
  token: string,
  client: Client,
  nowS = Math.floor(Date.now() / 1000),
): Promise<ServiceClaims> {
  return checkServiceJwt(token, client, nowS);
}

/** Verifies a service JWT with the OAuth client's secret and id; throws JwtError with the reason. */
export function checkServiceJwt(
  token: string,
  client: Client,
  nowS = Math.floor(Date.now() / 1000),
): ServiceClaims {
  const known = verified.get(token);
  if (known && known.clientId === client.clientId && known.clientSecret === client.clientSecret) {
    checkTimes(known.exp, known.iat, nowS);
    return known.claims;
  }
  let payload: Record<string, unknown>;
  try {
    payload = verifyHs256(token, client);
  } catch (e) {
    throw new JwtError(`The token is not the service's for this app (${(e as Error).name}).`);
  }
  const exp = integer(payload.exp);
  const iat = integer(payload.iat);
  checkTimes(exp, iat, nowS);
  const context = Object.freeze(
    (typeof payload.context === 'object' && payload.context !== null ? payload.context : {}) as Record<
      string,
      unknown
    >,
  );
  const domain = typeof payload.domain === 'string' && payload.domain !== '' ? payload.domain : null;
  const organizationId = integer(context.organization_id);
  if (!domain && organizationId === null) throw new JwtError('The token names no organization.');
  const claims: ServiceClaims = Object.freeze({
    organization: organizationKey(domain, organizationId ?? ''),
    organizationId,
    domain,
    userId: String(payload.sub ?? ''),
    projectId: integer(context.project_id),
    module: typeof payload.module === 'string' ? payload.module : null,
    context,
  });
  remember(token, { ...client, exp: exp!, iat, claims });
  return claims;
}

function checkTimes(exp: number | null, iat: number | null, nowS: number): void {
  if (exp === null || exp + LEEWAY_S < nowS)
    throw new JwtError('The token has expired: reload the page.', 'expired');
  if (iat !== null && iat - LEEWAY_S > nowS) throw new JwtError('The token is issued in the future.');
}

// -----------------------------------------------------------------------------------------------------------
// Verified tokens, by the token string

interface Verified extends Client {
  exp: number;
  iat: number | null;
  claims: ServiceClaims;
}

/** Enough for every open page of a busy server; past it the oldest goes (a Map iterates in insertion order). */
const MAX_VERIFIED = 1000;
const verified = new Map<string, Verified>();

function remember(token: string, entry: Verified): void {
  if (verified.size >= MAX_VERIFIED) {
    const nowS = Math.floor(Date.now() / 1000);
    for (const [t, v] of verified) if (v.exp + LEEWAY_S < nowS) verified.delete(t);
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
  }
  verified.set(token, entry);
}

// -----------------------------------------------------------------------------------------------------------
// The JWS check (RFC 7515, HS256), as hono/jwt's verify did it with `alg: 'HS256'` and the audience: the same
// order of checks and the same names in the refusal's message.

/** The header's `alg` values a JWT may name (RFC 7518); any other makes the header invalid. */
const ALGORITHMS = new Set([
  'HS256',
  'HS384',
  'HS512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
]);

const refused = (name: string): Error => Object.assign(new Error(name), { name });

function decodePart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw refused('JwtTokenInvalid');
  }
}

function validHeader(header: unknown): header is { alg: string } {
  if (typeof header !== 'object' || header === null) return false;
  const h = header as Record<string, unknown>;
  const typ = (t: string) => t.toLowerCase().replace(/^application\//, '');
  return (
    typeof h.alg === 'string' &&
    ALGORITHMS.has(h.alg) &&
    (!('typ' in h) || (typeof h.typ === 'string' && typ(h.typ) === 'jwt')) &&
    !('crit' in h)
  );
}

/** The payload of a JWT signed with HS256 by the client's secret for the client's id; throws otherwise. */
function verifyHs256(token: string, client: Client): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw refused('JwtTokenInvalid');
  const header = decodePart(parts[0]!);
  const payload = decodePart(parts[1]!);
  if (!validHeader(header)) throw refused('JwtHeaderInvalid');
  if (header.alg !== 'HS256') throw refused('JwtAlgorithmMismatch');
  if (typeof payload !== 'object' || payload === null) throw refused('JwtPayloadRequiresAud');
  const claims = payload as Record<string, unknown>;
  if (!claims.aud) throw refused('JwtPayloadRequiresAud');
  const audiences: unknown[] = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(client.clientId)) throw refused('JwtTokenAudience');
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(parts[2]!)) throw refused('JwtTokenInvalid');
  const signature = Buffer.from(parts[2]!, 'base64url');
  const expected = createHmac('sha256', client.clientSecret).update(`${parts[0]}.${parts[1]}`).digest();
  if (signature.length !== expected.length || !timingSafeEqual(signature, expected))
    throw refused('JwtTokenSignatureMismatched');
  return claims;
}

/** The JWT of a request: `Authorization: Bearer`, else the `jwtToken` query parameter (as the framework). */
export function tokenOf(authorization: string | undefined, jwtToken: string | undefined): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return bearer ? bearer[1]! : jwtToken || null;
}
