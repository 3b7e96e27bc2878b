// The one place that signs the JWTs the emulator sends to apps (settings callbacks, module calls, settings
// pages): HS256 with the OAuth client's secret, the claims the docs name (security.mdx: aud, sub, domain,
// context, iat, exp; the example's lifetime is 900 s) and `module`, which the official framework checks
// against the route's module key.
import { signJwt } from '../oauth/jwt.ts';
import { ControlError } from './errors.ts';
import type { Installation } from './installations.ts';
import { ORGANIZATION_ID } from './options.ts';

/** The docs' example JWT lives 900 s. */
export const APP_JWT_TTL_SECONDS = 900;

export interface AppJwtClaims {
  aud: string;
  sub: string;
  domain: string | null;
  module?: string;
  context: {
    project_id?: number;
    project_identifier?: string;
    organization_id: number;
    organization_domain?: string;
    user_id: number;
    user_login?: string;
  };
  iat: number;
  exp: number;
}

export function appJwt(
  app: Installation,
  args: {
    /** The user on whose behalf the emulator calls (the installer by default). */
    user?: { id: number; username: string };
    moduleKey?: string;
    project?: { id: number; identifier: string };
    /** The organization domain; null on crowdin.com. */
    domain: string | null;
    /** Milliseconds since the epoch. */
    now: number;
  },
): string {
  if (!app.client) {
    throw new ControlError(
      409,
      'noClient',
      `"${app.appId}" has no OAuth app (authentication ${app.authType}), whose secret signs the JWT of calls to apps.`,
    );
  }
  const user = args.user ?? app.installer;
  const iat = Math.floor(args.now / 1000);
  const claims: AppJwtClaims = {
    aud: app.client.id,
    sub: String(user.id),
    domain: args.domain,
    ...(args.moduleKey === undefined ? {} : { module: args.moduleKey }),
    context: {
      ...(args.project ? { project_id: args.project.id, project_identifier: args.project.identifier } : {}),
      organization_id: ORGANIZATION_ID,
      ...(args.domain ? { organization_domain: args.domain } : {}),
      user_id: user.id,
      user_login: user.username,
    },
    iat,
    exp: iat + APP_JWT_TTL_SECONDS,
  };
  return signJwt(claims, app.client.secret);
}
