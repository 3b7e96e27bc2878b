// The checker's vocabulary of types: the few TypeInfo values and tests it uses everywhere, and the names a
// scope chain or a value's type resolves (check.ts checks expressions with them, check-names.ts explains
// the names it does not know).
import { countField, describeFieldType, lookupField, normalizeName } from './schema.ts';
import type { FieldDef, ScalarType, TypeInfo } from './types.ts';

/** The field a bare name names in a scope chain (innermost scope first), and the index of its scope. */
export function resolveName(
  scopes: readonly string[],
  name: string,
): { field: FieldDef; depth: number } | undefined {
  for (let depth = scopes.length - 1; depth >= 0; depth--) {
    const field = lookupField(scopes[depth]!, name);
    if (field) return { field, depth };
  }
  return undefined;
}

/** The member `name` of a value of type `owner`: `count` of a collection, `id` of a file. */
export function memberOf(owner: TypeInfo, name: string): FieldDef | undefined {
  if (owner.kind === 'collection') return normalizeName(name) === 'count' ? countField : undefined;
  if (owner.kind === 'object') return lookupField(owner.objectType, name);
  return undefined;
}

export const UNKNOWN: TypeInfo = { kind: 'unknown' };
export const scalar = (type: ScalarType): TypeInfo => ({ kind: 'scalar', type });
export const BOOLEAN = scalar('boolean');

export function isScalar(t: TypeInfo, type: ScalarType): boolean {
  return t.kind === 'scalar' && t.type === type;
}
export function isNumber(t: TypeInfo): boolean {
  return t.kind === 'scalar' && (t.type === 'integer' || t.type === 'float');
}

export function describe(t: TypeInfo): string {
  if (t.kind === 'unknown') return 'unknown';
  if (t.kind === 'scalar') return t.type === 'integer' || t.type === 'float' ? 'number' : t.type;
  return describeFieldType(t);
}
export const isUnknown = (t: TypeInfo) => t.kind === 'unknown';

export function sameType(a: TypeInfo, b: TypeInfo): boolean {
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.type === b.type;
  if (a.kind === 'object' && b.kind === 'object') return a.objectType === b.objectType;
  if (a.kind === 'collection' && b.kind === 'collection') return a.elementType === b.elementType;
  return false;
}

/** The object type a field leads to: its object's, or its collection's elements'. */
export function reachedType(t: TypeInfo): string | null {
  return t.kind === 'object' ? t.objectType : t.kind === 'collection' ? t.elementType : null;
}
