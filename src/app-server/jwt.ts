// The service's JWT, the proof a call or page comes from Crowdin for an app: HS256 with the OAuth client
// secret; claims `aud`, `sub`, `domain`, `context`, `iat`, `exp`, maybe `module` (Crowdin's security page;
// the official functions library's JwtPayload), from `Authorization: Bearer` or a page's `jwtToken`. Both of
// the project's Crowdin apps check it here.
import { verify } from 'hono/jwt';
import { organizationKey } from './installation.ts';

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
  if (exp === null || exp + LEEWAY_S < nowS)
    throw new JwtError('The token has expired: reload the page.', 'expired');
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
