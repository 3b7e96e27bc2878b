// Every query of the spec's three pattern tables, placeholders filled with demo values (users alice and bob,
// languages uk and de, file id 3). Reused by the tests, the emulator, the builder and the benches.
import type { ContextName } from './types.ts';

export interface CorpusQuery {
  context: ContextName;
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
  s('translated by TM or MT', 'count of languages summary where (is auto translated) > 0'),
];

/** The demo users and languages the corpus mentions, in the shape `analyze` options take. */
export const corpusUsers = [
  { id: 1, username: 'alice' },
  { id: 2, username: 'bob' },
] as const;
export const corpusLanguages = ['uk', 'de'] as const;
