import { describe, expect, it } from 'vitest';
import { complete } from './complete.ts';
import type { ListingName, LiveValues } from './types.ts';

const values: LiveValues = {
  users: [
    { id: 1, username: 'alice', fullName: 'Alice Archer' },
    { id: 2, username: 'bob' },
  ],
  languages: [
    { id: 'uk', name: 'Ukrainian' },
    { id: 'de', name: 'German' },
  ],
  files: [{ id: 3, name: 'app.json' }],
  labels: [{ id: 7, title: 'ui' }],
};

/** `|` marks the cursor. */
const now = new Date('2024-06-15T12:34:56Z');

function at(query: string, context: ListingName = 'strings') {
  const pos = query.indexOf('|');
  const result = complete(query.replace('|', ''), pos, context, values, { now });
  return { result, labels: result?.items.map((i) => i.label) ?? [], pos };
}

describe('complete: fields in scope', () => {
  it('offers the root fields, patterns and keywords in an empty query', () => {
    const { result, labels } = at('|');
    expect(result).toMatchObject({ from: 0, to: 0 });
    expect(labels).toEqual(expect.arrayContaining(['is hidden', 'text', 'translations', 'count of', 'not']));
    expect(result!.items.find((i) => i.label === 'is hidden')).toMatchObject({
      kind: 'field',
      detail: 'boolean',
      apply: 'is hidden',
    });
    const snippet = result!.items.find((i) => i.label === 'translated by');
    expect(snippet).toMatchObject({ kind: 'snippet' });
    expect(snippet!.apply).toBe('count of translations where (user = @user:"${username}") > 0');
  });

  it('completes a multi-word name as one item, replacing from its first word', () => {
    expect(at('is hi|')).toMatchObject({ labels: ['is hidden'], result: { from: 0, to: 5 } });
    expect(at('is |').labels).toEqual(['is visible', 'is hidden', 'is duplicate']);
    expect(at('is |').result!.from).toBe(0);
    expect(at('type is pl|').labels).toEqual(['type is plain', 'type is plural']);
  });

  it('replaces the rest of the word the cursor is in', () => {
    expect(at('is hi|dden').result).toMatchObject({ from: 0, to: 9 });
  });

  it('puts the element fields first inside where, then the enclosing ones', () => {
    const { result } = at('count of translations where (|');
    const boost = (label: string) => result!.items.find((i) => i.label === label)!.boost!;
    expect(boost('language')).toBeGreaterThan(boost('identifier'));
    expect(result!.items.map((i) => i.label)).toEqual(
      expect.arrayContaining(['votes', 'plural form', 'is hidden']),
    );
    expect(at('count of translations where (count of approvals where (|').labels.slice(0, 2)).toEqual([
      'user',
      'added',
    ]);
  });

  it('offers only what the grammar takes right after where or with: a parenthesis or a boolean field', () => {
    const { labels } = at('count of translations where |');
    expect(labels[0]).toBe('(');
    expect(labels).toContain('is pre translated');
    expect(labels).not.toContain('text');
    for (const cannot of ['not', 'if', 'count of', '@user:""']) expect(labels).not.toContain(cannot);
    expect(at('file with |').labels[0]).toBe('(');
  });

  it('uses the context', () => {
    expect(at('|', 'glossaryTerms').labels).toEqual(expect.arrayContaining(['partOfSpeech', 'lemma']));
    expect(at('|', 'glossaryTerms').labels).not.toContain('is hidden');
    expect(at('count of records where (us|', 'tmSegments').labels).toEqual(['usageCount']);
  });

  it('under a name a translation lacks, offers what says it there', () => {
    const { result } = at('is appr|', 'translations');
    expect(result?.items).toEqual([
      expect.objectContaining({ label: 'is approved', apply: 'count of approvals > 0' }),
    ]);
    expect(at('count of translations where (is appr|').result?.items[0]).toMatchObject({
      apply: 'count of approvals > 0',
    });
  });

  it('marks enterprise-only fields, and offers none on the standard edition, where they are refused', () => {
    const item = at('isPass|').result!.items[0]!;
    expect(item.detail).toBe('boolean · enterprise only');
    const standard = (q: string) =>
      complete(q, q.length, 'strings', values, { now, edition: 'standard' })?.items.map((i) => i.label) ?? [];
    expect(standard('isPass')).toEqual([]);
    expect(standard('count of ')).not.toContain('fields');
    expect(standard('')).not.toContain('isPassedWorkflow');
    const enterprise = complete('count of ', 9, 'strings', values, { now, edition: 'enterprise' });
    expect(enterprise?.items.map((i) => i.label)).toContain('fields');
  });
});

describe('complete: A of B', () => {
  it('offers collections after count of', () => {
    expect(at('count of |').labels).toEqual([
      'comments',
      'screenshots',
      'translations',
      'languages summary',
      'labels',
      'fields',
    ]);
    expect(at('count of tr|')).toMatchObject({ labels: ['translations'], result: { from: 9 } });
    expect(at('count of translations where (count of |').labels.slice(0, 2)).toEqual(['votes', 'approvals']);
  });
  it('offers objects that have the member', () => {
    expect(at('id of |').labels).toEqual(['file', 'branch']);
    expect(at('context of |').labels).toEqual(['file']);
  });
  it('offers of after a member name', () => {
    expect(at('count |').labels).toContain('of');
  });
});

describe('complete: operators after an operand', () => {
  it('depends on the operand type', () => {
    // Texts of one kind order (the operator table), so `<` and `>` follow a text too.
    expect(at('text |').labels).toEqual(['=', '!=', '>', '>=', '<', '<=', 'contains']);
    expect(at('max length |').labels).toEqual(expect.arrayContaining(['>', 'between', '+']));
    expect(at('max length |').labels).not.toContain('contains');
    expect(at('added |').labels).toEqual(expect.arrayContaining(['between', '<']));
    expect(at('added |').labels).not.toContain('contains');
    // A boolean compares with another (`is hidden = is duplicate`), as the checker accepts.
    expect(at('is hidden |').labels).toEqual(['=', '!=', 'and', 'or', 'xor']);
    expect(at('count of translations |').labels).toEqual(expect.arrayContaining(['where', '>', '=']));
    expect(at('file |').labels).toEqual(['with']);
  });
  it('completes a keyword being typed after a name', () => {
    expect(at('count of translations wh|')).toMatchObject({
      labels: ['where'],
      result: { from: 22, to: 24 },
    });
    expect(at('text con|')).toMatchObject({ labels: ['contains'], result: { from: 5 } });
  });
  it('knows the and of between', () => {
    expect(at("added between '2024-01-01' |").labels).toEqual(['and']);
  });
  it('offers logic after a finished comparison', () => {
    expect(at('count of translations > 0 |').labels).toEqual(expect.arrayContaining(['and', 'or']));
    expect(at('if is hidden |').labels).toContain('then');
  });
});

describe('complete: values', () => {
  it('offers users after a user field', () => {
    const { result, labels } = at('count of translations where (user = |');
    expect(labels.slice(0, 3)).toEqual(['@user:"alice"', '@user:"bob"', '@user:""']);
    expect(result!.items[0]).toMatchObject({
      kind: 'mention',
      apply: '@user:"alice"',
      detail: 'Alice Archer',
    });
    expect(labels).not.toContain('text');
  });
  it('offers user names inside @user:"', () => {
    expect(at('user = @user:"a|', 'translations')).toMatchObject({
      labels: ['alice'],
      result: { from: 14, to: 15, items: [{ apply: 'alice"' }] },
    });
    const closed = at('user = @user:"|b"', 'translations');
    expect(closed.labels).toEqual(['alice', 'bob']);
    expect(closed.result).toMatchObject({ from: 14, to: 15, items: [{ apply: 'alice' }, { apply: 'bob' }] });
  });
  it('offers languages after a language field and inside @language:"', () => {
    expect(at('count of translations where (language = |').labels.slice(0, 2)).toEqual([
      '@language:"uk"',
      '@language:"de"',
    ]);
    expect(at('language = @language:"|', 'glossaryTerms').labels).toEqual(['uk', 'de']);
  });
  it('offers the mention starters after @', () => {
    expect(at('is hidden and @|').labels).toEqual(['@user:""', '@language:""']);
    expect(at('user = @|', 'glossaryTerms').labels).toEqual(['@user:"alice"', '@user:"bob"', '@user:""']);
  });
  it('offers quoted enum values', () => {
    const { labels, result } = at('status = |', 'glossaryTerms');
    expect(labels.slice(0, 5)).toEqual([
      '"preferred"',
      '"admitted"',
      '"not_recommended"',
      '"obsolete"',
      '"draft"',
    ]);
    expect(result!.items[2]!.apply).toBe('"not_recommended"');
    expect(at('status = "ob|', 'glossaryTerms')).toMatchObject({
      labels: ['obsolete'],
      result: { from: 10 },
    });
    expect(at('count of translations where (provider = |').labels).toContain('"deepl"');
  });
  it('offers files after id of file =, labels inside labels where', () => {
    expect(at('id of file = |').result!.items[0]).toMatchObject({
      label: 'app.json',
      apply: '3',
      kind: 'value',
    });
    expect(at('count of labels where (title = |').labels[0]).toBe('"ui"');
    expect(at('count of labels where (id = |').result!.items[0]).toMatchObject({ label: 'ui', apply: '7' });
  });
  it('offers datetimes after a datetime comparison or between, not after a number', () => {
    expect(at('added > |').labels.slice(0, 3)).toEqual(["'today'", "'2024-06-15'", "'2024-06-15 00:00:00'"]);
    expect(at("added between '2024-01-01' and |").labels[0]).toBe("'today'");
    expect(at('max length between 1 and |').labels).not.toContain("'today'");
    expect(at('max length between 1 and |').labels).toContain('max length');
  });
});

describe('complete: types, fields and scopes as the checker found them', () => {
  it('offers the files after the id of a file tested with with, as after id of file', () => {
    expect(at('file with (id = |').result!.items[0]).toMatchObject({ label: 'app.json', apply: '3' });
    expect(at('file with (id = 3) and id of file = |').labels[0]).toBe('app.json');
  });
  it('reads `user with (…)` as a condition: logic follows it, not another with', () => {
    const { labels } = at('user with (login = "alice") |', 'translations');
    expect(labels).toEqual(['=', '!=', 'and', 'or', 'xor']);
  });
  it('types a parenthesised operand as a whole', () => {
    expect(at('(max length + 1) |').labels).toEqual(expect.arrayContaining(['>', 'between', '+']));
    expect(at('max length = (1 + |').labels).toContain('max length');
    // Parentheses opened after a comparison hold an expression of their own.
    expect(at('is hidden = (|').labels).toEqual(expect.arrayContaining(['not', 'is duplicate']));
    expect(at('is hidden = (max length |').labels).toContain('>');
  });
  it('completes inside unfinished between, if and parentheses, as if they were finished', () => {
    expect(at('if count of translations where (is hidden |').labels).toEqual(['=', '!=', 'and', 'or', 'xor']);
    expect(at('if is hidden then added between |').labels[0]).toBe("'today'");
    expect(at('(added between (|').labels).not.toContain("'today'");
    expect(at('count of translations where (added between |').labels[0]).toBe("'today'");
  });
});

describe('complete: inside datetime quotes', () => {
  it("offers 'today' and the accepted forms filled with today's date after >, between and and alike", () => {
    const expected = ['today', '2024-06-15', '2024-06-15 00:00:00'];
    for (const q of ["added > '|", "added between '|", "added between '2024-01-01' and '|"]) {
      const { result, labels } = at(q);
      expect(labels, q).toEqual(expected);
      // Unclosed: choosing an item closes the quote.
      expect(result!.items[0]!.apply, q).toBe("today'");
      expect(result!.from, q).toBe(q.indexOf('|'));
    }
  });

  it('narrows to what is typed and keeps a closing quote already there', () => {
    expect(at("added > '2024-0|'")).toMatchObject({
      labels: ['2024-06-15', '2024-06-15 00:00:00'],
      result: { from: 9, to: 15, items: [{ apply: '2024-06-15' }, { apply: '2024-06-15 00:00:00' }] },
    });
    expect(at("added > 'to|").labels).toEqual(['today']);
  });
});

describe('complete: nothing to offer', () => {
  it('returns null inside a number or a plain string without known values', () => {
    expect(complete('max length > 12', 14, 'strings')).toBeNull();
    expect(complete('text = "abc"', 10, 'strings')).toBeNull();
  });
  it('never throws on odd input', () => {
    for (const text of [
      '((((',
      '"',
      "'",
      '@',
      ')))) and or',
      '\u0000',
      '𝒳 of',
      'count of of of where where',
    ]) {
      for (let pos = 0; pos <= text.length; pos++) expect(() => complete(text, pos, 'strings')).not.toThrow();
    }
  });
});

describe('complete: placeholders', () => {
  it('marks every item whose apply text has a ${placeholder} as a snippet', () => {
    const positions = [
      '|',
      'added > |',
      'user = |',
      'is hidden and @|',
      'count of translations where (language = |',
    ];
    for (const q of positions) {
      const context = q.startsWith('user') ? 'translations' : 'strings';
      for (const item of at(q, context).result?.items ?? []) {
        if (item.apply.includes('${')) expect(item.kind, `${q} → ${item.label}`).toBe('snippet');
      }
    }
  });
});
