// The page's one piece of server state: the step's settings and the project's names, from the router's
// backend with the page's JWT.
import { queryOptions, skipToken } from '@tanstack/react-query';
import type { PageState } from '../page-state.ts';

export interface PageParams {
  jwt: string | null;
  stepId: string | null;
}

export function pageStateQuery({ jwt, stepId }: PageParams) {
  return queryOptions({
    queryKey: ['router-page-state', stepId],
    queryFn: jwt
      ? async ({ signal }): Promise<PageState> => {
          const url = new URL('../api/state', location.href);
          if (stepId) url.searchParams.set('stepId', stepId);
          const res = await fetch(url, { headers: { Authorization: `Bearer ${jwt}` }, signal });
          const body = (await res.json().catch(() => null)) as PageState & { error?: { message?: string } };
          if (!res.ok) throw new Error(body?.error?.message ?? `The router answered ${res.status}.`);
          return body;
        }
      : skipToken,
    staleTime: Infinity,
    retry: 1,
  });
}
