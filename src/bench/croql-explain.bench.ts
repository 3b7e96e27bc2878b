// `explain` of nested counts, 64 levels deep (the nesting limit): it builds each phrasing once, and a
// negation only when asked for, so the time grows with the query's size instead of doubling per level
// (target: under a millisecond per level). The 1-level time is shown beside it, without a target.
import { analyze } from '../croql/check.ts';
import { explainModel } from '../croql/explain.ts';
import { median, row, sampleMicros, type BenchRow } from './stats.ts';

/** `count of translations where (count of comments where (… is hidden …) > 0) > 0`, `levels` deep. */
export function nestedCount(levels: number): string {
  let query = 'is hidden';
  for (let i = 0; i < levels; i++) {
    const collection = i % 2 ? 'comments' : 'translations';
    query = `count of ${collection} where (${query}) > 0`;
  }
  return query;
}

function perLevelMs(levels: number): number {
  const text = nestedCount(levels);
  const model = analyze(text, 'strings');
  if (!model.valid)
    throw new Error(`${levels} levels: ${model.diagnostics.map((d) => d.message).join('; ')}`);
  for (let i = 0; i < 5; i++) explainModel(text, model);
  return median(sampleMicros(() => explainModel(text, model), 10, 200)) / 1000 / levels;
}

export default async function explainBench(): Promise<BenchRow[]> {
  const deep = perLevelMs(64);
  const shallow = perLevelMs(1);
  return [
    row('explain 64-level nested count, ms per level', deep, 'ms', null, 1),
    row('explain 1-level count (for comparison)', shallow, 'ms', null, null),
  ];
}
