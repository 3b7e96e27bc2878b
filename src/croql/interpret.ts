// A BASELINE, not used by the app: the naive tree-walking interpreter the compiled closures are measured
// against in the bench (it walks the AST and looks every name up in the schema for every object). It
// follows the same rules as compile.ts, so tests also use it as an independent oracle for the evaluator:
// it works from the bare AST and the schema, never from the checker's model it would be checking.
import { resolveName } from './check-types.ts';
import { textOf } from './compile-values.ts';
import { datetimeLiteralMs, toTime } from './datetime.ts';
import { countField, lookupField, rootType } from './schema.ts';
import type { ListingName, ContextObject, EvalEnv, Expr, FieldDef, FieldType } from './types.ts';

type ValueType = FieldType | { kind: 'unknown' };

/* eslint-disable @typescript-eslint/no-explicit-any -- untyped JSON values */
interface Scope {
  types: string[];
  objects: any[];
}

export function interpret(ast: Expr, context: ListingName, env: EvalEnv, obj: ContextObject): boolean {
  return evaluate(ast, { types: [rootType(context)], objects: [obj] }, env) === true;
}

function read(field: FieldDef, owner: any): any {
  const v = owner?.[field.key];
  const t = field.type;
  if (t.kind === 'collection') return Array.isArray(v) ? v : [];
  if (t.kind === 'object') return v && typeof v === 'object' ? v : null;
  if (t.type === 'boolean') return v === true;
  if (t.type === 'datetime') return toTime(v);
  if (t.type === 'user') return typeof v === 'number' ? v : typeof v?.id === 'number' ? v.id : null;
  return v ?? null;
}

function typeOf(e: Expr, scope: Scope): ValueType {
  return staticType(e, scope.types);
}

function memberField(owner: ValueType, name: string): FieldDef | undefined {
  if (owner.kind === 'collection') return name === 'count' ? countField : undefined;
  if (owner.kind === 'object') return lookupField(owner.objectType, name);
  return undefined;
}

/** Just enough static typing for the rules that depend on a type: language codes, members, filters. */
function staticType(e: Expr, scopes: readonly string[]): ValueType {
  switch (e.kind) {
    case 'mention':
      return { kind: 'scalar', type: e.mentionKind };
    case 'string':
      return { kind: 'scalar', type: 'string' };
    case 'identifier':
      return resolveName(scopes, e.name)?.field.type ?? { kind: 'unknown' };
    case 'member':
      return memberField(staticType(e.object, scopes), e.member.name)?.type ?? { kind: 'unknown' };
    case 'filter':
      return e.op === 'where' ? staticType(e.subject, scopes) : { kind: 'scalar', type: 'boolean' };
    case 'if':
      return staticType(e.then, scopes);
    default:
      return { kind: 'unknown' };
  }
}

function evaluate(e: Expr, scope: Scope, env: EvalEnv): any {
  switch (e.kind) {
    case 'number':
    case 'string':
      return e.value;
    case 'datetime':
      return datetimeLiteralMs(e.value, env.now);
    case 'mention':
      if (e.mentionKind === 'user') {
        return env.users.find((u) => u.username.toLowerCase() === e.value.toLowerCase())?.id ?? null;
      }
      return env.languages.find((l) => l.toLowerCase() === e.value.toLowerCase()) ?? e.value;
    case 'identifier': {
      const r = resolveName(scope.types, e.name)!;
      return read(r.field, scope.objects[r.depth]);
    }
    case 'negate': {
      const v = evaluate(e.operand, scope, env);
      return v === null ? null : -v;
    }
    case 'not': {
      const v = evaluate(e.operand, scope, env);
      return v === null ? null : !v;
    }
    case 'arithmetic': {
      let a = evaluate(e.operands[0]!, scope, env);
      for (let i = 0; i < e.ops.length; i++) {
        const b = evaluate(e.operands[i + 1]!, scope, env);
        const op = e.ops[i];
        if (a === null || b === null) a = null;
        else if (op === '+') a = a + b;
        else if (op === '-') a = a - b;
        else if (op === '*') a = a * b;
        else a = b === 0 ? null : a / b;
      }
      return a;
    }
    case 'comparison': {
      let a = evaluate(e.left, scope, env);
      let b = evaluate(e.right, scope, env);
      if (a === null || b === null) return false;
      if (e.op === 'contains') {
        const needle = String(textOf(b)).toLowerCase();
        if (typeof a === 'string') return a.toLowerCase().includes(needle);
        return Object.values(a).some(
          (form) => typeof form === 'string' && form.toLowerCase().includes(needle),
        );
      }
      const lt = typeOf(e.left, scope);
      const rt = typeOf(e.right, scope);
      const isLanguage = (t: ValueType) => t.kind === 'scalar' && t.type === 'language';
      if (isLanguage(lt) || isLanguage(rt)) {
        const canon = (v: string) => env.languages.find((l) => l.toLowerCase() === v.toLowerCase()) ?? v;
        if (!isLanguage(lt)) a = canon(a);
        if (!isLanguage(rt)) b = canon(b);
      }
      a = typeof a === 'object' ? textOf(a) : a;
      b = typeof b === 'object' ? textOf(b) : b;
      switch (e.op) {
        case '=':
          return a === b;
        case '!=':
          return a !== b;
        case '>':
          return a > b;
        case '>=':
          return a >= b;
        case '<':
          return a < b;
        case '<=':
          return a <= b;
      }
      return false;
    }
    case 'between': {
      const v = evaluate(e.subject, scope, env);
      const lo = evaluate(e.low, scope, env);
      const hi = evaluate(e.high, scope, env);
      return v !== null && lo !== null && hi !== null && v >= lo && v <= hi;
    }
    case 'logical': {
      const values = e.operands.map((operand) => evaluate(operand, scope, env));
      const unknown = values.some((v) => v === null);
      if (e.op === 'and') return values.some((v) => v === false) ? false : unknown ? null : true;
      if (e.op === 'or') return values.some((v) => v === true) ? true : unknown ? null : false;
      return unknown ? null : values.reduce((a, b) => a !== b);
    }
    case 'member': {
      const owner = evaluate(e.object, scope, env);
      const field = memberField(typeOf(e.object, scope), e.member.name)!;
      if (field.key === 'count') return owner.length;
      if (owner === null) return read(field, {});
      return read(field, owner);
    }
    case 'filter': {
      const subject = evaluate(e.subject, scope, env);
      const t = typeOf(e.subject, scope);
      if (e.op === 'where' && t.kind === 'collection') {
        return subject.filter(
          (el: any) =>
            evaluate(
              e.predicate,
              { types: [...scope.types, t.elementType], objects: [...scope.objects, el] },
              env,
            ) === true,
        );
      }
      if (t.kind === 'scalar' && t.type === 'user') {
        const member = env.users.find((u) => u.id === subject);
        if (!member) return null;
        return evaluate(
          e.predicate,
          { types: [...scope.types, 'userObject'], objects: [...scope.objects, { login: member.username }] },
          env,
        );
      }
      if (subject === null || t.kind !== 'object') return null;
      return evaluate(
        e.predicate,
        { types: [...scope.types, t.objectType], objects: [...scope.objects, subject] },
        env,
      );
    }
    case 'if': {
      const c = evaluate(e.condition, scope, env);
      return c === true ? evaluate(e.then, scope, env) : c === false ? evaluate(e.else, scope, env) : null;
    }
    case 'error':
      return null;
  }
}
