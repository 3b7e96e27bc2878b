// A listing page built from kept rows is the same bytes as the page stringified whole, and an edit or a
// different served shape is never answered from rows kept before it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoDataset } from '../data/demo.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { listEnvelope } from './envelope.ts';
import { PageBodies } from './page-body.ts';
import { sourceStringResource, type ProjectShape } from './resources.ts';

const data = generateDemoDataset({ strings: 120 });
const STANDARD: ProjectShape = { stringBased: false, enterprise: false, organization: null };
const ENTERPRISE: ProjectShape = { stringBased: true, enterprise: true, organization: 'acme' };

const stringRow = (shape: ProjectShape) => (group: number[]) =>
  sourceStringResource(data.strings[group[0]!]!, data, shape);
const made = (shape: ProjectShape) => ({ data, version: data.version, shape: JSON.stringify(shape) });
const whole = (groups: number[][], resource: (g: number[]) => unknown, offset: number, limit: number) =>
  JSON.stringify(listEnvelope(groups.map(resource), offset, limit));

describe('PageBodies', () => {
  it('writes the bytes JSON.stringify writes, the first time and from kept rows', () => {
    const bodies = new PageBodies();
    const groups = [[4], [0], [17], [99], [5]];
    for (const shape of [STANDARD, ENTERPRISE, STANDARD]) {
      for (let round = 0; round < 2; round++) {
        const bytes = bodies.body(made(shape), 'strings', groups, stringRow(shape), 40, 5);
        expect(bytes.toString('utf8')).toBe(whole(groups, stringRow(shape), 40, 5));
      }
    }
  });

  it('writes rows of several items, non-ASCII text and an empty page as JSON.stringify does', () => {
    const bodies = new PageBodies();
    const resource = (group: number[]) => ({ forms: group, text: `пʼять ${group.join('·')} “q” \u2028` });
    const groups = [[1, 2, 3], [7], [7]];
    const key = { data, version: data.version, shape: '' };
    expect(bodies.body(key, 'x', groups, resource, 0, 500).toString('utf8')).toBe(
      whole(groups, resource, 0, 500),
    );
    expect(bodies.body(key, 'x', [], resource, 1000, 500).toString('utf8')).toBe(
      whole([], resource, 1000, 500),
    );
  });

  it('stays right when its rows overflow what it keeps', () => {
    const bodies = new PageBodies(2_000);
    const groups = Array.from({ length: 30 }, (_, i) => [i]);
    for (let round = 0; round < 2; round++) {
      const bytes = bodies.body(made(STANDARD), 'strings', groups, stringRow(STANDARD), 0, 30);
      expect(bytes.toString('utf8')).toBe(whole(groups, stringRow(STANDARD), 0, 30));
    }
  });
});

describe('a listing served from kept rows', () => {
  let emulator: RunningEmulator;
  let token: string;
  beforeAll(async () => {
    emulator = await startEmulator({ testHooks: true, data: generateDemoDataset({ strings: 60 }) });
    token = emulator.personalToken('alice');
  });
  afterAll(() => emulator.close());

  const page = async () => {
    const url = `${emulator.url}/api/v2/projects/1/strings?limit=20&offset=0`;
    const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    return JSON.parse(text) as { data: { data: { id: number; text: unknown } }[] };
  };

  it('shows an edit in the next page, rows kept before it notwithstanding', async () => {
    const before = await page();
    expect(before.data.find((d) => d.data.id === 3)?.data.text).not.toBe('zq kept');
    const edited = await fetch(`${emulator.url}/__emulator/edit-string`, {
      method: 'POST',
      body: JSON.stringify({ id: 3, text: 'zq kept' }),
    });
    expect(edited.status).toBe(200);
    const after = await page();
    expect(after.data.find((d) => d.data.id === 3)?.data.text).toBe('zq kept');
    expect(after.data.map((d) => d.data.id)).toEqual(before.data.map((d) => d.data.id));
  });
});
