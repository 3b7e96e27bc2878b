// What the builder offers at each place: fields of a scope, operators of a type (from the core's operator
// table), default values, and the new nodes the "add" buttons create.
import { fieldsOf, isValidDatetime, resultType, rightTypes, rootType } from '../croql/index.ts';
import type { ListingName, Edition, FieldDef, LiveValues, ScalarType } from '../croql/index.ts';
import {
  group,
  newId,
  raw,
  resolvePath,
  type BuilderNode,
  type CollectionNode,
  type CountOp,
  type FieldNode,
  type FieldOp,
  type FilterNode,
  type Operand,
  type ValueLiteral,
} from './model.ts';

export interface FieldChoice {
  path: string[];
  label: string;
  def: FieldDef;
}

const visible = (f: FieldDef, edition: Edition) => edition === 'enterprise' || !f.enterpriseOnly;

/** Scalar fields of a scope, and those of its objects (`id of file`). */
export function fieldChoices(scopeType: string, edition: Edition): FieldChoice[] {
  const out: FieldChoice[] = [];
  for (const f of fieldsOf(scopeType)) {
    if (!visible(f, edition)) continue;
    if (f.type.kind === 'scalar') out.push({ path: [f.name], label: f.name, def: f });
    else if (f.type.kind === 'object') {
      for (const g of fieldsOf(f.type.objectType))
        if (g.type.kind === 'scalar')
          out.push({ path: [g.name, f.name], label: `${g.name} of ${f.name}`, def: g });
    }
  }
  return out;
}

export function collectionChoices(scopeType: string, edition: Edition): FieldDef[] {
  return fieldsOf(scopeType).filter((f) => f.type.kind === 'collection' && visible(f, edition));
}

export const OP_LABELS: Record<FieldOp, string> = {
  '=': 'is',
  '!=': 'is not',
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
  contains: 'contains',
  between: 'between',
  isTrue: 'is true',
  isFalse: 'is false',
};

/** The comparisons a builder condition can hold, in menu order. */
const MENU: readonly Exclude<FieldOp, 'isTrue' | 'isFalse'>[] = [
  '=',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'contains',
  'between',
];

/**
 * The types a builder value can have beside a field of type `type`: its value editor writes a literal of
 * the field's own kind (a number, a text, a datetime, a user or language mention). CroQL has no boolean
 * literal, so a boolean field is tested as true or false (`is hidden`, `not is hidden`), or compared with
 * another field (`is hidden = is duplicate`).
 */
export function valueTypes(type: ScalarType): ScalarType[] {
  if (type === 'boolean') return [];
  if (type === 'integer' || type === 'float') return ['integer', 'float'];
  return [type];
}

/**
 * The operators the builder offers for a field of type `type`: every comparison the operator table accepts
 * after it, with a value or another field on the right; `between` takes values only.
 */
export function operatorsFor(type: ScalarType): FieldOp[] {
  const ops = MENU.filter((op) =>
    op === 'between'
      ? valueTypes(type).some((v) => resultType(op, [type, v, v]) !== null)
      : rightTypes(op, type).length > 0,
  );
  return type === 'boolean' ? ['isTrue', 'isFalse', ...ops] : ops;
}

const isComparison = (op: FieldOp) => op !== 'isTrue' && op !== 'isFalse' && op !== 'between';

/** Fields of the scope that may stand on the right of `op` beside a field of type `type`. */
export function rightFieldChoices(
  scopeType: string,
  edition: Edition,
  type: ScalarType,
  op: FieldOp,
): FieldChoice[] {
  if (!isComparison(op)) return [];
  const accepted = rightTypes(op, type);
  return fieldChoices(scopeType, edition).filter(
    (c) => c.def.type.kind === 'scalar' && accepted.includes(c.def.type.type),
  );
}

export type RightKind = 'value' | 'field';

/** What the right side of a comparison `op` beside a field of type `type` can be; [] for no comparison. */
export function rightKinds(scopeType: string, edition: Edition, type: ScalarType, op: FieldOp): RightKind[] {
  if (!isComparison(op)) return [];
  const accepted = rightTypes(op, type);
  const kinds: RightKind[] = [];
  if (valueTypes(type).some((v) => accepted.includes(v))) kinds.push('value');
  if (rightFieldChoices(scopeType, edition, type, op).length > 0) kinds.push('field');
  return kinds;
}

/** The scalar type of a condition's field; a field not (yet) resolved edits as text. */
export const scalarTypeOf = (def: FieldDef | undefined): ScalarType =>
  def?.type.kind === 'scalar' ? def.type.type : 'string';

/** A right side of kind `kind` for the condition: its default value, or the first fitting field but itself. */
export function rightOfKind(
  node: FieldNode,
  kind: RightKind,
  scopes: readonly string[],
  values: LiveValues,
  edition: Edition,
): Operand | null {
  const def = resolvePath(scopes, node.path);
  if (kind === 'value') return def ? defaultValue(def, values) : null;
  const type = scalarTypeOf(def);
  const choices = rightFieldChoices(scopes[scopes.length - 1]!, edition, type, node.op);
  const choice = choices.find((c) => c.path.join(' of ') !== node.path.join(' of ')) ?? choices[0];
  return choice ? { kind: 'field', path: choice.path } : null;
}

/**
 * The condition with a right side its operator accepts (after the operator changed): the one it has when
 * the operator table accepts it, else a value if one fits, else another field.
 */
export function fitRight(
  node: FieldNode,
  scopes: readonly string[],
  values: LiveValues,
  edition: Edition,
): FieldNode {
  if (!isComparison(node.op) && node.op !== 'between') return { ...node, value: null, value2: null };
  const type = scalarTypeOf(resolvePath(scopes, node.path));
  const kinds = rightKinds(scopes[scopes.length - 1]!, edition, type, node.op);
  const v = node.value;
  const between = node.op === 'between';
  const fits =
    v?.kind === 'field'
      ? !between && rightTypes(node.op, type).includes(scalarTypeOf(resolvePath(scopes, v.path)))
      : v !== null && (between || kinds.includes('value'));
  const kind = between || kinds.includes('value') ? 'value' : 'field';
  const value = fits ? v : rightOfKind(node, kind, scopes, values, edition);
  const value2 = between ? (node.value2 ?? (value?.kind === 'field' ? null : value)) : null;
  return { ...node, value, value2 };
}

export const COUNT_OPS: CountOp[] = ['>', '>=', '=', '!=', '<', '<='];

export function defaultValue(def: FieldDef, values: LiveValues): ValueLiteral | null {
  if (def.type.kind !== 'scalar') return null;
  switch (def.type.type) {
    case 'string':
      return { kind: 'string', value: def.enumValues?.[0] ?? '' };
    case 'integer':
    case 'float':
      return { kind: 'number', value: '0' };
    case 'datetime':
      return { kind: 'datetime', value: 'today' };
    case 'user':
      return { kind: 'user', value: values.users?.[0]?.username ?? '' };
    case 'language':
      return { kind: 'language', value: values.languages?.[0]?.id ?? '' };
    case 'boolean':
      return null;
  }
}

/** A field condition on `path` with the first operator of its type and a default value. */
export function fieldCondition(scopes: readonly string[], path: string[], values: LiveValues): FieldNode {
  const def = resolvePath(scopes, path);
  const type = def?.type.kind === 'scalar' ? def.type.type : 'string';
  const op = operatorsFor(type)[0]!;
  const value = def ? defaultValue(def, values) : null;
  return { kind: 'field', id: newId(), path, op, value, value2: op === 'between' ? value : null };
}

export type NewKind = 'filter' | 'field' | 'collection' | 'raw' | 'group';

export function newNode(
  kind: NewKind,
  scopes: readonly string[],
  values: LiveValues,
  edition: Edition,
): BuilderNode {
  const scope = scopes[scopes.length - 1]!;
  switch (kind) {
    // A new filter or field condition starts unset ("choose …") and writes no CroQL until it is chosen:
    // a made-up default such as `id = 0` would silently match nothing.
    case 'filter': {
      const node: FilterNode = { kind: 'filter', id: newId(), filter: '', params: {}, pinLanguage: null };
      return node;
    }
    case 'field':
      // A TM segment has no field of its own (its context documents none but its records): count those.
      if (!fieldChoices(scope, edition)[0]) return newNode('collection', scopes, values, edition);
      return { kind: 'field', id: newId(), path: [], op: '=', value: null, value2: null };
    case 'collection': {
      const first = collectionChoices(scope, edition)[0];
      const node: CollectionNode = {
        kind: 'collection',
        id: newId(),
        collection: first?.name ?? 'translations',
        where: group(),
        op: '>',
        count: '0',
      };
      return node;
    }
    case 'raw':
      return raw('');
    case 'group':
      return group('or');
  }
}

export const rootScopes = (context: ListingName): string[] => [rootType(context)];

/** A datetime value the builder accepts: the core's datetime literal rules. */
export const DATETIME: { test(value: string): boolean } = { test: isValidDatetime };
export const NUMBER = /^\d+(\.\d+)?$/;
