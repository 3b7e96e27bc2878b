// The evaluator: a checked AST → a tree of closures specialised by type (no eval, no new Function, so it
// runs under a strict CSP). Rules: croql-semantics.md. Speed comes from deciding everything at compile
// time: property keys, the reader of each field type, mention → id, datetime literal → epoch ms, constant
// operands, nullability (non-null boolean operators use plain `&&`/`||`), and `count of X where (P) > k`
// counts with an early exit and without building the filtered array.
import { analyze } from './check.ts';
import { readerForKey } from './readers.ts';
import { memberField, resolveInScopes, rootScopes, scalarType, UNKNOWN, type ValueType } from './resolve.ts';
import type {
  CompileResult,
  ComparisonOp,
  ContextName,
  ContextObject,
  Diagnostic,
  EvalEnv,
  Expr,
  FieldDef,
  Span,
} from './types.ts';

// Values at run time: number | string | PluralText | boolean | epoch ms (datetime) | object | array | null.
/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
type Fn = (o: any) => any;
/** `count of X where (P)` stopped as soon as it reaches `cap`. */
type CappedCount = (o: any, cap: number) => number;

interface Compiled {
  fn: Fn;
  type: ValueType;
  /** false when the value can never be null (boolean fields, comparisons, counts). */
  nullable: boolean;
  constant?: { value: unknown };
  capped?: CappedCount;
  /** A field of the innermost scope object, read straight by key (enables the fused fast paths). */
  get?: Fn;
  /** `field` / `not field` on a boolean field of the innermost scope: `and`/`or` test these inline. */
  boolTest?: { get: Fn; want: boolean };
  /** Operands of a flattened chain of one non-null `and`/`or`. */
  chain?: { op: 'and' | 'or'; parts: Compiled[] };
  /** `count of X` for a collection field X of the innermost scope: its raw getter. */
  countGet?: Fn;
}

const EMPTY: readonly unknown[] = Object.freeze([]);

// ---------------------------------------------------------------------------------------------------------
// Public entry

export function compile(text: string, context: ContextName, env: EvalEnv): CompileResult {
  // Without a language list, codes are taken as written (as the evaluator does below).
  const languages = env.languages.length ? env.languages : undefined;
  const { ast, diagnostics } = analyze(
    text,
    context,
    languages ? { users: env.users, languages } : { users: env.users },
  );
  if (diagnostics.some((d) => d.severity === 'error')) return { predicate: null, diagnostics };
  if (!ast) {
    return {
      predicate: null,
      diagnostics: [logic('emptyQuery', 'The query is empty: write a condition such as `is hidden`.', 0, 0)],
    };
  }
  const result = compileAst(ast, context, env);
  return { predicate: result.predicate, diagnostics: [...diagnostics, ...result.diagnostics] };
}

/** Compiles an already checked AST. Exposed for the bench and for callers that parsed the text already. */
export function compileAst(ast: Expr, context: ContextName, env: EvalEnv): CompileResult {
  const compiler = new Compiler(env);
  const root = compiler.expr(ast, rootScopes(context));
  if (!compiler.diagnostics.length && !isBoolean(root.type)) {
    compiler.error('notBoolean', 'The query must be a condition (true or false), not a value.', ast);
  }
  if (compiler.diagnostics.some((d) => d.severity === 'error')) {
    return { predicate: null, diagnostics: compiler.diagnostics };
  }
  const fn = root.fn;
  const predicate: (obj: ContextObject) => boolean = root.nullable
    ? (obj) => fn(obj) === true
    : (fn as (obj: ContextObject) => boolean);
  return { predicate, diagnostics: compiler.diagnostics };
}

// ---------------------------------------------------------------------------------------------------------
// Run-time helpers

/** Plural source text `{one, other, …}`: `=`, `!=` and ordering see the `other` form (else the first form). */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object') return null;
  const forms = v as Record<string, unknown>;
  if (typeof forms.other === 'string') return forms.other;
  for (const k in forms) if (typeof forms[k] === 'string') return forms[k];
  return null;
}

/** `contains` on plural text matches when any form contains the needle. */
function anyFormContains(v: unknown, needleLower: string): boolean {
  if (v === null || typeof v !== 'object') return false;
  const forms = v as Record<string, unknown>;
  for (const k in forms) {
    const form = forms[k];
    if (typeof form === 'string' && form.toLowerCase().includes(needleLower)) return true;
  }
  return false;
}

function containsText(hay: unknown, needleLower: string): boolean {
  return typeof hay === 'string'
    ? hay.toLowerCase().includes(needleLower)
    : anyFormContains(hay, needleLower);
}

/**
 * ISO 8601 text (or epoch ms) → epoch ms; anything else → null. Text without a zone (`2024-03-01 12:00:00`,
 * `2024-03-01T12:00:00`) is UTC, like the literals (JavaScript alone would read it as local time).
 */
export function toTime(v: unknown): number | null {
  if (typeof v === 'string') {
    const t = v.length > 10 && !hasZone(v) ? Date.parse(v.replace(' ', 'T') + 'Z') : Date.parse(v);
    return t === t ? t : null;
  }
  return typeof v === 'number' ? v : null;
}

function hasZone(v: string): boolean {
  const n = v.length;
  const last = v.charCodeAt(n - 1);
  if (last === 90 || last === 122) return true; // Z z
  const sign = (i: number) => v.charCodeAt(i) === 43 || v.charCodeAt(i) === 45; // + -
  return sign(n - 6) || sign(n - 5) || sign(n - 3);
}

/** A datetime literal (`today`, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS`, all UTC) → epoch ms. */
export function datetimeLiteralMs(value: string, now: Date): number | null {
  if (value.trim().toLowerCase() === 'today') {
    return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x))) as number[];
  return Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
}

function userIdOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number') {
    return (v as { id: number }).id;
  }
  return null;
}

/** How a field is read from an object of its owner type, with the Context JSON defaults. */
function readerOf(field: FieldDef): Fn {
  const get = readerForKey(field.key);
  const t = field.type;
  if (t.kind === 'collection') {
    return (x) => {
      const v = get(x);
      return Array.isArray(v) ? v : EMPTY;
    };
  }
  if (t.kind === 'object') {
    return (x) => {
      const v = get(x);
      return v !== null && typeof v === 'object' ? v : null;
    };
  }
  switch (t.type) {
    case 'boolean':
      return (x) => get(x) === true;
    case 'integer':
    case 'float':
      return (x) => {
        const v = get(x);
        return typeof v === 'number' ? v : null;
      };
    case 'string':
      return (x) => {
        const v = get(x);
        return typeof v === 'string' || (v !== null && typeof v === 'object') ? v : null;
      };
    case 'language':
      return (x) => {
        const v = get(x);
        return typeof v === 'string' ? v : null;
      };
    case 'datetime':
      return (x) => toTime(get(x));
    case 'user':
      return (x) => {
        const v = get(x);
        return typeof v === 'number' ? v : userIdOf(v);
      };
  }
}

function missingValue(field: FieldDef): unknown {
  if (field.type.kind === 'collection') return EMPTY;
  if (field.type.kind === 'scalar' && field.type.type === 'boolean') return false;
  return null;
}

const isBoolean = (t: ValueType) => t.kind === 'scalar' && t.type === 'boolean';
const isNumber = (t: ValueType) => t.kind === 'scalar' && (t.type === 'integer' || t.type === 'float');

type Domain = 'number' | 'datetime' | 'string' | 'boolean' | 'user' | 'language';

function domainOf(t: ValueType): Domain | null {
  if (t.kind !== 'scalar') return null;
  return t.type === 'integer' || t.type === 'float' ? 'number' : t.type;
}

// ---------------------------------------------------------------------------------------------------------
// The compiler

class Compiler {
  readonly diagnostics: Diagnostic[] = [];
  /** Scope objects of enclosing levels, set by `where`/`with` loops whose predicate reads them. */
  private readonly frames: unknown[] = [];
  /** Depths read from a deeper scope (so the loop at that depth must publish its object in `frames`). */
  private readonly readFromDeeper = new Set<number>();
  private readonly usersByName: Map<string, number>;
  private readonly languagesByCode: Map<string, string>;

  constructor(private readonly env: EvalEnv) {
    this.usersByName = new Map(env.users.map((u) => [u.username.toLowerCase(), u.id]));
    this.languagesByCode = new Map(env.languages.map((code) => [code.toLowerCase(), code]));
  }

  error(reason: string, message: string, span: Span): Compiled {
    this.diagnostics.push(logic(reason, message, span.from, span.to));
    return { fn: () => null, type: UNKNOWN, nullable: true };
  }

  expr(e: Expr, scopes: readonly string[]): Compiled {
    switch (e.kind) {
      case 'number':
        return constant(e.value, scalarType(e.isInteger ? 'integer' : 'float'));
      case 'string':
        return constant(e.value, scalarType('string'));
      case 'datetime': {
        const ms = datetimeLiteralMs(e.value, this.env.now);
        if (ms === null) return this.error('badDatetime', `'${e.value}' is not a datetime.`, e);
        return constant(ms, scalarType('datetime'));
      }
      case 'mention':
        return this.mention(e.mentionKind, e.value, e);
      case 'identifier':
        return this.identifier(e.name, e.raw, scopes, e);
      case 'negate': {
        const x = this.expr(e.operand, scopes);
        if (!isNumber(x.type)) return this.error('typeMismatch', 'Only a number can be negated.', e);
        const f = x.fn;
        if (x.constant) return constant(-(x.constant.value as number), x.type);
        return { fn: (o) => (f(o) === null ? null : -f(o)), type: x.type, nullable: x.nullable };
      }
      case 'not': {
        const x = this.expr(e.operand, scopes);
        if (!isBoolean(x.type)) return this.error('typeMismatch', '`not` needs a condition.', e);
        const f = x.fn;
        if (x.boolTest) {
          const { get, want } = x.boolTest;
          return {
            fn: want ? (o) => get(o) !== true : (o) => get(o) === true,
            type: x.type,
            nullable: false,
            boolTest: { get, want: !want },
          };
        }
        return x.nullable
          ? { fn: (o) => (f(o) === null ? null : !f(o)), type: x.type, nullable: true }
          : { fn: (o) => !f(o), type: x.type, nullable: false };
      }
      case 'arithmetic': {
        let value = this.expr(e.operands[0]!, scopes);
        for (let i = 0; i < e.ops.length; i++)
          value = this.arithmetic(e.ops[i]!, value, this.expr(e.operands[i + 1]!, scopes), e);
        return value;
      }
      case 'comparison':
        return this.comparison(e.op, this.expr(e.left, scopes), this.expr(e.right, scopes), e);
      case 'between':
        return this.between(
          this.expr(e.subject, scopes),
          this.expr(e.low, scopes),
          this.expr(e.high, scopes),
          e,
        );
      case 'logical':
        return this.logical(
          e.op,
          e.operands.map((operand) => this.expr(operand, scopes)),
          e,
        );
      case 'member':
        return this.member(e.member.name, e.object, scopes, e);
      case 'filter':
        return this.filter(e.op, e.subject, e.predicate, scopes, e);
      case 'if': {
        const c = this.expr(e.condition, scopes);
        const t = this.expr(e.then, scopes);
        const f = this.expr(e.else, scopes);
        if (!isBoolean(c.type))
          return this.error('typeMismatch', 'The `if` condition must be true or false.', e);
        const cf = c.fn,
          tf = t.fn,
          ef = f.fn;
        return {
          fn: (o) => {
            const v = cf(o);
            return v === true ? tf(o) : v === false ? ef(o) : null;
          },
          type: t.type,
          nullable: true,
        };
      }
      case 'error':
        return this.error('invalidSyntax', 'This part of the query could not be read.', e);
    }
  }

  private mention(kind: 'user' | 'language', value: string, span: Span): Compiled {
    if (kind === 'user') {
      const id = this.usersByName.get(value.toLowerCase());
      if (id === undefined) {
        return this.error('unknownUser', `No user is called "${value}". Check the username.`, span);
      }
      return constant(id, scalarType('user'));
    }
    // Without a language list, a code is taken as written.
    const code = this.env.languages.length ? this.languagesByCode.get(value.toLowerCase()) : value;
    if (code === undefined) {
      return this.error('unknownLanguage', `"${value}" is not a language of this project.`, span);
    }
    return constant(code, scalarType('language'));
  }

  private canonicalLanguage(c: Compiled): Compiled {
    if (!c.constant || typeof c.constant.value !== 'string') return c;
    const code = this.languagesByCode.get(c.constant.value.toLowerCase());
    return code === undefined ? c : constant(code, c.type);
  }

  private identifier(name: string, raw: string, scopes: readonly string[], span: Span): Compiled {
    const resolved = resolveInScopes(scopes, name);
    if (!resolved) return this.error('unknownField', `\`${raw}\` is not a field here.`, span);
    const { field, depth } = resolved;
    const read = readerOf(field);
    const nullable = field.type.kind === 'scalar' && field.type.type !== 'boolean';
    if (depth === scopes.length - 1) {
      const get = readerForKey(field.key);
      const boolTest =
        field.type.kind === 'scalar' && field.type.type === 'boolean' ? { get, want: true } : undefined;
      return boolTest
        ? { fn: read, type: field.type, nullable, get, boolTest }
        : { fn: read, type: field.type, nullable, get };
    }
    // A name of an enclosing scope: read that scope's object, published by its `where`/`with` loop.
    this.readFromDeeper.add(depth);
    const frames = this.frames;
    return { fn: () => read(frames[depth]), type: field.type, nullable };
  }

  private member(name: string, objectExpr: Expr, scopes: readonly string[], span: Span): Compiled {
    if (name === 'count' && objectExpr.kind === 'filter' && objectExpr.op === 'where') {
      const parts = this.whereParts(objectExpr.subject, objectExpr.predicate, scopes, objectExpr);
      if (!parts) return { fn: () => null, type: UNKNOWN, nullable: true };
      const { subject, subjectGet, pred, predNullable, publishAt } = parts;
      const frames = this.frames;
      const capped: CappedCount =
        publishAt < 0 && !predNullable && subjectGet
          ? (o, cap) => {
              const items = subjectGet(o);
              if (!Array.isArray(items)) return 0;
              let n = 0;
              for (let i = 0; i < items.length; i++) if (pred(items[i]) && ++n >= cap) break;
              return n;
            }
          : publishAt < 0 && !predNullable
            ? (o, cap) => {
                const items = subject(o) as unknown[];
                let n = 0;
                for (let i = 0; i < items.length; i++) if (pred(items[i]) && ++n >= cap) break;
                return n;
              }
            : (o, cap) => {
                const items = subject(o) as unknown[];
                if (publishAt >= 0) frames[publishAt] = o;
                let n = 0;
                for (let i = 0; i < items.length; i++) if (pred(items[i]) === true && ++n >= cap) break;
                return n;
              };
      return { fn: (o) => capped(o, Infinity), type: scalarType('integer'), nullable: false, capped };
    }
    const owner = this.expr(objectExpr, scopes);
    if (owner.type.kind === 'unknown') return { fn: () => null, type: UNKNOWN, nullable: true };
    const field = memberField(owner.type, name);
    if (!field) {
      return this.error(
        'unknownMember',
        `\`${name}\` is not a member of this ${describe(owner.type)}.`,
        span,
      );
    }
    const of = owner.fn;
    if (field.key === 'count') {
      const get = owner.get;
      if (get !== undefined) {
        return {
          fn: (o) => {
            const v = get(o);
            return Array.isArray(v) ? v.length : 0;
          },
          type: field.type,
          nullable: false,
          countGet: get,
        };
      }
      return { fn: (o) => (of(o) as unknown[]).length, type: field.type, nullable: false };
    }
    const read = readerOf(field);
    const missing = missingValue(field);
    return {
      fn: (o) => {
        const v = of(o);
        return v === null ? missing : read(v);
      },
      type: field.type,
      nullable: field.type.kind === 'scalar' && field.type.type !== 'boolean',
    };
  }

  /** Compiles the parts of `subject where (predicate)`; `publishAt` ≥ 0 when the loop must publish its scope. */
  private whereParts(subjectExpr: Expr, predicateExpr: Expr, scopes: readonly string[], span: Span) {
    const subject = this.expr(subjectExpr, scopes);
    if (subject.type.kind === 'unknown') return null;
    if (subject.type.kind !== 'collection') {
      this.error('notCollection', '`where` needs a collection on its left, such as `translations`.', span);
      return null;
    }
    const pred = this.expr(predicateExpr, [...scopes, subject.type.elementType]);
    if (pred.type.kind !== 'unknown' && !isBoolean(pred.type)) {
      this.error('typeMismatch', 'The condition after `where` must be true or false.', predicateExpr);
      return null;
    }
    const depth = scopes.length - 1;
    return {
      subject: subject.fn,
      /** The collection's raw getter when it is a field of the innermost scope. */
      subjectGet: subject.get,
      subjectType: subject.type,
      pred: pred.fn,
      predNullable: pred.nullable,
      publishAt: this.readFromDeeper.has(depth) ? depth : -1,
    };
  }

  private filter(
    op: 'where' | 'with',
    subjectExpr: Expr,
    predicateExpr: Expr,
    scopes: readonly string[],
    span: Span,
  ) {
    const frames = this.frames;
    if (op === 'where') {
      const parts = this.whereParts(subjectExpr, predicateExpr, scopes, span);
      if (!parts) return { fn: () => EMPTY, type: UNKNOWN, nullable: false };
      const { subject, pred, publishAt } = parts;
      return {
        fn: (o: any) => {
          const items = subject(o) as unknown[];
          if (publishAt >= 0) frames[publishAt] = o;
          const out: unknown[] = [];
          for (let i = 0; i < items.length; i++) if (pred(items[i]) === true) out.push(items[i]);
          return out;
        },
        type: parts.subjectType,
        nullable: false,
      };
    }
    const subject = this.expr(subjectExpr, scopes);
    if (subject.type.kind === 'unknown') return subject;
    if (subject.type.kind !== 'object') {
      return this.error('notObject', '`with` needs an object on its left, such as `file`.', span);
    }
    const pred = this.expr(predicateExpr, [...scopes, subject.type.objectType]);
    const depth = scopes.length - 1;
    const publish = this.readFromDeeper.has(depth);
    const sf = subject.fn,
      pf = pred.fn;
    return {
      fn: (o: any) => {
        const v = sf(o);
        if (v === null) return null;
        if (publish) frames[depth] = o;
        return pf(v);
      },
      type: scalarType('boolean'),
      nullable: true,
    };
  }

  /** A chain of one operator, evaluated left to right in a loop (a chain may have thousands of operands). */
  private logical(op: 'and' | 'or' | 'xor', parts: Compiled[], span: Span): Compiled {
    if (parts.some((p) => !isBoolean(p.type) && p.type.kind !== 'unknown')) {
      return this.error('typeMismatch', `Both sides of \`${op}\` must be conditions.`, span);
    }
    const fns = parts.map((p) => p.fn);
    const n = fns.length;
    const type = scalarType('boolean');
    if (parts.every((p) => !p.nullable)) {
      if (op === 'and' || op === 'or') return chainOf(op, parts);
      return {
        fn: (o) => {
          let value = fns[0]!(o);
          for (let i = 1; i < n; i++) value = value !== fns[i]!(o);
          return value;
        },
        type,
        nullable: false,
      };
    }
    // Three-valued logic: null is "unknown".
    if (op === 'and' || op === 'or') {
      const decisive = op === 'or';
      return {
        fn: (o) => {
          let unknown = false;
          for (let i = 0; i < n; i++) {
            const v = fns[i]!(o);
            if (v === decisive) return decisive;
            if (v === null) unknown = true;
          }
          return unknown ? null : !decisive;
        },
        type,
        nullable: true,
      };
    }
    return {
      fn: (o) => {
        let value = fns[0]!(o);
        if (value === null) return null;
        for (let i = 1; i < n; i++) {
          const v = fns[i]!(o);
          if (v === null) return null;
          value = value !== v;
        }
        return value;
      },
      type,
      nullable: true,
    };
  }

  private arithmetic(op: '+' | '-' | '*' | '/', l: Compiled, r: Compiled, span: Span): Compiled {
    if (!isNumber(l.type) || !isNumber(r.type)) {
      if (l.type.kind === 'unknown' || r.type.kind === 'unknown')
        return { fn: () => null, type: UNKNOWN, nullable: true };
      return this.error('typeMismatch', `\`${op}\` works on numbers only.`, span);
    }
    const integer =
      op !== '/' &&
      l.type.kind === 'scalar' &&
      l.type.type === 'integer' &&
      r.type.kind === 'scalar' &&
      r.type.type === 'integer';
    const type = scalarType(integer ? 'integer' : 'float');
    const lf = l.fn,
      rf = r.fn;
    const apply = ARITHMETIC[op];
    return {
      fn: (o) => {
        const a = lf(o);
        if (a === null) return null;
        const b = rf(o);
        return b === null ? null : apply(a, b);
      },
      type,
      nullable: true,
    };
  }

  private comparison(op: ComparisonOp, l: Compiled, r: Compiled, span: Span): Compiled {
    const type = scalarType('boolean');
    if (l.type.kind === 'unknown' || r.type.kind === 'unknown')
      return { fn: () => null, type: UNKNOWN, nullable: true };
    if (op === 'contains') {
      const text = (t: ValueType) => t.kind === 'scalar' && (t.type === 'string' || t.type === 'language');
      if (!text(l.type) || !text(r.type))
        return this.error('typeMismatch', '`contains` works on text only.', span);
      return { fn: containsFn(l, r), type, nullable: false };
    }
    const domain = comparableDomain(l.type, r.type);
    if (!domain) {
      return this.error(
        'typeMismatch',
        `Cannot compare a ${describe(l.type)} with a ${describe(r.type)}.`,
        span,
      );
    }
    // A language code written as a plain string matches like a mention: case-insensitively.
    if (domain === 'language') {
      l = this.canonicalLanguage(l);
      r = this.canonicalLanguage(r);
    }
    if (domain === 'boolean' && op !== '=' && op !== '!=') {
      return this.error(
        'typeMismatch',
        `\`${op}\` does not order true and false; use \`=\` or \`!=\`.`,
        span,
      );
    }
    // `count of X where (P) OP k`: count only as far as needed to decide.
    if (l.capped && r.constant && typeof r.constant.value === 'number') {
      return { fn: cappedCompare(op, l.capped, r.constant.value), type, nullable: false };
    }
    if (r.capped && l.constant && typeof l.constant.value === 'number') {
      return { fn: cappedCompare(flip(op), r.capped, l.constant.value), type, nullable: false };
    }
    if (l.constant && !r.constant) [l, r, op] = [r, l, flip(op)];
    if (l.countGet && r.constant && typeof r.constant.value === 'number') {
      const fast = countCompare(op, l.countGet, r.constant.value);
      if (fast) return { fn: fast, type, nullable: false };
    }
    if (l.get !== undefined && r.constant && r.constant.value !== null) {
      const fast = keyCompare(domain, op, l.get, r.constant.value);
      if (fast) return { fn: fast, type, nullable: false };
    }
    const norm = domain === 'string';
    return { fn: compareFn(op, l, r, norm), type, nullable: false };
  }

  private between(s: Compiled, lo: Compiled, hi: Compiled, span: Span): Compiled {
    const type = scalarType('boolean');
    if (s.type.kind === 'unknown' || lo.type.kind === 'unknown' || hi.type.kind === 'unknown') {
      return { fn: () => null, type: UNKNOWN, nullable: true };
    }
    const d1 = comparableDomain(s.type, lo.type);
    const d2 = comparableDomain(s.type, hi.type);
    if (!d1 || d1 !== d2 || (d1 !== 'number' && d1 !== 'datetime')) {
      return this.error('typeMismatch', '`between` works on numbers and datetimes of one kind.', span);
    }
    const sf = s.fn;
    if (lo.constant && hi.constant) {
      const a = lo.constant.value as number,
        b = hi.constant.value as number;
      const get = s.get;
      if (get !== undefined && d1 === 'datetime') {
        return {
          fn: (o) => {
            const t = toTime(get(o));
            return t !== null && t >= a && t <= b;
          },
          type,
          nullable: false,
        };
      }
      if (get !== undefined) {
        return {
          fn: (o) => {
            const v = get(o);
            return typeof v === 'number' && v >= a && v <= b;
          },
          type,
          nullable: false,
        };
      }
      return {
        fn: (o) => {
          const v = sf(o);
          return v !== null && v >= a && v <= b;
        },
        type,
        nullable: false,
      };
    }
    const lf = lo.fn,
      hf = hi.fn;
    return {
      fn: (o) => {
        const v = sf(o);
        if (v === null) return false;
        const a = lf(o);
        if (a === null || v < a) return false;
        const b = hf(o);
        return b !== null && v <= b;
      },
      type,
      nullable: false,
    };
  }
}

const ARITHMETIC: Record<'+' | '-' | '*' | '/', (a: number, b: number) => number | null> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => (b === 0 ? null : a / b),
};

function constant(value: unknown, type: ValueType): Compiled {
  return { fn: () => value, type, nullable: value === null, constant: { value } };
}

function logic(reason: string, message: string, from: number, to: number): Diagnostic {
  return { code: 'croqlInvalidLogic', reason, message, severity: 'error', from, to };
}

function describe(t: ValueType): string {
  if (t.kind === 'scalar') return t.type;
  if (t.kind === 'object') return t.objectType;
  if (t.kind === 'collection') return `collection of ${t.elementType}`;
  return 'value';
}

function flip(op: ComparisonOp): ComparisonOp {
  switch (op) {
    case '>':
      return '<';
    case '<':
      return '>';
    case '>=':
      return '<=';
    case '<=':
      return '>=';
    default:
      return op;
  }
}

/** The domain both sides compare in; user ids compare with integers, language codes with strings. */
function comparableDomain(a: ValueType, b: ValueType): Domain | null {
  const da = domainOf(a),
    db = domainOf(b);
  if (!da || !db) return null;
  if (da === db) return da;
  const pair = (x: Domain, y: Domain) => (da === x && db === y) || (da === y && db === x);
  if (pair('user', 'number')) return 'user';
  if (pair('language', 'string')) return 'language';
  return null;
}

function cappedCompare(op: ComparisonOp, capped: CappedCount, k: number): Fn {
  // min(count, floor(k) + 1) decides every comparison with k exactly as the full count would.
  const cap = k < 0 ? 0 : Math.floor(k) + 1;
  switch (op) {
    case '=':
      return (o) => capped(o, cap) === k;
    case '!=':
      return (o) => capped(o, cap) !== k;
    case '>':
      return (o) => capped(o, cap) > k;
    case '>=':
      return (o) => capped(o, cap) >= k;
    case '<':
      return (o) => capped(o, cap) < k;
    case '<=':
      return (o) => capped(o, cap) <= k;
    case 'contains':
      return () => false;
  }
}

/** A comparison of two non-string-ish values (or strings with `norm` = plural text normalised). */
function compareFn(op: ComparisonOp, l: Compiled, r: Compiled, norm: boolean): Fn {
  const rawL = l.fn,
    rawR = r.fn;
  const lf: Fn = norm && !l.constant ? (o) => textOf(rawL(o)) : rawL;
  const rf: Fn = norm && !r.constant ? (o) => textOf(rawR(o)) : rawR;
  if (r.constant && r.constant.value !== null && !l.nullable && !norm) {
    const c = r.constant.value;
    if (op !== 'contains') {
      const test = ORDER[op];
      switch (op) {
        case '=':
          return (o) => lf(o) === c;
        case '>':
          return (o) => lf(o) > (c as number);
        default:
          return (o) => test(lf(o), c);
      }
    }
  }
  if (r.constant && r.constant.value !== null) {
    const c = r.constant.value as number;
    switch (op) {
      case '=':
        return (o) => lf(o) === c;
      case '!=':
        return (o) => {
          const a = lf(o);
          return a !== null && a !== c;
        };
      case '>':
        return (o) => {
          const a = lf(o);
          return a !== null && a > c;
        };
      case '>=':
        return (o) => {
          const a = lf(o);
          return a !== null && a >= c;
        };
      case '<':
        return (o) => {
          const a = lf(o);
          return a !== null && a < c;
        };
      case '<=':
        return (o) => {
          const a = lf(o);
          return a !== null && a <= c;
        };
    }
  }
  if (l.constant && l.constant.value !== null && op !== 'contains') {
    return compareFn(flip(op), r, l, norm);
  }
  const test = ORDER[op as Exclude<ComparisonOp, 'contains'>];
  return (o) => {
    const a = lf(o);
    if (a === null) return false;
    const b = rf(o);
    return b !== null && test(a, b);
  };
}

const ORDER: Record<Exclude<ComparisonOp, 'contains'>, (a: any, b: any) => boolean> = {
  '=': (a, b) => a === b,
  '!=': (a, b) => a !== b,
  '>': (a, b) => a > b,
  '>=': (a, b) => a >= b,
  '<': (a, b) => a < b,
  '<=': (a, b) => a <= b,
};

function containsFn(l: Compiled, r: Compiled): Fn {
  const lf = l.fn;
  if (r.constant) {
    const needle = textOf(r.constant.value);
    if (needle === null) return () => false;
    const lower = needle.toLowerCase();
    const get = l.get;
    if (get !== undefined) return (o) => containsText(get(o), lower);
    return (o) => containsText(lf(o), lower);
  }
  const rf = r.fn;
  return (o) => {
    const hay = lf(o);
    if (hay === null) return false;
    const needle = textOf(rf(o));
    return needle !== null && containsText(hay, needle.toLowerCase());
  };
}

/** Flattens `a and b and c` (all non-null) into one closure that tests boolean fields inline first. */
function chainOf(op: 'and' | 'or', operands: Compiled[]): Compiled {
  const parts = operands.flatMap((c) => (c.chain && c.chain.op === op ? c.chain.parts : [c]));
  const tests = parts.filter((p) => p.boolTest).map((p) => p.boolTest!);
  const rest = parts.filter((p) => !p.boolTest).map((p) => p.fn);
  const gets = tests.map((t) => t.get);
  const wants = tests.map((t) => t.want);
  const nk = gets.length,
    nr = rest.length;
  // and: fails on the first false part; or: succeeds on the first true part.
  const decisive = op === 'or';
  const fn: Fn =
    nr === 0
      ? (o) => {
          for (let i = 0; i < nk; i++)
            if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
          return !decisive;
        }
      : (o) => {
          for (let i = 0; i < nk; i++)
            if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
          for (let i = 0; i < nr; i++) if (!!rest[i]!(o) === decisive) return decisive;
          return !decisive;
        };
  return { fn, type: scalarType('boolean'), nullable: false, chain: { op, parts } };
}

/** `field OP constant` on a field of the innermost scope, read by key without a reader closure. */
function keyCompare(domain: Domain, op: ComparisonOp, get: Fn, c: unknown): Fn | null {
  if (domain === 'number' || domain === 'language') {
    const kind = domain === 'number' ? 'number' : 'string';
    switch (op) {
      case '=':
        return (o) => get(o) === c;
      case '!=':
        return (o) => {
          const v = get(o);
          return typeof v === kind && v !== c;
        };
      default:
        if (domain === 'language') return null;
        return orderedKeyCompare(op, get, c as number, (v) => (typeof v === 'number' ? v : null));
    }
  }
  if (domain === 'datetime') return orderedKeyCompare(op, get, c as number, toTime);
  if (domain === 'user') {
    if (op === '=') {
      return (o) => {
        const v = get(o);
        return v === c || (v !== null && typeof v === 'object' && (v as { id?: unknown }).id === c);
      };
    }
    if (op === '!=') {
      return (o) => {
        const v = userIdOf(get(o));
        return v !== null && v !== c;
      };
    }
    return null;
  }
  if (domain === 'string' && typeof c === 'string') {
    if (op === '=') {
      return (o) => {
        const v = get(o);
        return v === c || (v !== null && typeof v === 'object' && textOf(v) === c);
      };
    }
    if (op === '!=') {
      return (o) => {
        const v = textOf(get(o));
        return v !== null && v !== c;
      };
    }
  }
  return null;
}

function orderedKeyCompare(
  op: ComparisonOp,
  get: Fn,
  c: number,
  read: (v: unknown) => number | null,
): Fn | null {
  switch (op) {
    case '=':
      return (o) => read(get(o)) === c;
    case '!=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v !== c;
      };
    case '>':
      return (o) => {
        const v = read(get(o));
        return v !== null && v > c;
      };
    case '>=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v >= c;
      };
    case '<':
      return (o) => {
        const v = read(get(o));
        return v !== null && v < c;
      };
    case '<=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v <= c;
      };
    default:
      return null;
  }
}

/** `count of X OP k` on a collection field: one closure, no intermediate count call. */
function countCompare(op: ComparisonOp, get: Fn, k: number): Fn | null {
  switch (op) {
    case '>':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) > k;
      };
    case '>=':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) >= k;
      };
    case '=':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) === k;
      };
    case '<':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) < k;
      };
    default:
      return null;
  }
}
