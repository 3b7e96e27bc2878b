// Why the demo data builds a languages summary entry as one fixed-shape class (SummaryEntry,
// src/server/emulator/data/summary.ts): a query over the summaries of 200,000 demo strings, every entry
// built as it is read, as the demo strings do, by that class against the faster of the two plain builders
// (an object of only the fields present, one builder per set of flags), timed in alternated rounds in the
// same run. The row's figure is the class's time over the plain builder's; it must stay ≤ 0.91 (the plain
// builder 1.1 times slower or more), or the class has no measured reason and the plain builder does.
import { compile } from '../croql/compile.ts';
import type { ContextObject } from '../croql/index.ts';
import { demoEvalEnv } from '../server/emulator/data/demo-env.ts';
import { DEMO_TARGET_LANGUAGES, generateDemoDataset } from '../server/emulator/data/demo.ts';
import { SUMMARY_FLAGS, SummaryEntry, unpackSummary } from '../server/emulator/data/summary.ts';
import { median, row, type BenchRow } from './stats.ts';

const STRINGS = 200_000;
const ROUNDS = 9;
const QUERY = 'count of languages summary where (is translated and not is approved) > 0';
const UPDATED = '2025-06-01T10:00:00+00:00';

/** The entry with these flags and fields. */
type Entry = (
  flags: number,
  language: string,
  translationUpdated: string,
  rating: number,
  approvalsCount: number,
) => object;
/** A plain builder: one per set of flags, made at its first use. */
type SummaryBuilder = (
  language: string,
  translationUpdated: string,
  rating: number,
  approvalsCount: number,
) => Record<string, unknown>;
type Make = (flags: number) => SummaryBuilder;
const plain =
  (make: Make): Entry =>
  (flags, ...fields) =>
    make(flags)(...fields);
const shaped: Entry = (flags, language, translationUpdated, rating, approvalsCount) =>
  new SummaryEntry(language, flags, translationUpdated, rating, approvalsCount);

/** Plain: the fixed fields, then each present flag assigned in order. */
function assignedBuilders(): Make {
  const cache = new Map<number, SummaryBuilder>();
  return (flags) => {
    let build = cache.get(flags);
    if (!build) {
      const present = SUMMARY_FLAGS.filter((_, i) => flags & (1 << i));
      build = (language, translationUpdated, rating, approvalsCount) => {
        const o: Record<string, unknown> = { language };
        for (const f of present) o[f] = true;
        o.translationUpdated = translationUpdated;
        o.rating = rating;
        o.approvalsCount = approvalsCount;
        return o;
      };
      cache.set(flags, build);
    }
    return build;
  };
}

/** Plain: a copy of a template object of the flags, its other fields then set. */
function templateBuilders(): Make {
  const cache = new Map<number, SummaryBuilder>();
  return (flags) => {
    let build = cache.get(flags);
    if (!build) {
      const template: Record<string, unknown> = { language: '' };
      for (const [i, f] of SUMMARY_FLAGS.entries()) if (flags & (1 << i)) template[f] = true;
      Object.assign(template, { translationUpdated: '', rating: 0, approvalsCount: 0 });
      build = (language, translationUpdated, rating, approvalsCount) => {
        const o = { ...template };
        o.language = language;
        o.translationUpdated = translationUpdated;
        o.rating = rating;
        o.approvalsCount = approvalsCount;
        return o;
      };
      cache.set(flags, build);
    }
    return build;
  };
}

/** Strings whose languages summary is built from its packed numbers on each read, by `entry`. */
function listing(codes: readonly (readonly number[])[], entry: Entry): ContextObject[] {
  return codes.map(
    (list) =>
      ({
        get languagesSummary() {
          return list.map((code) => {
            const p = unpackSummary(code);
            return entry(p.flags, DEMO_TARGET_LANGUAGES[p.language]!, UPDATED, p.rating, p.approvalsCount);
          });
        },
      }) as unknown as ContextObject,
  );
}

export default async function summaryBuilderBench(): Promise<BenchRow[]> {
  const { env } = demoEvalEnv();
  // The packed summaries of the demo strings (a property out of enumeration, demo.ts).
  const codes = generateDemoDataset({ strings: STRINGS }).strings.map(
    (s) => (s as unknown as { summary: readonly number[] }).summary,
  );
  const { predicate } = compile(QUERY, 'strings', env);
  if (!predicate) throw new Error(`bench: ${QUERY} does not compile`);
  const time = (strings: ContextObject[]) => {
    const t0 = performance.now();
    let n = 0;
    for (const s of strings) if (predicate(s)) n++;
    if (n === 0) throw new Error('bench: the query matched nothing');
    return performance.now() - t0;
  };
  const sides = {
    shaped: listing(codes, shaped),
    assigned: listing(codes, plain(assignedBuilders())),
    template: listing(codes, plain(templateBuilders())),
  };
  // Warm each side, then alternate: load from other processes falls on all alike.
  for (const strings of Object.values(sides)) time(strings);
  const rounds: { shaped: number; plain: number; ratio: number }[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const shaped = time(sides.shaped);
    const plain = Math.min(time(sides.assigned), time(sides.template));
    rounds.push({ shaped, plain, ratio: shaped / plain });
  }
  rounds.sort((a, b) => a.ratio - b.ratio);
  const mid = rounds[Math.floor(ROUNDS / 2)]!;
  return [
    row(
      'demo data: a query over the languages summaries of 200,000 strings, entries of one fixed-shape class (baseline: the faster plain builder of only the fields present, one per set of flags)',
      mid.shaped,
      'ms',
      mid.plain,
      0.91,
      median(rounds.map((r) => r.ratio)),
    ),
  ];
}
