import { describe, expect, it } from 'vitest';
import { partialRow } from '../testing/fixtures.ts';
import { COLUMNS, displayText } from './fields.ts';
import type { RowOf } from './rows.ts';

describe('result columns', () => {
  it('shows a plural text compactly on one line', () => {
    expect(displayText(partialRow({ text: { other: 'Files', one: 'File' } }))).toBe(
      'one: File · other: Files',
    );
    expect(
      displayText(
        partialRow({
          plurals: [
            { pluralForm: 'one', text: 'a' },
            { pluralForm: 'other', text: 'b' },
          ],
        }),
      ),
    ).toBe('one: a · other: b');
  });

  it('projects a source string onto the strings columns', () => {
    const row = partialRow({
      id: 5,
      identifier: 'menu.open',
      text: 'Open',
      type: 'text',
      fileId: 3,
      branchId: null,
      isHidden: true,
      isDuplicate: true,
      labelIds: [1, 2],
    });
    expect(COLUMNS.strings.map((c) => c.value(row))).toEqual([
      '5',
      'menu.open',
      'Open',
      // CroQL's word (`type is plain`), which the type chart shows too, not the API's `text`.
      'plain',
      'file 3',
      'hidden, duplicate',
      '1, 2',
    ]);
  });

  it("names a string's file, branch and labels from the project's lists, keeping ids the lists lack", () => {
    const row = partialRow({ id: 5, fileId: 3, branchId: 1, labelIds: [1, 2, 9] });
    const names = {
      files: new Map([[3, 'strings.json']]),
      branches: new Map([[1, 'main']]),
      labels: new Map([
        [1, 'checkout'],
        [2, 'v2'],
      ]),
    };
    const value = (key: string) => COLUMNS.strings.find((c) => c.key === key)!.value(row, names);
    expect(value('file')).toBe('strings.json, branch main');
    expect(value('labelIds')).toBe('checkout, v2, 9');
    expect(
      COLUMNS.strings.find((c) => c.key === 'file')!.value(partialRow({ fileId: 4, branchId: 2 }), names),
    ).toBe('file 4, branch 2');
  });

  it('projects a translation (user, provider, date) and a TM segment', () => {
    const t = partialRow({
      stringId: 9,
      text: 'Привіт',
      user: { username: 'carol' },
      provider: 'tm',
      createdAt: '2024-01-02T00:00:00+00:00',
    });
    expect(COLUMNS.translations.map((c) => c.value(t))).toEqual([
      '9',
      '',
      'Привіт',
      '',
      '',
      'carol',
      // The provider in words (the API's `tm`).
      'TM',
      '2024-01-02T00:00:00+00:00',
    ]);
    // Once the strings of the page have loaded, the translation reads beside its source.
    const strings = new Map([
      [
        9,
        partialRow({
          id: 9,
          text: 'Hello',
          context: 'Greeting on the home page',
          maxLength: 5,
        }) as RowOf<'strings'>,
      ],
    ]);
    const value = (key: string) => COLUMNS.translations.find((c) => c.key === key)!.value(t, { strings });
    expect([value('source'), value('context'), value('maxLength')]).toEqual([
      'Hello',
      'Greeting on the home page',
      '5',
    ]);
    // "Привіт" is 6 characters: over the source's max length of 5.
    expect(COLUMNS.translations.find((c) => c.key === 'text')!.cell!(t, { strings }).overLength).toEqual({
      length: 6,
      max: 5,
    });
    const s = partialRow({
      id: 1,
      records: [
        { languageId: 'en', text: 'Hi' },
        { languageId: 'uk', text: 'Привіт' },
        { languageId: 'de', text: 'Hallo' },
      ],
    });
    // A TM segment reads source | target: the TM's source language, then the others.
    const segment = (key: string, names?: { tmSourceLanguage: string }) =>
      COLUMNS.tmSegments.find((c) => c.key === key)!.value(s, names);
    expect([segment('source'), segment('target')]).toEqual(['en: Hi', 'uk: Привіт · de: Hallo']);
    expect(segment('source', { tmSourceLanguage: 'uk' })).toBe('uk: Привіт');
  });
});
