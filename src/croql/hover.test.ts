import { describe, expect, it } from 'vitest';
import { hover } from './hover.ts';
import type { ListingName } from './types.ts';

/** `|` marks the cursor. */
function at(query: string, context: ListingName = 'strings') {
  const pos = query.indexOf('|');
  return hover(query.replace('|', ''), pos, context);
}

describe('hover: fields', () => {
  it('documents a multi-word field over its whole name', () => {
    expect(at('is hi|dden and count of comments > 0')).toEqual({
      from: 0,
      to: 9,
      title: 'is hidden: boolean',
      body: expect.stringContaining('hidden from translators'),
    });
  });

  it('resolves a name in the scope it appears in', () => {
    const inner = at('count of translations where (us|er = @user:"alice") > 0')!;
    expect(inner.body).toContain('Field of a translation');
    expect(at('count of comments where (us|er = 1) > 0')!.body).toContain('Field of a comment');
    expect(at('us|er = 1', 'glossaryTerms')!.body).toContain('Field of a glossary term');
    // An enclosing scope's field used inside where.
    expect(at('count of translations where (is hid|den) > 0')!.body).toContain('Field of a source string');
  });

  it('documents members of A of B', () => {
    expect(at('i|d of file = 3')).toMatchObject({ from: 0, to: 2, title: 'id: integer' });
    expect(at('i|d of file = 3')!.body).toContain('Field of a file');
    expect(at('co|unt of translations > 0')).toMatchObject({ title: 'count: integer' });
    expect(at('count of transl|ations > 0')).toMatchObject({
      title: 'translations: collection of translations',
    });
  });

  it('shows enum values and the enterprise note', () => {
    expect(at('sta|tus = "obsolete"', 'glossaryTerms')!.body).toContain(
      'Values: preferred, admitted, not_recommended',
    );
    expect(at('isPassed|Workflow')!.body).toContain('Enterprise edition only.');
  });

  it('says when a name is not a field', () => {
    expect(at('is hid|en')).toMatchObject({
      title: 'is hiden',
      body: 'Not a field of a source string here.',
    });
  });
});

describe('hover: keywords, operators, literals', () => {
  it.each([
    ['count of translations wh|ere (is hidden)', 'X where (P)'],
    ['file wi|th (id = 1)', 'X with (P)'],
    ['count o|f translations > 0', 'A of B'],
    ["added betw|een 'today' and 'today'", 'x between a and b'],
    ['text con|tains "a"', 'a contains b'],
    ['no|t is hidden', 'not'],
    ['is hidden an|d is duplicate', 'and'],
    ['is hidden o|r is duplicate', 'or'],
    ['is hidden x|or is duplicate', 'xor'],
    ['i|f is hidden then 1 else 2', 'if C then A else B'],
    ['max length >|= 3', '>=  greater than or equal'],
    ['max length |/ 0 > 1', '/  division'],
  ])('%s', (query, title) => {
    expect(at(query)!.title).toBe(title);
  });

  it('documents mentions and datetimes', () => {
    expect(at('user = @us|er:"alice"', 'translations')).toMatchObject({
      from: 7,
      to: 20,
      title: '@user:"alice"  user mention',
    });
    expect(at('language = @language:"u|k"', 'glossaryTerms')!.body).toContain('Ukrainian (code uk)');
    expect(at("added > 'to|day'")!.body).toBe('00:00:00 UTC of the current day.');
    expect(at("added > '2024-01-0|1'")!.body).toBe('2024-01-01 at 00:00:00 UTC.');
  });

  it('returns null on whitespace, numbers and strings', () => {
    expect(at('is hidden | and x')).toBeNull();
    expect(at('max length > 1|2')).toBeNull();
    expect(at('text = "a|bc"')).toBeNull();
  });
});
