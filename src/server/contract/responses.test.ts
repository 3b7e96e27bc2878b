// The emulator's real HTTP answers validated against the JSON Schema derived from the service's OpenAPI
// (openapi-schemas.json; its `$comment` names the source files and the commit): every listing, in the
// standard and the enterprise edition, the parameter errors, and 401/403/404/429.
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readListPage } from '../../wire/envelope.ts';
import { LISTING_NAMES, LISTINGS, type ListingName } from '../../wire/listings.ts';
import { ROW_SHAPES } from '../../wire/resources.ts';
import { edgePage } from '../emulator/api/edge.ts';
import { startEmulator, type RunningEmulator } from '../emulator/testing.ts';
import schemas from './openapi-schemas.json' with { type: 'json' };

/* eslint-disable @typescript-eslint/no-explicit-any -- schemas and bodies are untyped JSON */

type Edition = 'standard' | 'enterprise';

/**
 * Where the emulator knowingly departs from the OpenAPI, each with its reason (README, "Where the service is
 * silent"): a glossary term's optional attributes are null when unset (the OpenAPI types them as plain
 * strings and integers, and says nothing of a term that has no gender or lemma).
 */
function withDeviations(listing: ListingName, schema: any): any {
  if (listing !== 'glossaryTerms') return schema;
  const copy = structuredClone(schema);
  const term = copy.allOf[2].properties.data.items.allOf[1].properties.data.properties;
  for (const key of ['partOfSpeech', 'status', 'type', 'gender', 'lemma', 'conceptId']) {
    term[key].type = [term[key].type, 'null'];
  }
  return copy;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();
function validator(key: string, schema: unknown): ValidateFunction {
  let v = validators.get(key);
  if (!v) validators.set(key, (v = ajv.compile(schema as object)));
  return v;
}

function expectValid(key: string, schema: unknown, body: unknown): void {
  const validate = validator(key, schema);
  const ok = validate(body);
  expect(ok, `${key}: ${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
}

const listingSchema = (edition: Edition, listing: ListingName) =>
  withDeviations(listing, (schemas.listings as any)[edition][listing]);
const errorSchema = (name: string) => (schemas.errors as any)[name];

const emulators = {} as Record<Edition, RunningEmulator>;
beforeAll(async () => {
  [emulators.standard, emulators.enterprise] = await Promise.all([
    startEmulator({ testHooks: true }),
    startEmulator({ organization: 'acme' }),
  ]);
});
afterAll(() => Promise.all(Object.values(emulators).map((e) => e.close())));

const PATHS: Record<ListingName, string> = {
  strings: '/projects/1/strings',
  translations: '/projects/1/languages/uk/translations',
  tmSegments: '/tms/1/segments',
  glossaryTerms: '/glossaries/1/terms',
};

/** Queries that bring every kind of row of each listing (plain, plural, ICU, asset; hidden, with fields …). */
const QUERIES: Record<ListingName, string[]> = {
  strings: ['', 'type is plural or type is icu or type is asset', 'is hidden'],
  translations: ['', 'plural form != "none"', 'provider = "tm"'],
  tmSegments: ['', 'count of records where (usageCount > 0) > 0'],
  glossaryTerms: ['', 'gender = "feminine"'],
};

async function request(
  edition: Edition,
  path: string,
  bearer?: string | null,
  headers: Record<string, string> = {},
) {
  const emulator = emulators[edition];
  const token = bearer === undefined ? emulator.personalToken('alice', '*') : bearer;
  const res = await fetch(`${emulator.url}/api/v2${path}`, {
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe.each(['standard', 'enterprise'] as const)(
  '%s edition: every listing answers per the OpenAPI',
  (edition) => {
    it.each(LISTING_NAMES.map((l) => [l]))('%s', async (listing) => {
      let rows = 0;
      // Custom fields are Crowdin Enterprise only (a standard emulator refuses a query on them).
      const queries =
        edition === 'enterprise' && listing === 'strings'
          ? [...QUERIES.strings, 'count of fields > 0']
          : QUERIES[listing];
      for (const croql of queries) {
        for (const offset of [0, 500]) {
          const query = `limit=500&offset=${offset}${croql ? `&croql=${encodeURIComponent(croql)}` : ''}`;
          const { status, body } = await request(edition, `${PATHS[listing]}?${query}`);
          expect(status).toBe(200);
          expectValid(`${edition}:${listing}`, listingSchema(edition, listing), body);
          // The app's own check of every answer (src/wire/envelope.ts) takes it too.
          expect(readListPage<unknown>(body, ROW_SHAPES[listing])).toMatchObject({ ok: true });
          rows += body.data.length;
        }
      }
      expect(rows).toBeGreaterThan(0);
    });
  },
);

describe('error bodies answer per the OpenAPI', () => {
  /** The 400 schema of a listing: the OpenAPI's own, or (translations document none) the collection shape. */
  const badRequestSchema = (listing: ListingName) =>
    errorSchema(`${listing}:400`) ??
    errorSchema(
      LISTINGS[listing].validationErrorShape === 'single' ? 'ErrorResource' : 'ErrorCollectionResource',
    );

  it.each(LISTING_NAMES.map((l) => [l]))(
    '%s: croql and parameter errors are 400s in its shape',
    async (listing) => {
      const bad = [
        `croql=${encodeURIComponent('(count of')}`,
        `croql=${encodeURIComponent('nosuchfield = 1')}`,
        'limit=0',
        'offset=-1',
        'orderBy=nosuchfield',
      ];
      const refusedBeside = LISTINGS[listing].params.find((p) => !p.besideCroql && !p.variants);
      if (refusedBeside)
        bad.push(`${refusedBeside.name}=1&croql=${encodeURIComponent('count of votes = 0')}`);
      for (const query of bad) {
        const { status, body } = await request('standard', `${PATHS[listing]}?${query}`);
        expect(status, query).toBe(400);
        expectValid(`${listing}:400`, badRequestSchema(listing), body);
        const entries = body.errors ?? [{ error: body.error }];
        expect(entries[0].error.errors[0]).toMatchObject({
          code: expect.any(String),
          message: expect.any(String),
        });
      }
    },
  );

  it.each(LISTING_NAMES.map((l) => [l]))('%s: 401, 403 and 404', async (listing) => {
    const emulator = emulators.standard;
    const unauthorized = await request('standard', PATHS[listing], null);
    expect(unauthorized.status).toBe(401);
    expectValid(`${listing}:401`, errorSchema(`${listing}:401`), unauthorized.body);

    const otherScope = listing === 'glossaryTerms' ? 'tm' : 'glossary';
    const forbidden = await request('standard', PATHS[listing], emulator.personalToken('bob', otherScope));
    expect(forbidden.status).toBe(403);
    expectValid(`${listing}:403`, errorSchema(`${listing}:403`), forbidden.body);

    const missing = await request(
      'standard',
      PATHS[listing].replace(/\/(1|uk)\//, '/999/').replace(/\/1$/, '/999'),
    );
    const path = LISTINGS[listing].path.replace(/\{\w+\}/g, '999');
    const notFound = missing.status === 404 ? missing : await request('standard', path);
    expect(notFound.status).toBe(404);
    expectValid(`${listing}:404`, errorSchema(`${listing}:404`), notFound.body);
  });

  it("429 beyond 20 requests in flight (the OpenAPI gives no body: nginx's HTML page, as one was reported)", async () => {
    const token = emulators.standard.personalToken('carol', '*');
    const burst = await Promise.all(
      Array.from({ length: 22 }, async () => {
        const res = await fetch(`${emulators.standard.url}/api/v2/projects/1/strings?limit=1`, {
          headers: { Authorization: `Bearer ${token}`, 'X-Emulator-Delay-Ms': '800' },
        });
        return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
      }),
    );
    const limited = burst.filter((r) => r.status === 429);
    expect(limited.length).toBe(2);
    for (const r of limited) expect([r.type, r.text]).toEqual(['text/html', edgePage(429)]);
  });
});
