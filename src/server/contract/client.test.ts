// The official client against the emulator: every listing and every parameter the client exposes for the
// four CroQL operations (options objects and the deprecated positional forms), in the standard edition and,
// for the enterprise-only parameters, the enterprise one.
import Client, { CrowdinValidationError } from '@crowdin/crowdin-api-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compile, type ContextObject } from '../../croql/index.ts';
import { topTranslations } from '../emulator/api/top-translations.ts';
import { startEmulator, type RunningEmulator } from '../emulator/testing.ts';

let standard: RunningEmulator;
let enterprise: RunningEmulator;
let client: Client;
let enterpriseClient: Client;

beforeAll(async () => {
  [standard, enterprise] = await Promise.all([startEmulator(), startEmulator({ organization: 'acme' })]);
  client = new Client({ token: standard.personalToken('alice'), baseUrl: `${standard.url}/api/v2` });
  enterpriseClient = new Client({
    token: enterprise.personalToken('alice'),
    organization: 'acme',
    baseUrl: `${enterprise.url}/api/v2`,
  });
});
afterAll(() => Promise.all([standard.close(), enterprise.close()]));

/**
 * Calls the client's deprecated positional form. The client tells its user so with a process warning (once
 * per process); that warning is the expected answer here, so it is taken and checked instead of printed
 * into the test run.
 */
async function positional<T>(call: () => Promise<T>): Promise<T> {
  const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
  let pending: Promise<T>;
  try {
    pending = call(); // the client warns synchronously, before its request
  } finally {
    warn.mockRestore();
  }
  for (const [message] of warn.mock.calls)
    expect(String(message)).toMatch(/optional parameters .* deprecated/);
  return pending;
}

const ids = (list: { data: { id: number } }[]) => list.map((d) => d.data.id);
const strings = () => standard.config.data.strings;
const matching = (
  croql: string,
  items: ContextObject[],
  listing: Parameters<typeof compile>[1] = 'strings',
) => items.filter(compile(croql, listing, standard.api.evalEnv()).predicate!).map((o) => o.id as number);

describe('listProjectStrings', () => {
  const api = () => client.sourceStringsApi;

  it('fetches every string matching a croql query across pages of 500', async () => {
    const croql = 'count of languages summary where (is translated) > 0';
    const result = await api().withFetchAll().listProjectStrings(1, { croql });
    expect(result.data.length).toBeGreaterThan(1000);
    expect(ids(result.data)).toEqual(matching(croql, strings()));
  });

  it('takes orderBy, denormalizePlaceholders, limit and offset beside croql', async () => {
    const croql = 'is hidden';
    const page = await api().listProjectStrings(1, {
      croql,
      orderBy: 'id desc',
      denormalizePlaceholders: 1,
      limit: 5,
      offset: 2,
    });
    expect(ids(page.data)).toEqual(matching(croql, strings()).reverse().slice(2, 7));
    expect(page.pagination).toEqual({ offset: 2, limit: 5 });
  });

  it('filters by fileId, branchId, directoryId, labelIds, taskId, filter and scope without croql', async () => {
    const byFile = await api().withFetchAll().listProjectStrings(1, { fileId: 3 });
    expect(ids(byFile.data)).toEqual(
      strings()
        .filter((s) => (s.file as { id: number }).id === 3)
        .map((s) => s.id),
    );
    const byBranch = await api().withFetchAll().listProjectStrings(1, { branchId: 2 });
    expect(byBranch.data.every((s) => s.data.branchId === 2)).toBe(true);
    expect(byBranch.data.length).toBeGreaterThan(0);
    const directory = standard.config.data.strings.find((s) => s.directoryId != null)?.directoryId as
      number | undefined;
    if (directory !== undefined) {
      const byDirectory = await api().withFetchAll().listProjectStrings(1, { directoryId: directory });
      expect(byDirectory.data.every((s) => s.data.directoryId === directory)).toBe(true);
    }
    const byLabel = await api().withFetchAll().listProjectStrings(1, { labelIds: '1,2' });
    expect(byLabel.data.length).toBeGreaterThan(0);
    expect(byLabel.data.every((s) => s.data.labelIds.some((l) => l === 1 || l === 2))).toBe(true);
    expect((await api().listProjectStrings(1, { taskId: 1 })).data).toEqual([]);
    const byText = await api()
      .withFetchAll()
      .listProjectStrings(1, { filter: 'button', scope: 'identifier' });
    expect(byText.data.length).toBeGreaterThan(0);
    expect(byText.data.every((s) => s.data.identifier.toLowerCase().includes('button'))).toBe(true);
  });

  it('answers the deprecated positional form', async () => {
    const page = await positional(() => api().listProjectStrings(1, 3, 10, 0));
    expect(page.data.length).toBe(10);
    expect(page.data.every((s) => s.data.fileId === 3)).toBe(true);
  });

  it('refuses a parameter beside croql and a malformed query as CrowdinValidationError', async () => {
    const beside = api().listProjectStrings(1, { croql: 'is hidden', fileId: 3 });
    await expect(beside).rejects.toBeInstanceOf(CrowdinValidationError);
    await beside.catch((e: CrowdinValidationError) =>
      expect(e.validationCodes).toEqual([{ key: 'fileId', codes: ['notAllowedWithCroql'] }]),
    );
    const call = api().listProjectStrings(1, { croql: 'is hidden and (' });
    await call.catch((e: CrowdinValidationError) => {
      expect(e.code).toBe(400);
      expect(e.validationCodes).toEqual([{ key: 'croql', codes: ['croqlInvalidSyntax'] }]);
    });
    await expect(call).rejects.toBeInstanceOf(CrowdinValidationError);
  });
});

describe('listLanguageTranslations', () => {
  const api = () => client.stringTranslationsApi;
  const top = (language: string) => topTranslations(strings(), language);

  it('lists one row per string with croql, every page, as the top translations say', async () => {
    const croql = 'user = @user:"dmitro" or count of votes > 0';
    const result = await api().withFetchAll().listLanguageTranslations(1, 'uk', { croql });
    const expected = top('uk').items.filter(
      compile(croql, 'translations', standard.api.evalEnv()).predicate!,
    );
    const got = result.data.flatMap(({ data }) =>
      'plurals' in data ? data.plurals.map((p) => p.translationId) : [data.translationId],
    );
    expect(got).toEqual(expected.map((t) => t.id));
    expect(new Set(result.data.map((d) => d.data.stringId)).size).toBe(result.data.length);
  });

  it('takes orderBy, branchId, directoryId, denormalizePlaceholders, limit and offset beside croql', async () => {
    const page = await api().listLanguageTranslations(1, 'de', {
      croql: 'count of votes = 0',
      orderBy: 'stringId desc',
      branchId: 1,
      denormalizePlaceholders: 1,
      limit: 4,
      offset: 1,
    });
    expect(page.data.length).toBe(4);
    const stringIds = page.data.map((d) => d.data.stringId);
    expect(stringIds).toEqual([...stringIds].sort((a, b) => b - a));
    const byDirectory = await api().listLanguageTranslations(1, 'de', { directoryId: 1, limit: 5 });
    expect(byDirectory.data.length).toBeLessThanOrEqual(5);
  });

  it('filters by stringIds, labelIds, fileId and approvedOnly without croql', async () => {
    const someIds = [...top('fr').owners.slice(0, 3)].map((i) => strings()[i]!.id as number);
    const byString = await api().listLanguageTranslations(1, 'fr', { stringIds: someIds.join(',') });
    expect(byString.data.map((d) => d.data.stringId)).toEqual(someIds);
    const byLabel = await api().withFetchAll().listLanguageTranslations(1, 'fr', { labelIds: '1' });
    expect(byLabel.data.length).toBeGreaterThan(0);
    const byFile = await api().withFetchAll().listLanguageTranslations(1, 'fr', { fileId: 3 });
    const inFile = new Set(
      strings()
        .filter((s) => (s.file as { id: number }).id === 3)
        .map((s) => s.id),
    );
    expect(byFile.data.every((d) => inFile.has(d.data.stringId))).toBe(true);
    const approved = await api().withFetchAll().listLanguageTranslations(1, 'fr', { approvedOnly: 1 });
    const all = await api().withFetchAll().listLanguageTranslations(1, 'fr');
    expect(approved.data.length).toBeGreaterThan(0);
    expect(approved.data.length).toBeLessThan(all.data.length);
  });

  it('answers the deprecated positional form (stringIds, fileId, limit, offset)', async () => {
    const page = await positional(() => api().listLanguageTranslations(1, 'es', undefined, 3, 7, 0));
    expect(page.data.length).toBeLessThanOrEqual(7);
    expect(page.data.length).toBeGreaterThan(0);
  });

  it('takes the enterprise parameters passedWorkflow and minApprovalCount, and refuses them beside croql', async () => {
    const e = () => enterpriseClient.stringTranslationsApi;
    const passed = await e().withFetchAll().listLanguageTranslations(1, 'uk', { passedWorkflow: 1 });
    const minimum = await e().withFetchAll().listLanguageTranslations(1, 'uk', { minApprovalCount: 1 });
    expect(passed.data.length).toBeGreaterThan(0);
    expect(minimum.data.length).toBeGreaterThan(0);
    await expect(
      e().listLanguageTranslations(1, 'uk', { croql: 'count of votes = 0', passedWorkflow: 1 }),
    ).rejects.toBeInstanceOf(CrowdinValidationError);
  });
});

describe('listTmSegments', () => {
  it('takes croql, orderBy, limit and offset', async () => {
    const api = client.translationMemoryApi;
    const croql = 'count of records where (createdBy = @user:"bob") > 0';
    const all = await api.withFetchAll().listTmSegments(1, { croql });
    expect(ids(all.data)).toEqual(matching(croql, standard.config.data.tms[0]!.segments, 'tmSegments'));
    const page = await api.listTmSegments(1, { croql, orderBy: 'id desc', limit: 3, offset: 1 });
    expect(ids(page.data)).toEqual(ids(all.data).reverse().slice(1, 4));
  });
});

describe('listTerms', () => {
  const api = () => client.glossariesApi;
  const terms = () => standard.config.data.glossaries[0]!.terms;

  it('takes croql and orderBy', async () => {
    const croql = 'partOfSpeech = "verb"';
    const result = await api().withFetchAll().listTerms(1, { croql, orderBy: 'text' });
    const expected = terms()
      .filter(compile(croql, 'glossaryTerms', standard.api.evalEnv()).predicate!)
      .map((t) => t.text as string);
    expect(result.data.map((t) => t.data.text)).toEqual([...expected].sort());
  });

  it('filters by userId, languageId, conceptId and translationOfTermId without croql', async () => {
    const byUser = await api().withFetchAll().listTerms(1, { userId: 2 });
    expect(byUser.data.every((t) => t.data.userId === 2)).toBe(true);
    const byLanguage = await api().withFetchAll().listTerms(1, { languageId: 'de' });
    expect(byLanguage.data.length).toBeGreaterThan(0);
    expect(byLanguage.data.every((t) => t.data.languageId === 'de')).toBe(true);
    const byConcept = await api().withFetchAll().listTerms(1, { conceptId: 1 });
    expect(byConcept.data.length).toBeGreaterThan(1);
    expect(byConcept.data.every((t) => t.data.conceptId === 1)).toBe(true);
    const translations = await api()
      .withFetchAll()
      .listTerms(1, { translationOfTermId: byConcept.data[0]!.data.id });
    expect(ids(translations.data)).toEqual(ids(byConcept.data));
  });

  it('answers the deprecated positional form (userId, limit, offset, languageId)', async () => {
    const page = await positional(() => api().listTerms(1, undefined, 5, 0, 'uk'));
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((t) => t.data.languageId === 'uk')).toBe(true);
  });
});
