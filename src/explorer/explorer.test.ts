import { describe, expect, it } from 'vitest';
import { lookupField } from '../croql/index.ts';
import { spacedInsertion } from '../editor/insert.ts';
import { parseMarkdown } from './markdown.tsx';
import { referenceSection } from './Reference.tsx';
import { fieldAtCursor, insertionFor, pathTo, searchFields } from './schema-tree.ts';
import readme from '../../README.md?raw';

describe('schema explorer', () => {
  it('finds fields across nested types, names first, and hides enterprise-only fields on standard', () => {
    const hits = searchFields('strings', 'approv', 'standard');
    expect(hits[0]!.field.name).toBe('approvals');
    expect(hits.some((h) => h.field.name === 'approvalsCount' && h.typeName === 'languageSummary')).toBe(
      true,
    );
    expect(searchFields('strings', 'workflow', 'standard')).toEqual([]);
    expect(searchFields('strings', 'workflow', 'enterprise').map((h) => h.field.name)).toEqual([
      'isPassedWorkflow',
    ]);
  });

  it('opens on the field under the cursor, in the scope it belongs to', () => {
    const text = 'count of translations where (provider = "tm") > 0';
    const at = fieldAtCursor(text, text.indexOf('provider') + 2, 'strings');
    expect(at?.typeName).toBe('stringTranslation');
    expect(at?.field.name).toBe('provider');
    expect(pathTo('strings', 'stringTranslation')!.map((s) => s.field.name)).toEqual(['translations']);
    expect(fieldAtCursor('is hidden', 2, 'strings')?.typeName).toBe('sourceString');
  });

  it('takes the field and its type from the checked model, not from words', () => {
    // A translation of the translations listing and a source string's translation are both called
    // "translation": the model knows which type the name is bound to.
    expect(fieldAtCursor('user = @user:"alice"', 2, 'translations')?.typeName).toBe('translation');
    // The cursor right after a name, before `)`, is on that name.
    const text = 'count of comments where (has issue) > 0';
    const at = fieldAtCursor(text, text.indexOf(')'), 'strings');
    expect(at && [at.typeName, at.field.name]).toEqual(['comment', 'has issue']);
    // `count` belongs to every collection, no type of its own; an unknown name is no field.
    expect(fieldAtCursor('count of comments > 0', 2, 'strings')).toBeNull();
    expect(fieldAtCursor('is hiden', 2, 'strings')).toBeNull();
  });

  it('inserts `name of file` for an object field and `count of` for a collection', () => {
    const path = pathTo('strings', 'file')!;
    expect(insertionFor(lookupField('file', 'name')!, path)).toBe('name of file');
    expect(insertionFor(lookupField('sourceString', 'comments')!, [])).toBe('count of comments');
    expect(insertionFor(lookupField('sourceString', 'is hidden')!, [])).toBe('is hidden');
  });

  it('spaces an insertion from the words around it', () => {
    expect(spacedInsertion('is hidden and', 13, 13, 'is visible').insert).toBe(' is visible');
    expect(spacedInsertion('(x)', 1, 2, 'y').insert).toBe('y');
    expect(spacedInsertion('a b', 1, 1, 'z')).toEqual({ from: 1, to: 1, insert: ' z', cursor: 3 });
  });

  it("renders the README's language section: paragraphs, nested lists, tables, code", () => {
    const blocks = parseMarkdown(referenceSection(readme));
    const kinds = new Set(blocks.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['list', 'paragraph', 'table']);
    const table = blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.head).toEqual(['level', 'operators', 'associativity']);
    expect(parseMarkdown('- a\n  - b\n- c')).toEqual([
      {
        kind: 'list',
        items: [
          { text: 'a', children: [{ kind: 'list', items: [{ text: 'b', children: [] }] }] },
          { text: 'c', children: [] },
        ],
      },
    ]);
  });
});
