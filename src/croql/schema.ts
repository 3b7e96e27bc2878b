// The one description of what a query can talk about: the four listing contexts and every nested type.
// The tokenizer, checker, completion, hover, builder and emulator all read it; no field list exists twice.
import type { ListingName, FieldDef, FieldType, ObjectTypeDef, ScalarType, Schema } from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// Small builders so each field fits on a line or two.

const scalar = (type: ScalarType): FieldType => ({ kind: 'scalar', type });
const bool = scalar('boolean');
const int = scalar('integer');
const str = scalar('string');
const datetime = scalar('datetime');
const user = scalar('user');
const language = scalar('language');
const object = (objectType: string): FieldType => ({ kind: 'object', objectType });
const collection = (elementType: string): FieldType => ({ kind: 'collection', elementType });

interface FieldExtras {
  examples?: string[];
  enumValues?: string[];
  enterpriseOnly?: boolean;
  aliases?: string[];
}

/** `is hidden` → `isHidden`; a one-word name (`approvalsCount`, `text`) is its own key. */
export function camelKey(name: string): string {
  const words = name.trim().split(/\s+/);
  return words.map((w, i) => (i === 0 ? w : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

function defaultExamples(name: string, type: FieldType): string[] {
  if (type.kind === 'collection') return [`count of ${name} > 0`];
  if (type.kind === 'object') return [`id of ${name} = 1`];
  switch (type.type) {
    case 'boolean':
      return [name, `not ${name}`];
    case 'integer':
    case 'float':
      return [`${name} > 0`];
    case 'string':
      return [`${name} contains "text"`];
    case 'datetime':
      return [`${name} > '2024-01-01'`, `${name} between '2024-01-01' and 'today'`];
    case 'user':
      return [`${name} = @user:"alice"`];
    case 'language':
      return [`${name} = @language:"uk"`];
  }
}

function field(name: string, type: FieldType, description: string, extras: FieldExtras = {}): FieldDef {
  const def: FieldDef = {
    name,
    key: camelKey(name),
    type,
    description,
    examples: extras.examples ?? defaultExamples(name, type),
  };
  if (extras.enumValues) def.enumValues = extras.enumValues;
  if (extras.enterpriseOnly) def.enterpriseOnly = true;
  if (extras.aliases) def.aliases = extras.aliases;
  return def;
}

function objectType(name: string, label: string, fields: FieldDef[]): ObjectTypeDef {
  return { name, label, fields };
}

// ---------------------------------------------------------------------------------------------------------
// Known value lists (the service's documented enums).

export const PROVIDERS = [
  'tm',
  'global_tm',
  'google',
  'google_automl',
  'microsoft',
  'crowdin',
  'deepl',
  'modernmt',
  'amazon',
  'watson',
  'custom_mt',
  'ai',
];
export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adj',
  'pron',
  'propn',
  'det',
  'adv',
  'adp',
  'cconj',
  'sconj',
  'num',
  'intj',
  'aux',
  'prt',
  'sym',
  'x',
];
export const TERM_STATUSES = ['preferred', 'admitted', 'not_recommended', 'obsolete', 'draft'];
export const TERM_TYPES = ['full_form', 'acronym', 'abbreviation', 'short_form', 'phrase', 'variant'];
export const TERM_GENDERS = ['masculine', 'feminine', 'neuter', 'common', 'other'];

// ---------------------------------------------------------------------------------------------------------
// Nested types of the source string context.

const file = objectType('file', 'file', [
  field('id', int, 'Numeric id of the file.', { examples: ['id of file = 3'] }),
  field('name', str, 'File name, e.g. `messages.json`.', { examples: ['name of file = "messages.json"'] }),
  field('title', str, 'Title given to the file in the project.', {
    examples: ['title of file contains "App"'],
  }),
  field('type', str, 'File format, e.g. `json`, `android`, `xliff`.', {
    examples: ['type of file = "json"'],
  }),
  field('context', str, 'Context text attached to the file.', {
    examples: ['context of file contains "UI"'],
  }),
]);

const branch = objectType('branch', 'branch', [
  field('id', int, 'Numeric id of the branch.', { examples: ['id of branch = 2'] }),
  field('name', str, 'Branch name, e.g. `main`.', { examples: ['name of branch = "main"'] }),
  field('title', str, 'Title given to the branch.', { examples: ['title of branch contains "release"'] }),
]);

const comment = objectType('comment', 'comment', [
  field('has issue', bool, 'The comment reports an issue (resolved or not).'),
  field('has unresolved issue', bool, 'The comment reports an issue that nobody has resolved yet.'),
  field('user', user, 'Who wrote the comment (a user id, or `@user:"name"`).'),
]);

const screenshot = objectType('screenshot', 'screenshot', []);

const label = objectType('label', 'label', [
  field('id', int, 'Numeric id of the label.', { examples: ['id = 5'] }),
  field('title', str, 'Label title.', { examples: ['title = "ui"'] }),
  field(
    'is system',
    bool,
    'Added automatically: in string-based projects it carries the name of the source file the string came from.',
  ),
]);

const customField = objectType('customField', 'custom field', [
  field('name', str, 'Display name of the custom field.', { examples: ['name = "Priority"'] }),
  field('slug', str, 'Machine name of the custom field.', { examples: ['slug = "priority"'] }),
  field('value', str, 'The value the string has for this field.', { examples: ['value = "High"'] }),
  field('type', str, 'Kind of custom field, e.g. `select`, `text`, `checkbox`.', {
    examples: ['type = "select"'],
  }),
]);

/**
 * A user value seen as an object, for `user with (login = "crowdin")` (the only `with` example of the
 * service's docs). No field has this type: `with` on any user value (a user id) reaches it.
 */
export const USER_OBJECT = 'userObject';
const userObject = objectType(USER_OBJECT, 'user', [
  field('login', str, 'The username.', { examples: ['user with (login = "alice")'] }),
]);

const vote = objectType('vote', 'vote', [
  field('is up', bool, 'An upvote.'),
  field('is down', bool, 'A downvote.'),
  field('user', user, 'Who voted.'),
  field('added', datetime, 'When the vote was cast.'),
]);

const approval = objectType('approval', 'approval', [
  field('user', user, 'Who approved the translation.'),
  field('added', datetime, 'When the translation was approved.'),
]);

/** Fields shared by the translation context and by each element of a string's `translations`. */
function translationFields(): FieldDef[] {
  return [
    field('text', str, 'The translated text.'),
    field(
      'plural form',
      str,
      'Which plural form this translation is for (`one`, `few`, `other`, …); `none` for a non-plural string.',
      {
        examples: ['plural form = "few"', 'plural form = "none"'],
        enumValues: ['none', 'zero', 'one', 'two', 'few', 'many', 'other'],
      },
    ),
    field('is pre translated', bool, 'The translation was added by pre-translation rather than typed in.'),
    field(
      'provider',
      str,
      'Which engine produced the translation: a TM, a machine translation service, or AI.',
      {
        examples: ['provider = "tm"', 'provider = "deepl"'],
        enumValues: PROVIDERS,
      },
    ),
    field('user', user, 'Who added the translation (a user id, or `@user:"name"`).'),
    field('votes', collection('vote'), 'Votes the translation received.', {
      examples: ['count of votes where (is up) >= 10'],
    }),
    field('approvals', collection('approval'), 'Approvals the translation received.', {
      examples: ['count of approvals > 0'],
    }),
    field('updated', datetime, 'When the translation last changed.'),
  ];
}

const translation = objectType('translation', 'translation', translationFields());

const stringTranslation = objectType('stringTranslation', 'translation', [
  field('language', language, 'Target language of this translation (a code, or `@language:"code"`).'),
  ...translationFields(),
]);

const qaIssueKinds: [string, string][] = [
  ['empty translation', 'the translation is empty'],
  ['translation length', 'the translation is too long'],
  ['tags mismatch', 'tags differ from the source'],
  ['spaces mismatch', 'leading or trailing spaces differ from the source'],
  ['variables mismatch', 'placeholders differ from the source'],
  ['punctuation mismatch', 'punctuation differs from the source'],
  ['character case mismatch', 'letter case differs from the source'],
  ['special characters mismatch', 'special characters differ from the source'],
  ['incorrect translation', 'someone flagged the translation as incorrect'],
  ['spelling', 'spelling mistakes'],
  ['icu syntax', 'broken ICU message syntax'],
  ['terms', 'glossary terms not used as the glossary says'],
  ['duplicate translation', 'the same translation is used for a different source'],
  ['ftl syntax', 'broken Fluent (FTL) syntax'],
  ['android syntax', 'broken Android resource syntax'],
  ['custom', 'a custom QA check failed'],
  ['numbers mismatch', 'numbers differ from the source'],
  ['ai', 'the AI QA check found a problem'],
  ['outdated translation', 'the translation predates a change of the source'],
  ['mdx syntax', 'broken MDX syntax'],
];

const languageSummary = objectType('languageSummary', 'languages summary entry', [
  field('language', language, 'The target language this entry summarises.'),
  field('is translated', bool, 'The string has a translation in this language.'),
  field('is partially translated', bool, 'Some, not all, plural forms are translated.'),
  field('is approved', bool, 'The translation in this language is approved.'),
  field('is partially approved', bool, 'Some, not all, plural forms are approved.'),
  field('translation updated', datetime, 'When the top translation in this language last changed.', {
    examples: ["translation updated between '2024-01-01' and 'today'", "translation updated > '2024-06-01'"],
  }),
  field('is auto translated', bool, 'Translated by TM, MT or AI.'),
  field('is translated by tm', bool, 'Translated from the translation memory.'),
  field('is translated by mt', bool, 'Translated by a machine translation engine.'),
  field('is translated by ai', bool, 'Translated by an AI engine.'),
  field('is source changed after translation', bool, 'The source text changed after it was translated.'),
  field('has translation as source', bool, 'The translation is identical to the source text.'),
  field('has translation after approval', bool, 'A newer translation was added after one was approved.'),
  field(
    'has shared translation',
    bool,
    'A duplicate string showing translations shared from its master string.',
  ),
  field('has qa issues', bool, 'At least one QA check failed for this language.'),
  ...qaIssueKinds.map(([kind, what]) => field(`has ${kind} qa issues`, bool, `QA check failed: ${what}.`)),
  field('rating', int, 'Rating of the top translation (upvotes minus downvotes).'),
  field('approvalsCount', int, 'How many approvals the top translation has.', {
    examples: ['approvalsCount >= 1'],
  }),
]);

const sourceString = objectType('sourceString', 'source string', [
  field('text', str, 'The source text.', { examples: ['text contains "Save"'] }),
  field('identifier', str, 'The string key.', { examples: ['identifier = "button.save"'] }),
  field('context', str, 'Context text that helps translators.', { examples: ['context contains "button"'] }),
  field('max length', int, 'Maximum allowed length of a translation (0 when unlimited).'),
  field('type is plain', bool, 'A plain text string.'),
  field('type is plural', bool, 'A string with plural forms.'),
  field('type is icu', bool, 'An ICU message string.'),
  field('type is asset', bool, 'An asset (a file translated as a whole).'),
  field('is visible', bool, 'The string is visible to translators.'),
  field('is hidden', bool, 'The string is hidden from translators.'),
  field('is duplicate', bool, 'The string duplicates another (master) string.'),
  field('isPassedWorkflow', bool, 'The string has gone through every step of the project workflow.', {
    enterpriseOnly: true,
    examples: ['isPassedWorkflow', 'not isPassedWorkflow'],
  }),
  field('file', object('file'), 'The file the string belongs to.', { examples: ['id of file = 3'] }),
  field('branch', object('branch'), 'The branch the string belongs to.', {
    examples: ['name of branch = "main"'],
  }),
  field('comments', collection('comment'), 'Comments on the string.', {
    examples: ['count of comments where (has unresolved issue) > 0'],
  }),
  field('screenshots', collection('screenshot'), 'Screenshots that show the string.', {
    examples: ['count of screenshots > 0'],
  }),
  field(
    'translations',
    collection('stringTranslation'),
    'Every translation of the string, in every language.',
    {
      examples: ['count of translations where (language = @language:"uk") = 0'],
    },
  ),
  field(
    'languages summary',
    collection('languageSummary'),
    'One entry per target language, describing the top (highest priority) translation.',
    { examples: ['count of languages summary where (is approved) > 0'] },
  ),
  field('labels', collection('label'), 'Labels attached to the string.', {
    examples: ['count of labels where (title = "ui") > 0'],
  }),
  field('fields', collection('customField'), 'Custom fields of the string (enterprise edition).', {
    enterpriseOnly: true,
    examples: ['count of fields where (name = "Priority" and value = "High") > 0'],
  }),
  field('added', datetime, 'When the string was added.'),
  field('updated', datetime, 'When the string last changed.'),
]);

// ---------------------------------------------------------------------------------------------------------
// TM segments and glossary terms.

const tmRecord = objectType('tmRecord', 'TM record', [
  field('id', int, 'Numeric id of the record.', { examples: ['id = 7'] }),
  field('text', str, 'Text of the record in its language.'),
  field('usageCount', int, 'How many times the record has been used.', { examples: ['usageCount > 0'] }),
  field('createdBy', user, 'Who created the record.', { examples: ['createdBy = @user:"alice"'] }),
  field('updatedBy', user, 'Who last changed the record.', { examples: ['updatedBy = @user:"bob"'] }),
  field('createdAt', datetime, 'When the record was created.', { examples: ["createdAt > '2024-01-01'"] }),
  field('updatedAt', datetime, 'When the record last changed.', { examples: ["updatedAt > '2024-01-01'"] }),
]);

const tmSegment = objectType('tmSegment', 'TM segment', [
  field('records', collection('tmRecord'), 'The records (one per language) of the segment.', {
    examples: ['count of records where (usageCount > 0) > 0'],
  }),
]);

const glossaryTerm = objectType('glossaryTerm', 'glossary term', [
  field('id', int, 'Numeric id of the term.', { examples: ['id = 12'] }),
  field('text', str, 'The term itself.', { examples: ['text contains "cart"'] }),
  field('description', str, 'What the term means.'),
  field('language', language, 'Language of the term (a code, or `@language:"code"`).'),
  field('user', user, 'Who added the term (a user id, or `@user:"name"`).'),
  field('partOfSpeech', str, 'Grammatical category.', {
    examples: ['partOfSpeech = "noun"'],
    enumValues: PARTS_OF_SPEECH,
  }),
  field('status', str, 'Whether translators should use the term.', {
    examples: ['status = "preferred"', 'status = "obsolete"'],
    enumValues: TERM_STATUSES,
  }),
  field('type', str, 'Kind of term (full form, acronym, abbreviation, …).', {
    examples: ['type = "abbreviation"'],
    enumValues: TERM_TYPES,
  }),
  field('gender', str, 'Grammatical gender, where the language has one.', {
    examples: ['gender = "feminine"'],
    enumValues: TERM_GENDERS,
  }),
  field('note', str, 'Guidance for translators.'),
  field('lemma', str, 'Dictionary (base) form of the term.', { examples: ['lemma = "run"'] }),
  field('url', str, 'Link to more information.', { examples: ['url contains "wikipedia"'] }),
  field('concept', int, 'Id of the concept the term belongs to.', { examples: ['concept = 4'] }),
  field('createdAt', datetime, 'When the term was added.', { examples: ["createdAt > '2024-01-01'"] }),
  field('updatedAt', datetime, 'When the term last changed.', { examples: ["updatedAt > '2024-01-01'"] }),
]);

// ---------------------------------------------------------------------------------------------------------

const allTypes = [
  userObject,
  sourceString,
  file,
  branch,
  comment,
  screenshot,
  stringTranslation,
  translation,
  vote,
  approval,
  languageSummary,
  label,
  customField,
  tmSegment,
  tmRecord,
  glossaryTerm,
];

export const schema: Schema = {
  contexts: {
    strings: 'sourceString',
    translations: 'translation',
    tmSegments: 'tmSegment',
    glossaryTerms: 'glossaryTerm',
  },
  types: Object.fromEntries(allTypes.map((t) => [t.name, t])),
};

/**
 * Names a person may expect on an object that the service's CroQL does not have: its docs' context of a
 * source string and of a TM segment has no `id`, and the service refuses `id = …` on strings. Each comes with
 * what to write instead; the checker reports it as a logic error.
 */
export const REFUSED_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  sourceString: {
    id: '`id` is not a field of a source string in CroQL; the service refuses it. Use `identifier` (the string key), or fetch a string by its id outside CroQL (Get String: GET /projects/{projectId}/strings/{stringId}).',
  },
  tmSegment: {
    id: '`id` is not a field of a TM segment in CroQL (only its records have one). Match a record instead, e.g. `count of records where (id = 7) > 0`, or fetch a segment by its id outside CroQL (GET /tms/{tmId}/segments/{segmentId}).',
  },
};

/**
 * Names of another object a person writes on this one, each with the expression that says the same here.
 * A translation has no `is approved` (that is a languages summary entry's), but its approvals say it: the
 * checker offers the expression as the fix, completion offers it under the name typed.
 */
export interface Equivalent {
  name: string;
  write: string;
}
const TRANSLATION_EQUIVALENTS: readonly Equivalent[] = [
  { name: 'is approved', write: 'count of approvals > 0' },
  { name: 'approvalsCount', write: 'count of approvals' },
  { name: 'rating', write: 'count of votes where (is up) - count of votes where (is down)' },
];
export const EQUIVALENT_EXPRESSIONS: Readonly<Record<string, readonly Equivalent[]>> = {
  translation: TRANSLATION_EQUIVALENTS,
  stringTranslation: TRANSLATION_EQUIVALENTS,
};

/** What to write on an object of `typeName` for the name of another object's field, if anything. */
export function equivalentOf(typeName: string, name: string): string | undefined {
  const wanted = normalizeName(name);
  return EQUIVALENT_EXPRESSIONS[typeName]?.find((e) => normalizeName(e.name) === wanted)?.write;
}

/** How a person calls the object of each listing, for messages: "a source string". */
export const LISTING_LABELS: Record<ListingName, string> = {
  strings: 'source string',
  translations: 'translation',
  tmSegments: 'TM segment',
  glossaryTerms: 'glossary term',
};
/** The former name of `LISTING_LABELS`, kept for code that imports it. */
export const CONTEXT_LABELS = LISTING_LABELS;

/** `count` is a member of every collection; it is not listed in any object type. */
export const countField: FieldDef = {
  name: 'count',
  key: 'count',
  type: scalar('integer'),
  description: 'Number of elements in a collection.',
  examples: ['count of translations > 0', 'count of comments where (has unresolved issue) = 0'],
};

// ---------------------------------------------------------------------------------------------------------
// Lookup.

/** Names compare case-insensitively with whitespace collapsed: `Is   Hidden` = `is hidden`. */
export function normalizeName(raw: string): string {
  // Most names arrive normalised already (the tokenizer lowercases words): no split and join for them.
  if (NORMALISED.test(raw)) return raw;
  return raw.trim().split(/\s+/).join(' ').toLowerCase();
}

/** Lowercase words one space apart: what normalizeName would return unchanged. */
const NORMALISED = /^[a-z0-9_]+(?: [a-z0-9_]+)*$/;

const lookupTables = new Map<string, Map<string, FieldDef>>();
for (const t of allTypes) {
  const table = new Map<string, FieldDef>();
  for (const f of t.fields) {
    table.set(normalizeName(f.name), f);
    table.set(f.key.toLowerCase(), f);
    for (const alias of f.aliases ?? []) table.set(normalizeName(alias), f);
  }
  lookupTables.set(t.name, table);
}

/**
 * Whether every key of the tables is its own normalised form (as every name and lowercased key is today):
 * then a name found as given is the one its normalised form finds, and the normalising can be skipped.
 */
const keysNormalised = [...lookupTables.values()].every((table) =>
  [...table.keys()].every((key) => normalizeName(key) === key),
);

/** The field `name` of object type `typeName`, matching its name, its camelCase key or an alias. */
export function lookupField(typeName: string, name: string): FieldDef | undefined {
  const table = lookupTables.get(typeName);
  if (!table) return undefined;
  // Most names arrive normalised (the checker's come from the AST): try the name as given first.
  return (keysNormalised ? table.get(name) : undefined) ?? table.get(normalizeName(name));
}

export function fieldsOf(typeName: string): readonly FieldDef[] {
  return schema.types[typeName]?.fields ?? [];
}

export function rootType(context: ListingName): string {
  return schema.contexts[context];
}

export function typeLabel(typeName: string): string {
  return schema.types[typeName]?.label ?? typeName;
}

let cachedNames: ReadonlySet<string> | null = null;

/** Every spelling of every field (normalised), plus `count`: what the tokenizer knows as a name. */
export function allFieldNames(): ReadonlySet<string> {
  if (cachedNames) return cachedNames;
  const names = new Set<string>(['count']);
  for (const table of lookupTables.values()) for (const name of table.keys()) names.add(name);
  cachedNames = names;
  return names;
}

/** `boolean`, `collection of translations`, `file`: how a field's type is shown to a person. */
export function describeFieldType(type: FieldType): string {
  if (type.kind === 'scalar') return type.type;
  if (type.kind === 'object') return typeLabel(type.objectType);
  return `collection of ${pluralLabel(type.elementType)}`;
}

function pluralLabel(typeName: string): string {
  const label = typeLabel(typeName);
  if (label.endsWith('entry')) return label.slice(0, -5) + 'entries';
  return label + 's';
}
