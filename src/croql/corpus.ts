// Every query of the spec's three pattern tables, placeholders filled with demo values (users alice and bob,
// languages uk and de, file id 3). Reused by the tests, the emulator, the builder and the benches.
import type { ListingName } from './types.ts';

export interface CorpusQuery {
  context: ListingName;
  text: string;
  /** The intent column of the spec's table. */
  intent: string;
}

const s = (intent: string, text: string): CorpusQuery => ({ context: 'strings', text, intent });

export const specQueries: readonly CorpusQuery[] = [
  // Query patterns (string queries)
  s(
    'no translation in a language with approvals or votes',
    'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
  ),
  s('exactly one translation', 'count of translations = 1'),
  s(
    'translations only from one user',
    'count of translations > 0 and count of translations = count of translations where (user = @user:"alice")',
  ),
  s('at least one translation not from a user', 'count of translations where (user != @user:"alice") > 0'),
  s(
    'all translations not from a user',
    'count of translations > 0 and count of translations = count of translations where (user != @user:"alice")',
  ),
  s('by key and file', 'identifier = "button.save" and id of file = 3'),
  s('unresolved issues in a file', 'id of file = 3 and count of comments where (has unresolved issue) > 0'),
  s('hidden, not duplicate, translated', 'is hidden and not is duplicate and count of translations > 0'),
  s('one or more approvals', 'count of languages summary where (approvalsCount >= 1) > 0'),
  s('commented by a user', 'count of comments where (user = @user:"bob") > 0'),
  s(
    'source contains text, translations do not',
    'text contains "Save" and (count of translations where (text contains "Save") = 0)',
  ),
  // Query patterns (translations, TM segments, glossary terms)
  {
    context: 'translations',
    intent: 'translations by a user or with at least 100 upvotes',
    text: 'user = @user:"alice" or count of votes where (is up) >= 100',
  },
  {
    context: 'tmSegments',
    intent: 'TM segments with a record used at least once',
    text: 'count of records where (usageCount > 0) > 0',
  },
  {
    context: 'tmSegments',
    intent: 'TM segments with a record created by a user',
    text: 'count of records where (createdBy = @user:"alice") > 0',
  },
  {
    context: 'glossaryTerms',
    intent: 'terms by user and language',
    text: 'user = @user:"alice" and language = @language:"uk"',
  },
  {
    context: 'glossaryTerms',
    intent: 'terms containing text with a part of speech',
    text: 'text contains "cart" and partOfSpeech = "noun"',
  },
  {
    context: 'glossaryTerms',
    intent: 'terms not recommended or obsolete',
    text: 'status = "not_recommended" or status = "obsolete"',
  },
  {
    context: 'glossaryTerms',
    intent: 'abbreviation terms with a note containing text',
    text: 'type = "abbreviation" and note contains "short"',
  },
  { context: 'glossaryTerms', intent: 'terms created after a date', text: "createdAt > '2024-01-01'" },
  {
    context: 'glossaryTerms',
    intent: 'terms by lemma and language',
    text: 'lemma = "run" and language = @language:"de"',
  },
  { context: 'glossaryTerms', intent: 'terms with a reference URL', text: 'url contains "wikipedia"' },
  // Expressions equivalent to the editor's advanced filter
  s('strings added', "added between '2024-01-01' and '2024-12-31 23:59:59'"),
  s('strings updated', "updated between '2024-06-01' and 'today'"),
  s('string type', 'type is plain or type is icu'),
  s('with comments', 'count of comments > 0'),
  s('with screenshots', 'count of screenshots > 0'),
  s('with QA issues', 'count of languages summary where (has qa issues) > 0'),
  s('untranslated', 'count of languages summary = 0'),
  s('partially translated (plurals)', 'count of languages summary where (is partially translated) > 0'),
  s('translated', 'count of languages summary where (is translated) > 0'),
  s('translated by', 'count of translations where (user = @user:"alice") > 0'),
  s('not translated by', 'count of translations where (user != @user:"alice") > 0'),
  s('same as source', 'count of languages summary where (has translation as source) > 0'),
  s('modified source', 'count of languages summary where (is source changed after translation) > 0'),
  s(
    'translations updated',
    "count of languages summary where (translation updated between '2024-01-01' and '2024-12-31') > 0",
  ),
  s('votes', 'count of languages summary where (rating > 0) > 0'),
  s('master strings', 'not is duplicate'),
  s('duplicates only', 'is duplicate'),
  s(
    'duplicates with shared translations',
    'is duplicate and count of languages summary where (has shared translation) > 0',
  ),
  s(
    'duplicates with own translations',
    'is duplicate and count of languages summary where (not has shared translation and is translated) > 0',
  ),
  s('translated, not approved', 'count of languages summary where (is translated and not is approved) > 0'),
  s('partially approved (plurals)', 'count of languages summary where (is partially approved) > 0'),
  s('approved', 'count of languages summary where (is approved) > 0'),
  s('approved by', 'count of translations where (count of approvals where (user = @user:"bob") > 0) > 0'),
  s(
    'not approved by',
    'count of translations where (count of approvals where (user != @user:"bob") > 0) > 0',
  ),
  s('translation after approval', 'count of languages summary where (has translation after approval) > 0'),
  s('translated by machine translation', 'count of languages summary where (is translated by mt) > 0'),
  s('translated by TM', 'count of languages summary where (is translated by tm) > 0'),
  s('translated by TM, MT or AI', 'count of languages summary where (is auto translated) > 0'),
];

/**
 * The long query of the tests and the bench: a flat chain of 5,000 terms just inside the 65,536-character
 * limit (63,917 characters). Built on call, so the app, which imports this file, never builds it.
 */
export const labelIdChain = (): string =>
  `count of labels where (${Array.from({ length: 5000 }, (_, i) => `id = ${i + 1}`).join(' or ')}) > 0`;

/** The demo users and languages the corpus mentions, in the shape `analyze` options take. */
export const corpusUsers = [
  { id: 1, username: 'alice' },
  { id: 2, username: 'bob' },
] as const;
export const corpusLanguages = ['uk', 'de'] as const;

/**
 * The examples of the service's CroQL page, verbatim, each in its listing with the section it comes from and
 * the verdict the page implies: `valid` (no error; the page does not know the project's members, so users
 * are not looked up), or `error` with the reason, where the service refuses the query.
 */
export interface DocsExample {
  context: ListingName;
  text: string;
  /** The section of the service's CroQL page the example is from. */
  source: string;
  verdict: 'valid' | { error: string };
  edition?: 'standard' | 'enterprise';
}

const doc = (
  context: ListingName,
  source: string,
  text: string,
  extra: Partial<DocsExample> = {},
): DocsExample => ({ context, source, text, verdict: 'valid', ...extra });

const STRINGS = 'Strings Queries';
const FIELDS = 'Field Queries';
const FILTERS = 'Examples based on the Editor Advanced Filter Options';
const enterprise = { edition: 'enterprise' } as const;

export const docsExamples: readonly DocsExample[] = [
  doc('translations', 'Filtration Operators (Match)', 'user with (login = "crowdin")'),
  doc(
    'strings',
    STRINGS,
    'count of translations where ( language = @language:"uk" and ( count of approvals > 0 or count of votes > 0 ) ) = 0',
  ),
  doc('strings', STRINGS, 'count of translations = 1'),
  doc(
    'strings',
    STRINGS,
    'count of translations > 0 and count of translations = count of translations where (user = @user:"crowdin")',
  ),
  doc('strings', STRINGS, 'count of translations where (user != @user:"crowdin") > 0'),
  doc(
    'strings',
    STRINGS,
    'count of translations > 0 and count of translations = count of translations where (user != @user:"crowdin")',
  ),
  doc('strings', STRINGS, 'identifier = "key" and id of file = 777'),
  doc('strings', STRINGS, 'id of file = 777 and count of comments where (has unresolved issue) > 0'),
  doc('strings', STRINGS, 'is hidden and not is duplicate and count of translations > 0'),
  doc('strings', STRINGS, 'count of languages summary where (approvalsCount >= 1) > 0'),
  doc('strings', STRINGS, 'count of comments where (user = @user:"crowdin") > 0'),
  doc('strings', STRINGS, 'text contains "ABC" and (count of translations where (text contains "ABC") = 0)'),
  doc('strings', FIELDS, 'count of fields where (name = "Priority" and value = "High") > 0', enterprise),
  doc(
    'strings',
    FIELDS,
    'count of fields where (slug = "field-category" and value contains "mobile") > 0',
    enterprise,
  ),
  doc('strings', FIELDS, 'count of fields where (name = "Department") > 0', enterprise),
  doc('strings', FIELDS, 'count of fields where (slug = "field-internal-owner") > 0', enterprise),
  doc('strings', FIELDS, 'count of fields where (name contains "Status") > 0', enterprise),
  doc('strings', FIELDS, 'count of fields where (value != "") > 0', enterprise),
  doc('strings', FIELDS, 'count of fields where (type = "text" and value != "") > 0', enterprise),
  doc(
    'strings',
    FIELDS,
    'count of fields where ((name = "Platform" or name = "Environment") and value contains "Production") > 0',
    enterprise,
  ),
  doc(
    'translations',
    'Translation Queries',
    'user = @user:"crowdin" or count of votes where ( is up ) >= 100',
  ),
  doc('tmSegments', 'Translation Memory Segment Queries', 'count of records where (usageCount > 0) > 0'),
  doc(
    'tmSegments',
    'Translation Memory Segment Queries',
    'count of records where (createdBy = @user:"crowdin") > 0',
  ),
  doc('glossaryTerms', 'Glossary Term Queries', 'user = @user:"crowdin" and language = @language:"uk"'),
  doc('glossaryTerms', 'Glossary Term Queries', 'text contains "ABC" and partOfSpeech = "noun"'),
  doc('glossaryTerms', 'Glossary Term Queries', 'status = "not_recommended" or status = "obsolete"'),
  doc('glossaryTerms', 'Glossary Term Queries', 'type = "abbreviation" and note contains "tooltip"'),
  doc('glossaryTerms', 'Glossary Term Queries', "createdAt > '2024-12-01 00:00:00'"),
  doc('glossaryTerms', 'Glossary Term Queries', 'lemma = "cancel" and language = @language:"en"'),
  doc('glossaryTerms', 'Glossary Term Queries', 'url contains "https://"'),
  doc('strings', FILTERS, "added between '2023-12-06 13:44:14' and '2023-12-07 13:44:14'"),
  doc('strings', FILTERS, "updated between '2023-12-06 13:44:14' and '2023-12-07 13:44:14'"),
  doc('strings', FILTERS, 'type is plain or type is icu'),
  doc('strings', FILTERS, 'count of comments > 0'),
  doc('strings', FILTERS, 'count of screenshots > 0'),
  doc('strings', FILTERS, 'count of languages summary where (has qa issues) > 0'),
  doc('strings', FILTERS, 'count of languages summary = 0'),
  doc('strings', FILTERS, 'count of languages summary where (is partially translated) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is translated) > 0'),
  doc('strings', FILTERS, 'count of translations where (user = @user:"crowdin") > 0'),
  doc('strings', FILTERS, 'count of translations where (user != @user:"crowdin") > 0'),
  doc('strings', FILTERS, 'count of languages summary where (has translation as source) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is source changed after translation) > 0'),
  // The page's context JSON shows `translation updated` as a boolean; this example compares it as a
  // datetime. The example is followed (README.md, "Where the service is silent").
  doc(
    'strings',
    FILTERS,
    "count of languages summary where ( translation updated between '2023-12-06 13:44:14' and '2023-12-07 13:44:14') > 0",
  ),
  doc('strings', FILTERS, 'count of languages summary where (rating > 0) > 0'),
  doc('strings', FILTERS, 'not is duplicate'),
  doc('strings', FILTERS, 'is duplicate'),
  doc('strings', FILTERS, 'is duplicate and count of languages summary where (has shared translation) > 0'),
  doc(
    'strings',
    FILTERS,
    'is duplicate and count of languages summary where (not has shared translation and is translated) > 0',
  ),
  doc('strings', FILTERS, 'count of languages summary where (is translated and not is approved) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is partially approved) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is approved) > 0'),
  doc(
    'strings',
    FILTERS,
    'count of translations where (count of approvals where (user = @user:"crowdin") > 0) > 0',
  ),
  doc(
    'strings',
    FILTERS,
    'count of translations where (count of approvals where (user != @user:"crowdin") > 0) > 0',
  ),
  doc('strings', FILTERS, 'count of languages summary where (has translation after approval) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is translated by ai) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is translated by mt) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is translated by tm) > 0'),
  doc('strings', FILTERS, 'count of languages summary where (is auto translated) > 0'),
  // Not on the page as queries, but what it implies: its source string and TM segment contexts have no `id`
  // (and the service refuses `id = …` on strings); datetimes are written 'YYYY-MM-DD HH:MM:SS'.
  doc('strings', 'Source String Context (no id)', 'id = 42', { verdict: { error: 'undocumentedField' } }),
  doc('tmSegments', 'TM Segment Context (no id)', 'id = 1', { verdict: { error: 'undocumentedField' } }),
  doc('strings', 'Scalar Operators (Datetime)', "added > '2024-05-01T00:00:00Z'", {
    verdict: { error: 'badDatetime' },
  }),
];
