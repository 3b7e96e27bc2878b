import { describe, expect, it } from 'vitest';
import { partialRow, partialRows } from '../testing/fixtures.ts';
import { COLUMNS } from '../rows/fields.ts';
import { capitalised, fieldLabel } from '../rows/fields.ts';
import { rowTitle } from '../rows/identity.ts';
import type { RowOf } from '../rows/rows.ts';
import { rowFields, webUrlOf } from './details.ts';
import { nextSort, sortOrder } from './sort.ts';
import { oldestUnanswered, useInspectorStore } from '../rows/requests.ts';

const idColumn = COLUMNS.strings.find((c) => c.key === 'id')!;
const textColumn = COLUMNS.strings.find((c) => c.key === 'text')!;

describe('sorting loaded rows', () => {
  const rows = partialRows([
    { id: 10, text: 'b' },
    { id: 9, text: '' },
    { id: 100, text: 'A' },
    { id: 9, text: 'a' },
  ]);

  it('orders numbers by value and keeps ties in loading order', () => {
    expect(sortOrder(rows, idColumn, 'ascending')).toEqual([1, 3, 0, 2]);
    expect(sortOrder(rows, idColumn, 'descending')).toEqual([2, 0, 1, 3]);
  });

  it('puts empty values last in both directions, text without regard to case', () => {
    expect(sortOrder(rows, textColumn, 'ascending')).toEqual([2, 3, 0, 1]);
    expect(sortOrder(rows, textColumn, 'descending')).toEqual([0, 2, 3, 1]);
  });

  it('cycles ascending, descending, loading order', () => {
    const a = nextSort(null, 'id');
    expect(a).toEqual({ key: 'id', direction: 'ascending' });
    const d = nextSort(a, 'id');
    expect(d).toEqual({ key: 'id', direction: 'descending' });
    expect(nextSort(d, 'id')).toBeNull();
    expect(nextSort(d, 'text')).toEqual({ key: 'text', direction: 'ascending' });
  });
});

describe('row details', () => {
  const row = partialRow({
    id: 7,
    identifier: 'button.save',
    text: { other: '%d files', one: 'One file' },
    fileId: 3,
    labelIds: [1, 2],
    isHidden: true,
    createdAt: '2024-05-01T10:00:00+00:00',
    webUrl: 'https://crowdin.com/editor/acme/3/en-uk#7',
  });
  const names = { files: new Map([[3, 'checkout.json']]), labels: new Map([[1, 'ui']]) };

  it('lays out the fields people look for first, with names for ids and readable values', () => {
    const fields = rowFields(row, 'strings', names);
    expect(fields.map((f) => f.key).slice(0, 5)).toEqual([
      'text',
      'identifier',
      'fileId',
      'labelIds',
      'isHidden',
    ]);
    expect(fields.find((f) => f.key === 'fileId')!.value).toEqual({
      kind: 'text',
      text: 'checkout.json (id 3)',
    });
    expect(fields.find((f) => f.key === 'labelIds')!.value).toEqual({
      kind: 'list',
      items: [
        { kind: 'text', text: 'ui (id 1)' },
        { kind: 'text', text: '2' },
      ],
    });
    expect(fields.find((f) => f.key === 'isHidden')!.value).toEqual({ kind: 'text', text: 'yes' });
    // The type in the table's word, CroQL's: a simple string is "plain" there, "text" in the API.
    expect(rowFields(partialRow({ type: 'text' }), 'strings').find((f) => f.key === 'type')!.value).toEqual({
      kind: 'text',
      text: 'plain',
      title: 'text',
    });
    // A plural text reads a line per form, in CLDR order, with its category.
    const text = fields.find((f) => f.key === 'text')!.value;
    expect(text.kind === 'cell' && text.cell.lines).toEqual([
      { tag: 'one', text: 'One file' },
      { tag: 'other', text: '%d files' },
    ]);
    const created = fields.find((f) => f.key === 'createdAt')!.value;
    expect(created.kind === 'text' && created.title).toBe('2024-05-01T10:00:00+00:00');
    expect(fields.some((f) => f.key === 'webUrl')).toBe(false);
  });

  it('names the row and links to it only over https', () => {
    expect(rowTitle(row, 'strings')).toBe('String 7');
    expect(rowTitle(partialRow({ stringId: 3, translationId: 9 }), 'translations')).toBe(
      'Translation 9 of string 3',
    );
    expect(rowTitle(partialRow({ stringId: 15, plurals: [] }), 'translations')).toBe(
      'Plural translation of string 15',
    );
    expect(webUrlOf(row)).toBe('https://crowdin.com/editor/acme/3/en-uk#7');
    expect(webUrlOf(partialRow({ webUrl: 'javascript:alert(1)' }))).toBeNull();
    expect(capitalised(fieldLabel('strings', 'labelIds'))).toBe('Labels');
    expect(capitalised(fieldLabel('strings', 'maxLength'))).toBe('Max length');
    expect(rowFields(partialRow({ labelIds: [] }), 'strings')[0]!.value).toEqual({ kind: 'empty' });
  });

  it('reads a translation beside its source string, names its people and opens it in the editor', () => {
    const translation = partialRow({
      stringId: 7,
      translationId: 11,
      text: 'Зберегти файли',
      user: { id: 3, username: 'alice', avatarUrl: 'https://example.com/a.png' },
      approvedBy: 4,
    });
    const strings = new Map([
      [7, { ...row, text: 'Save files', context: 'Toolbar button', maxLength: 10 } as RowOf<'strings'>],
    ]);
    const users = new Map([[3, { username: 'alice', fullName: 'Alice Anderson' }]]);
    const fields = rowFields(translation, 'translations', { strings, users });
    expect(fields.map((f) => f.label).slice(0, 5)).toEqual([
      'Source',
      'Source identifier',
      'Source context',
      'Max length',
      'Text',
    ]);
    const text = fields.find((f) => f.key === 'text')!.value;
    expect(text.kind === 'cell' && text.cell.overLength).toEqual({ length: 14, max: 10 });
    // The author as people name them, not a nested object of id, username and avatar (ui-walk D30).
    expect(fields.find((f) => f.key === 'user')!.value).toEqual({
      kind: 'text',
      text: 'Alice Anderson (alice)',
      title: 'user id 3',
    });
    // The editor code is the one the project's targetLanguages give, not one made from the id.
    const editorCodes = new Map([
      ['pt-BR', 'ptbr'],
      ['en-US', 'enus'],
    ]);
    expect(webUrlOf(translation, { strings, editorCodes }, 'pt-BR')).toBe(
      'https://crowdin.com/editor/acme/3/en-ptbr#7',
    );
    expect(webUrlOf(translation, { strings, editorCodes }, 'en-US')).toBe(
      'https://crowdin.com/editor/acme/3/en-enus#7',
    );
    // A language whose editor code the project did not give: no address is made up.
    expect(webUrlOf(translation, { strings, editorCodes }, 'uk')).toBeNull();
    expect(webUrlOf(translation, {}, 'uk')).toBeNull();
    const glossary = rowFields(partialRow({ id: 1, userId: 3 }), 'glossaryTerms', { users });
    expect(glossary.find((f) => f.key === 'userId')!.value).toMatchObject({ text: 'Alice Anderson (alice)' });
  });
});

describe('inspector requests', () => {
  it('lists a request as waiting until its answer, marks the retry after a 429, and forgets an aborted one', () => {
    const { send, settle, drop, clear } = useInspectorStore.getState().actions;
    const requests = () => useInspectorStore.getState().requests;
    const answer = (status: number) => ({ status, elapsedMs: 1, size: 10, body: null });
    clear();
    const refused = send('u?offset=500');
    expect(requests()[0]!.status).toBeNull();
    expect(oldestUnanswered(requests())).toBe(requests()[0]);
    settle(refused, answer(429));
    settle(send('u?offset=1000'), answer(200));
    const retry = send('u?offset=500');
    expect(oldestUnanswered(requests())).toBe(requests()[2]);
    settle(retry, answer(200));
    drop(send('u?offset=1500'));
    expect(requests().map((r) => [r.url, r.status, r.afterRateLimit])).toEqual([
      ['u?offset=500', 429, false],
      ['u?offset=1000', 200, false],
      ['u?offset=500', 200, true],
    ]);
    expect(oldestUnanswered(requests())).toBeNull();
  });
});
