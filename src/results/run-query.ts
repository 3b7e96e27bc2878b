// The pages of a run: the infinite query the results table shows and Fetch all extends.
import { infiniteQueryOptions, keepPreviousData, skipToken } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { croqlParam, fetchListingPage, type ListingPage } from '../rows/pages.ts';
import { listingPath } from '../wire/listings.ts';
import type { RunRequest } from '../workspace/run.ts';

/** The endpoint of a run, or null when its target is incomplete. */
export function runPath(run: RunRequest): string | null {
  const target = listingPath(run.context, run.target);
  return target.ok ? target.path : null;
}

/**
 * The pages of one run (each press of Run has its own key, through its nonce). Idle (skipToken) while
 * signed out, before the first run, or while the run's target is incomplete.
 */
export function runQueryOptions(client: ApiClient | null, run: RunRequest | null) {
  const path = run ? runPath(run) : null;
  const ready = client && run && path ? { client, run, path } : null;
  return infiniteQueryOptions({
    queryKey: keys.run(client?.baseUrl ?? null, path, run?.text ?? '', run?.nonce ?? 0),
    queryFn: ready
      ? ({ pageParam, signal }) =>
          fetchListingPage(
            ready.client,
            ready.run.context,
            ready.path,
            croqlParam(ready.run.text),
            pageParam,
            signal,
          )
      : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last: ListingPage) => (last.full ? last.offset + last.rows.length : undefined),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    // Every run has its own key (nonce); an old run's rows (up to 100,000) need not stay cached for long.
    gcTime: 30_000,
  });
}
