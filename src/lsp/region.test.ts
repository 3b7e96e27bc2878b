// A query's host text is read into a MappedText (region.ts): each character mapped to where it is written.
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH } from '../croql/parse-guards.ts';
import { jsRegions } from './host-js.ts';
import { pythonRegions } from './host-python.ts';
import { shellRegions } from './host-shell.ts';
import { urlRegions } from './host-url.ts';
import { MappedText } from './region.ts';

describe('a query past the length limit', () => {
  const query = 'x'.repeat(400_000);
  const readers: [string, () => ReturnType<typeof jsRegions>][] = [
    ['JavaScript', () => jsRegions(`f({ croql: '${query}' })`, 5)],
    ['Python', () => pythonRegions(`f(croql=('${query}' '${query}'))`, 5)],
    ['a shell word', () => shellRegions(`crowdin string list --croql "${query}"`, 5)],
    ['a URL', () => urlRegions(`/projects/1/strings?croql=${query}`, 5)],
  ];
  for (const [host, read] of readers) {
    it(`in ${host} is kept only up to it, and its whole length counted`, () => {
      const [region] = read().regions;
      const length = host === 'Python' ? 2 * query.length : query.length;
      expect(region!.cutLength).toBe(length);
      expect(region!.text).toHaveLength(MappedText.KEPT);
      expect(region!.map).toHaveLength(MAX_QUERY_LENGTH + 2);
      // Hosts whose escapes sit side by side keep no ends (region.ts).
      expect(region!.ends?.length ?? MAX_QUERY_LENGTH + 1).toBe(MAX_QUERY_LENGTH + 1);
    });
  }

  it('at the limit is kept whole', () => {
    const [region] = jsRegions(`f({ croql: '${'x'.repeat(MAX_QUERY_LENGTH + 1)}' })`, 5).regions;
    expect(region!.cutLength).toBeUndefined();
    expect(region!.text).toHaveLength(MAX_QUERY_LENGTH + 1);
  });
});
