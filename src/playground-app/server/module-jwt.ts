// Who may call the app server's API: the bearer of a module JWT the service issued for one of this app's
// modules (src/app-server/jwt.ts checks signature, audience and expiry), in an organization where the app is
// installed, naming a project and a user. Anything else is refused with the contract's code
// (src/wire/playground-app.ts PlaygroundRefusal) and a message that says what to do.
import { checkServiceJwt, JwtError, tokenOf, type ServiceClaims } from '../../app-server/jwt.ts';
import type { AppInstallation } from '../../app-server/installation.ts';
import {
  PLAYGROUND_MODULES,
  type PlaygroundContext,
  type PlaygroundRefusal,
} from '../../wire/playground-app.ts';

export interface Refusal {
  status: 401 | 403 | 409;
  code: PlaygroundRefusal;
  message: string;
}

/** A request the app server answers: its verified claims, the installation and the page's context. */
export interface ModuleCaller {
  claims: ServiceClaims;
  installation: AppInstallation;
  context: PlaygroundContext;
}

const MODULE_KEYS: readonly string[] = Object.values(PLAYGROUND_MODULES).map((m) => m.key);

export const refusal = (status: Refusal['status'], code: PlaygroundRefusal, message: string): Refusal => ({
  status,
  code,
  message,
});

/** The caller of a request with this `Authorization` header, or why it is refused (no I/O: synchronous). */
export function moduleCaller(
  authorization: string | undefined,
  client: { clientId: string; clientSecret: string; emulator?: string | null },
  installationOf: (organization: string) => AppInstallation | undefined,
): ModuleCaller | Refusal {
  // Only the header: a token in the URL would end up in logs and in the Referer.
  const token = tokenOf(authorization, undefined);
  if (!token) {
    return refusal(
      401,
      'jwtMissing',
      'No module token: send the page\'s jwtToken (or a fresh one from AP.getJwtToken) as "Authorization: Bearer …".',
    );
  }
  let claims: ServiceClaims;
  try {
    claims = checkServiceJwt(token, client);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    return e.problem === 'expired'
      ? refusal(401, 'jwtExpired', `${e.message} (or ask AP.getJwtToken for a fresh token).`)
      : refusal(401, 'jwtInvalid', e.message);
  }
  if (claims.module === null || !MODULE_KEYS.includes(claims.module)) {
    return refusal(
      401,
      'jwtInvalid',
      `The token is for ${claims.module === null ? 'no module' : `the module "${claims.module}"`}, not for one of CroQL Playground's (${MODULE_KEYS.join(', ')}): open the playground from its own page in Crowdin.`,
    );
  }
  const userId = Number(claims.userId);
  if (claims.projectId === null || !Number.isSafeInteger(userId) || userId <= 0) {
    return refusal(401, 'jwtInvalid', 'The token names no project or no user: open the page from a project.');
  }
  const installation = installationOf(claims.organization);
  if (!installation || installation.clientId !== client.clientId) {
    return refusal(
      403,
      'notInstalled',
      `CroQL Playground is not installed for ${claims.organization}: an administrator installs it from its manifest URL.`,
    );
  }
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    claims,
    installation,
    context: {
      projectId: claims.projectId,
      projectIdentifier: text(claims.context.project_identifier),
      userId,
      userLogin: text(claims.context.user_login),
      organizationId: claims.organizationId ?? installation.organizationId,
      domain: claims.domain,
      edition: claims.domain ? 'enterprise' : 'crowdin',
      moduleKey: claims.module,
      // The page loads the emulator's bridge only from the Crowdin its context names (src/auth/app-mode.ts,
      // bridgeUrlFor). The emulator's installed event says the service's web address, as the service does
      // (https://crowdin.com, https://{domain}.crowdin.com), which is not where the emulator is: against the
      // emulator, its own address stands for Crowdin's pages, or no bridge would ever load.
      crowdinBaseUrl: client.emulator ? new URL(client.emulator).origin : installation.baseUrl,
    },
  };
}
