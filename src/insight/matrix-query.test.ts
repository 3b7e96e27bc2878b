import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../connection/api.ts';
import { MATRIX_IN_FLIGHT, matrixCellOptions } from './matrix-query.ts';

/** A client serving `total` strings of two words each, 500 a page, counting requests in flight. */
function fakeClient(total: number) {
  const seen = { peak: 0, inFlight: 0, croql: new Set<string>() };
  const client: ApiClient = {
    baseUrl: 'http://fake/api/v2',
    async get<T>(path: string, params: Record<string, string | number | undefined>) {
      seen.croql.add(String(params.croql));
      seen.inFlight++;
      seen.peak = Math.max(seen.peak, seen.inFlight);
      await new Promise((r) => setTimeout(r, 2));
      seen.inFlight--;
      const offset = Number(params.offset);
      const count = Math.max(0, Math.min(Number(params.limit), total - offset));
      const data = Array.from({ length: count }, (_, i) => ({
        data: { id: offset + i, text: 'Save file', type: 'text' },
      }));
      const body = { data, pagination: { offset, limit: Number(params.limit) } };
      return { status: 200, body: body as T, url: path, elapsedMs: 2, headers: new Headers() };
    },
  };
  return { client, seen };
}

describe('languages matrix cells', () => {
  it('are keyed by the formatted query, so a spacing or case edit reuses them', () => {
    const { client } = fakeClient(0);
    const key = (text: string) => matrixCellOptions(client, 1, text, 'de', 'approved').queryKey;
    expect(key('is  hidden OR Is Duplicate')).toEqual(key('is hidden or is duplicate'));
    expect(key('is hidden')).not.toEqual(key('is duplicate'));
  });

  it('count every row and source word of the pinned query, all cells under one cap of requests in flight', async () => {
    const { client, seen } = fakeClient(1_234);
    const queryClient = new QueryClient();
    const states = ['untranslated', 'translatedNotApproved', 'approved', 'qaIssues'] as const;
    const cells = ['uk', 'de', 'fr'].flatMap((language) =>
      states.map((state) =>
        queryClient.fetchQuery(matrixCellOptions(client, 1, 'is hidden', language, state)),
      ),
    );
    const counts = await Promise.all(cells);
    expect(counts.every((c) => c.rows === 1_234 && c.words === 2 * 1_234)).toBe(true);
    expect(seen.peak).toBeLessThanOrEqual(MATRIX_IN_FLIGHT);
    expect(seen.croql).toContain(
      'is hidden and count of languages summary where (language = @language:"fr" and has qa issues) > 0',
    );
  });
});
