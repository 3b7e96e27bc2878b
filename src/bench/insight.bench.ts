// Insight aggregation over 100,000 loaded source-string rows (the API's resources, projected from the
// emulator's demo data), as a ratio to one hand-written counting loop over the same rows that computes the
// same figures: rows per file, branch, label, type, month added and month updated, and source words and
// characters (with the same word counter, which is the measure itself, not the aggregation machinery).
// The aggregation runs chunk by chunk (500 rows, a page), as the app feeds it, and merges the chunks' totals.
import { aggregateLoaded } from '../insight/aggregate.ts';
import { measureSource, type TextSize } from '../insight/words.ts';
import type { RowOf } from '../rows/rows.ts';
import { sourceStringResource } from '../server/emulator/api/resources.ts';
import { generateDemoDataset } from '../server/emulator/data/demo.ts';
import { median, row, sampleMicros, type BenchRow } from './stats.ts';

const COUNT = 100_000;
const TARGET_RATIO = 3;

function handWritten(rows: readonly RowOf<'strings'>[]) {
  const file = new Map<unknown, number>();
  const branch = new Map<unknown, number>();
  const label = new Map<unknown, number>();
  const type = new Map<unknown, number>();
  const added = new Map<string, number>();
  const updated = new Map<string, number>();
  const size: TextSize = { words: 0, chars: 0 };
  const bump = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const r of rows) {
    bump(file, r.fileId);
    bump(branch, r.branchId);
    const ids = r.labelIds as number[];
    if (ids.length === 0) bump(label, null);
    else for (let i = 0; i < ids.length; i++) if (ids.indexOf(ids[i]!) === i) bump(label, ids[i]);
    bump(type, r.type);
    bump(added, typeof r.createdAt === 'string' ? r.createdAt.slice(0, 7) : '');
    bump(updated, typeof r.updatedAt === 'string' ? r.updatedAt.slice(0, 7) : '');
    measureSource(r.text, r.type, size);
  }
  return { file, branch, label, type, added, updated, size };
}

export default async function insight(): Promise<BenchRow[]> {
  const data = generateDemoDataset({ strings: COUNT });
  const shape = { stringBased: false, enterprise: false, organization: null };
  const rows = data.strings.map((s) => sourceStringResource(s, data, shape));
  // Same answer first: the bench compares equal work.
  const check = aggregateLoaded('strings', rows);
  const hand = handWritten(rows);
  if (check.rows !== rows.length || check.source.words !== hand.size.words)
    throw new Error('insight bench: the aggregation and the hand-written loop disagree');
  const fileTotal = [...check.charts.file!.values()].reduce((s, b) => s + b.rows, 0);
  if (fileTotal !== [...hand.file.values()].reduce((s, n) => s + n, 0))
    throw new Error('insight bench: file counts disagree');

  let sink = 0;
  const ours: number[] = [];
  const base: number[] = [];
  const time = (fn: () => void) => {
    const t0 = performance.now();
    fn();
    return (performance.now() - t0) * 1000;
  };
  for (let round = 0; round < 12; round++) {
    // Fresh row objects each round, so the chunk cache does not answer: the first aggregation of these rows.
    const fresh = rows.map((r) => ({ ...r }));
    ours.push(time(() => (sink += aggregateLoaded('strings', fresh).rows)));
    base.push(time(() => (sink += handWritten(rows).file.size)));
  }
  // Unchanged rows are only the merge: the figure a re-render (or one more page) costs.
  const again = median(sampleMicros(() => (sink += aggregateLoaded('strings', rows).rows), 20, 100));
  if (sink < 0) console.log(sink);
  const ms = (us: number) => us / 1000;
  return [
    row(
      `insight aggregation, ${COUNT.toLocaleString('en-US')} rows`,
      ms(median(ours)),
      'ms',
      ms(median(base)),
      TARGET_RATIO,
    ),
    row('insight aggregation, unchanged rows (merge only)', ms(again), 'ms', ms(median(base)), null),
  ];
}
