// The official client, pointed at the emulator with a personal token: the emulator speaks the service's
// wire format well enough for a real consumer of the API.
import Client, { CrowdinValidationError } from '@crowdin/crowdin-api-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../../croql/index.ts';
import { startEmulator, type RunningEmulator } from './testing.ts';

let emulator: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emulator = await startEmulator();
  client = new Client({ token: emulator.personalToken('alice'), baseUrl: `${emulator.url}/api/v2` });
});
afterAll(() => emulator.close());

describe('the official client against the emulator', () => {
  it('lists the demo project', async () => {
    const projects = await client.projectsGroupsApi.withFetchAll().listProjects();
    expect(projects.data.map((p) => p.data.id)).toEqual([1]);
    expect(projects.data[0]!.data).toMatchObject({
      sourceLanguageId: 'en',
      targetLanguageIds: ['uk', 'de', 'fr', 'es', 'ja'],
    });
  });

  it('fetches every string matching a croql query across pages of 500', async () => {
    const croql = 'count of languages summary where (is translated) > 0';
    const result = await client.sourceStringsApi.withFetchAll().listProjectStrings(1, { croql });
    const expected = emulator.config.data.strings.filter(
      compile(croql, 'strings', emulator.api.evalEnv()).predicate!,
    );
    expect(result.data.length).toBeGreaterThan(1000);
    expect(result.data.map((s) => s.data.id)).toEqual(expected.map((s) => s.id));
    expect(result.data[0]!.data).toMatchObject({
      projectId: 1,
      type: expect.any(String),
      fileId: expect.any(Number),
    });
  });

  it('lists translations of a language with croql', async () => {
    const result = await client.stringTranslationsApi.listLanguageTranslations(1, 'uk', {
      croql: 'user = @user:"dmitro"',
      limit: 50,
    });
    expect(result.data.length).toBe(50);
    for (const { data } of result.data) {
      const users = 'plurals' in data ? data.plurals.map((p) => p.user.username) : [data.user.username];
      expect(users.every((u) => u === 'dmitro')).toBe(true);
    }
  });

  it('lists TM segments and glossary terms with croql', async () => {
    const segments = await client.translationMemoryApi
      .withFetchAll()
      .listTmSegments(1, { croql: 'count of records where (createdBy = @user:"bob") > 0' });
    expect(segments.data.length).toBeGreaterThan(0);
    expect(segments.data.every((s) => s.data.records.some((r) => r.createdBy === 2))).toBe(true);

    const terms = await client.glossariesApi.withFetchAll().listTerms(1, { croql: 'partOfSpeech = "verb"' });
    expect(terms.data.length).toBeGreaterThan(0);
    expect(terms.data.every((t) => t.data.partOfSpeech === 'verb')).toBe(true);
  });

  it('surfaces a malformed query as CrowdinValidationError', async () => {
    const call = client.sourceStringsApi.listProjectStrings(1, { croql: 'is hidden and (' });
    await expect(call).rejects.toBeInstanceOf(CrowdinValidationError);
    await call.catch((e: CrowdinValidationError) => {
      expect(e.code).toBe(400);
      expect(e.validationCodes).toEqual([{ key: 'croql', codes: ['croqlInvalidSyntax'] }]);
    });
  });
});
