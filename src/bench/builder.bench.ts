// The builder's costs a person notices: opening a query (text → tree, on every switch to the builder and
// every outside change), against `analyze` of the same text (which opening includes), for the spec queries
// and for the chain of 5,000 terms at the length limit (src/croql/long-queries.test.ts); and one edit of a
// long hand-spaced query (every keystroke in a builder input), against a frame (16 ms).
import { analyze } from '../croql/check.ts';
import { labelIdChain, specQueries } from '../croql/corpus.ts';
import { editDoc, openDoc } from '../builder/edit.ts';
import type { FieldNode } from '../builder/model.ts';
import { fromCroql, readCroql } from '../builder/read.ts';
import { update } from '../builder/ops.ts';
import { median, row, sampleMicros, type BenchRow } from './stats.ts';

export default async function builderBench(): Promise<BenchRow[]> {
  for (let i = 0; i < 50; i++) for (const q of specQueries) readCroql(q.text, q.context);
  let ours = 0;
  let floor = 0;
  for (const q of specQueries) {
    ours += median(sampleMicros(() => readCroql(q.text, q.context), 20, 40));
    floor += median(sampleMicros(() => analyze(q.text, q.context), 20, 40));
  }
  const n = specQueries.length;

  // Opening the chain reads each of its 5,000 conditions: linear work on top of the analysis, and no text
  // parsed again when every condition writes back as it was read (model.ts, `writesAs`). Best of three
  // rounds, ours and the baseline side by side, as for the chain in croql-analyze.bench.ts.
  const chain = labelIdChain();
  for (let i = 0; i < 5; i++) {
    fromCroql(chain, 'strings');
    analyze(chain, 'strings');
  }
  let chainOurs = Infinity;
  let chainFloor = Infinity;
  for (let round = 0; round < 3; round++) {
    chainOurs = Math.min(chainOurs, median(sampleMicros(() => fromCroql(chain, 'strings'), 5, 300)));
    chainFloor = Math.min(chainFloor, median(sampleMicros(() => analyze(chain, 'strings'), 5, 300)));
  }

  const long = Array.from({ length: 30 }, (_, i) =>
    i % 3 === 0
      ? `max  length >  ${i}`
      : i % 3 === 1
        ? `count of languages summary where (is translated) > 0`
        : `text contains "w${i}"`,
  ).join('\n  AND  ');
  const doc = openDoc(long, 'strings');
  const target = doc.root.children[0] as FieldNode;
  let k = 0;
  const edit = sampleMicros(
    () => {
      const root = update(doc.root, target.id, (f) => ({
        ...(f as FieldNode),
        value: { kind: 'number', value: String(++k) },
      }));
      editDoc(doc, root);
    },
    20,
    200,
  );

  return [
    row('builder: open a spec query (median µs per query)', ours / n, 'µs', floor / n, 8),
    row('builder: open the 5,000-term chain (median)', chainOurs / 1000, 'ms', chainFloor / 1000, 3),
    row(
      'builder: one edit of a 30-condition hand-spaced query (median)',
      median(edit) / 1000,
      'ms',
      null,
      16,
    ),
  ];
}
