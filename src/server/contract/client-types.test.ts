// The emulator's resources against the official client's model types, checked by `tsc` (npm run
// typecheck): each resource interface must supply every field of the client's model with a type the model
// accepts. Where the client's type is stale against the service's OpenAPI, the OpenAPI's type replaces it,
// each named below with the OpenAPI's fact.
import type {
  GlossariesModel,
  SourceStringsModel,
  StringTranslationsModel,
  TranslationMemoryModel,
} from '@crowdin/crowdin-api-client';
import { describe, expect, it } from 'vitest';
import type {
  AssetTranslationResource,
  PluralTranslationResource,
  SourceStringResource,
  StringType,
  TermResource,
  TextTranslationResource,
  TmSegmentResource,
} from '../../wire/resources.ts';

/** Every key of `Theirs` is in `Ours` with a type `Theirs` accepts; null where the OpenAPI marks it nullable. */
type Covers<Ours, Theirs, Nullable extends keyof Theirs = never> = [Ours] extends [
  { [K in keyof Theirs]-?: K extends Nullable ? Theirs[K] | null : Theirs[K] },
]
  ? true
  : false;
type Assert<T extends true> = T;
type Override<T, O> = Omit<T, keyof O> & O;

/** A file-based project's string: it has its file, directory and revision. */
type FileBasedString = SourceStringResource &
  Required<Pick<SourceStringResource, 'fileId' | 'directoryId' | 'revision'>>;
/** An enterprise string also has its custom fields. */
type EnterpriseString = FileBasedString & Required<Pick<SourceStringResource, 'fields'>>;

/**
 * The client's source string, with the OpenAPI's types where the client's are stale: `type` is a string
 * (text, plural, icu, asset), not a numeric enum; `masterStringId` is an integer, not a boolean.
 */
type ClientString = Override<SourceStringsModel.String, { type: StringType; masterStringId: number }>;

/**
 * The client's term, with the OpenAPI's types where the client's are stale: `partOfSpeech`, `status`, `type`
 * and `gender` are strings whose documented values are snake_case (`not_recommended`, `full_form`).
 */
type ClientTerm = Override<
  GlossariesModel.Term,
  { partOfSpeech: string; status: string; type: string; gender: string }
>;

/** The client has no asset translation model: its plain one, without text, with the OpenAPI's `url`. */
type ClientAssetTranslation = Omit<StringTranslationsModel.PlainLanguageTranslation, 'text'> & {
  url: string;
};

export type Checks = [
  Assert<
    Covers<
      FileBasedString,
      Omit<ClientString, 'fields'>,
      'branchId' | 'masterStringId' | 'directoryId' | 'text' | 'createdAt' | 'updatedAt'
    >
  >,
  Assert<
    Covers<
      EnterpriseString,
      ClientString,
      'branchId' | 'masterStringId' | 'directoryId' | 'text' | 'createdAt' | 'updatedAt' | 'fields'
    >
  >,
  Assert<Covers<TextTranslationResource, StringTranslationsModel.PlainLanguageTranslation>>,
  Assert<Covers<TextTranslationResource, StringTranslationsModel.IcuLanguageTranslation>>,
  Assert<Covers<PluralTranslationResource, StringTranslationsModel.PluralLanguageTranslation>>,
  Assert<Covers<PluralTranslationResource['plurals'][number], StringTranslationsModel.Plural>>,
  Assert<Covers<AssetTranslationResource, ClientAssetTranslation>>,
  Assert<Covers<Omit<TmSegmentResource, 'records'>, Omit<TranslationMemoryModel.TMSegment, 'records'>>>,
  Assert<
    Covers<
      TmSegmentResource['records'][number],
      TranslationMemoryModel.TMSegmentRecord,
      'createdAt' | 'updatedAt'
    >
  >,
  Assert<
    Covers<TermResource, ClientTerm, 'partOfSpeech' | 'status' | 'type' | 'gender' | 'lemma' | 'conceptId'>
  >,
];

// The check can fail: a resource missing a field, or with a wrong type, is refused.
type WithoutTranslationId = Omit<TextTranslationResource, 'translationId'>;
type Plain = StringTranslationsModel.PlainLanguageTranslation;
type WithStringId = Override<TmSegmentResource, { id: string }>;
type Segment = Omit<TranslationMemoryModel.TMSegment, 'records'>;
// @ts-expect-error -- `translationId` missing
export type MissingField = Assert<Covers<WithoutTranslationId, Plain>>;
// @ts-expect-error -- a string id where the client expects a number
export type WrongType = Assert<Covers<WithStringId, Segment>>;

describe('resource types against the official client', () => {
  it('are checked by tsc (npm run typecheck); this file only has to compile', () => {
    const checks: Checks = [true, true, true, true, true, true, true, true, true, true];
    expect(checks.every(Boolean)).toBe(true);
  });
});
