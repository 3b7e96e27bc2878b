import { QueryClient, type Query } from '@tanstack/react-query';
import { onSignOut } from '../auth/session.ts';
import { ApiError } from '../connection/api.ts';
import { authConfigQuery } from '../connection/config.ts';
import { useInspectorStore } from '../rows/requests.ts';
import { useRunStore } from '../workspace/run.ts';

/** The one TanStack cache. Sign-out clears it so no data of the last account stays around. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Retrying cannot fix a rejected query, a missing resource or a signed-out session. An unreachable
      // host is reported at once with a Retry button rather than after seconds of silent retries.
      retry: (failureCount, error) =>
        failureCount < 1 && (!(error instanceof ApiError) || error.kind === 'server'),
      retryDelay: 500,
    },
  },
});

/**
 * Everything cached except the app server's sign-in settings: they belong to no account, and "Sign in
 * again" needs them at once.
 */
const isAccountData = (query: Query) => query.queryKey[0] !== authConfigQuery().queryKey[0];

/**
 * Whatever ends the session (the Sign out button, a refresh that fails, a 401 after a refresh), nothing of
 * the account stays on screen or in memory: the cached lists, the rows shown and the inspected response go.
 */
export function clearAccountData(): void {
  void queryClient.cancelQueries({ predicate: isAccountData });
  queryClient.removeQueries({ predicate: isAccountData });
  useRunStore.getState().actions.clear();
  useInspectorStore.getState().actions.clear();
}

onSignOut(clearAccountData);
