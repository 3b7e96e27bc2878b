import { describe, expect, it } from 'vitest';
import { analyzeTemplate, paramsForText } from '../croql/index.ts';
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
        // A template's parameters as their form guesses them, each given a value of its type.
        const sample = { language: 'fr', string: 'Save' } as Record<string, string>;
        const params = paramsForText(e.text, []).map((p) => ({ ...p, value: sample[p.type] ?? '' }));
        // Not even a warning, on either edition: the service takes every example as shown.
        for (const edition of ['standard', 'enterprise'] as const) {
          const options = { users, languages: ['fr', 'pt-BR'], edition };
          const { diagnostics } = analyzeTemplate(e.text, listing, options, params, new Date());
          expect(diagnostics, `${e.text} (${edition})`).toEqual([]);
        }
      }
    }
    expect(examplesFor('strings', values).map((e) => e.text)).toContain('count of labels where (id = 9) > 0');
    expect(examplesFor('strings', {}).some((e) => e.text.includes('labels where (id'))).toBe(false);
    expect(starterExamples('strings', values)).toHaveLength(3);
  });

  it('offers checks from localization work, in the project’s language, and a terminology template', () => {
    const strings = examplesFor('strings', values);
    const intents = strings.map((e) => e.intent);
    expect(intents.slice(0, 4)).toEqual([
      'terminology check: the source has a term, no translation in a language has its equivalent',
      'changed after approval: a translation added after the approved one',
      'approved, then the source text changed',
      'translations longer than the max length (the length QA check)',
    ]);
    const terminology = strings[0]!;
    expect(paramsForText(terminology.text, []).map((p) => [p.name, p.type])).toEqual([
      ['term', 'string'],
      ['lang', 'language'],
      ['equivalent', 'string'],
    ]);
    expect(strings[1]!.text).toContain('@language:"fr"');
    expect(examplesFor('translations', values).some((e) => e.intent.startsWith('terminology'))).toBe(false);
  });
});
