import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { generateDemoDataset } from './demo.ts';
import { loadDataFile } from './load.ts';
import { JsonFileError, readJsonFile } from './read-json.ts';

const dir = mkdtempSync(join(tmpdir(), 'croql-read-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const file = (text: string) => {
  const path = join(dir, `${files++}.json`);
  writeFileSync(path, text);
  return path;
};

describe('reading a data file in pieces', () => {
  it('gives what JSON.parse of the whole file gives, whatever the chunk size and spacing', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string(), fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue())),
        fc.integer({ min: 1, max: 64 }),
        fc.boolean(),
        (value, chunk, pretty) => {
          const text = JSON.stringify(value, null, pretty ? 2 : undefined);
          expect(readJsonFile(file(text), chunk)).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 100 },
    );
    for (const text of [
      '[1, 2]',
      '"x"',
      ' 3 ',
      '{}',
      '\ufeff{"a": [1]}',
      '{"a": [], "b": "\\"]"}',
      '{"__proto__": [1]}',
    ]) {
      expect(readJsonFile(file(text), 2)).toEqual(JSON.parse(text.replace(/^\ufeff/, '')));
    }
  });

  it('names the member that is broken, and refuses what is cut off or left over', () => {
    expect(() => readJsonFile(file('{"strings": [{"id": 1}, {"id": }]}'))).toThrow(
      /strings\[1\] .* not valid JSON/,
    );
    for (const text of ['{"strings": [{"id": 1}', '{"a": 1', '{"a": "b', '{"a": 1} x', '{"a" 1}'])
      expect(() => readJsonFile(file(text)), text).toThrow(JsonFileError);
  });

  it('loads a data file without holding its whole text: no string longer than one string of the file', () => {
    const strings = generateDemoDataset({ strings: 400 }).strings;
    const path = file(JSON.stringify({ project: { name: 'Big' }, strings }));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const loaded = loadDataFile(path);
      expect(loaded.strings).toHaveLength(400);
      expect(loaded.project.name).toBe('Big');
      const longest = Math.max(...parse.mock.calls.map(([text]) => String(text).length));
      expect(longest).toBeLessThan(Math.max(...strings.map((s) => JSON.stringify(s).length)) + 1);
    } finally {
      parse.mockRestore();
    }
  });
});
