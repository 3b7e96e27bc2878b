// The rows of the four listings as the service's OpenAPI describes them (src/server/contract/
// openapi-schemas.json holds them as JSON Schema): what a listing page's `data[].data` is. The emulator
// projects its context objects into these (src/server/emulator/api/resources.ts); the app reads them
// (src/rows/). src/server/contract/client-types.test.ts checks them against the official client's models.
import { anyObject, anyOf, arrayOf, boolean, nullable, number, object, string, type Shape } from './shape.ts';

export type StringType = 'text' | 'plural' | 'icu' | 'asset';

/** The word CroQL has for each string type (`type is plain`): the table and the charts show it too. */
export const STRING_TYPE_WORDS: Record<StringType, string> = {
  text: 'plain',
  plural: 'plural',
  icu: 'icu',
  asset: 'asset',
};

/** A row's string type in CroQL's word; a type CroQL has no word for, as the API wrote it. */
export function stringTypeWord(type: unknown): string {
  if (typeof type !== 'string') return '';
  return Object.hasOwn(STRING_TYPE_WORDS, type) ? STRING_TYPE_WORDS[type as StringType] : type;
}

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

/** How people name each provider, where the API writes its value (`deepl`, `tm`): the table and charts show it. */
export const PROVIDER_WORDS: Record<(typeof PROVIDERS)[number], string> = {
  tm: 'TM',
  google: 'Google Translate',
  microsoft: 'Microsoft Translator',
  crowdin: 'Crowdin Translate',
  deepl: 'DeepL',
  amazon: 'Amazon Translate',
  watson: 'IBM Watson',
  global_tm: 'global TM',
  google_automl: 'Google AutoML',
  modernmt: 'ModernMT',
  custom_mt: 'custom MT',
  ai: 'AI',
};

/** A translation's provider in words; a provider without a word, as the API wrote it. */
export function providerWord(provider: unknown): string {
  if (typeof provider !== 'string') return '';
  return Object.hasOwn(PROVIDER_WORDS, provider)
    ? PROVIDER_WORDS[provider as keyof typeof PROVIDER_WORDS]
    : provider;
}

/** A glossary term's status, type or part of speech in words: `not_recommended` reads "not recommended". */
export const termWord = (value: unknown): string =>
  typeof value === 'string' ? value.replace(/_/g, ' ') : '';

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

// The rows' shapes, checked on every page before any part of the app reads it (`listPageProblem` in
// ./envelope.ts). Each field has the JSON type the OpenAPI gives it (src/wire/shape.test.ts holds the two
// together); enumerations are read as text, so a value the service adds later is shown, not refused. Only
// what says which resource a row is must be there: the service may leave other fields out.
const text = nullable(string);
const user = object<UserResource>('a user (an object)', {
  id: number,
  username: string,
  fullName: string,
  avatarUrl: string,
});
const origin = {
  provider: text,
  providerId: nullable(number),
  isPreTranslated: boolean,
  matchRate: nullable(number),
  matchType: text,
} as const;

export const sourceStringShape = object<SourceStringResource>(
  'a source string (an object)',
  {
    id: number,
    projectId: number,
    branchId: nullable(number),
    identifier: string,
    text: nullable(anyOf(string, anyObject)),
    type: string,
    context: string,
    maxLength: number,
    isHidden: boolean,
    isDuplicate: boolean,
    masterStringId: nullable(number),
    hasPlurals: boolean,
    isIcu: boolean,
    labelIds: arrayOf(number),
    webUrl: string,
    createdAt: text,
    updatedAt: text,
    fileId: number,
    directoryId: nullable(number),
    revision: number,
    fields: nullable(anyObject),
  },
  ['id'],
);

const pluralFormShape = object<PluralFormResource>(
  'a plural form (an object)',
  { ...origin, translationId: number, text: string, pluralForm: string, user, createdAt: string },
  ['pluralForm'],
);

/** Plain, ICU, plural and asset translations in one shape: a page mixes them, told apart by their fields. */
export const translationShape = object<
  TextTranslationResource & Omit<PluralTranslationResource, 'contentType'> & AssetTranslationResource
>(
  'a translation (an object)',
  {
    ...origin,
    stringId: number,
    contentType: string,
    translationId: number,
    text: string,
    user,
    createdAt: string,
    qaIssuesStatus: string,
    plurals: arrayOf(pluralFormShape),
    url: string,
  },
  ['stringId'],
) as Shape<LanguageTranslationResource>;

const tmRecordShape = object<TmRecordResource>(
  'a TM record (an object)',
  {
    id: number,
    languageId: string,
    text: string,
    usageCount: number,
    createdBy: number,
    updatedBy: number,
    createdAt: text,
    updatedAt: text,
  },
  ['languageId', 'text'],
);

export const tmSegmentShape = object<TmSegmentResource>(
  'a TM segment (an object)',
  { id: number, records: arrayOf(tmRecordShape) },
  ['id', 'records'],
);

export const termShape = object<TermResource>(
  'a glossary term (an object)',
  {
    id: number,
    userId: number,
    glossaryId: number,
    languageId: string,
    text: string,
    description: string,
    partOfSpeech: text,
    status: text,
    type: text,
    gender: text,
    note: string,
    url: string,
    conceptId: nullable(number),
    lemma: text,
    createdAt: string,
    updatedAt: string,
  },
  ['id'],
);

/** The row shape of each listing. */
export const ROW_SHAPES: { [L in keyof ListingRows]: Shape<ListingRows[L]> } = {
  strings: sourceStringShape,
  translations: translationShape,
  tmSegments: tmSegmentShape,
  glossaryTerms: termShape,
};
