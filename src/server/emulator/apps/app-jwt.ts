// The one place that signs the JWTs the emulator sends to apps (settings callbacks, module calls, settings
// pages): HS256 with the OAuth client's secret, the claims the docs name (security.mdx: aud, sub, domain,
// context, iat, exp; the example's lifetime is 900 s) and `module`, which the official framework checks
// against the route's module key.
import type { ModuleContext } from '../../../wire/app-modules.ts';
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
  /** The page's context (apps-js.mdx's ContextDataObject; `editor` only for an editor panel). */
  context: ModuleContext;
  iat: number;
  exp: number;
}

export interface AppJwtArgs {
  /** The user on whose behalf the emulator calls (the installer by default). */
  user?: { id: number; username: string };
  moduleKey?: string;
  project?: { id: number; identifier: string };
  /** The organization domain; null on crowdin.com. */
  domain: string | null;
  /** Milliseconds since the epoch. */
  now: number;
  /** An editor panel's editor context. */
  editor?: ModuleContext['editor'];
}

/** The claims of a JWT to the app, as appJwt signs them. */
export function appJwtClaims(app: Installation, args: AppJwtArgs): AppJwtClaims {
  const user = args.user ?? app.installer;
  const iat = Math.floor(args.now / 1000);
  return {
    aud: app.client?.id ?? '',
    sub: String(user.id),
    domain: args.domain,
    ...(args.moduleKey === undefined ? {} : { module: args.moduleKey }),
    context: {
      ...(args.project ? { project_id: args.project.id, project_identifier: args.project.identifier } : {}),
      organization_id: ORGANIZATION_ID,
      ...(args.domain ? { organization_domain: args.domain } : {}),
      user_id: user.id,
      user_login: user.username,
      ...(args.editor ? { editor: args.editor } : {}),
    },
    iat,
    exp: iat + APP_JWT_TTL_SECONDS,
  };
}

export function appJwt(app: Installation, args: AppJwtArgs): string {
  if (!app.client) {
    throw new ControlError(
      409,
      'noClient',
      `"${app.appId}" has no OAuth app (authentication ${app.authType}), whose secret signs the JWT of calls to apps.`,
    );
  }
  return signJwt(appJwtClaims(app, args), app.client.secret);
}
