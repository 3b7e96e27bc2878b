// One page of a listing through the app's API client, listed in the inspector from the moment it is sent.
import { ApiError, buildUrl, malformedAnswer, type ApiClient, type ApiResponse } from '../connection/api.ts';
import type { ListingName } from '../croql/index.ts';
import { readListPage } from '../wire/envelope.ts';
import { ROW_SHAPES } from '../wire/resources.ts';
import { PAGE_SIZE } from './limits.ts';
import { useInspectorStore } from './requests.ts';
import type { RowOf } from './rows.ts';

export interface ListingPage<L extends ListingName = ListingName> {
  /** The listing the rows come from (the columns follow it, even while a newer run is pending). */
  context: L;
  offset: number;
  rows: RowOf<L>[];
  /** A full page means there may be more. */
  full: boolean;
  elapsedMs: number;
}

export function croqlParam(text: string): string | undefined {
  return text.trim() === '' ? undefined : text;
}

export async function fetchListingPage<L extends ListingName>(
  client: ApiClient,
  context: L,
  path: string,
  croql: string | undefined,
  offset: number,
  signal: AbortSignal,
  limit = PAGE_SIZE,
): Promise<ListingPage<L>> {
  const params = { croql, limit, offset };
  const inspector = useInspectorStore.getState().actions;
  // Listed before it is sent, so a request that gets no answer shows as waiting
  // (src/results/WaitingNotice.tsx).
  const id = inspector.send(buildUrl(client.baseUrl, path, params));
  const started = performance.now();
  let response: ApiResponse<unknown>;
  try {
    response = await client.get<unknown>(path, params, signal);
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
  const rows = listingRows(context, response);
  return { context, offset, rows, full: rows.length >= limit, elapsedMs };
}

/**
 * The rows of a listing's answer, checked before anything reads them (src/wire/envelope.ts): a body that is
 * not the listing's page throws an ApiError that names what is wrong. Every reader of a listing's answers
 * goes through here.
 */
export function listingRows<L extends ListingName>(context: L, response: ApiResponse<unknown>): RowOf<L>[] {
  const page = readListPage<RowOf<L>>(response.body, ROW_SHAPES[context]);
  if (!page.ok) throw malformedAnswer(response.url, response.body, page.problem);
  return page.rows;
}

/** Bytes of a response body: its Content-Length, else the length of its text. */
function sizeOf(body: unknown, headers?: Headers): number {
  const length = Number(headers?.get('Content-Length'));
  if (Number.isFinite(length) && length > 0) return length;
  if (body == null) return 0;
  return typeof body === 'string' ? body.length : JSON.stringify(body).length;
}

export const retryAfterOf = (error: unknown): number | null =>
  error instanceof ApiError && error.kind === 'rateLimited' ? (error.retryAfterSeconds ?? 1) : null;
