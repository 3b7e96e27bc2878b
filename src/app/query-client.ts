import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../connection/api.ts';

/** The one TanStack cache. Sign-out clears it so no data of the last account stays around. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      // Retrying cannot fix a rejected query, a missing resource or a signed-out session.
      retry: (failureCount, error) =>
        failureCount < 2 &&
        (!(error instanceof ApiError) || error.kind === 'network' || error.kind === 'server'),
    },
  },
});
