// Static name resolution shared by the evaluator, hover and explain: which field an identifier names in the
// scope chain (`where`/`with` push the element's type; a name resolves in the innermost scope first), and
// the type of the member side of `A of B`.
import { countField, lookupField, rootType } from './schema.ts';
import type { ContextName, Expr, FieldDef, FieldType, Identifier, ScalarType } from './types.ts';

export type ValueType = FieldType | { kind: 'unknown' };

export const UNKNOWN: ValueType = { kind: 'unknown' };
export const scalarType = (type: ScalarType): ValueType => ({ kind: 'scalar', type });

export interface Resolved {
  field: FieldDef;
  /** Index in the scope chain (0 = the context object) of the scope that owns the field. */
  depth: number;
}

/** Resolves `name` from the innermost scope (last) outward. */
export function resolveInScopes(scopes: readonly string[], name: string): Resolved | undefined {
  for (let depth = scopes.length - 1; depth >= 0; depth--) {
    const field = lookupField(scopes[depth]!, name);
    if (field) return { field, depth };
  }
  return undefined;
}

/** The field `name` as a member of a value of type `owner` (`count` of a collection, `id` of a file). */
export function memberField(owner: ValueType, name: string): FieldDef | undefined {
  if (owner.kind === 'collection') return name === 'count' ? countField : undefined;
  if (owner.kind === 'object') return lookupField(owner.objectType, name);
  return undefined;
}

export function isNumeric(t: ValueType): boolean {
  return t.kind === 'scalar' && (t.type === 'integer' || t.type === 'float');
}

export interface IdentifierVisit {
  ident: Identifier;
  field: FieldDef | undefined;
  /** The scope chain at the identifier (type names, outermost first). */
  scopes: readonly string[];
  /** For the member side of `A of B`: the type of B. */
  owner?: ValueType;
}

/**
 * Walks the AST resolving every identifier (for hover and explain). Returns the static type of `expr`.
 * Depth is bounded by the parser (MAX_NESTING in parse-guards.ts), so recursion is safe.
 */
export function walkTypes(
  expr: Expr,
  scopes: readonly string[],
  visit?: (v: IdentifierVisit) => void,
): ValueType {
  switch (expr.kind) {
    case 'number':
      return scalarType(expr.isInteger ? 'integer' : 'float');
    case 'string':
      return scalarType('string');
    case 'datetime':
      return scalarType('datetime');
    case 'mention':
      return scalarType(expr.mentionKind);
    case 'identifier': {
      const r = resolveInScopes(scopes, expr.name);
      visit?.({ ident: expr, field: r?.field, scopes });
      return r ? r.field.type : UNKNOWN;
    }
    case 'negate':
      walkTypes(expr.operand, scopes, visit);
      return scalarType('float');
    case 'not':
      walkTypes(expr.operand, scopes, visit);
      return scalarType('boolean');
    case 'arithmetic': {
      const types = expr.operands.map((operand) => walkTypes(operand, scopes, visit));
      const integer =
        !expr.ops.includes('/') && types.every((t) => t.kind === 'scalar' && t.type === 'integer');
      return scalarType(integer ? 'integer' : 'float');
    }
    case 'comparison':
      walkTypes(expr.left, scopes, visit);
      walkTypes(expr.right, scopes, visit);
      return scalarType('boolean');
    case 'between':
      walkTypes(expr.subject, scopes, visit);
      walkTypes(expr.low, scopes, visit);
      walkTypes(expr.high, scopes, visit);
      return scalarType('boolean');
    case 'logical':
      for (const operand of expr.operands) walkTypes(operand, scopes, visit);
      return scalarType('boolean');
    case 'member': {
      const owner = walkTypes(expr.object, scopes, visit);
      const field = memberField(owner, expr.member.name);
      visit?.({ ident: expr.member, field, scopes, owner });
      return field ? field.type : UNKNOWN;
    }
    case 'filter': {
      const subject = walkTypes(expr.subject, scopes, visit);
      const inner =
        subject.kind === 'collection'
          ? subject.elementType
          : subject.kind === 'object'
            ? subject.objectType
            : null;
      walkTypes(expr.predicate, inner ? [...scopes, inner] : scopes, visit);
      if (expr.op === 'with') return scalarType('boolean');
      return subject;
    }
    case 'if': {
      walkTypes(expr.condition, scopes, visit);
      const t = walkTypes(expr.then, scopes, visit);
      walkTypes(expr.else, scopes, visit);
      return t;
    }
    case 'error':
      return UNKNOWN;
  }
}

export function rootScopes(context: ContextName): string[] {
  return [rootType(context)];
}
