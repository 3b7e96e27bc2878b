// `analyze` of each spec query (median µs) against the floor of building the same objects from text:
// `JSON.parse` of that query's AST as JSON (median ratio ≤ 3; worst and longest ≤ 10); the same for a chain
// of 5,000 terms (about 64 KB, the length limit). analyze returns the checked model, so this includes typing
// and binding every node. Also the worst bad inputs, whose target is an absolute 100 ms.
import { analyze } from '../croql/check.ts';
import { corpusLanguages, corpusUsers, labelIdChain, specQueries } from '../croql/corpus.ts';
import { parse } from '../croql/parse.ts';
import { median, row, sampleMicros, type BenchRow } from './stats.ts';

const BATCH = 10;

/** Median µs of one call, measured in batches so the timer's resolution does not dominate. */
function microsPerCall(fn: () => void): number {
  return (
    median(
      sampleMicros(
        () => {
          for (let i = 0; i < BATCH; i++) fn();
        },
        30,
        150,
      ),
    ) / BATCH
  );
}

export default async function analyzeBench(): Promise<BenchRow[]> {
  const options = { users: corpusUsers, languages: corpusLanguages };
  // Warm up the JIT on every query first, so the first ones measured are not penalised.
  for (let i = 0; i < 300; i++) {
    for (const q of specQueries) {
      analyze(q.text, q.context, options);
      JSON.parse(JSON.stringify(parse(q.text).ast));
    }
  }
  // Three rounds, ours and the floor measured side by side; each keeps its best median, so a burst of load
  // from other processes on the machine does not decide the figure.
  const perQuery = specQueries.map((q) => {
    const json = JSON.stringify(parse(q.text).ast);
    let ours = Infinity;
    let floor = Infinity;
    for (let round = 0; round < 3; round++) {
      ours = Math.min(
        ours,
        microsPerCall(() => analyze(q.text, q.context, options)),
      );
      floor = Math.min(
        floor,
        microsPerCall(() => JSON.parse(json)),
      );
    }
    return { q, ours, floor, ratio: ours / floor };
  });
  perQuery.sort((a, b) => a.ratio - b.ratio);
  const mid = perQuery[Math.floor(perQuery.length / 2)]!;
  const worst = perQuery[perQuery.length - 1]!;
  const longest = [...perQuery].sort((a, b) => b.q.text.length - a.q.text.length)[0]!;

  const rows: BenchRow[] = [
    row(`analyze spec query, median ratio (${mid.q.intent})`, mid.ours, 'µs', mid.floor, 3),
    row(`analyze spec query, worst ratio (${worst.q.intent})`, worst.ours, 'µs', worst.floor, 10),
    row(`analyze spec query, longest (${longest.q.intent})`, longest.ours, 'µs', longest.floor, 10),
  ];

  // A flat chain of 5,000 terms, one node in the AST: linear work, no error nodes.
  const chain = labelIdChain();
  const chainJson = JSON.stringify(parse(chain).ast);
  for (let i = 0; i < 5; i++) {
    analyze(chain, 'strings', options);
    JSON.parse(chainJson);
  }
  let chainOurs = Infinity;
  let chainFloor = Infinity;
  for (let round = 0; round < 3; round++) {
    chainOurs = Math.min(chainOurs, median(sampleMicros(() => analyze(chain, 'strings', options), 5, 300)));
    chainFloor = Math.min(chainFloor, median(sampleMicros(() => JSON.parse(chainJson), 5, 300)));
  }
  rows.push(
    row('analyze the 5,000-term chain (63,900 characters)', chainOurs / 1000, 'ms', chainFloor / 1000, 10),
  );

  const nonsense = ['a', '=', 'and', 'not', '-', 'of', 'where', '(', ')', '"s"'];
  const bad: [string, string][] = [
    ['1 MiB of text', 'is hidden and '.repeat(75_000).slice(0, 1 << 20)],
    ['10,000 nested parentheses', '('.repeat(10_000) + 'is hidden' + ')'.repeat(10_000)],
    ['60,000 minus signs', '-'.repeat(60_000) + 'max length > 1'],
    ['7,000 nested of', 'count of '.repeat(7_000) + 'translations > 0'],
    ['64 KiB of garbage', Array.from({ length: 65_000 }, (_, i) => '=,"x\u0000😀 a)'[i % 10]).join('')],
    [
      '64 KiB chain of and',
      Array.from({ length: 6_500 }, () => 'is hidden')
        .join(' and ')
        .slice(0, 65_000),
    ],
    // Lezer recovers from an error at almost every token until it gives up (parse-lezer.ts).
    ['990 pieces of garbage', Array.from({ length: 990 }, (_, i) => '=,"x\u0000😀 a)'[i % 10]).join('')],
    [
      '990 operators in nonsense order',
      Array.from({ length: 990 }, (_, i) => nonsense[(i * 7) % 10]).join(' '),
    ],
    ['NUL and astral characters', '\u0000😀 is 𝔥idden = "🎉\u0000" and 𝟙 > 0 '.repeat(100)],
  ];
  for (const [name, text] of bad) {
    for (let i = 0; i < 10; i++) analyze(text, 'strings');
    const ms = median(sampleMicros(() => analyze(text, 'strings'), 10, 200)) / 1000;
    rows.push(row(`analyze bad input: ${name}`, ms, 'ms', null, 100));
  }
  return rows;
}
