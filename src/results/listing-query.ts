// One page of a listing through the app's API client, and the TanStack query around the pages of a run.
import type { QueryKey } from '@tanstack/react-query';
import { ApiError, type ApiClient } from '../connection/api.ts';
import { PAGE_SIZE } from './fetch-all.ts';
import { useInspectorStore } from './inspector-store.ts';
import type { Row } from './listings.ts';
import type { ContextName } from '../croql/types.ts';

export interface ListingPage {
  /** The listing the rows come from (the columns follow it, even while a newer run is pending). */
  context: ContextName;
  offset: number;
  rows: Row[];
  /** A full page means there may be more. */
  full: boolean;
  elapsedMs: number;
}

interface ListEnvelope {
  data?: { data: Row }[];
}

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
  let response;
  try {
    response = await client.get<ListEnvelope>(path, { croql, limit, offset }, signal);
  } catch (error) {
    recordFailure(error);
    throw error;
  }
  useInspectorStore.getState().actions.record({
    url: response.url,
    status: response.status,
    elapsedMs: response.elapsedMs,
    body: response.body,
    at: Date.now(),
  });
  const rows = (response.body?.data ?? []).map((item) => item.data);
  return { context, offset, rows, full: rows.length >= limit, elapsedMs: response.elapsedMs };
}

/** Records a failed request in the inspector too: its URL, status and body are what one needs to see. */
export function recordFailure(error: unknown): void {
  if (error instanceof ApiError) {
    useInspectorStore.getState().actions.record({
      url: error.url,
      status: error.status,
      elapsedMs: 0,
      body: error.body,
      at: Date.now(),
    });
  }
}

export const runQueryKey = (client: ApiClient, path: string, text: string, nonce: number): QueryKey => [
  'api',
  client.baseUrl,
  'run',
  path,
  text,
  nonce,
];

export const retryAfterOf = (error: unknown): number | null =>
  error instanceof ApiError && error.kind === 'rateLimited' ? (error.retryAfterSeconds ?? 1) : null;
