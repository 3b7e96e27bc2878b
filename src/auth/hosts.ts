// Where a token may go. The sign-in, the restored session, the pending sign-in and every API request check
// their API URL with `isAllowedApiUrl`: the service's hosts over HTTPS, or exactly the configured emulator.
import type { AuthConfig, ConnectionKind } from '../wire/connection.ts';

/** The hosts of the real service an API URL may point at (besides the configured emulator). */
const SERVICE_API_HOST = 'api.crowdin.com';

/**
 * An enterprise organization domain is one DNS label (`acme`, `my-org`): never a URL, a dotted host, a
 * port or a path, so a link or a settings field can never point the app's token at another host.
 */
export function isValidOrganizationDomain(domain: string): boolean {
  return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(domain);
}

/** The app server's `GET /auth/config`; throws with a message for a person when it is unavailable. */
export async function fetchAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const unavailable = (detail: string) =>
    new Error(
      `Sign-in settings are unavailable (${detail}): the app server’s /auth/config route is missing. Start the app with \`npm start\` (or \`npm run dev\`) and reload.`,
    );
  const response = await fetch('/auth/config', signal ? { signal } : {});
  if (!response.ok) throw unavailable(`HTTP ${response.status}`);
  try {
    return (await response.json()) as AuthConfig;
  } catch {
    throw unavailable('not JSON');
  }
}

/** The API base URL (ending in `/api/v2`) for a connection; throws with a user-facing message when impossible. */
export function apiUrlFor(config: AuthConfig, connection: ConnectionKind, domain: string | null): string {
  if (connection !== 'enterprise') return stripSlash(config[connection].apiUrl);
  if (!domain || !isValidOrganizationDomain(domain)) {
    throw new Error(
      'Enter your organization domain: the part before ".crowdin.com" in your organization address (for example "acme").',
    );
  }
  return stripSlash(config.enterprise.apiUrlTemplate.replace('{domain}', domain.toLowerCase()));
}

export function authorizeUrlFor(config: AuthConfig, connection: ConnectionKind): string {
  return config[connection].authorizeUrl;
}

export function configuredClientId(config: AuthConfig, connection: ConnectionKind): string | null {
  return config[connection].clientId;
}

/**
 * Whether an API URL is one the app may send a token to: the service's hosts over HTTPS
 * (`api.crowdin.com`, `<domain>.api.crowdin.com`) or exactly the configured emulator's origin.
 */
export function isAllowedApiUrl(url: string, config: Pick<AuthConfig, 'emulator'>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  try {
    if (parsed.origin === new URL(config.emulator.apiUrl).origin) return true;
  } catch {
    // a broken emulator URL in the config allows nothing
  }
  if (parsed.protocol !== 'https:' || parsed.port !== '') return false;
  if (parsed.hostname === SERVICE_API_HOST) return true;
  const suffix = `.${SERVICE_API_HOST}`;
  if (!parsed.hostname.endsWith(suffix)) return false;
  return isValidOrganizationDomain(parsed.hostname.slice(0, -suffix.length));
}

/** The message when a token would go to a host outside the allow-list. */
export function refusedHostMessage(url: string): string {
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // keep the text as it is
  }
  return `Refusing to send your token to ${host}: it is not a host of the service or the configured emulator. Sign in again.`;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
