// Each listing returns exactly what `compile` says matches, for the spec's queries and more; and every
// query of the spec matches some of the demo data but not all of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, type ContextName, type ContextObject } from '../../croql/index.ts';
import { specQueries } from '../../croql/corpus.ts';
import { topTranslations } from './api/top-translations.ts';
import { startEmulator, type RunningEmulator } from './testing.ts';

interface Span {
  from: number;
  to: number;
}

let emulator: RunningEmulator;
let token: string;

beforeAll(async () => {
  emulator = await startEmulator();
  token = emulator.personalToken('alice');
});
afterAll(() => emulator.close());

const EXTRA: { context: ContextName; text: string }[] = [
  { context: 'strings', text: 'count of comments where (has issue and not has unresolved issue) > 0' },
  { context: 'strings', text: 'name of branch = "feature-onboarding" xor is hidden' },
  { context: 'strings', text: 'count of labels where (title = "ui") > 0 and max length > 0' },
  {
    context: 'strings',
    text: 'count of languages summary where (language = @language:"ja" and has terms qa issues) > 0',
  },
  {
    context: 'strings',
    text: 'if type is plural then count of translations > 6 else count of translations > 3',
  },
  { context: 'strings', text: 'text contains "cart" and not (text contains "carts")' },
  { context: 'translations', text: 'provider = "deepl" and is pre translated' },
  {
    context: 'translations',
    text: 'user with (login = "dmitro") or count of votes where (user with (login = "bob")) > 0',
  },
  { context: 'glossaryTerms', text: 'user with (login contains "a")' },
  {
    context: 'translations',
    text: 'count of approvals where (user = @user:"dmitro") > 0 and count of votes = 0',
  },
  { context: 'translations', text: 'updated > \'2025-01-01\' or plural form = "many"' },
  { context: 'tmSegments', text: 'count of records where (usageCount > 30 and createdBy != updatedBy) > 0' },
  { context: 'glossaryTerms', text: 'gender = "feminine" or type = "acronym"' },
  { context: 'glossaryTerms', text: 'status = "preferred" and language = @language:"de"' },
];

function itemsOf(context: ContextName, language = 'uk'): ContextObject[] {
  const data = emulator.config.data;
  switch (context) {
    case 'strings':
      return data.strings;
    case 'translations':
      // One row per string: its top translation (each form's, for a plural string).
      return topTranslations(data.strings, language).items;
    case 'tmSegments':
      return data.tms[0]!.segments;
    case 'glossaryTerms':
      return data.glossaries[0]!.terms;
  }
}

const PATHS: Record<ContextName, string> = {
  strings: '/projects/1/strings',
  translations: '/projects/1/languages/uk/translations',
  tmSegments: '/tms/1/segments',
  glossaryTerms: '/glossaries/1/terms',
};

/** Every page of a listing, as the ids of what it returned (translation ids for translations). */
async function listIds(context: ContextName, croql: string): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 500) {
    const url = `${emulator.url}/api/v2${PATHS[context]}?limit=500&offset=${offset}&croql=${encodeURIComponent(croql)}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as { data: { data: Record<string, unknown> }[] };
    for (const { data } of body.data) {
      if (context !== 'translations') ids.push(data.id as number);
      else if (Array.isArray(data.plurals))
        ids.push(...data.plurals.map((p: { translationId: number }) => p.translationId));
      else ids.push(data.translationId as number);
    }
    if (body.data.length < 500) return ids;
  }
}

describe('listings agree with compile', () => {
  const corpus = [...specQueries.map(({ context, text }) => ({ context, text })), ...EXTRA];
  it.each(corpus)('$context: $text', async ({ context, text }) => {
    const { predicate, diagnostics } = compile(text, context, emulator.api.evalEnv());
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const expected = itemsOf(context)
      .filter(predicate!)
      .map((o) => o.id as number);
    expect(await listIds(context, text)).toEqual(expected);
  });
});

describe('enterprise-only fields', () => {
  const query = 'isPassedWorkflow or count of fields where (value = "High") > 0';

  it('the standard emulator refuses them as the checker does on Crowdin, each at its place', async () => {
    const url = `${emulator.url}/api/v2${PATHS.strings}?croql=${encodeURIComponent(query)}`;
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: { error: { key: string; errors: object[] } }[] };
    expect(body.errors[0]!.error.key).toBe('croql');
    expect(body.errors[0]!.error.errors).toEqual(
      compile(query, 'strings', { ...emulator.api.evalEnv(), edition: 'standard' }).diagnostics.map((d) => ({
        code: 'croqlInvalidLogic',
        message: d.message,
        from: d.from,
        to: d.to,
      })),
    );
    expect(body.errors[0]!.error.errors.map((e) => query.slice((e as Span).from, (e as Span).to))).toEqual([
      'isPassedWorkflow',
      'fields',
    ]);
  });

  it('an Enterprise emulator answers them with what compile says matches', async () => {
    const enterprise = await startEmulator({ organization: 'acme' });
    try {
      const env = enterprise.api.evalEnv();
      const { predicate } = compile(query, 'strings', env);
      const expected = enterprise.config.data.strings.filter(predicate!).map((o) => o.id as number);
      expect(expected.length).toBeGreaterThan(0);
      const url = `${enterprise.url}/api/v2${PATHS.strings}?limit=500&croql=${encodeURIComponent(query)}`;
      const res = await fetch(url, {
        headers: { Authorization: `Bearer ${enterprise.personalToken('alice')}` },
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: { data: { id: number } }[] };
      expect(body.data.map((d) => d.data.id)).toEqual(expected.slice(0, 500));
    } finally {
      await enterprise.close();
    }
  });
});

describe('the demo data exercises every query of the spec', () => {
  it.each(specQueries.map((q) => ({ ...q })))('$intent matches some but not all', ({ context, text }) => {
    const items = itemsOf(context);
    const matched = items.filter(compile(text, context, emulator.api.evalEnv()).predicate!).length;
    expect(matched).toBeGreaterThan(0);
    expect(matched).toBeLessThan(items.length);
  });
});
