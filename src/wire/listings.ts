// The four CroQL listings, described once: which listing, where it lives, what it needs picked, which
// parameters it takes beside `croql` in each variant of the API, its order, its scope and its call in the
// official client. The app (run path, pickers, results), code export and the emulator read these rows.
//
// Parameters, enums, defaults and the rules beside `croql` are the service's OpenAPI's, at the commit
// src/server/contract/openapi-schemas.json names (README.md, "Where the service is silent").
import type { Edition, ListingName } from '../croql/types.ts';
import { REQUIRED_SCOPES } from './scopes.ts';

export type { ListingName };

export const LISTING_NAMES: readonly ListingName[] = [
  'strings',
  'translations',
  'tmSegments',
  'glossaryTerms',
];

export function isListingName(value: unknown): value is ListingName {
  return typeof value === 'string' && (LISTING_NAMES as readonly string[]).includes(value);
}

/**
 * The four API descriptions the service publishes: standard (crowdin.com) or enterprise, each for a
 * file-based or a string-based project. Their listings differ in the parameters they take.
 */
export type ApiVariant = 'standard' | 'standard-string-based' | 'enterprise' | 'enterprise-string-based';

export const API_VARIANTS: readonly ApiVariant[] = [
  'standard',
  'standard-string-based',
  'enterprise',
  'enterprise-string-based',
];

export function apiVariant(edition: Edition, stringBased: boolean): ApiVariant {
  return stringBased ? `${edition}-string-based` : edition;
}

const FILE_BASED: readonly ApiVariant[] = ['standard', 'enterprise'];
const STANDARD: readonly ApiVariant[] = ['standard', 'standard-string-based'];
const ENTERPRISE: readonly ApiVariant[] = ['enterprise', 'enterprise-string-based'];

/** What a run is aimed at: the project and the id the listing needs (language, TM, glossary). */
export interface ListingTarget {
  projectId: number | null;
  languageId: string | null;
  tmId: number | null;
  glossaryId: number | null;
}

/** A choice the user makes before a listing can run; each fills one path parameter. */
export type Picker = 'project' | 'language' | 'tm' | 'glossary';

export interface PathParam {
  /** The name in the path template: `{projectId}`. */
  name: string;
  type: 'integer' | 'string';
  picker: Picker;
  target: keyof ListingTarget;
  /** What to tell the user while it is not chosen. */
  missing: string;
}

export interface QueryParam {
  name: string;
  /** `idList`: comma-separated integer ids (`1,2,3`); `scopeList`: comma-separated enum values. */
  type: 'integer' | 'string' | 'idList' | 'scopeList';
  enum?: readonly (string | number)[];
  default?: string | number;
  minimum?: number;
  maximum?: number;
  /** The variants whose listing has this parameter; every variant when absent. */
  variants?: readonly ApiVariant[];
  /** Whether the service takes it in the same request as `croql`. */
  besideCroql: boolean;
  /** Parameters of one group cannot be used in the same request ("Can't be used with …"). */
  exclusiveGroup?: string;
  /** What to write in CroQL instead, for a parameter refused beside `croql`. */
  croqlInstead?: string;
}

export interface Listing {
  name: ListingName;
  /** How the app names the listing (picker, headings). */
  label: string;
  /** File name stem of exported rows. */
  fileName: string;
  operationId: string;
  /** The path under `/api/v2`, with `{param}` placeholders. */
  path: string;
  pathParams: readonly PathParam[];
  /** The pickers the app shows for this listing, in order. */
  pickers: readonly Picker[];
  params: readonly QueryParam[];
  /** The order when `orderBy` is absent (or the variant has no `orderBy`). */
  defaultOrder: string;
  scope: string;
  /**
   * How its 400 body is shaped in the OpenAPI: `collection` `{"errors":[{"error":{key, errors}}]}` or
   * `single` `{"error":{key, errors}}` (src/wire/envelope.ts).
   */
  validationErrorShape: 'collection' | 'single';
  /** The call in the official JS client: `new Client(…)[api][method](...pathParams, { croql })`. */
  client: { api: string; method: string };
  /**
   * The method of the official Python client (`crowdin-api-client` on PyPI) that takes this listing's query
   * as `croql=`, where one does (its `list_tm_segments` takes none).
   */
  pythonMethod?: string;
  /** The crowdin-cli command that takes this listing's query as `--croql`, where there is one. */
  cli?: string;
}

const PROJECT: PathParam = {
  name: 'projectId',
  type: 'integer',
  picker: 'project',
  target: 'projectId',
  missing: 'Pick a project to run the query.',
};

const LIMIT: QueryParam = {
  name: 'limit',
  type: 'integer',
  default: 25,
  minimum: 1,
  maximum: 500,
  besideCroql: true,
};
const OFFSET: QueryParam = { name: 'offset', type: 'integer', default: 0, minimum: 0, besideCroql: true };
const CROQL: QueryParam = { name: 'croql', type: 'string', besideCroql: true };
const DENORMALIZE: QueryParam = {
  name: 'denormalizePlaceholders',
  type: 'integer',
  enum: [0, 1],
  default: 0,
  besideCroql: true,
};

export const LISTINGS: Record<ListingName, Listing> = {
  strings: {
    name: 'strings',
    label: 'Source strings',
    fileName: 'strings',
    operationId: 'api.projects.strings.getMany',
    path: '/projects/{projectId}/strings',
    pathParams: [PROJECT],
    pickers: ['project'],
    params: [
      {
        name: 'orderBy',
        type: 'string',
        enum: ['id', 'text', 'identifier', 'context', 'createdAt', 'updatedAt', 'type'],
        default: 'id',
        variants: STANDARD,
        besideCroql: true,
      },
      DENORMALIZE,
      {
        name: 'labelIds',
        type: 'idList',
        besideCroql: false,
        croqlInstead: 'count of labels where (id = 5) > 0',
      },
      {
        name: 'fileId',
        type: 'integer',
        variants: FILE_BASED,
        besideCroql: false,
        exclusiveGroup: 'location',
        croqlInstead: 'id of file = 3',
      },
      {
        name: 'branchId',
        type: 'integer',
        besideCroql: false,
        exclusiveGroup: 'location',
        croqlInstead: 'id of branch = 2',
      },
      {
        name: 'directoryId',
        type: 'integer',
        variants: FILE_BASED,
        besideCroql: false,
        exclusiveGroup: 'location',
      },
      { name: 'taskId', type: 'integer', besideCroql: false, exclusiveGroup: 'location' },
      CROQL,
      { name: 'filter', type: 'string', besideCroql: false, croqlInstead: 'text contains "Save"' },
      {
        name: 'scope',
        type: 'scopeList',
        enum: ['identifier', 'text', 'context'],
        besideCroql: false,
        croqlInstead: 'identifier contains "button"',
      },
      LIMIT,
      OFFSET,
    ],
    defaultOrder: 'id',
    scope: REQUIRED_SCOPES.strings,
    validationErrorShape: 'collection',
    client: { api: 'sourceStringsApi', method: 'listProjectStrings' },
    pythonMethod: 'list_strings',
    cli: 'crowdin string list',
  },
  translations: {
    name: 'translations',
    label: 'Translations',
    fileName: 'translations',
    operationId: 'api.projects.languages.translations.getMany',
    path: '/projects/{projectId}/languages/{languageId}/translations',
    pathParams: [
      PROJECT,
      {
        name: 'languageId',
        type: 'string',
        picker: 'language',
        target: 'languageId',
        missing: 'Pick a target language to list its translations.',
      },
    ],
    pickers: ['project', 'language'],
    params: [
      {
        name: 'orderBy',
        type: 'string',
        enum: ['text', 'stringId', 'translationId', 'createdAt'],
        default: 'stringId',
        variants: STANDARD,
        besideCroql: true,
      },
      {
        name: 'stringIds',
        type: 'idList',
        besideCroql: false,
        croqlInstead: 'a condition on the translation itself',
      },
      {
        name: 'labelIds',
        type: 'idList',
        besideCroql: false,
        croqlInstead: 'a condition on the translation itself',
      },
      {
        name: 'fileId',
        type: 'integer',
        variants: FILE_BASED,
        besideCroql: false,
        exclusiveGroup: 'location',
      },
      {
        name: 'branchId',
        type: 'integer',
        besideCroql: true,
        // Exclusive with fileId and directoryId, which only file-based projects have.
        exclusiveGroup: 'location',
      },
      {
        name: 'directoryId',
        type: 'integer',
        variants: FILE_BASED,
        besideCroql: true,
        exclusiveGroup: 'location',
      },
      {
        name: 'approvedOnly',
        type: 'integer',
        enum: [0, 1],
        default: 0,
        variants: STANDARD,
        besideCroql: false,
        croqlInstead: 'count of approvals > 0',
      },
      {
        name: 'passedWorkflow',
        type: 'integer',
        enum: [0, 1],
        default: 0,
        variants: ENTERPRISE,
        besideCroql: false,
        exclusiveGroup: 'approval',
      },
      {
        name: 'minApprovalCount',
        type: 'integer',
        minimum: 0,
        variants: ENTERPRISE,
        besideCroql: false,
        exclusiveGroup: 'approval',
        croqlInstead: 'count of approvals >= 2',
      },
      CROQL,
      DENORMALIZE,
      LIMIT,
      OFFSET,
    ],
    defaultOrder: 'stringId',
    scope: REQUIRED_SCOPES.translations,
    validationErrorShape: 'collection',
    client: { api: 'stringTranslationsApi', method: 'listLanguageTranslations' },
    pythonMethod: 'list_language_translations',
  },
  tmSegments: {
    name: 'tmSegments',
    label: 'TM segments',
    fileName: 'tm-segments',
    operationId: 'api.tms.segments.getMany',
    path: '/tms/{tmId}/segments',
    pathParams: [
      {
        name: 'tmId',
        type: 'integer',
        picker: 'tm',
        target: 'tmId',
        missing: 'Pick a translation memory to list its segments.',
      },
    ],
    pickers: ['tm'],
    params: [
      { name: 'orderBy', type: 'string', enum: ['id'], default: 'id', besideCroql: true },
      LIMIT,
      OFFSET,
      CROQL,
    ],
    defaultOrder: 'id',
    scope: REQUIRED_SCOPES.tm,
    validationErrorShape: 'single',
    client: { api: 'translationMemoryApi', method: 'listTmSegments' },
  },
  glossaryTerms: {
    name: 'glossaryTerms',
    label: 'Glossary terms',
    fileName: 'glossary-terms',
    operationId: 'api.glossaries.terms.getMany',
    path: '/glossaries/{glossaryId}/terms',
    pathParams: [
      {
        name: 'glossaryId',
        type: 'integer',
        picker: 'glossary',
        target: 'glossaryId',
        missing: 'Pick a glossary to list its terms.',
      },
    ],
    pickers: ['glossary'],
    params: [
      {
        name: 'orderBy',
        type: 'string',
        enum: [
          'id',
          'text',
          'description',
          'partOfSpeech',
          'status',
          'type',
          'gender',
          'note',
          'lemma',
          'createdAt',
          'updatedAt',
        ],
        default: 'id',
        besideCroql: true,
      },
      { name: 'userId', type: 'integer', besideCroql: false, croqlInstead: 'user = @user:"alice"' },
      { name: 'languageId', type: 'string', besideCroql: false, croqlInstead: 'language = @language:"uk"' },
      { name: 'conceptId', type: 'integer', besideCroql: false, croqlInstead: 'concept = 4' },
      { name: 'translationOfTermId', type: 'integer', besideCroql: false },
      CROQL,
      LIMIT,
      OFFSET,
    ],
    defaultOrder: 'id',
    scope: REQUIRED_SCOPES.glossary,
    validationErrorShape: 'collection',
    client: { api: 'glossariesApi', method: 'listTerms' },
    pythonMethod: 'list_terms',
  },
};

/** The query parameters a listing takes in a variant of the API. */
export function paramsOf(listing: ListingName, variant: ApiVariant): QueryParam[] {
  return LISTINGS[listing].params.filter((p) => !p.variants || p.variants.includes(variant));
}

/** The listing's path for a target, or the sentence saying what to pick first. */
export function listingPath(
  listing: ListingName,
  target: ListingTarget,
): { ok: true; path: string } | { ok: false; missing: string } {
  const spec = LISTINGS[listing];
  for (const p of spec.pathParams) {
    const value = target[p.target];
    if (value === null || value === '') return { ok: false, missing: p.missing };
  }
  return { ok: true, path: fillPath(spec, (p) => String(target[p.target])) };
}

/** The path with whatever is not chosen yet left as its `{placeholder}` (for code that is still complete). */
export function listingPathTemplate(listing: ListingName, target: ListingTarget): string {
  return fillPath(LISTINGS[listing], (p) => {
    const value = target[p.target];
    return value === null || value === '' ? `{${p.name}}` : String(value);
  });
}

function fillPath(spec: Listing, value: (p: PathParam) => string): string {
  let path = spec.path;
  for (const p of spec.pathParams) {
    const raw = value(p);
    path = path.replace(`{${p.name}}`, raw.startsWith('{') ? raw : encodeURIComponent(raw));
  }
  return path;
}
