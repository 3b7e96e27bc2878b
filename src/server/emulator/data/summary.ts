// One entry of a demo string's languages summary packed into one number (an integer below 2^53), so the
// demo data keeps a number per language instead of an object: the summaries were a quarter of the heap
// (three objects and an array per string, about 300 bytes). ./demo.ts reads them back as the Context JSON
// objects. Fields, lowest first: the language (3 bits), the flags (24 bits), approvalsCount (3 bits),
// rating + 8 (4 bits), the hour of translationUpdated (19 bits).

/** The summary's boolean fields, one bit each; a field is present (true) when its bit is set. */
export const SUMMARY_FLAGS = [
  'isTranslated',
  'isPartiallyTranslated',
  'isApproved',
  'isPartiallyApproved',
  'isAutoTranslated',
  'isTranslatedByTm',
  'isTranslatedByAi',
  'isTranslatedByMt',
  'isSourceChangedAfterTranslation',
  'hasTranslationAsSource',
  'hasTranslationAfterApproval',
  'hasSharedTranslation',
  'hasQaIssues',
  'hasEmptyTranslationQaIssues',
  'hasTranslationLengthQaIssues',
  'hasTagsMismatchQaIssues',
  'hasSpacesMismatchQaIssues',
  'hasVariablesMismatchQaIssues',
  'hasPunctuationMismatchQaIssues',
  'hasCharacterCaseMismatchQaIssues',
  'hasSpellingQaIssues',
  'hasIcuSyntaxQaIssues',
  'hasTermsQaIssues',
  'hasNumbersMismatchQaIssues',
] as const;
export type SummaryFlag = (typeof SUMMARY_FLAGS)[number];
/** The kinds of QA issue, in the order the demo draws them from. */
export const QA_FLAGS: readonly SummaryFlag[] = SUMMARY_FLAGS.slice(SUMMARY_FLAGS.indexOf('hasQaIssues') + 1);

export interface PackedSummary {
  /** Index of the language in the demo's target languages. */
  language: number;
  /** Bit i set: SUMMARY_FLAGS[i] is true. */
  flags: number;
  approvalsCount: number;
  rating: number;
  /** translationUpdated as an hour number (see ./demo.ts isoDate). */
  hour: number;
}

const FLAG_SPAN = 2 ** SUMMARY_FLAGS.length;

const BITS = Object.fromEntries(SUMMARY_FLAGS.map((flag, i) => [flag, 1 << i])) as Record<
  SummaryFlag,
  number
>;

export function flagBit(flag: SummaryFlag): number {
  return BITS[flag];
}

/** The Context JSON object of a summary entry, from a builder made once per set of flags. */
export type SummaryBuilder = (
  language: string,
  translationUpdated: string,
  rating: number,
  approvalsCount: number,
) => Record<string, unknown>;

const builders = new Map<number, SummaryBuilder>();

/**
 * The builder of the entries with these flags: one object literal with exactly their properties, so an
 * entry read in a query is made in one step (and its properties sit in the object). Generated code, in the
 * emulator only (Node, not the app under its CSP): without it (the properties assigned one by one, or a
 * copy of a template object per set of flags) a query over the languages summaries of 200,000 strings is
 * 1.1 to 1.4 times slower, measured against it in the same run by src/bench/summary-builder.bench.ts, whose
 * row fails when that falls under 1.1 times.
 */
export function summaryBuilder(flags: number): SummaryBuilder {
  let build = builders.get(flags);
  if (!build) {
    const present = SUMMARY_FLAGS.filter((_, i) => flags & (1 << i)).map((f) => `${f}: true, `);
    build = new Function(
      'language',
      'translationUpdated',
      'rating',
      'approvalsCount',
      `return { language, ${present.join('')}translationUpdated, rating, approvalsCount };`,
    ) as SummaryBuilder;
    builders.set(flags, build);
  }
  return build;
}

const fits = (v: number, max: number) => Number.isInteger(v) && v >= 0 && v < max;

export function packSummary(s: PackedSummary): number {
  if (
    !fits(s.language, 8) ||
    !fits(s.flags, FLAG_SPAN) ||
    !fits(s.approvalsCount, 8) ||
    !fits(s.rating + 8, 16) ||
    !fits(s.hour, 2 ** 19)
  ) {
    throw new RangeError(`demo data: a languages summary out of its packed range: ${JSON.stringify(s)}`);
  }
  return (((s.hour * 16 + s.rating + 8) * 8 + s.approvalsCount) * FLAG_SPAN + s.flags) * 8 + s.language;
}

export function unpackSummary(code: number): PackedSummary {
  const language = code % 8;
  let rest = (code - language) / 8;
  const flags = rest % FLAG_SPAN;
  rest = (rest - flags) / FLAG_SPAN;
  const approvalsCount = rest % 8;
  rest = (rest - approvalsCount) / 8;
  const rating = (rest % 16) - 8;
  return { language, flags, approvalsCount, rating, hour: (rest - rating - 8) / 16 };
}
