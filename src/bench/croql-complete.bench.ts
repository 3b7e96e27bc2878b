// `complete` at 20 cursor positions typical of editing: median ms per call (target < 1 ms; no baseline). And
// `complete` in the chain of 5,000 terms (about 64 KB, the length limit) against `analyze` of the same text:
// completion analyses the text before the cursor once, so it costs about one analysis (target ≤ 2).
import { analyze } from '../croql/check.ts';
import { complete } from '../croql/complete.ts';
import { labelIdChain } from '../croql/corpus.ts';
import type { ListingName, LiveValues } from '../croql/types.ts';
import { median, row, sampleMicros, type BenchRow } from './stats.ts';

const values: LiveValues = {
  users: Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    username: `user${i + 1}`,
    fullName: `User ${i + 1}`,
  })),
  languages: ['uk', 'de', 'fr', 'es', 'ja', 'pl', 'it', 'pt-BR'].map((id) => ({ id })),
  files: Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `file${i + 1}.json` })),
  labels: Array.from({ length: 20 }, (_, i) => ({ id: i + 1, title: `label${i + 1}` })),
};

const LONG =
  'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0 and ';

/** `|` marks the cursor. */
const POSITIONS: [string, ListingName][] = [
  ['|', 'strings'],
  ['is hi|', 'strings'],
  ['is |', 'strings'],
  ['count of |', 'strings'],
  ['count of translations |', 'strings'],
  ['count of translations wh|', 'strings'],
  ['count of translations where (|', 'strings'],
  ['count of translations where (user = |', 'strings'],
  ['count of translations where (user = @user:"us|', 'strings'],
  ['count of translations where (language = @|', 'strings'],
  ['id of file = |', 'strings'],
  ['id of |', 'strings'],
  ["added between '2024-01-01' |", 'strings'],
  ['text |', 'strings'],
  ['status = "ob|', 'glossaryTerms'],
  ['count of records where (|', 'tmSegments'],
  ['user = @user:"alice" or count of votes where (is |', 'translations'],
  [LONG + '|', 'strings'],
  [LONG + 'count of languages summary where (is translated and not |', 'strings'],
  [LONG.repeat(5) + 'is hidden |', 'strings'],
];

export default async function croqlComplete(): Promise<BenchRow[]> {
  const cases = POSITIONS.map(([q, context]) => ({ text: q.replace('|', ''), pos: q.indexOf('|'), context }));
  for (let i = 0; i < 200; i++) for (const c of cases) complete(c.text, c.pos, c.context, values); // warm up
  const perCall: number[] = [];
  for (let round = 0; round < 50; round++) {
    for (const c of cases) {
      const t0 = performance.now();
      complete(c.text, c.pos, c.context, values);
      perCall.push(performance.now() - t0);
    }
  }
  return [
    row('complete at 20 cursor positions (median per call)', median(perCall), 'ms', null, 1),
    chainRow(),
  ];
}

/** The slower of two cursors near the end of the chain: after its last `or`, and after its final `> 0`. */
function chainRow(): BenchRow {
  const chain = `${labelIdChain()} `;
  const cursors = [chain.lastIndexOf(' or ') + 4, chain.length];
  const ms = (fn: () => void) => median(sampleMicros(fn, 5, 300)) / 1000;
  for (let i = 0; i < 5; i++) {
    analyze(chain, 'strings');
    for (const pos of cursors) complete(chain, pos, 'strings', values);
  }
  // Three rounds side by side, each keeping its best median, so a burst of load elsewhere does not decide.
  let ours = Infinity;
  let floor = Infinity;
  for (let round = 0; round < 3; round++) {
    ours = Math.min(
      ours,
      Math.max(...cursors.map((pos) => ms(() => complete(chain, pos, 'strings', values)))),
    );
    floor = Math.min(
      floor,
      ms(() => analyze(chain, 'strings')),
    );
  }
  return row('complete in the 5,000-term chain, against analyze of it', ours, 'ms', floor, 2);
}
