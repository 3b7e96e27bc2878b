// The rows of the four listings as the service's OpenAPI describes them (src/server/contract/
// openapi-schemas.json holds them as JSON Schema): what a listing page's `data[].data` is. The emulator
// projects its context objects into these (src/server/emulator/api/resources.ts); the app reads them
// (src/rows/). src/server/contract/client-types.test.ts checks them against the official client's models.

export type StringType = 'text' | 'plural' | 'icu' | 'asset';

export interface SourceStringResource {
  id: number;
  projectId: number;
  branchId: number | null;
  identifier: string;
  text: string | Record<string, string> | null;
  type: StringType;
  context: string;
  maxLength: number;
  isHidden: boolean;
  isDuplicate: boolean;
  masterStringId: number | null;
  hasPlurals: boolean;
  isIcu: boolean;
  labelIds: number[];
  webUrl: string;
  createdAt: string | null;
  updatedAt: string | null;
  /** File-based projects only. */
  fileId?: number;
  directoryId?: number | null;
  revision?: number;
  /** Enterprise only: custom field values by field slug. */
  fields?: Record<string, string | number | boolean | object> | null;
}

/** The user object inside a translation. */
export interface UserResource {
  id: number;
  username: string;
  fullName: string;
  avatarUrl: string;
}

export const PROVIDERS = [
  'tm',
  'google',
  'microsoft',
  'crowdin',
  'deepl',
  'amazon',
  'watson',
  'global_tm',
  'google_automl',
  'modernmt',
  'custom_mt',
  'ai',
] as const;

/** How a translation was made: the same fields on plain, ICU and each plural form. */
export interface TranslationOrigin {
  provider: (typeof PROVIDERS)[number] | null;
  providerId: number | null;
  isPreTranslated: boolean;
  matchRate: number | null;
  matchType: 'perfect' | 'exact' | 'fuzzy' | null;
}

export type QaIssuesStatus = 'inProgress' | 'failed' | 'passed';

/** A plain (`text/plain`) or ICU (`application/vnd.crowdin.text+icu`) string's translation. */
export interface TextTranslationResource extends TranslationOrigin {
  stringId: number;
  contentType: string;
  translationId: number;
  text: string;
  user: UserResource;
  createdAt: string;
  qaIssuesStatus: QaIssuesStatus;
}

export type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

export interface PluralFormResource extends TranslationOrigin {
  translationId: number;
  text: string;
  pluralForm: PluralForm;
  user: UserResource;
  createdAt: string;
}

export interface PluralTranslationResource {
  stringId: number;
  contentType: 'application/vnd.crowdin.text+plural';
  plurals: PluralFormResource[];
  qaIssuesStatus: QaIssuesStatus;
}

/** An asset string's translation: a file, given by its URL. */
export interface AssetTranslationResource {
  stringId: number;
  contentType: string;
  translationId: number;
  user: UserResource;
  createdAt: string;
  url: string;
  qaIssuesStatus: QaIssuesStatus;
}

export type LanguageTranslationResource =
  TextTranslationResource | PluralTranslationResource | AssetTranslationResource;

export interface TmRecordResource {
  id: number;
  languageId: string;
  text: string;
  usageCount: number;
  createdBy: number;
  updatedBy: number;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface TmSegmentResource {
  id: number;
  records: TmRecordResource[];
}

export interface TermResource {
  id: number;
  userId: number;
  glossaryId: number;
  languageId: string;
  text: string;
  description: string;
  partOfSpeech: string | null;
  status: string | null;
  type: string | null;
  gender: string | null;
  note: string;
  url: string;
  conceptId: number | null;
  lemma: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One row of a listing, whichever listing (see `ListingRows` for the row of each). */
export type ListingRow =
  SourceStringResource | LanguageTranslationResource | TmSegmentResource | TermResource;

/** The row type of each listing. */
export interface ListingRows {
  strings: SourceStringResource;
  translations: LanguageTranslationResource;
  tmSegments: TmSegmentResource;
  glossaryTerms: TermResource;
}
