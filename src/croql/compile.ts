// The evaluator: a checked model (check.ts) → a tree of closures (no eval, no new Function, so it runs under
// a strict CSP). Types, fields and bindings come from the model; the compiler only ever sees valid models,
// so a node the checker did not type is an internal error, never a message for the user. Speed comes from
// deciding everything at compile time: property keys, the reader of each field type, mention → id, datetime
// literal → epoch ms, constant operands, nullability (non-null boolean operators use plain `&&`/`||`), and
// `count of X where (P) > k` counts with an early exit and without building the filtered array. Every
// operator evaluates each operand at most once per object, so the work is bounded by the query's size.
import { analyze } from './check.ts';
import { cappedCompare, compareFn, containsFn, countCompare, flipOf, keyCompare } from './compile-compare.ts';
import { logic, not } from './compile-logic.ts';
import {
  constant,
  missingValue,
  nullableField,
  readerOf,
  type CappedCount,
  type Compiled,
  type Domain,
  type Fn,
} from './compile-values.ts';
import { datetimeLiteralMs, toTime } from './datetime.ts';
import { readerForKey } from './readers.ts';
import type {
  AnalyzeResult,
  ArithmeticOp,
  ComparisonOp,
  CompileResult,
  ContextObject,
  Diagnostic,
  EvalEnv,
  Expr,
  ListingName,
  NodeInfo,
  TypeInfo,
} from './types.ts';

export { textOf } from './compile-values.ts';
export { datetimeLiteralMs, toTime } from './datetime.ts';

// ---------------------------------------------------------------------------------------------------------
// Public entry

export function compile(text: string, listing: ListingName, env: EvalEnv): CompileResult {
  // Without a language list, codes are taken as written (as the evaluator does below).
  const languages = env.languages.length ? env.languages : undefined;
  const model = analyze(text, listing, {
    users: env.users,
    ...(languages ? { languages } : {}),
    ...(env.edition ? { edition: env.edition } : {}),
  });
  if (!model.ast && model.diagnostics.length === 0) {
    return {
      predicate: null,
      diagnostics: [logicError('emptyQuery', 'The query is empty: write a condition such as `is hidden`.')],
    };
  }
  if (!model.valid) return { predicate: null, diagnostics: model.diagnostics };
  return { predicate: compileModel(model, env), diagnostics: model.diagnostics };
}

/** Compiles a valid checked model. Throws on anything else: that is a bug in the caller or the checker. */
export function compileModel(model: AnalyzeResult, env: EvalEnv): (obj: ContextObject) => boolean {
  if (!model.valid || !model.ast) throw new Error('Internal error: compile needs a valid checked model.');
  const root = new Compiler(model, env).expr(model.ast);
  const fn = root.fn;
  return root.nullable ? (obj) => fn(obj) === true : (fn as (obj: ContextObject) => boolean);
}

function logicError(reason: string, message: string): Diagnostic {
  return { code: 'croqlInvalidLogic', reason, message, severity: 'error', from: 0, to: 0 };
}

function internal(what: string, e: Expr): never {
  throw new Error(`Internal error: ${what} (at ${e.from}–${e.to}).`);
}

const isNumber = (t: TypeInfo) => t.kind === 'scalar' && (t.type === 'integer' || t.type === 'float');

function domainOf(t: TypeInfo): Domain | null {
  if (t.kind !== 'scalar') return null;
  return t.type === 'integer' || t.type === 'float' ? 'number' : t.type;
}

/** The domain both sides of an accepted comparison compare in: a user with an id compares as users. */
function comparableDomain(a: TypeInfo, b: TypeInfo): Domain | null {
  const da = domainOf(a),
    db = domainOf(b);
  if (!da || !db) return null;
  if (da === db) return da;
  if (da === 'user' || db === 'user') return 'user';
  if (da === 'language' || db === 'language') return 'language';
  return null;
}

const ARITHMETIC: Record<ArithmeticOp, (a: number, b: number) => number | null> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => (b === 0 ? null : a / b),
};

/** `count of X = count of X where (P)` (or `!=`) as one pass that stops at the first element failing P. */
function everyElement(op: ComparisonOp, all: Compiled, filtered: Compiled): Fn | null {
  const where = filtered.countWhere;
  if ((op !== '=' && op !== '!=') || !where || !all.countGet || all.countGet !== where.get) return null;
  const { get, pred } = where;
  const every = (o: unknown): boolean => {
    const items = get(o);
    if (!Array.isArray(items)) return true;
    for (let i = 0; i < items.length; i++) if (pred(items[i]) !== true) return false;
    return true;
  };
  return op === '=' ? every : (o) => !every(o);
}

// ---------------------------------------------------------------------------------------------------------
// The compiler

class Compiler {
  /** Scope objects of enclosing levels, set by `where`/`with` loops whose predicate reads them. */
  private readonly frames: unknown[] = [];
  /** Depths read from a deeper scope (so the loop at that depth must publish its object in `frames`). */
  private readonly readFromDeeper = new Set<number>();
  /** Depths read by the names compiled so far (collected per `where` predicate, see whereParts). */
  private readDepths = new Set<number>();
  private readonly usersByName: Map<string, number>;
  private readonly languagesByCode: Map<string, string>;

  constructor(
    private readonly model: AnalyzeResult,
    private readonly env: EvalEnv,
  ) {
    this.usersByName = new Map(env.users.map((u) => [u.username.toLowerCase(), u.id]));
    this.languagesByCode = new Map(env.languages.map((code) => [code.toLowerCase(), code]));
  }

  private info(e: Expr): NodeInfo {
    const info = this.model.nodes.get(e);
    if (!info || info.type.kind === 'unknown') internal(`the checker did not type this ${e.kind}`, e);
    return info;
  }

  expr(e: Expr): Compiled {
    switch (e.kind) {
      case 'number':
      case 'string':
        return constant(e.value);
      case 'datetime': {
        const ms = datetimeLiteralMs(e.value, this.env.now);
        if (ms === null) internal('an invalid datetime reached the compiler', e);
        return constant(ms);
      }
      case 'mention':
        return this.mention(e.mentionKind, e.value);
      case 'identifier':
        return this.identifier(e);
      case 'negate':
        return this.negate(e);
      case 'not':
        return this.not(e);
      case 'arithmetic':
        return this.arithmetic(
          e.ops,
          e.operands.map((x) => this.expr(x)),
        );
      case 'comparison':
        return this.comparison(e);
      case 'between':
        return this.between(e);
      case 'logical':
        return logic(
          e.op,
          e.operands.map((x) => this.expr(x)),
        );
      case 'member':
        return this.member(e);
      case 'filter':
        return this.filter(e);
      case 'if': {
        const cf = this.expr(e.condition).fn,
          tf = this.expr(e.then).fn,
          ef = this.expr(e.else).fn;
        return {
          fn: (o) => {
            const v = cf(o);
            return v === true ? tf(o) : v === false ? ef(o) : null;
          },
          nullable: true,
        };
      }
      case 'error':
        return internal('an error node reached the compiler', e);
    }
  }

  /**
   * `- - … - x`, walked without recursion: an even number of signs is `x` itself (null stays null), an odd
   * number one negation, so a long chain costs what one sign costs.
   */
  private negate(e: Extract<Expr, { kind: 'negate' }>): Compiled {
    let signs = 0;
    let inner: Expr = e;
    while (inner.kind === 'negate') {
      this.info(inner);
      signs++;
      inner = inner.operand;
    }
    const x = this.expr(inner);
    if (signs % 2 === 0) return x;
    if (x.constant) return constant(x.constant.value === null ? null : -(x.constant.value as number));
    const f = x.fn;
    return x.nullable
      ? {
          fn: (o) => {
            const v = f(o);
            return v === null ? null : -v;
          },
          nullable: true,
        }
      : { fn: (o) => -f(o), nullable: false };
  }

  /** `not not … x`, likewise: `not not x` is `x` in three-valued logic. */
  private not(e: Extract<Expr, { kind: 'not' }>): Compiled {
    let nots = 0;
    let inner: Expr = e;
    while (inner.kind === 'not') {
      this.info(inner);
      nots++;
      inner = inner.operand;
    }
    const x = this.expr(inner);
    return nots % 2 === 0 ? x : not(x);
  }

  private mention(kind: 'user' | 'language', value: string): Compiled {
    // A name the environment does not know matches nothing (the checker, given the same lists, refused it).
    if (kind === 'user') return constant(this.usersByName.get(value.toLowerCase()) ?? null);
    // Without a language list, a code is taken as written.
    if (!this.env.languages.length) return constant(value);
    return constant(this.languagesByCode.get(value.toLowerCase()) ?? value);
  }

  private canonicalLanguage(c: Compiled): Compiled {
    if (!c.constant || typeof c.constant.value !== 'string') return c;
    const code = this.languagesByCode.get(c.constant.value.toLowerCase());
    return code === undefined ? c : constant(code);
  }

  private identifier(e: Extract<Expr, { kind: 'identifier' }>): Compiled {
    const { field, depth, scopes } = this.info(e);
    if (!field || depth === undefined) return internal(`the name \`${e.raw}\` was not resolved`, e);
    const read = readerOf(field);
    const nullable = nullableField(field);
    this.readDepths.add(depth);
    if (depth === scopes.length - 1) {
      const get = readerForKey(field.key);
      const boolTest =
        field.type.kind === 'scalar' && field.type.type === 'boolean' ? { get, want: true } : undefined;
      return boolTest ? { fn: read, nullable, get, boolTest } : { fn: read, nullable, get };
    }
    // A name of an enclosing scope: read that scope's object, published by its `where`/`with` loop.
    this.readFromDeeper.add(depth);
    const frames = this.frames;
    return { fn: () => read(frames[depth]), nullable };
  }

  private member(e: Extract<Expr, { kind: 'member' }>): Compiled {
    const { field } = this.info(e.member);
    if (!field) return internal(`the member \`${e.member.raw}\` was not resolved`, e);
    const objectExpr = e.object;
    if (field.key === 'count' && objectExpr.kind === 'filter' && objectExpr.op === 'where') {
      return this.countWhere(objectExpr);
    }
    const owner = this.expr(objectExpr);
    const of = owner.fn;
    if (field.key === 'count') {
      const get = owner.get;
      if (get !== undefined) {
        return {
          fn: (o) => {
            const v = get(o);
            return Array.isArray(v) ? v.length : 0;
          },
          nullable: false,
          countGet: get,
        };
      }
      return { fn: (o) => (of(o) as unknown[]).length, nullable: false };
    }
    const read = readerOf(field);
    const missing = missingValue(field);
    const fn: Fn = (o) => {
      const v = of(o);
      return v === null ? missing : read(v);
    };
    // `id of file = 3`: an object field of the innermost scope and a scalar of it, read by key in one
    // closure (undefined when the object is missing), so keyCompare and contains take their fast paths.
    const ownerGet = owner.get;
    if (ownerGet !== undefined && field.type.kind === 'scalar' && field.type.type !== 'boolean') {
      const memberGet = readerForKey(field.key);
      const get: Fn = (o) => {
        const v = ownerGet(o);
        return v !== null && typeof v === 'object' ? memberGet(v) : undefined;
      };
      return { fn, nullable: nullableField(field), get };
    }
    return { fn, nullable: nullableField(field) };
  }

  /** `count of X where (P)`: counts without building the filtered array, and can stop at a cap. */
  private countWhere(filter: Extract<Expr, { kind: 'filter' }>): Compiled {
    const { subject, subjectGet, pred, predNullable, publishAt, invariant } = this.whereParts(filter);
    const frames = this.frames;
    if (invariant) {
      // P never reads the element: it holds for all of X or for none, so it is evaluated once.
      const capped: CappedCount = (o, cap) => {
        const items = subject(o) as unknown[];
        if (!Array.isArray(items) || items.length === 0) return 0;
        if (publishAt >= 0) frames[publishAt] = o;
        return pred(items[0]) === true ? Math.min(items.length, cap) : 0;
      };
      return { fn: (o) => capped(o, Infinity), nullable: false, capped };
    }
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
    const countWhere = publishAt < 0 && subjectGet ? { get: subjectGet, pred } : undefined;
    return countWhere
      ? { fn: (o) => capped(o, Infinity), nullable: false, capped, countWhere }
      : { fn: (o) => capped(o, Infinity), nullable: false, capped };
  }

  /** The parts of `subject where (predicate)`; `publishAt` ≥ 0 when the loop must publish its scope. */
  private whereParts(filter: Extract<Expr, { kind: 'filter' }>) {
    const { scopes } = this.info(filter);
    const subject = this.expr(filter.subject);
    const outerReads = this.readDepths;
    this.readDepths = new Set();
    const pred = this.expr(filter.predicate);
    const predReads = this.readDepths;
    this.readDepths = outerReads;
    for (const d of predReads) outerReads.add(d);
    const depth = scopes.length - 1;
    // A predicate that reads no name of the element's own scope gives the same answer for every element:
    // nested `count of X where (…)` over an enclosing object's collection would otherwise multiply the work
    // by the collection's size at every level.
    const elementDepth = this.info(filter.predicate).scopes.length - 1;
    return {
      invariant: !predReads.has(elementDepth),
      subject: subject.fn,
      /** The collection's raw getter when it is a field of the innermost scope. */
      subjectGet: subject.get,
      pred: pred.fn,
      predNullable: pred.nullable,
      publishAt: this.readFromDeeper.has(depth) ? depth : -1,
    };
  }

  private filter(e: Extract<Expr, { kind: 'filter' }>): Compiled {
    const frames = this.frames;
    if (e.op === 'where') {
      const { subject, pred, publishAt, invariant } = this.whereParts(e);
      return {
        fn: (o) => {
          const items = subject(o) as unknown[];
          if (publishAt >= 0) frames[publishAt] = o;
          if (invariant) return items.length > 0 && pred(items[0]) === true ? items.slice() : [];
          const out: unknown[] = [];
          for (let i = 0; i < items.length; i++) if (pred(items[i]) === true) out.push(items[i]);
          return out;
        },
        nullable: false,
      };
    }
    const { scopes } = this.info(e);
    const subjectType = this.info(e.subject).type;
    const raw = this.expr(e.subject).fn;
    // `user with (login = "…")`: the user id becomes the member's object (null for an unknown member).
    const members =
      subjectType.kind === 'scalar' && subjectType.type === 'user'
        ? new Map(this.env.users.map((u) => [u.id, { login: u.username }]))
        : null;
    const sf: Fn = members ? (o) => members.get(raw(o) as number) ?? null : raw;
    const pf = this.expr(e.predicate).fn;
    const depth = scopes.length - 1;
    const publish = this.readFromDeeper.has(depth);
    return {
      fn: (o) => {
        const v = sf(o);
        if (v === null) return null;
        if (publish) frames[depth] = o;
        return pf(v);
      },
      nullable: true,
    };
  }

  /** `a op b op …` left to right, in a loop (a chain may have thousands of operands); null stays null. */
  private arithmetic(ops: readonly ArithmeticOp[], operands: Compiled[]): Compiled {
    const fns = operands.map((c) => c.fn);
    const applies = ops.map((op) => ARITHMETIC[op]);
    if (fns.length === 2) {
      const [lf, rf] = fns as [Fn, Fn];
      const apply = applies[0]!;
      return {
        fn: (o) => {
          const a = lf(o);
          if (a === null) return null;
          const b = rf(o);
          return b === null ? null : apply(a, b);
        },
        nullable: true,
      };
    }
    return {
      fn: (o) => {
        let a = fns[0]!(o);
        for (let i = 1; i < fns.length && a !== null; i++) {
          const b = fns[i]!(o);
          a = b === null ? null : applies[i - 1]!(a, b);
        }
        return a;
      },
      nullable: true,
    };
  }

  private comparison(e: Extract<Expr, { kind: 'comparison' }>): Compiled {
    let op: ComparisonOp = e.op;
    const lt = this.info(e.left).type;
    const rt = this.info(e.right).type;
    let l = this.expr(e.left);
    let r = this.expr(e.right);
    if (op === 'contains') return { fn: containsFn(l, r), nullable: false };
    const domain = comparableDomain(lt, rt);
    if (!domain) return internal('the checker let through a comparison of unlike types', e);
    // A language code written as a plain string matches like a mention: case-insensitively.
    if (domain === 'language') {
      l = this.canonicalLanguage(l);
      r = this.canonicalLanguage(r);
    }
    // `count of X where (P) OP k`: count only as far as needed to decide.
    if (l.capped && r.constant && typeof r.constant.value === 'number') {
      return { fn: cappedCompare(op, l.capped, r.constant.value), nullable: false };
    }
    if (r.capped && l.constant && typeof l.constant.value === 'number') {
      return { fn: cappedCompare(flipOf(op), r.capped, l.constant.value), nullable: false };
    }
    if (l.constant && !r.constant) [l, r, op] = [r, l, flipOf(op)];
    // `count of X = count of X where (P)`: every element of X satisfies P.
    const every = everyElement(op, l, r) ?? everyElement(op, r, l);
    if (every) {
      const where = (l.countWhere ?? r.countWhere)!;
      return op === '=' ? { fn: every, nullable: false, every: where } : { fn: every, nullable: false };
    }
    if (l.countGet && r.constant && typeof r.constant.value === 'number') {
      const fast = countCompare(op, l.countGet, r.constant.value);
      if (fast && op === '>') {
        return { fn: fast, nullable: false, countAbove: { get: l.countGet, k: r.constant.value } };
      }
      if (fast) return { fn: fast, nullable: false };
    }
    if (l.get !== undefined && r.constant && r.constant.value !== null) {
      const fast = keyCompare(domain, op, l.get, r.constant.value);
      if (fast) return { fn: fast, nullable: false };
    }
    return { fn: compareFn(op, l, r, domain === 'string'), nullable: false };
  }

  private between(e: Extract<Expr, { kind: 'between' }>): Compiled {
    const datetime = !isNumber(this.info(e.subject).type);
    const s = this.expr(e.subject),
      lo = this.expr(e.low),
      hi = this.expr(e.high);
    const sf = s.fn;
    if (lo.constant && hi.constant) {
      const a = lo.constant.value as number,
        b = hi.constant.value as number;
      const get = s.get;
      if (get !== undefined && datetime) {
        return {
          fn: (o) => {
            const t = toTime(get(o));
            return t !== null && t >= a && t <= b;
          },
          nullable: false,
        };
      }
      if (get !== undefined) {
        return {
          fn: (o) => {
            const v = get(o);
            return typeof v === 'number' && v >= a && v <= b;
          },
          nullable: false,
        };
      }
      return {
        fn: (o) => {
          const v = sf(o);
          return v !== null && v >= a && v <= b;
        },
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
      nullable: false,
    };
  }
}
