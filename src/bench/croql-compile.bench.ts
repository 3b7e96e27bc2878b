// Compiled CroQL predicates over 100,000 generated source strings, as a ratio to a hand-written JS predicate
// of the same query over the same data (target ≤ 1.1). Beside each: the naive tree-walking interpreter
// (src/croql/interpret.ts), a baseline only, to show what compiling buys. Then long unary chains against
// one sign: each operand is evaluated once, so 63 signs (the deepest the nesting limit allows) cost about
// what one costs (target ≤ 1.5). Each ratio is the median of per-round ratios (stats.ts row).
import { compile } from '../croql/compile.ts';
import { GENERATED_LANGUAGES, GENERATED_USERS, generateStrings } from '../croql/generate.ts';
import { interpret } from '../croql/interpret.ts';
import { parse } from '../croql/parse.ts';
import type { ContextObject, EvalEnv } from '../croql/types.ts';
import { median, row, type BenchRow } from './stats.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- hand-written predicates over untyped JSON */
const COUNT = 100_000;
/** Rounds of the interleaved timing: enough that a few disturbed rounds do not move the median. */
const ROUNDS = 21;
const env: EvalEnv = {
  users: GENERATED_USERS,
  languages: GENERATED_LANGUAGES,
  now: new Date('2024-06-15T12:00:00Z'),
};

const anyFormContains = (text: any, needle: string): boolean => {
  if (typeof text === 'string') return text.toLowerCase().includes(needle);
  if (text && typeof text === 'object') {
    for (const k in text)
      if (typeof text[k] === 'string' && text[k].toLowerCase().includes(needle)) return true;
  }
  return false;
};

interface Case {
  name: string;
  query: string;
  hand: (o: any) => boolean;
}

const LO = Date.UTC(2024, 0, 1);
const HI = Date.UTC(2024, 5, 30);

const CASES: Case[] = [
  {
    name: 'hidden, not duplicate, translated',
    query: 'is hidden and not is duplicate and count of translations > 0',
    hand: (o) => o.isHidden === true && o.isDuplicate !== true && (o.translations?.length ?? 0) > 0,
  },
  {
    name: 'no uk translation with approval or vote',
    query:
      'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
    hand: (o) => {
      const ts = o.translations ?? [];
      for (let i = 0; i < ts.length; i++) {
        const t = ts[i];
        if (t.language === 'uk' && ((t.approvals?.length ?? 0) > 0 || (t.votes?.length ?? 0) > 0))
          return false;
      }
      return true;
    },
  },
  {
    name: 'only translations by alice',
    query:
      'count of translations > 0 and count of translations = count of translations where (user = @user:"alice")',
    hand: (o) => {
      const ts = o.translations ?? [];
      if (ts.length === 0) return false;
      let n = 0;
      for (let i = 0; i < ts.length; i++) if (ts[i].user === 1) n++;
      return n === ts.length;
    },
  },
  {
    name: 'text contains, in file',
    query: 'text contains "save" and id of file = 3',
    hand: (o) => anyFormContains(o.text, 'save') && o.file != null && o.file.id === 3,
  },
  {
    name: 'added between, unresolved comment',
    query:
      "added between '2024-01-01' and '2024-06-30' and count of comments where (has unresolved issue) > 0",
    hand: (o) => {
      const t = typeof o.added === 'string' ? Date.parse(o.added) : NaN;
      if (!(t >= LO && t <= HI)) return false;
      const cs = o.comments ?? [];
      for (let i = 0; i < cs.length; i++) if (cs[i].hasUnresolvedIssue === true) return true;
      return false;
    },
  },
];

function countMatches(data: ContextObject[], predicate: (o: ContextObject) => boolean): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (predicate(data[i]!)) n++;
  return n;
}

interface Timed {
  /** Median ms of one pass over the data, per predicate. */
  medians: number[];
  /** Median over the rounds of each predicate's time divided by the first one's in the same round. */
  ratios: number[];
}

/**
 * Passes over the data with each predicate in turn, round after round (the order turning each round), so
 * machine load hits all alike; each round's times are compared with each other, not with other rounds'.
 */
function timeInterleaved(
  data: ContextObject[],
  predicates: ((o: ContextObject) => boolean)[],
  rounds: number,
): Timed {
  for (const p of predicates) for (let i = 0; i < 3; i++) countMatches(data, p); // warm up the JIT
  const samples: number[][] = predicates.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < predicates.length; j++) {
      const k = (j + r) % predicates.length;
      const t0 = performance.now();
      countMatches(data, predicates[k]!);
      samples[k]!.push(performance.now() - t0);
    }
  }
  return {
    medians: samples.map((s) => median(s)),
    ratios: samples.map((s) => median(s.map((ms, r) => ms / samples[0]![r]!))),
  };
}

export default async function croqlCompile(): Promise<BenchRow[]> {
  const data = generateStrings(COUNT, 7);
  const rows: BenchRow[] = [];
  for (const c of CASES) {
    const { predicate, diagnostics } = compile(c.query, 'strings', env);
    if (!predicate) throw new Error(`${c.name}: ${diagnostics.map((d) => d.message).join('; ')}`);
    const ast = parse(c.query).ast!;
    const naive = (o: ContextObject) => interpret(ast, 'strings', env, o);
    const expected = countMatches(data, c.hand);
    for (const [label, p] of [
      ['compiled', predicate],
      ['interpreted', naive],
    ] as const) {
      const got = countMatches(data, p);
      if (got !== expected) throw new Error(`${c.name}: ${label} matched ${got}, hand-written ${expected}`);
    }
    const timed = timeInterleaved(data, [c.hand, predicate], ROUNDS);
    const [hand, compiled] = timed.medians as [number, number];
    // The interpreter is ~20-100× slower: measured on the first 10,000 strings, beside the hand-written
    // predicate over the same 10,000.
    const subset = data.slice(0, 10_000);
    const [handSubset, interpreted] = timeInterleaved(subset, [c.hand, naive], 3).medians as [number, number];
    rows.push(row(`compiled predicate, 100k strings: ${c.name}`, compiled, 'ms', hand, 1.1, timed.ratios[1]));
    rows.push(
      row(`naive interpreter (baseline only), 10k strings: ${c.name}`, interpreted, 'ms', handSubset, null),
    );
  }
  rows.push(...unaryChains(data));
  return rows;
}

/** `-…-max length > 1` and `not … not (file with (id = 3))`, 63 and 61 deep against 1 deep. */
function unaryChains(data: ContextObject[]): BenchRow[] {
  // Odd depths: both end with one negation, so the figure is the cost of the extra levels.
  const chains: [string, number, (depth: number) => string][] = [
    ['unary minus', 63, (depth) => '-'.repeat(depth) + 'max length > 1'],
    ['not', 61, (depth) => 'not '.repeat(depth) + '(file with (id = 3))'],
  ];
  return chains.map(([name, depth, query]) => {
    const [deep, shallow] = [query(depth), query(1)].map((q) => {
      const { predicate, diagnostics } = compile(q, 'strings', env);
      if (!predicate) throw new Error(`${q}: ${diagnostics.map((d) => d.message).join('; ')}`);
      return predicate;
    }) as [(o: ContextObject) => boolean, (o: ContextObject) => boolean];
    const timed = timeInterleaved(data, [shallow, deep], ROUNDS);
    const [shallowMs, deepMs] = timed.medians as [number, number];
    return row(
      `compiled ${name}, ${depth} deep vs 1 deep, 100k strings`,
      deepMs,
      'ms',
      shallowMs,
      1.5,
      timed.ratios[1],
    );
  });
}
