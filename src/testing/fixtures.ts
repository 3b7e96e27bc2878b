// Fixtures shared by unit tests in several folders (imported only from *.test.ts files).
import type { Session } from '../auth/session.ts';
import type { Row } from '../rows/rows.ts';
import type { AuthConfig } from '../wire/connection.ts';

/** `/auth/config` as the app server answers it with only the emulator client configured. */
export const emulatorOnlyAuthConfig: AuthConfig = {
  emulator: {
    apiUrl: 'http://127.0.0.1:8787/api/v2',
    authorizeUrl: 'http://127.0.0.1:8787/oauth/authorize',
    clientId: 'croql-playground',
  },
  standard: {
    apiUrl: 'https://api.crowdin.com/api/v2',
    authorizeUrl: 'https://accounts.crowdin.com/oauth/authorize',
    clientId: null,
  },
  enterprise: {
    apiUrlTemplate: 'https://{domain}.api.crowdin.com/api/v2',
    authorizeUrl: 'https://accounts.crowdin.com/oauth/authorize',
    clientId: null,
  },
  scopes: 'project tm glossary',
};

/** An in-memory Storage, to stub sessionStorage/localStorage in tests that run without a DOM. */
export function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

/** An access token whose payload names `domain`, as the service's enterprise tokens do (unsigned: the app only reads it). */
export function jwtForDomain(domain: string | null): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
  return `${part({ alg: 'RS256' })}.${part({ sub: '1', domain })}.sig`;
}

/**
 * Listing rows with only the fields a test names: the readers of rows (src/rows/) expect any field to be
 * missing, since rows arrive as JSON.
 */
export const partialRows = (rows: readonly Record<string, unknown>[]): Row[] => rows as unknown as Row[];
export const partialRow = (row: Record<string, unknown>): Row => row as unknown as Row;

/** A signed-in emulator session. */
export const testSession = (overrides: Partial<Session> = {}): Session => ({
  connection: 'emulator',
  domain: null,
  apiUrl: 'http://127.0.0.1:8787/api/v2',
  clientId: null,
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  expiresAt: Date.now() + 3_600_000,
  scope: 'project',
  ...overrides,
});
