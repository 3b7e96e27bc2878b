import { describe, expect, it } from 'vitest';
import { analyze } from '../croql/index.ts';
import { examplesFor, fillExample, starterExamples } from './examples.ts';

const values = {
  users: [
    { id: 5, username: 'zoe' },
    { id: 6, username: 'yann' },
  ],
  languages: [
    { id: 'fr', name: 'French' },
    { id: 'pt-BR', name: 'Portuguese' },
  ],
  files: [{ id: 42, name: 'app.json' }],
  labels: [{ id: 9, title: 'ui' }],
};

describe('examples', () => {
  it("fills the demo users, languages and files with the project's", () => {
    expect(fillExample('count of comments where (user = @user:"bob") > 0', values)).toBe(
      'count of comments where (user = @user:"yann") > 0',
    );
    expect(fillExample('user = @user:"alice" and language = @language:"uk"', values)).toBe(
      'user = @user:"zoe" and language = @language:"fr"',
    );
    expect(fillExample('lemma = "run" and language = @language:"de"', values)).toContain('@language:"pt-BR"');
    expect(fillExample('identifier = "button.save" and id of file = 3', values)).toBe(
      'identifier = "button.save" and id of file = 42',
    );
    expect(fillExample('user = @user:"alice"', {})).toBe('user = @user:"alice"');
  });

  it('offers every listing valid queries, with label examples once labels are known', () => {
    for (const listing of ['strings', 'translations', 'tmSegments', 'glossaryTerms'] as const) {
      const examples = examplesFor(listing, values);
      expect(examples.length).toBeGreaterThan(0);
      for (const e of examples) {
        const users = values.users.map(({ id, username }) => ({ id, username }));
        const errors = analyze(e.text, listing, { users, languages: ['fr', 'pt-BR'] }).diagnostics;
        expect(errors, e.text).toEqual([]);
      }
    }
    expect(examplesFor('strings', values).map((e) => e.text)).toContain('count of labels where (id = 9) > 0');
    expect(examplesFor('strings', {}).some((e) => e.text.includes('labels where (id'))).toBe(false);
    expect(starterExamples('strings', values)).toHaveLength(3);
  });
});
