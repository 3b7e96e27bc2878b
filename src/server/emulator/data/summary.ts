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

/** A flag of an entry: true, or undefined where the Context JSON leaves the field out. */
type Flag = true | undefined;

/**
 * A languages summary entry, as the demo strings read it: one class, so every entry has the same shape,
 * with every field inside the object. A flag that is not set holds undefined: JSON.stringify leaves it out
 * and a query reads it as absent, so the entry's JSON is the Context JSON object's, field for field and in
 * its order (language, the flags set in SUMMARY_FLAGS order, translationUpdated, rating, approvalsCount).
 * The flags are written out one by one, each with its bit: a loop over SUMMARY_FLAGS stores under a
 * different name each time, which V8 does several times slower (summary.test.ts checks that each field
 * reads its own bit, and the type below that none is missing). Against the plain ways (the properties
 * added one by one to a literal, or a copy of a template object per set of flags: a shape per set, some
 * 2,700 of them, which V8's caches cannot hold) a query over the languages summaries of 200,000 strings is
 * measured by src/bench/summary-builder.bench.ts, whose row fails when this is not 1.1 times faster.
 */
export class SummaryEntry implements Record<SummaryFlag, Flag> {
  declare readonly language: string;
  declare readonly isTranslated: Flag;
  declare readonly isPartiallyTranslated: Flag;
  declare readonly isApproved: Flag;
  declare readonly isPartiallyApproved: Flag;
  declare readonly isAutoTranslated: Flag;
  declare readonly isTranslatedByTm: Flag;
  declare readonly isTranslatedByAi: Flag;
  declare readonly isTranslatedByMt: Flag;
  declare readonly isSourceChangedAfterTranslation: Flag;
  declare readonly hasTranslationAsSource: Flag;
  declare readonly hasTranslationAfterApproval: Flag;
  declare readonly hasSharedTranslation: Flag;
  declare readonly hasQaIssues: Flag;
  declare readonly hasEmptyTranslationQaIssues: Flag;
  declare readonly hasTranslationLengthQaIssues: Flag;
  declare readonly hasTagsMismatchQaIssues: Flag;
  declare readonly hasSpacesMismatchQaIssues: Flag;
  declare readonly hasVariablesMismatchQaIssues: Flag;
  declare readonly hasPunctuationMismatchQaIssues: Flag;
  declare readonly hasCharacterCaseMismatchQaIssues: Flag;
  declare readonly hasSpellingQaIssues: Flag;
  declare readonly hasIcuSyntaxQaIssues: Flag;
  declare readonly hasTermsQaIssues: Flag;
  declare readonly hasNumbersMismatchQaIssues: Flag;
  declare readonly translationUpdated: string;
  declare readonly rating: number;
  declare readonly approvalsCount: number;

  constructor(
    language: string,
    flags: number,
    translationUpdated: string,
    rating: number,
    approvalsCount: number,
  ) {
    this.language = language;
    this.isTranslated = flags & 1 ? true : undefined;
    this.isPartiallyTranslated = flags & 2 ? true : undefined;
    this.isApproved = flags & 4 ? true : undefined;
    this.isPartiallyApproved = flags & 8 ? true : undefined;
    this.isAutoTranslated = flags & 16 ? true : undefined;
    this.isTranslatedByTm = flags & 32 ? true : undefined;
    this.isTranslatedByAi = flags & 64 ? true : undefined;
    this.isTranslatedByMt = flags & 128 ? true : undefined;
    this.isSourceChangedAfterTranslation = flags & 256 ? true : undefined;
    this.hasTranslationAsSource = flags & 512 ? true : undefined;
    this.hasTranslationAfterApproval = flags & 1024 ? true : undefined;
    this.hasSharedTranslation = flags & 2048 ? true : undefined;
    this.hasQaIssues = flags & 4096 ? true : undefined;
    this.hasEmptyTranslationQaIssues = flags & 8192 ? true : undefined;
    this.hasTranslationLengthQaIssues = flags & 16384 ? true : undefined;
    this.hasTagsMismatchQaIssues = flags & 32768 ? true : undefined;
    this.hasSpacesMismatchQaIssues = flags & 65536 ? true : undefined;
    this.hasVariablesMismatchQaIssues = flags & 131072 ? true : undefined;
    this.hasPunctuationMismatchQaIssues = flags & 262144 ? true : undefined;
    this.hasCharacterCaseMismatchQaIssues = flags & 524288 ? true : undefined;
    this.hasSpellingQaIssues = flags & 1048576 ? true : undefined;
    this.hasIcuSyntaxQaIssues = flags & 2097152 ? true : undefined;
    this.hasTermsQaIssues = flags & 4194304 ? true : undefined;
    this.hasNumbersMismatchQaIssues = flags & 8388608 ? true : undefined;
    this.translationUpdated = translationUpdated;
    this.rating = rating;
    this.approvalsCount = approvalsCount;
  }
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
