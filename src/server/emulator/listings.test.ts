// The listings as the service's sources describe them: parameters per API variant, the rules beside croql,
// the translations listing's one row per string, resource enums, the scopes each operation needs, and the
// rate limit per account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContextObject } from '../../croql/index.ts';
import { compareTranslations } from './api/top-translations.ts';
import { startEmulator, type RunningEmulator } from './testing.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON */

let standard: RunningEmulator;
let enterprise: RunningEmulator;

beforeAll(async () => {
  [standard, enterprise] = await Promise.all([
    startEmulator({ testHooks: true }),
    startEmulator({ organization: 'acme' }),
  ]);
});
afterAll(() => Promise.all([standard.close(), enterprise.close()]));

async function get(emulator: RunningEmulator, path: string, bearer = emulator.personalToken('alice')) {
  const res = await fetch(`${emulator.url}/api/v2${path}`, {
    headers: { Authorization: `Bearer ${bearer}` },
  });
  return { status: res.status, json: (await res.json()) as any };
}
const q = (croql: string) => encodeURIComponent(croql);

async function allRows(emulator: RunningEmulator, path: string): Promise<any[]> {
  const rows: any[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await get(emulator, `${path}${path.includes('?') ? '&' : '?'}limit=500&offset=${offset}`);
    expect(page.status, JSON.stringify(page.json)).toBe(200);
    rows.push(...page.json.data.map((d: { data: unknown }) => d.data));
    if (page.json.data.length < 500) return rows;
  }
}

const translationsOf = (emulator: RunningEmulator, stringId: number, language: string): ContextObject[] =>
  (
    (emulator.config.data.strings.find((s) => s.id === stringId)!.translations ?? []) as ContextObject[]
  ).filter((t) => t.language === language);

describe('the language translations listing', () => {
  it('returns one row per string: its top translation, approved first, competing suggestions left out', async () => {
    const rows = await allRows(standard, '/projects/1/languages/uk/translations');
    const stringIds = rows.map((r) => r.stringId);
    expect(new Set(stringIds).size).toBe(rows.length);
    expect(stringIds).toEqual([...stringIds].sort((a, b) => a - b)); // default order: stringId
    const translated = standard.config.data.strings.filter(
      (s) => translationsOf(standard, s.id as number, 'uk').length,
    );
    expect(rows.length).toBe(translated.length);
    let competing = 0;
    for (const row of rows.filter((r) => !r.plurals)) {
      const all = translationsOf(standard, row.stringId, 'uk');
      if (all.length < 2) continue;
      competing++;
      const top = [...all].sort(compareTranslations)[0]!;
      expect(row.translationId).toBe(top.id);
      const approved = all.filter((t) => (t.approvals as unknown[]).length > 0);
      if (approved.length) expect(approved.map((t) => t.id)).toContain(row.translationId);
    }
    expect(competing).toBeGreaterThan(10);
  });

  it('ranks more approvals, then rating, then the latest change, then the later id', () => {
    const t = (id: number, approvals: number, votes: boolean[], updated: string) => ({
      id,
      approvals: Array.from({ length: approvals }, () => ({ user: 1 })),
      votes: votes.map((up) => ({ isUp: up, isDown: !up })),
      updated,
    });
    const ranked = [
      t(1, 0, [true, true], '2025-01-01'),
      t(2, 1, [], '2024-01-01'),
      t(3, 0, [true, true], '2025-02-01'),
      t(4, 0, [], '2026-01-01'),
      t(5, 0, [true, true], '2025-02-01'),
    ].sort(compareTranslations);
    expect(ranked.map((x) => x.id)).toEqual([2, 5, 3, 1, 4]);
  });

  it('approvedOnly keeps the strings whose top translation is approved', async () => {
    const rows = await allRows(standard, '/projects/1/languages/de/translations?approvedOnly=1');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const ids = row.plurals ? row.plurals.map((p: any) => p.translationId) : [row.translationId];
      const all = translationsOf(standard, row.stringId, 'de');
      for (const id of ids)
        expect((all.find((x) => x.id === id)!.approvals as unknown[]).length).toBeGreaterThan(0);
    }
  });

  it('sorts by every documented field, stringId included, keeping a plural string in one row', async () => {
    for (const orderBy of ['stringId', 'stringId desc', 'text', 'translationId desc', 'createdAt']) {
      const rows = await allRows(standard, `/projects/1/languages/uk/translations?orderBy=${q(orderBy)}`);
      expect(new Set(rows.map((r) => r.stringId)).size).toBe(rows.length);
    }
    const res = await get(standard, '/projects/1/languages/uk/translations?orderBy=stringId%20desc&limit=3');
    const ids = res.json.data.map((d: any) => d.data.stringId);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
  });

  it('shapes each row per the OpenAPI: qaIssuesStatus, user object, plural forms, provider enum', async () => {
    const rows = await allRows(standard, '/projects/1/languages/ja/translations');
    expect(new Set(rows.map((r) => r.qaIssuesStatus))).toEqual(new Set(['passed', 'failed']));
    for (const row of rows) {
      const forms = row.plurals ?? [row];
      for (const f of forms) {
        expect(f.user).toEqual({
          id: expect.any(Number),
          username: expect.any(String),
          fullName: expect.any(String),
          avatarUrl: expect.any(String),
        });
      }
    }
    const plain = rows.find((r) => r.contentType === 'text/plain');
    expect(plain).not.toHaveProperty('pluralForm');
  });
});

describe('parameters per the OpenAPI', () => {
  it('refuses an orderBy field the listing does not document, and accepts each documented one', async () => {
    const bad = await get(standard, '/projects/1/strings?orderBy=maxLength');
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].error.key).toBe('orderBy');
    for (const field of ['id', 'text', 'identifier', 'context', 'createdAt', 'updatedAt', 'type']) {
      expect((await get(standard, `/projects/1/strings?orderBy=${field}&limit=1`)).status).toBe(200);
    }
  });

  it('refuses a field named twice in orderBy, in the service validation shape keyed orderBy', async () => {
    for (const order of ['id,id', 'text desc,identifier,text', Array(200).fill('id').join(',')]) {
      const res = await get(standard, `/projects/1/strings?orderBy=${q(order)}`);
      expect(res.status, order).toBe(400);
      expect(res.json.errors[0].error).toMatchObject({
        key: 'orderBy',
        errors: [{ code: 'orderByDuplicate', message: expect.stringMatching(/more than once/) }],
      });
    }
    const segments = await get(standard, `/tms/1/segments?orderBy=${q('id desc,id')}`);
    expect(segments.json.error).toMatchObject({ key: 'orderBy', errors: [{ code: 'orderByDuplicate' }] });
    expect((await get(standard, `/projects/1/strings?orderBy=${q('type,text desc,id')}`)).status).toBe(200);
  });

  it('refuses an enum value outside its list and parameters that exclude each other', async () => {
    const scope = await get(standard, '/projects/1/strings?filter=cart&scope=title');
    expect(scope.json.errors[0].error).toMatchObject({ key: 'scope', errors: [{ code: 'notInArray' }] });
    expect((await get(standard, '/projects/1/strings?filter=cart&scope=text,identifier')).status).toBe(200);
    const both = await get(standard, '/projects/1/strings?fileId=3&branchId=1');
    expect(both.status).toBe(400);
    expect(both.json.errors[0].error.errors[0].code).toBe('notAllowedWith');
    expect((await get(standard, '/projects/1/languages/uk/translations?approvedOnly=2')).status).toBe(400);
  });

  it('lets the translations listing take branchId, directoryId and orderBy beside croql', async () => {
    const croql = q('count of votes = 0');
    expect(
      (await get(standard, `/projects/1/languages/uk/translations?croql=${croql}&branchId=1`)).status,
    ).toBe(200);
    expect(
      (await get(standard, `/projects/1/languages/uk/translations?croql=${croql}&orderBy=text`)).status,
    ).toBe(200);
    expect(
      (await get(standard, `/projects/1/languages/uk/translations?croql=${croql}&fileId=3`)).status,
    ).toBe(400);
  });

  it('answers the TM segments listing 400 in its single-object shape', async () => {
    const res = await get(standard, `/tms/1/segments?croql=${q('count of records >')}`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toBeUndefined();
    expect(res.json.error).toMatchObject({ key: 'croql', errors: [{ code: 'croqlInvalidSyntax' }] });
  });
});

describe('the enterprise variant', () => {
  it('forbids passedWorkflow and minApprovalCount beside croql, and each beside the other', async () => {
    const croql = q('count of votes = 0');
    for (const param of ['passedWorkflow=1', 'minApprovalCount=1']) {
      const res = await get(enterprise, `/projects/1/languages/uk/translations?croql=${croql}&${param}`);
      expect(res.status).toBe(400);
      expect(res.json.errors[0].error.errors[0].code).toBe('notAllowedWithCroql');
    }
    const both = await get(
      enterprise,
      '/projects/1/languages/uk/translations?passedWorkflow=1&minApprovalCount=1',
    );
    expect(both.json.errors[0].error.errors[0].code).toBe('notAllowedWith');
    const rows = await allRows(enterprise, '/projects/1/languages/uk/translations?minApprovalCount=1');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('serves strings with their custom fields as an object of values by slug', async () => {
    const rows = await allRows(enterprise, `/projects/1/strings?croql=${q('count of fields > 0')}`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.fields).toBeTypeOf('object');
      expect(Array.isArray(row.fields)).toBe(false);
      expect(Object.keys(row.fields).length).toBeGreaterThan(0);
    }
    const standardRow = (await get(standard, '/projects/1/strings?limit=1')).json.data[0].data;
    expect(standardRow).not.toHaveProperty('fields');
  });

  it("links strings and the project under the organization's domain, as its webhooks do (ui-walk D33)", async () => {
    const [string] = (await get(enterprise, '/projects/1/strings?limit=1')).json.data.map((d: any) => d.data);
    const project = (await get(enterprise, '/projects/1')).json.data;
    const target = project.targetLanguageIds[0];
    expect(string.webUrl).toBe(
      `https://acme.crowdin.com/editor/1/${string.fileId}/${project.sourceLanguageId}-${target}#${string.id}`,
    );
    expect(project.webUrl).toBe('https://acme.crowdin.com/u/projects/1');
    const plain = (await get(standard, '/projects/1/strings?limit=1')).json.data[0].data;
    expect(plain.webUrl).toBe(
      `https://crowdin.com/editor/${project.identifier}/${plain.fileId}/${project.sourceLanguageId}-${target}#${plain.id}`,
    );
  });
});

describe('scopes and the rate limit', () => {
  it("requires each operation's scope; a broader scope covers the finer ones", async () => {
    const translationsOnly = standard.personalToken('bob', 'project.translation');
    expect(
      (await get(standard, '/projects/1/languages/uk/translations?limit=1', translationsOnly)).status,
    ).toBe(200);
    expect((await get(standard, '/projects/1/strings?limit=1', translationsOnly)).status).toBe(403);
    expect((await get(standard, '/projects', translationsOnly)).status).toBe(403);
    const source = standard.personalToken('bob', 'project.source project.settings');
    expect((await get(standard, '/projects/1/strings?limit=1', source)).status).toBe(200);
    expect((await get(standard, '/projects/1/files', source)).status).toBe(200);
    expect((await get(standard, '/projects/1/members', source)).status).toBe(403);
    expect(
      (await get(standard, '/projects/1/members', standard.personalToken('bob', 'project'))).status,
    ).toBe(200);
    expect((await get(standard, '/glossaries/1/terms', standard.personalToken('bob', '*'))).status).toBe(200);
  });

  it('counts 20 simultaneous requests per account, across all of its tokens', async () => {
    const tokens = [standard.personalToken('emma'), standard.personalToken('emma', 'project tm')];
    const burst = await Promise.all(
      Array.from({ length: 24 }, async (_, i) => {
        const res = await fetch(`${standard.url}/api/v2/user`, {
          headers: { Authorization: `Bearer ${tokens[i % 2]}`, 'X-Emulator-Delay-Ms': '1200' },
        });
        return res.status;
      }),
    );
    expect(burst.filter((s) => s === 200).length).toBe(20);
    expect(burst.filter((s) => s === 429).length).toBe(4);
    // Another account is not affected.
    expect((await get(standard, '/user', standard.personalToken('dmitro'))).status).toBe(200);
  });
});
