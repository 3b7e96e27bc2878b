// The source strings of a translations run's rows, so a translation reads beside its source (its text,
// context and max length). The service has no listing of strings by id (the strings listing takes no
// `stringIds`, and CroQL has no `id` on a source string), and one Get String per row is what this avoids.
// So the strings listing is asked for the strings that have a translation in the run's language matching
// the run's query, `count of translations where (language = @language:"uk" and (Q)) > 0`, a superset of
// the rows' strings (the translations listing has one row per string, its top translation; the count sees
// every translation). Both listings go in string id order (their default `orderBy`), so the strings are
// walked page by page only as far as the loaded rows reach: about one request per page of translations.
import { infiniteQueryOptions, skipToken, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { mentionLiteral } from '../croql/index.ts';
import type { SourceStringResource } from '../wire/resources.ts';
import { FETCH_ALL_LIMIT, PAGE_SIZE } from './limits.ts';
import { fetchListingPage } from './pages.ts';
import type { Row } from './rows.ts';

const FIVE_MINUTES = 5 * 60_000;

/** The strings-listing query whose matches include the source string of every row of `translationsQuery`. */
export function sourcesCroql(translationsQuery: string, languageId: string): string {
  const language = `language = ${mentionLiteral('language', languageId)}`;
  const query = translationsQuery.trim();
  return `count of translations where (${query ? `${language} and (${query})` : language}) > 0`;
}

export const sourceStringsQuery = (client: ApiClient | null, projectId: number | null, croql: string) =>
  infiniteQueryOptions({
    queryKey: keys.sourceStrings(client?.baseUrl ?? null, projectId, croql),
    queryFn:
      client && projectId !== null
        ? ({ pageParam, signal }) =>
            fetchListingPage(client, 'strings', `/projects/${projectId}/strings`, croql, pageParam, signal)
        : skipToken,
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.full && last.offset + last.rows.length < FETCH_ALL_LIMIT ? last.offset + PAGE_SIZE : undefined,
    staleTime: FIVE_MINUTES,
    retry: false,
  });

/** The string ids of translation rows, and the highest. */
function stringIdsOf(rows: readonly Row[]): { max: number; count: number } {
  let max = -Infinity;
  let count = 0;
  for (const row of rows) {
    const id = 'stringId' in row ? row.stringId : undefined;
    if (typeof id === 'number') {
      count++;
      if (id > max) max = id;
    }
  }
  return { max, count };
}

export interface SourceStrings {
  /** Source strings by id, as far as they are loaded. */
  strings: ReadonlyMap<number, SourceStringResource> | undefined;
  /** The strings listing refused or failed (the rows then show no source). */
  error: unknown;
}

/**
 * The source strings of `rows` (a translations run's rows in `languageId`), walked as far as the highest
 * string id among them; more rows loaded (Load more, Fetch all) walk further. Idle for other listings.
 */
export function useSourceStrings(
  client: ApiClient | null,
  run: { context: string; text: string; target: { projectId: number | null; languageId: string | null } },
  rows: readonly Row[],
): SourceStrings {
  const active = run.context === 'translations' && run.target.languageId !== null && rows.length > 0;
  const croql = active ? sourcesCroql(run.text, run.target.languageId!) : '';
  const options = sourceStringsQuery(active ? client : null, run.target.projectId, croql);
  const query = useInfiniteQuery(options);
  const needed = useMemo(() => (active ? stringIdsOf(rows) : { max: -Infinity, count: 0 }), [active, rows]);
  const pages = query.data?.pages;
  const strings = useMemo(() => {
    if (!pages) return undefined;
    const map = new Map<number, SourceStringResource>();
    for (const page of pages) for (const s of page.rows) if (typeof s.id === 'number') map.set(s.id, s);
    return map;
  }, [pages]);
  const reached = pages?.at(-1)?.rows.at(-1)?.id ?? -Infinity;
  const { hasNextPage, isFetching, isError, fetchNextPage } = query;
  // Walk on while the loaded rows reach past the strings loaded (each page once; a failure stops it).
  useEffect(() => {
    if (hasNextPage && !isFetching && !isError && reached < needed.max) void fetchNextPage();
  }, [hasNextPage, isFetching, isError, reached, needed.max, fetchNextPage]);
  return { strings: active ? strings : undefined, error: active ? query.error : null };
}
