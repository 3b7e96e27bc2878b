// Proof that a call comes from the service. Webhook deliveries carry `X-Crowdin-Signature`, checked by the
// one rule of src/wire/signature.ts over the raw body with the installation's app secret. Settings callbacks and the settings page carry a JWT (HS256 with the OAuth
// client secret; claims `aud`, `sub`, `domain`, `context`, `iat`, `exp`, maybe `module`), from
// `Authorization: Bearer` or the page's `jwtToken`. Crowdin's security page; the official framework reads the
// same claims.
import { createHmac } from 'node:crypto';
import { verify } from 'hono/jwt';
import { signatureMatches } from '../../wire/signature.ts';
import { organizationKey } from './store.ts';

export function signatureOf(body: Uint8Array, appSecret: string): string {
  return createHmac('sha256', appSecret).update(body).digest('hex');
}

/** Whether `header` is the body's signature with this secret. */
export function verifySignature(body: Uint8Array, header: string | undefined, appSecret: string): boolean {
  return signatureMatches(header, signatureOf(body, appSecret));
}

/** What a verified service JWT tells the router. */
export interface ServiceClaims {
  /** The installation's key (store.ts organizationKey). */
  organization: string;
  organizationId: number | null;
  domain: string | null;
  userId: string;
  projectId: number | null;
  module: string | null;
  /** Anything else the context carries (a step id, if the host gives one). */
  context: Record<string, unknown>;
}

export class JwtError extends Error {}

/** Clocks drift: a token a little early or late is still the service's. */
const LEEWAY_S = 60;

const asNumber = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

/** Verifies a service JWT with the OAuth client's secret and id; throws JwtError with the reason. */
export async function verifyServiceJwt(
  token: string,
  client: { clientId: string; clientSecret: string },
  nowS = Math.floor(Date.now() / 1000),
): Promise<ServiceClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = (await verify(token, client.clientSecret, {
      alg: 'HS256',
      aud: client.clientId,
      exp: false,
      iat: false,
      nbf: false,
    })) as Record<string, unknown>;
  } catch (e) {
    throw new JwtError(`The token is not the service's for this app (${(e as Error).name}).`);
  }
  const exp = asNumber(payload.exp);
  if (exp === null || exp + LEEWAY_S < nowS) throw new JwtError('The token has expired: reload the page.');
  const iat = asNumber(payload.iat);
  if (iat !== null && iat - LEEWAY_S > nowS) throw new JwtError('The token is issued in the future.');
  const context = (
    typeof payload.context === 'object' && payload.context !== null ? payload.context : {}
  ) as Record<string, unknown>;
  const domain = typeof payload.domain === 'string' && payload.domain !== '' ? payload.domain : null;
  const organizationId = asNumber(context.organization_id);
  if (!domain && organizationId === null) throw new JwtError('The token names no organization.');
  return {
    organization: organizationKey(domain, organizationId ?? ''),
    organizationId,
    domain,
    userId: String(payload.sub ?? ''),
    projectId: asNumber(context.project_id),
    module: typeof payload.module === 'string' ? payload.module : null,
    context,
  };
}

/** The JWT of a request: `Authorization: Bearer`, else the `jwtToken` query parameter (as the framework). */
export function tokenOf(authorization: string | undefined, jwtToken: string | undefined): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return bearer ? bearer[1]! : jwtToken || null;
}
