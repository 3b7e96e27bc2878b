// What a condition's right side becomes when its operator or its kind changes in the condition editor.
import { describe, expect, it } from 'vitest';
import { fitRight, rightFieldChoices, rightKinds, rightOfKind } from './choices.ts';
import { fieldText, type FieldNode } from './model.ts';

const scopes = ['sourceString'];
const values = { users: [], languages: [] };
const condition = (n: Omit<FieldNode, 'kind' | 'id' | 'value2'>): FieldNode => ({
  kind: 'field',
  id: 'n',
  value2: null,
  ...n,
});

describe('the right side of a condition', () => {
  it('a boolean compared with "=" gets another boolean field, never itself when there is another', () => {
    const node = fitRight(
      condition({ path: ['is hidden'], op: '=', value: null }),
      scopes,
      values,
      'standard',
    );
    expect(node.value).toEqual({ kind: 'field', path: ['type is plain'] });
    expect(fieldText(node)).toBe('is hidden = type is plain');
    expect(rightKinds('sourceString', 'standard', 'boolean', '=')).toEqual(['field']);
  });

  it('offers only fields of the types the operator accepts beside the left one', () => {
    const labels = rightFieldChoices('sourceString', 'standard', 'datetime', '>').map((c) => c.label);
    expect(labels).toEqual(['added', 'updated']);
    expect(rightFieldChoices('sourceString', 'standard', 'integer', 'between')).toEqual([]);
  });

  it('switches between a value and a field, and keeps a field the new operator still accepts', () => {
    const node = condition({ path: ['max length'], op: '=', value: { kind: 'number', value: '3' } });
    const field = rightOfKind(node, 'field', scopes, values, 'standard');
    expect(field).toEqual({ kind: 'field', path: ['id', 'file'] });
    expect(rightOfKind({ ...node, value: field }, 'value', scopes, values, 'standard')).toEqual({
      kind: 'number',
      value: '0',
    });
    const ordered = fitRight({ ...node, value: field, op: '>' }, scopes, values, 'standard');
    expect(ordered.value).toEqual(field);
    // `between` takes values: a field on the right becomes the default value, the upper bound too.
    const between = fitRight({ ...node, value: field, op: 'between' }, scopes, values, 'standard');
    expect(fieldText(between)).toBe('max length between 0 and 0');
  });

  it('a boolean tested as true or false writes no right side', () => {
    const node = condition({
      path: ['is hidden'],
      op: '=',
      value: { kind: 'field', path: ['is duplicate'] },
    });
    expect(fieldText(fitRight({ ...node, op: 'isFalse' }, scopes, values, 'standard'))).toBe('not is hidden');
  });
});
