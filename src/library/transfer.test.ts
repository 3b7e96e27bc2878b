import { describe, expect, it } from 'vitest';
import type { QuerySetup } from '../workspace/setup.ts';
import { libraryOps, type LibraryV2, type SavedQuery } from './library.ts';
import { libraryFileText, LIBRARY_FILE_FORMAT, readLibraryFile, targetOf } from './transfer.ts';

const setup = (text: string, extra: Partial<QuerySetup> = {}): QuerySetup => ({
  text,
  context: 'strings',
  target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
  connection: 'emulator',
  domain: null,
  ...extra,
});

const saved: SavedQuery[] = [
  {
    ...setup('updated >= {{since}}', {
      params: [{ name: 'since', type: 'datetime', value: 'start of this week' }],
    }),
    id: 'a',
    name: 'Changed this week',
    savedAt: 1,
  },
  {
    ...setup('user = @user:"alice"', {
      context: 'translations',
      target: { projectId: 1, languageId: 'uk', tmId: null, glossaryId: null },
    }),
    id: 'b',
    name: 'By Alice',
    savedAt: 2,
  },
];

const file = (queries: unknown[], extra: object = {}) =>
  JSON.stringify({ format: LIBRARY_FILE_FORMAT, version: 1, exportedAt: '', queries, ...extra });

describe('the Library as a file', () => {
  it('an export reads back as the same queries and templates, relative values kept as written', () => {
    const text = libraryFileText(saved, 'Emulator · project 1', new Date('2024-05-15T00:00:00Z'));
    expect(JSON.parse(text)).toMatchObject({
      from: 'Emulator · project 1',
      exportedAt: '2024-05-15T00:00:00.000Z',
    });
    const read = readLibraryFile(text);
    expect(read).toEqual({
      ok: true,
      dropped: [],
      queries: [
        {
          name: 'Changed this week',
          text: 'updated >= {{since}}',
          listing: 'strings',
          params: [{ name: 'since', type: 'datetime', value: 'start of this week' }],
        },
        { name: 'By Alice', text: 'user = @user:"alice"', listing: 'translations', languageId: 'uk' },
      ],
    });
    if (read.ok)
      expect(targetOf(read.queries[1]!, 7)).toEqual({
        projectId: 7,
        languageId: 'uk',
        tmId: null,
        glossaryId: null,
      });
  });

  it('keeps what is valid and says, per query, what it dropped', () => {
    const read = readLibraryFile(
      file([
        { name: 'Good', text: 'is hidden', listing: 'strings' },
        { name: '', text: 'is hidden', listing: 'strings' },
        { name: 'No text', listing: 'strings' },
        { name: 'Odd listing', text: 'is hidden', listing: 'projects' },
        'garbage',
        {
          name: 'Half good',
          text: 'language = {{lang}} and text contains {{t}}',
          listing: 'glossaryTerms',
          glossaryId: -3,
          params: [
            { name: 'lang', type: 'language', value: 'uk' },
            { name: 't', type: 'colour', value: 'x' },
            { name: 'lang', type: 'language', value: 'de' },
          ],
        },
      ]),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.queries.map((q) => q.name)).toEqual(['Good', 'Half good']);
    expect(read.queries[1]!.params).toEqual([{ name: 'lang', type: 'language', value: 'uk' }]);
    expect(read.queries[1]!.glossaryId).toBeUndefined();
    expect(read.dropped).toEqual([
      'Query 2: it has no name; not imported.',
      'Query 3 (“No text”): it has no query text; not imported.',
      'Query 4 (“Odd listing”): its listing "projects" is none of strings, translations, tmSegments, glossaryTerms; not imported.',
      'Query 5: not a query.',
      'Query 6 (“Half good”): parameter “t” has an unknown type "colour" and was left out; the query is kept.',
      'Query 6 (“Half good”): parameter “lang” is given twice; the second was left out; the query is kept.',
      'Query 6 (“Half good”): its glossaryId -3 is not valid and was left out; the query is kept.',
    ]);
  });

  it('refuses a file that is not a Library export, saying what it is instead', () => {
    expect(readLibraryFile('{"version":2')).toEqual({
      ok: false,
      message: 'The file is not JSON: choose a file the Library exported.',
    });
    expect(readLibraryFile('{"version":2}')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not a Library export/),
    });
    expect(readLibraryFile(file([], { version: 9 }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/version 9/),
    });
    expect(readLibraryFile(file([], { queries: {} }))).toMatchObject({
      ok: false,
      message: 'The file has no list of queries.',
    });
  });

  it('an import adds to the project and never replaces: the same query once, a taken name renamed', () => {
    const library: LibraryV2 = { version: 2, history: [], saved: { 'emulator::1': saved } };
    const {
      library: after,
      added,
      alreadySaved,
    } = libraryOps.importSaved(
      library,
      [
        { name: 'Changed this week', setup: saved[0]! },
        { name: 'By Alice', setup: setup('user = @user:"bob"') },
        { name: 'By Alice', setup: setup('user = 3') },
        { name: 'New', setup: setup('is hidden') },
      ],
      10,
    );
    expect(alreadySaved).toEqual(['Changed this week']);
    expect(added).toEqual(['By Alice (imported)', 'By Alice (imported 2)', 'New']);
    expect(after.saved['emulator::1']!.map((q) => [q.name, q.text])).toEqual([
      ['Changed this week', 'updated >= {{since}}'],
      ['By Alice', 'user = @user:"alice"'],
      ['By Alice (imported)', 'user = @user:"bob"'],
      ['By Alice (imported 2)', 'user = 3'],
      ['New', 'is hidden'],
    ]);
  });

  it('an import finds a query already saved when only an id its listing does not use differs', () => {
    const library: LibraryV2 = { version: 2, history: [], saved: { 'emulator::1': saved } };
    const strings = saved[0]!;
    expect(strings.context).toBe('strings');
    const withLanguage = { ...strings, target: { ...strings.target, languageId: 'uk' } };
    const result = libraryOps.importSaved(library, [{ name: strings.name, setup: withLanguage }], 10);
    expect(result.alreadySaved).toEqual([strings.name]);
    expect(result.added).toEqual([]);
    // On the translations listing the language is the listing's own: there it makes another query.
    const translations = { ...strings, context: 'translations' as const };
    const other = { ...translations, target: { ...translations.target, languageId: 'de' } };
    const both: LibraryV2 = {
      ...library,
      saved: { 'emulator::1': [{ ...translations, target: { ...translations.target, languageId: 'uk' } }] },
    };
    expect(libraryOps.importSaved(both, [{ name: strings.name, setup: other }], 10).added).toEqual([
      `${strings.name} (imported)`,
    ]);
  });
});
