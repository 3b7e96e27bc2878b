// What the builder offers at each place: fields of a scope, operators of a type, default values, and the
// new nodes the "add" buttons create.
import { fieldsOf, rootType } from '../croql/index.ts';
import type { ContextName, Edition, FieldDef, LiveValues, ScalarType } from '../croql/index.ts';
import { defaultParams, filterDef } from './filters.ts';
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

const ORDERED: FieldOp[] = ['=', '!=', '>', '>=', '<', '<=', 'between'];

export function operatorsFor(type: ScalarType): FieldOp[] {
  switch (type) {
    case 'string':
      return ['=', '!=', 'contains'];
    case 'boolean':
      return ['isTrue', 'isFalse'];
    case 'user':
    case 'language':
      return ['=', '!='];
    default:
      return ORDERED;
  }
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
    case 'filter': {
      const def = filterDef('translated')!;
      const node: FilterNode = {
        kind: 'filter',
        id: newId(),
        filter: def.id,
        params: defaultParams(def),
        pinLanguage: null,
      };
      return node;
    }
    case 'field': {
      const first = fieldChoices(scope, edition)[0];
      return fieldCondition(scopes, first?.path ?? ['text'], values);
    }
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

export const rootScopes = (context: ContextName): string[] => [rootType(context)];

export const DATETIME = /^(today|\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?)$/;
export const NUMBER = /^\d+(\.\d+)?$/;
