// One page of a listing through the app's API client, and the query factory for the pages of a run.
import type { ListEnvelope as WireListEnvelope } from '../wire/envelope.ts';
import { infiniteQueryOptions, keepPreviousData, skipToken } from '@tanstack/react-query';
import { ApiError, buildUrl, type ApiClient, type ApiResponse } from '../connection/api.ts';
import { listingPath } from '../wire/listings.ts';
import type { ContextName } from '../croql/types.ts';
import { PAGE_SIZE } from './page-size.ts';
import { useInspectorStore } from '../rows/requests.ts';
import type { Row } from './listings.ts';
import type { RunRequest } from '../workspace/run.ts';

export interface ListingPage {
  /** The listing the rows come from (the columns follow it, even while a newer run is pending). */
  context: ContextName;
  offset: number;
  rows: Row[];
  /** A full page means there may be more. */
  full: boolean;
  elapsedMs: number;
}

/** A body that may not be the envelope after all (a proxy's page): every part optional. */
type ListEnvelope = Partial<WireListEnvelope<Row>>;

export function croqlParam(text: string): string | undefined {
  return text.trim() === '' ? undefined : text;
}

export async function fetchListingPage(
  client: ApiClient,
  context: ContextName,
  path: string,
  croql: string | undefined,
  offset: number,
  signal: AbortSignal,
  limit = PAGE_SIZE,
): Promise<ListingPage> {
  const params = { croql, limit, offset };
  const inspector = useInspectorStore.getState().actions;
  // Listed before it is sent, so a request that gets no answer shows as waiting
  // (src/results/WaitingNotice.tsx).
  const id = inspector.send(buildUrl(client.baseUrl, path, params));
  const started = performance.now();
  let response: ApiResponse<ListEnvelope>;
  try {
    response = await client.get<ListEnvelope>(path, params, signal);
  } catch (error) {
    // A failed request stays listed: its URL, status and body are what one needs to see. An aborted one
    // (cancelled, or past the end of Fetch all) leaves the list.
    if (error instanceof ApiError) {
      const elapsedMs = Math.round(performance.now() - started);
      inspector.settle(id, { status: error.status, elapsedMs, size: sizeOf(error.body), body: error.body });
    } else inspector.drop(id);
    throw error;
  }
  const { status, elapsedMs, body, headers } = response;
  inspector.settle(id, { status, elapsedMs, size: sizeOf(body, headers), body });
  const rows = (body?.data ?? []).map((item) => item.data);
  return { context, offset, rows, full: rows.length >= limit, elapsedMs };
}

/** Bytes of a response body: its Content-Length, else the length of its text. */
function sizeOf(body: unknown, headers?: Headers): number {
  const length = Number(headers?.get('Content-Length'));
  if (Number.isFinite(length) && length > 0) return length;
  if (body == null) return 0;
  return typeof body === 'string' ? body.length : JSON.stringify(body).length;
}

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
    queryKey: ready
      ? (['api', ready.client.baseUrl, 'run', ready.path, ready.run.text, ready.run.nonce] as const)
      : (['api', 'run', 'idle'] as const),
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

export const retryAfterOf = (error: unknown): number | null =>
  error instanceof ApiError && error.kind === 'rateLimited' ? (error.retryAfterSeconds ?? 1) : null;
