import { describe, expect, it } from 'vitest';
import schemas from '../server/contract/openapi-schemas.json' with { type: 'json' };
import { readListPage } from './envelope.ts';
import { LISTING_NAMES, type ListingName } from './listings.ts';
import { ROW_SHAPES } from './resources.ts';
import { arrayOf, keepValid, nullable, number, object, problemText, recordOf, string } from './shape.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the schemas are untyped JSON */

describe('answer checks', () => {
  it("name the first thing wrong with the issue's body, and read a good page", () => {
    const bad = { data: [{ data: null }, { x: 1 }], pagination: 'no' };
    const read = readListPage(bad, ROW_SHAPES.strings);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(problemText(read.problem, 'the answer')).toBe(
        'data[0].data: expected a source string (an object), found null',
      );
    }
    const page = { data: [{ data: { id: 1, text: 'Save' } }], pagination: { offset: 0, limit: 25 } };
    expect(readListPage(page, ROW_SHAPES.strings)).toEqual({ ok: true, rows: [{ id: 1, text: 'Save' }] });
  });

  it.each([
    [
      { data: [], pagination: 'no' },
      'pagination: expected the pagination (an object with `offset` and `limit`), found the text "no"',
    ],
    [
      '<html>proxy</html>',
      'the answer: expected a page of the listing (an object with `data` and `pagination`), found the text "<html>proxy</html>"',
    ],
    [
      { data: [{ data: { id: '7' } }], pagination: { offset: 0, limit: 1 } },
      'data[0].data.id: expected a number, found the text "7"',
    ],
    [
      { data: [{ data: { text: 'x' } }], pagination: { offset: 0, limit: 1 } },
      'data[0].data.id: expected a number, found nothing',
    ],
    [
      { data: [{ data: { id: 1, labelIds: [1, null] } }], pagination: { offset: 0, limit: 1 } },
      'data[0].data.labelIds[1]: expected a number, found null',
    ],
  ])('%j → %s', (body, message) => {
    const read = readListPage(body, ROW_SHAPES.strings);
    expect(read.ok ? 'fits' : problemText(read.problem, 'the answer')).toBe(message);
  });

  it('find the problem inside the nested rows of translations and TM segments', () => {
    const plural = { stringId: 1, contentType: 'x', plurals: [{ pluralForm: 'one', user: { id: 'me' } }] };
    const read = readListPage(
      { data: [{ data: plural }], pagination: { offset: 0, limit: 1 } },
      ROW_SHAPES.translations,
    );
    expect(!read.ok && problemText(read.problem)).toBe(
      'data[0].data.plurals[0].user.id: expected a number, found the text "me"',
    );
    const segment = { id: 1, records: [{ languageId: 'en' }] };
    const tm = readListPage(
      { data: [{ data: segment }], pagination: { offset: 0, limit: 1 } },
      ROW_SHAPES.tmSegments,
    );
    expect(!tm.ok && problemText(tm.problem)).toBe(
      'data[0].data.records[0].text: expected text, found nothing',
    );
  });
});

describe('keepValid', () => {
  const entry = object<{ id: string; n: number | null }>('an entry', { id: string, n: nullable(number) }, [
    'id',
  ]);
  it('keeps what fits, in order, and says what it dropped and why', () => {
    const { kept, dropped } = keepValid(
      [{ id: 'a' }, null, { id: 'b', n: 'x' }, { id: 'c', n: null }],
      entry,
      'history',
    );
    expect(kept).toEqual([{ id: 'a' }, { id: 'c', n: null }]);
    expect(dropped.map((d) => [d.index, problemText(d.problem)])).toEqual([
      [1, 'history[1]: expected an entry, found null'],
      [2, 'history[2].n: expected a number or null, found the text "x"'],
    ]);
  });
  it('names the place of a problem nested in records, lists and objects from the root it is given', () => {
    const byLanguage = recordOf(arrayOf(entry));
    const saved = { de: [{ id: 'a' }], uk: [{ id: 'b' }, { id: 'c', n: 'x' }] };
    expect(problemText(byLanguage.problem(saved, 'saved')!)).toBe(
      'saved.uk[1].n: expected a number or null, found the text "x"',
    );
    expect(problemText(byLanguage.problem({ uk: [{ n: 1 }] }, '')!)).toBe(
      'uk[0].id: expected text, found nothing',
    );
  });
  it('keeps nothing of what is not a list, and says so', () => {
    expect(keepValid({}, arrayOf(entry), 'saved')).toEqual({
      kept: [],
      dropped: [{ index: -1, problem: { path: 'saved', expected: 'a list', found: 'an object' } }],
    });
  });
});

// The row checks never refuse what the service documents: every property of every row schema derived from
// the OpenAPI (src/server/contract/openapi-schemas.json), with each JSON type it allows, fits the shape.
type Types = Map<string, Set<string>>;

/** Every property path of a row schema (`user.id`, `plurals[].text`) with the JSON types it allows. */
function propertyTypes(schema: any, path = '', out: Types = new Map()): Types {
  if (!schema || typeof schema !== 'object') return out;
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? [])]) propertyTypes(part, path, out);
  const add = (types: unknown) => {
    if (!path) return;
    const set = out.get(path) ?? new Set<string>();
    for (const t of [types].flat()) if (typeof t === 'string') set.add(t);
    out.set(path, set);
  };
  if (schema.type) add(schema.type);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) {
    propertyTypes(sub, path ? `${path}.${name}` : name, out);
  }
  if (schema.items) propertyTypes(schema.items, `${path}[]`, out);
  return out;
}

const SAMPLE: Record<string, unknown> = {
  integer: 3,
  number: 1.5,
  string: 'x',
  boolean: true,
  null: null,
  object: {},
  array: [],
};

/** What each listing's rows need at least, and what an element of a nested list needs. */
const MINIMAL: Record<ListingName, Record<string, unknown>> = {
  strings: { id: 1 },
  translations: { stringId: 1 },
  tmSegments: { id: 1, records: [] },
  glossaryTerms: { id: 1 },
};
const ELEMENT: Record<string, Record<string, unknown>> = {
  plurals: { pluralForm: 'one' },
  records: { languageId: 'en', text: 'x' },
};

/** `row` with `sample` at `path` (`user.id`, `plurals[].text`), every container on the way made. */
function withValue(row: Record<string, unknown>, path: string, sample: unknown): Record<string, unknown> {
  const copy = structuredClone(row);
  const steps = path.split('.');
  let node: any = copy;
  steps.forEach((step, i) => {
    const last = i === steps.length - 1;
    const list = step.endsWith('[]');
    const key = list ? step.slice(0, -2) : step;
    if (list) {
      if (last) node[key] = [sample !== null && typeof sample === 'object' ? { ...ELEMENT[key] } : sample];
      else node = (node[key] = [{ ...ELEMENT[key] }])[0];
    } else if (last) node[key] = sample;
    else node = node[key] = { ...(node[key] ?? {}) };
  });
  return copy;
}

describe.each(['standard', 'enterprise'] as const)(
  '%s: the row checks take what the OpenAPI allows',
  (edition) => {
    it.each(LISTING_NAMES.map((l) => [l]))('%s', (listing) => {
      const types = propertyTypes((schemas.listings as any)[edition][listing]);
      // The rows are the items' `data`, below the page's `data`.
      const rowTypes = [...types]
        .filter(([p]) => p.startsWith('data[].data.'))
        .map(([p, t]) => [p.slice('data[].data.'.length), t] as const);
      expect(rowTypes.length).toBeGreaterThan(3);
      const refused: string[] = [];
      for (const [path, allowed] of rowTypes) {
        for (const type of allowed) {
          const row = withValue(MINIMAL[listing], path, SAMPLE[type]);
          const problem = ROW_SHAPES[listing].problem(row, '');
          if (problem) refused.push(`${path} as ${type}: ${problemText(problem)}`);
        }
      }
      expect(refused).toEqual([]);
    });
  },
);
