import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compile } from '../../../croql/index.ts';
import { generateDemoDataset } from './demo.ts';
import { DataFileError, datasetFromJson, loadDataFile } from './load.ts';

const examplePath = new URL('./example.json', import.meta.url).pathname;

describe('demo data', () => {
  it('is the same for the same seed, different for another, and a string does not depend on the scale', () => {
    const a = generateDemoDataset({ strings: 300, seed: 7 });
    const b = generateDemoDataset({ strings: 300, seed: 7 });
    const c = generateDemoDataset({ strings: 300, seed: 8 });
    const big = generateDemoDataset({ strings: 1200, seed: 7 });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a.strings)).not.toBe(JSON.stringify(c.strings));
    expect(JSON.stringify(big.strings.slice(0, 300))).toBe(JSON.stringify(a.strings));
  });

  it('has the fixed demo facts: project 1, users, languages, TM 1, glossary 1, button.save in file 3', () => {
    const d = generateDemoDataset();
    expect(d.strings).toHaveLength(2000);
    expect(d.users.map((u) => [u.id, u.username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
      [4, 'dmitro'],
      [5, 'emma'],
    ]);
    expect(d.project).toMatchObject({
      id: 1,
      sourceLanguageId: 'en',
      targetLanguageIds: ['uk', 'de', 'fr', 'es', 'ja'],
    });
    expect(d.tms[0]!.id).toBe(1);
    expect(d.glossaries[0]!.id).toBe(1);
    expect(d.strings[2]).toMatchObject({
      identifier: 'button.save',
      text: 'Save',
      typeIsPlain: true,
      file: { id: 3 },
    });
    const env = { users: d.users, languages: d.languages.map((l) => l.id), now: new Date('2025-06-01') };
    const parts = new Set(d.glossaries[0]!.terms.map((t) => t.partOfSpeech));
    expect(parts.size).toBeGreaterThanOrEqual(10);
    // every string type, hidden strings, shared and own duplicates
    for (const q of ['type is plain', 'type is plural', 'type is icu', 'is hidden', 'count of labels > 0']) {
      expect(d.strings.some(compile(q, 'strings', env).predicate!)).toBe(true);
    }
  });
});

describe('data files', () => {
  it('loads the documented example', () => {
    const d = loadDataFile(examplePath);
    expect(d.strings).toHaveLength(2);
    expect(d.files.map((f) => f.name)).toEqual(['checkout.json']);
    expect(d.project.targetLanguageIds).toEqual(['uk', 'de']);
    const env = { users: d.users, languages: d.languages.map((l) => l.id), now: new Date() };
    const approvedByAlice = compile(
      'count of translations where (count of approvals where (user = @user:"alice") > 0) > 0',
      'strings',
      env,
    );
    expect(d.strings.filter(approvedByAlice.predicate!).map((s) => s.id)).toEqual([1]);
  });

  it('names each problem: a misspelt key, a wrong type, a non-array', () => {
    const json = JSON.parse(readFileSync(examplePath, 'utf8'));
    json.strings[0].isHiden = true;
    json.strings[0]['is hidden'] = true;
    json.strings[1].added = 'yesterday';
    json.strings[0].translations[0].user = 'bob';
    json.glossaries = {};
    let error: unknown;
    try {
      datasetFromJson(json);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataFileError);
    const message = (error as Error).message;
    expect(message).toContain('strings[0].isHiden: not a field of a source string');
    expect(message).toContain('strings[0].is hidden: not a field of a source string (write "isHidden")');
    expect(message).toContain('strings[1].added must be a datetime');
    expect(message).toContain('strings[0].translations[0].user must be a user id');
    expect(message).toContain('"glossaries" must be an array');
  });
});

describe('a big data file', () => {
  it('shares the file, branch and label objects its strings repeat, and infers each file once', () => {
    const string = (id: number, fileId: number) => ({
      id,
      identifier: `key.${id}`,
      text: `Text ${id}`,
      file: { id: fileId, name: `file-${fileId}.json` },
      branch: { id: 1, name: 'main' },
      labels: [{ id: 7, title: 'ui' }],
    });
    const json = { strings: Array.from({ length: 300 }, (_, i) => string(i + 1, 1 + (i % 3))) };
    const d = datasetFromJson(JSON.parse(JSON.stringify(json)));
    const [a, b, , d4] = d.strings;
    expect(a!.file).not.toBe(b!.file);
    expect(a!.file).toBe(d4!.file);
    expect(a!.branch).toBe(b!.branch);
    expect(a!.labels).toBe(b!.labels);
    expect(d.files.map((f) => [f.id, f.name, f.branchId])).toEqual([
      [1, 'file-1.json', 1],
      [2, 'file-2.json', 1],
      [3, 'file-3.json', 1],
    ]);
  });
});
