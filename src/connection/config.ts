import { queryOptions } from '@tanstack/react-query';
import { fetchAuthConfig } from '../auth/hosts.ts';
import { endSessionOutsideAllowList } from '../auth/session.ts';
import type { AuthConfig, ConnectionKind } from '../wire/connection.ts';
import { keys } from './keys.ts';

// Where tokens may go is auth's to say; the connection UI reads the same functions.
export {
  apiUrlFor,
  authorizeUrlFor,
  configuredClientId,
  isAllowedApiUrl,
  isValidOrganizationDomain,
} from '../auth/hosts.ts';

export const CONNECTION_LABELS: Record<ConnectionKind, string> = {
  emulator: 'Local emulator',
  standard: 'Crowdin (standard)',
  enterprise: 'Crowdin Enterprise',
};

export function authConfigQuery() {
  return queryOptions({
    queryKey: keys.authConfig(),
    queryFn: async ({ signal }): Promise<AuthConfig> => {
      const config = await fetchAuthConfig(signal);
      // The session restored from sessionStorage is checked against the allow-list as soon as it is known.
      endSessionOutsideAllowList(config);
      return config;
    },
    staleTime: Infinity,
    retry: 1,
  });
}
