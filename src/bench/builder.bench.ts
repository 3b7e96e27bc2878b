// The builder's costs a person notices: opening a query (text → tree, on every switch to the builder and
// every outside change), against `analyze` of the same text (which opening includes); and one edit of a
// long hand-spaced query (every keystroke in a builder input), against a frame (16 ms).
import { analyze } from '../croql/check.ts';
import { specQueries } from '../croql/corpus.ts';
import { editDoc, openDoc } from '../builder/edit.ts';
import { readCroql, type FieldNode } from '../builder/model.ts';
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
    row(
      'builder: one edit of a 30-condition hand-spaced query (median)',
      median(edit) / 1000,
      'ms',
      null,
      16,
    ),
  ];
}
