// Server-side sign-in settings of the app: where each connection signs in, and the client credentials the
// browser never sees. Read from the environment once per app-server start.
import type { AuthConfig } from '../../wire/connection.ts';
import { APP_SCOPES } from '../../wire/scopes.ts';
import { DEMO_CLIENT } from '../emulator/config.ts';

export const ACCOUNTS_ORIGIN = 'https://accounts.crowdin.com';
export const SCOPES = APP_SCOPES.join(' ');

export interface RelayConfig {
  emulatorUrl: string;
  /** The real service's OAuth client (standard and enterprise), or null when not configured. */
  clientId: string | null;
  clientSecret: string | null;
  /** Hosts the relay may forward to: the accounts host and the emulator's (loopback only). */
  allowedHosts: ReadonlySet<string>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function relayConfig(env: Record<string, string | undefined> = process.env): RelayConfig {
  const emulatorUrl = (env.CROQL_EMULATOR_URL || 'http://127.0.0.1:8787').replace(/\/+$/, '');
  const allowed = new Set<string>([new URL(ACCOUNTS_ORIGIN).host]);
  let emulatorHost: URL | null = null;
  try {
    emulatorHost = new URL(emulatorUrl);
  } catch {
    // an unparsable URL simply never matches the allow-list
  }
  // The emulator is a local tool: forwarding tokens to a remote "emulator" is refused unless listed.
  const extra = (env.CROQL_RELAY_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  if (emulatorHost && (LOOPBACK.has(emulatorHost.hostname) || extra.includes(emulatorHost.host))) {
    allowed.add(emulatorHost.host);
  }
  return {
    emulatorUrl,
    clientId: env.CROQL_CLIENT_ID || null,
    clientSecret: env.CROQL_CLIENT_SECRET || null,
    allowedHosts: allowed,
  };
}

export function authConfigBody(config: RelayConfig): AuthConfig {
  const accounts = `${ACCOUNTS_ORIGIN}/oauth/authorize`;
  return {
    emulator: {
      apiUrl: `${config.emulatorUrl}/api/v2`,
      authorizeUrl: `${config.emulatorUrl}/oauth/authorize`,
      clientId: DEMO_CLIENT.id,
    },
    standard: { apiUrl: 'https://api.crowdin.com/api/v2', authorizeUrl: accounts, clientId: config.clientId },
    enterprise: {
      apiUrlTemplate: 'https://{domain}.api.crowdin.com/api/v2',
      authorizeUrl: accounts,
      clientId: config.clientId,
    },
    scopes: SCOPES,
  };
}
