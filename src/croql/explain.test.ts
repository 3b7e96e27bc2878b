import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { labelIdChain, specQueries } from './corpus.ts';
import { explain, explainModel } from './explain.ts';

describe('explain', () => {
  it.each([
    [
      'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
      'Strings with no Ukrainian translation that has an approval or a vote.',
    ],
    ['count of translations = 1', 'Strings with exactly one translation.'],
    [
      'count of translations > 0 and count of translations = count of translations where (user = @user:"alice")',
      'Strings with at least one translation and only translations by alice.',
    ],
    [
      'count of translations where (user != @user:"bob") > 0',
      'Strings with at least one translation not by bob.',
    ],
    ['identifier = "button.save" and id of file = 3', 'Strings in file 3 whose identifier is “button.save”.'],
    [
      'id of file = 3 and count of comments where (has unresolved issue) > 0',
      'Strings in file 3 with at least one comment with an unresolved issue.',
    ],
    [
      'is hidden and not is duplicate and count of translations > 0',
      'Hidden strings that are not duplicates and have at least one translation.',
    ],
    ['count of comments where (user = @user:"bob") > 0', 'Strings with at least one comment by bob.'],
    [
      'text contains "Save" and (count of translations where (text contains "Save") = 0)',
      'Strings whose text contains “Save” and that have no translation whose text contains “Save”.',
    ],
    ["added between '2024-01-01' and 'today'", 'Strings that were added between 2024-01-01 and today.'],
    ['count of languages summary where (is approved) > 0', 'Strings with at least one approved language.'],
    // A state in one language reads as the trade speaks.
    [
      'count of languages summary where (language = @language:"de" and is approved) > 0',
      'Strings that are approved in German.',
    ],
    [
      'count of languages summary where (language = @language:"de" and is translated) = 0',
      'Strings that are not translated into German.',
    ],
    ['count of screenshots = 0', 'Strings with no screenshots.'],
    ['count of languages summary = 0', 'Strings that are not translated into any language.'],
    ['count of languages summary > 0', 'Strings that are translated into at least one language.'],
    ['not is duplicate', 'Strings that are not duplicates.'],
    ['not (is hidden and count of comments > 0)', 'Strings that are not hidden or have no comments.'],
    ['max length between 1 and 10', 'Strings whose max length is between 1 and 10.'],
  ])('%s', (query, english) => {
    expect(explain(query, 'strings')).toBe(english);
  });

  it('words a name bound to an enclosing object as that object’s', () => {
    // `is hidden` is the string's, `is pre translated` the translation's.
    expect(explain('count of translations where (is hidden and is pre translated) > 0', 'strings')).toBe(
      'Hidden strings with at least one pre-translated translation.',
    );
    // `is hidden` is the string's, not the file's.
    expect(explain('file with (id = 10 and is hidden)', 'strings')).toBe(
      'Hidden strings with a file whose id is 10.',
    );
    // Comments have no text: it is the string's.
    expect(explain('count of comments where (text contains "x") > 0', 'strings')).toBe(
      'Strings whose text contains “x” and that have at least one comment.',
    );
    // Where it cannot move out of the count, it says whose it is.
    expect(explain('count of translations where (is hidden or is pre translated) > 0', 'strings')).toBe(
      'Strings with at least one translation where the source string is hidden or that is pre-translated.',
    );
    // `count of X where (A and P) = 0` holds when A does not.
    expect(explain('count of translations where (is hidden and is pre translated) = 0', 'strings')).toBe(
      'Strings that are not hidden or have no pre-translated translation.',
    );
  });

  it('says a condition of "only X that P" about an enclosing object as that object’s, out of the count', () => {
    // Where the string is not hidden, the filtered count is 0: the equality then holds only without
    // translations.
    const only =
      'Strings that are hidden and have only pre-translated translations, or that have no translations.';
    expect(
      explain(
        'count of translations = count of translations where (is hidden and is pre translated)',
        'strings',
      ),
    ).toBe(only);
    expect(
      explain(
        'count of translations where (is hidden and is pre translated) = count of translations',
        'strings',
      ),
    ).toBe(only);
    const notOnly =
      'Strings that have at least one translation that is not pre-translated, or that are not hidden and have at least one translation.';
    expect(
      explain(
        'count of translations != count of translations where (is hidden and is pre translated)',
        'strings',
      ),
    ).toBe(notOnly);
    expect(
      explain(
        'not (count of translations = count of translations where (is hidden and is pre translated))',
        'strings',
      ),
    ).toBe(notOnly);
    // A condition wholly about the string.
    expect(explain('count of translations = count of translations where (is hidden)', 'strings')).toBe(
      'Strings that are hidden or have no translations.',
    );
    expect(explain('count of translations != count of translations where (is hidden)', 'strings')).toBe(
      'Strings that are not hidden and have at least one translation.',
    );
    // Nested inside another count, the string's condition is still the string's.
    expect(
      explain(
        'count of comments where (count of translations = count of translations where (is hidden and is pre translated)) > 0',
        'strings',
      ),
    ).not.toContain('the source string');
    // Where it cannot move out of the count (an `or`), it says whose it is, as the other readings do.
    expect(
      explain(
        'count of translations = count of translations where (is hidden or is pre translated)',
        'strings',
      ),
    ).toBe('Strings with only translations where the source string is hidden or that are pre-translated.');
  });

  it('groups an or inside an and (and the other way round) so the reading has one meaning', () => {
    expect(explain('(is hidden or is duplicate) and count of comments > 0', 'strings')).toBe(
      'Strings that either are hidden or are duplicates, and that have at least one comment.',
    );
    expect(explain('(is hidden and is duplicate) or count of comments > 0', 'strings')).toBe(
      'Strings that are hidden and are duplicates, or that have at least one comment.',
    );
    // Without nesting nothing changes.
    expect(explain('is hidden or is duplicate', 'strings')).toBe(
      'Strings that are hidden or are duplicates.',
    );
  });

  it('reads `not (x = v)` and `x != v` differently where x can be missing', () => {
    expect(explain('max length != 10', 'strings')).toBe('Strings whose max length is not 10.');
    expect(explain('not max length = 10', 'strings')).toBe(
      'Strings whose max length is not 10 or is not set.',
    );
    expect(explain('not (user = @user:"bob")', 'translations')).toBe(
      'Translations not by bob (or by no one).',
    );
    expect(explain('user != @user:"bob"', 'translations')).toBe('Translations not by bob.');
    expect(explain("not (added > '2024-01-01')", 'strings')).toBe(
      'Strings that were not added after 2024-01-01 (or have no added date).',
    );
    // A count is never missing: both read the same.
    expect(explain('not (count of translations = 1)', 'strings')).toBe(
      explain('count of translations != 1', 'strings'),
    );
  });

  it('uses the options it is given, as lint does', () => {
    const users = [{ id: 1, username: 'alice' }];
    expect(explain('count of translations where (user = @user:"zed") > 0', 'strings', { users })).toBe(
      'Fix the query to see its meaning.',
    );
    expect(explain('count of translations where (user = @user:"alice") > 0', 'strings', { users })).toBe(
      'Strings with at least one translation by alice.',
    );
  });

  it('reads the other contexts', () => {
    expect(explain('user = @user:"alice" or count of votes where (is up) >= 100', 'translations')).toBe(
      'Translations that are by alice or have at least 100 upvotes.',
    );
    expect(explain('count of records where (createdBy = @user:"alice") > 0', 'tmSegments')).toBe(
      'TM segments with at least one record created by alice.',
    );
    expect(explain('user = @user:"alice" and language = @language:"uk"', 'glossaryTerms')).toBe(
      'Glossary terms by alice in Ukrainian.',
    );
    expect(explain("createdAt > '2024-01-01'", 'glossaryTerms')).toBe(
      'Glossary terms that were created after 2024-01-01.',
    );
  });

  it('gives every spec pattern a sentence without quoting the query back', () => {
    for (const q of specQueries) {
      const english = explain(q.text, q.context);
      expect(english, q.text).toMatch(/^[A-Z].*\.$/);
      expect(english, q.text).not.toContain('`');
    }
  });

  it('falls back to quoting what it cannot phrase, and never throws', () => {
    expect(explain('(if is hidden then 1 else 2) = 2', 'strings')).toBe(
      'Strings that match `(if is hidden then 1 else 2) = 2`.',
    );
    expect(explain('is hidden and', 'strings')).toBe('Fix the query to see its meaning.');
    expect(explain('is hiden', 'strings')).toBe('Fix the query to see its meaning.');
    expect(explain('', 'strings')).toBe('All strings (the query is empty).');
    expect(() => explain('(((((', 'strings')).not.toThrow();
  });
});

describe('explain of deeply nested counts', () => {
  it('reads a 64-level nested count (each phrasing built once; the bench times it)', () => {
    let query = 'is hidden';
    for (let i = 0; i < 64; i++)
      query = `count of ${i % 2 ? 'comments' : 'translations'} where (${query}) > 0`;
    const english = explain(query, 'strings');
    // Every level's condition is about the string (its translations, its comments), so each is said of it.
    expect(english).toMatch(/^Hidden strings with at least one translation, at least one comment, /);
    expect(english.match(/at least one/g)).toHaveLength(64);
  });

  it('reads a run of `x = value` in an `or` as one list, and a long one by its length', () => {
    expect(explain('identifier = "a" or identifier = "b" or identifier = "c" or is hidden', 'strings')).toBe(
      'Strings whose identifier is “a”, “b” or “c” or that are hidden.',
    );
    expect(explain('not (identifier = "a" or identifier = "b" or identifier = "c")', 'strings')).toBe(
      'Strings whose identifier is none of “a”, “b”, “c” or is not set.',
    );
    const ids = Array.from({ length: 2401 }, (_, i) => `identifier = "k${i}"`).join(' or ');
    expect(explain(ids, 'strings')).toBe(
      'Strings whose identifier is one of 2,401 values (“k0”, “k1”, “k2”, …).',
    );
    expect(explain(labelIdChain(), 'strings')).toBe(
      'Strings with at least one label whose id is one of 5,000 values (1, 2, 3, …).',
    );
    // Two alike stay two clauses; other operators are not lists.
    expect(explain('identifier = "a" or identifier = "b"', 'strings')).toBe(
      'Strings whose identifier is “a” or whose identifier is “b”.',
    );
  });

  it('words a value that stands for something else as given (a template’s relative datetime)', () => {
    const text = "updated >= '2024-05-13 00:00:00'";
    const model = analyze(text, 'strings');
    expect(explainModel(text, model, { valueWords: new Map([[11, 'the start of this week']]) })).toBe(
      'Strings that were updated on or after the start of this week (2024-05-13 00:00:00 UTC).',
    );
  });
});
