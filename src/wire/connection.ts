// Where the app signs in and sends API calls: the connection kinds and the app server's `GET /auth/config`
// answer. Written by the relay (src/server/relay/config.ts), read by the browser (src/connection/config.ts).

export type ConnectionKind = 'emulator' | 'standard' | 'enterprise';

export const CONNECTION_KINDS: readonly ConnectionKind[] = ['emulator', 'standard', 'enterprise'];

export function isConnectionKind(value: unknown): value is ConnectionKind {
  return typeof value === 'string' && (CONNECTION_KINDS as readonly string[]).includes(value);
}

export interface EndpointConfig {
  apiUrl: string;
  authorizeUrl: string;
  clientId: string | null;
}

/** The answer of the app server's `GET /auth/config`: public values only, never a secret. */
export interface AuthConfig {
  emulator: EndpointConfig;
  standard: EndpointConfig;
  /** `apiUrlTemplate` holds `{domain}`, the organization's single DNS label. */
  enterprise: { apiUrlTemplate: string; authorizeUrl: string; clientId: string | null };
  /** Space-separated scopes the app asks for at sign-in (src/wire/scopes.ts, `APP_SCOPES`). */
  scopes: string;
}

/**
 * The member the emulator adds (set to true) to its `invalid_grant` answer for a refresh token issued before
 * it restarted: it keeps sign-ins in memory, so the sign-in is gone, not expired.
 */
export const EMULATOR_RESTARTED = 'emulator_restarted';
