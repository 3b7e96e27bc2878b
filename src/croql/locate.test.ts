import { describe, expect, it } from 'vitest';
import { analyze } from './check.ts';
import { labelIdChain } from './corpus.ts';
import { fieldOf, locate } from './locate.ts';
import type { ListingName } from './types.ts';

/** `|` marks the position asked about. */
function at(query: string, context: ListingName = 'strings') {
  const pos = query.indexOf('|');
  const model = analyze(query.replace('|', ''), context);
  const found = locate(model, pos);
  const named = found && fieldOf(model, found.node);
  return {
    kind: found?.node.kind,
    span: found && [found.node.from, found.node.to],
    field: named?.field.name,
    owner: named?.owner,
    scopes: found?.info?.scopes,
    path: found?.path.map((n) => n.kind),
  };
}

describe('locate: what is at a position in the checked model', () => {
  it('finds the innermost node, with the field a name names and the object type that has it', () => {
    expect(at('count of translations where (us|er = @user:"alice") > 0')).toMatchObject({
      kind: 'identifier',
      field: 'user',
      owner: 'stringTranslation',
      scopes: ['sourceString', 'stringTranslation'],
      path: ['comparison', 'member', 'filter', 'comparison', 'identifier'],
    });
    // A name bound to the enclosing object inside where: the string's, not the translation's.
    expect(at('count of translations where (is hid|den) > 0')).toMatchObject({
      field: 'is hidden',
      owner: 'sourceString',
    });
    // The member of `A of B` is owned by B's type.
    expect(at('i|d of file = 3')).toMatchObject({ kind: 'identifier', field: 'id', owner: 'file' });
    expect(at('id of file = |3')).toMatchObject({ kind: 'number', span: [13, 14], field: undefined });
  });

  it('finds a node starting at the position, else one ending there', () => {
    expect(at('max length>|3')).toMatchObject({ kind: 'number', span: [11, 12] });
    expect(at('max length|>3')).toMatchObject({ kind: 'identifier', field: 'max length' });
    expect(at('max length |> 3')).toMatchObject({ kind: 'comparison' });
    // The end of the text, or the end of a name before `)`, still finds the name.
    expect(at('is hidden|')).toMatchObject({ kind: 'identifier', span: [0, 9] });
    expect(at('count of comments where (has issue|) > 0')).toMatchObject({
      field: 'has issue',
      owner: 'comment',
    });
  });

  it('finds an operand deep in the chain of 5,000 terms, and nothing outside the query', () => {
    const text = labelIdChain();
    const pos = text.indexOf('id = 4321');
    const model = analyze(text, 'strings');
    const found = locate(model, pos)!;
    expect(found.node).toMatchObject({ kind: 'identifier', from: pos, to: pos + 2 });
    expect(fieldOf(model, found.node)).toMatchObject({ field: { key: 'id' }, owner: 'label' });
    expect(locate(model, text.indexOf('4321') + 2)!.node).toMatchObject({ kind: 'number', value: 4321 });
    expect(locate(analyze('  is hidden', 'strings'), 0)).toBeNull();
    expect(locate(analyze('', 'strings'), 0)).toBeNull();
  });
});
