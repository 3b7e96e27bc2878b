import { describe, expect, it } from 'vitest';
import { READER_KEYS, readerForKey } from './readers.ts';
import { schema } from './schema.ts';

describe('readers', () => {
  it('has exactly one reader per Context JSON key of the schema', () => {
    const keys = new Set(Object.values(schema.types).flatMap((t) => t.fields.map((f) => f.key)));
    expect([...READER_KEYS].sort()).toEqual([...keys].sort());
  });

  it('reads the key it is named after, and falls back for other keys', () => {
    expect(readerForKey('isHidden')({ isHidden: true })).toBe(true);
    expect(readerForKey('noSuchKey')({ noSuchKey: 3 })).toBe(3);
  });
});
