// The checker: resolves every name against the scope chain and computes the type of every expression,
// reporting what does not make sense in the listing (croqlInvalidLogic). `analyze` = parse + check, and
// its result is the checked model (types.ts, AnalyzeResult): explain, hover, compile and the builder read
// types, fields and bindings from it instead of working them out again. Operand types come from the
// operator table (operators.ts).
import { checkMentionValue, unknownName, type CheckerContext } from './check-names.ts';
import {
  BOOLEAN,
  describe,
  isNumber,
  isScalar,
  isUnknown,
  resolveName,
  sameType,
  scalar,
  UNKNOWN,
} from './check-types.ts';
import { article } from './english.ts';
import { operator, resultType, type OperatorName } from './operators.ts';
import { misplacedParen } from './paren-repair.ts';
import { parse } from './parse.ts';
import { CONTEXT_LABELS, countField, USER_OBJECT, lookupField, rootType, typeLabel } from './schema.ts';
import type {
  AnalyzeOptions,
  AnalyzeResult,
  Diagnostic,
  Expr,
  FieldDef,
  Identifier,
  ListingName,
  NodeInfo,
  ScalarType,
  Severity,
  Suggestion,
  TypeInfo,
} from './types.ts';

export type { TypeInfo } from './types.ts';
// Part of check.ts's interface: callers resolve names and measure misspellings as the checker does.
export { memberOf, resolveName } from './check-types.ts';
export { distance } from './check-names.ts';

export function analyze(text: string, listing: ListingName, options: AnalyzeOptions = {}): AnalyzeResult {
  const result = analyzeAsWritten(text, listing, options);
  if (result.valid || !text.includes(')')) return result;
  // What reads as a type error may be a `)` in the wrong place: then that is the one thing to say. Only
  // errors a parenthesis can cause are worth the search (an unknown name stays unknown wherever it is).
  const errors = result.diagnostics.filter((d) => d.severity === 'error');
  if (!errors.every((d) => PAREN_CAUSED.has(d.reason))) return result;
  const { tree: _tree, ...retry } = options;
  const paren = misplacedParen(text, (t) => analyzeAsWritten(t, listing, retry).valid);
  if (!paren) return result;
  const rest = result.diagnostics.filter((d) => d.severity !== 'error');
  return { ...result, diagnostics: [paren, ...rest] };
}

/** The reasons of errors a misplaced `)` produces: groups that end early or late change types and scopes. */
const PAREN_CAUSED: ReadonlySet<string> = new Set([
  'typeMismatch',
  'chainedComparison',
  'notBoolean',
  'notCollection',
  'notObject',
  'missingOf',
  'wrongContext',
  'missingOperand',
  'unexpectedToken',
]);

function analyzeAsWritten(text: string, listing: ListingName, options: AnalyzeOptions): AnalyzeResult {
  const parsed = parse(text, options.tree);
  if (!parsed.ast) {
    return { ast: null, diagnostics: parsed.diagnostics, listing, nodes: new Map(), valid: false };
  }
  const hasSyntaxErrors = parsed.diagnostics.some((d) => d.severity === 'error');
  try {
    const checker = new Checker(text, listing, options);
    checker.checkQuery(parsed.ast, !hasSyntaxErrors);
    const diagnostics = [...parsed.diagnostics, ...checker.diagnostics];
    const valid = !diagnostics.some((d) => d.severity === 'error');
    return { ast: parsed.ast, diagnostics, listing, nodes: checker.nodes, valid };
  } catch (error) {
    // A bug in the checker: the person still gets a message rather than a dead editor. Tests fail on it.
    const message = error instanceof Error ? error.message : String(error);
    const internal: Diagnostic = {
      code: 'croqlInvalidLogic',
      reason: 'internalError',
      message: `Internal error: the query could not be checked (${message}).`,
      severity: 'error',
      from: 0,
      to: text.length,
    };
    return {
      ast: parsed.ast,
      diagnostics: [...parsed.diagnostics, internal],
      listing,
      nodes: new Map(),
      valid: false,
    };
  }
}

class Checker implements CheckerContext {
  readonly diagnostics: Diagnostic[] = [];
  readonly nodes = new Map<Expr, NodeInfo>();
  /** The kinds of the nodes being checked, the outermost first (what an operand is an operand of). */
  readonly path: Expr[] = [];

  constructor(
    readonly text: string,
    readonly listing: ListingName,
    readonly options: AnalyzeOptions,
  ) {}

  checkQuery(ast: Expr, requireBoolean: boolean) {
    const type = this.check(ast, [rootType(this.listing)]);
    if (requireBoolean && !isScalar(type, 'boolean') && type.kind !== 'unknown') {
      this.report(
        'notBoolean',
        `A query must be true or false for each ${CONTEXT_LABELS[this.listing]}; this one is ${article(describe(type))}.` +
          (type.kind === 'collection'
            ? ` Count it instead: \`count of … > 0\`.`
            : ' Compare it with something.'),
        ast,
      );
    }
  }

  check(expr: Expr, scopes: readonly string[]): TypeInfo {
    const info: NodeInfo = { type: UNKNOWN, scopes };
    this.nodes.set(expr, info);
    this.path.push(expr);
    info.type = this.infer(expr, scopes, info);
    this.path.pop();
    return info.type;
  }

  report(
    reason: string,
    message: string,
    at: { from: number; to: number },
    severity: Severity = 'error',
    suggestions?: Suggestion[],
  ) {
    const d: Diagnostic = { code: 'croqlInvalidLogic', reason, message, severity, from: at.from, to: at.to };
    if (suggestions && suggestions.length) d.suggestions = suggestions;
    this.diagnostics.push(d);
  }

  private infer(expr: Expr, scopes: readonly string[], info: NodeInfo): TypeInfo {
    switch (expr.kind) {
      case 'error':
        return UNKNOWN;
      case 'number':
        return scalar(expr.isInteger ? 'integer' : 'float');
      case 'string':
        return scalar('string');
      case 'datetime':
        return scalar('datetime');
      case 'mention':
        checkMentionValue(this, expr.mentionKind, expr.value, expr);
        return scalar(expr.mentionKind);
      case 'identifier':
        return this.resolve(expr, scopes, info);
      case 'negate': {
        const t = this.check(expr.operand, scopes);
        if (t.kind === 'unknown') return UNKNOWN;
        const result = t.kind === 'scalar' ? resultType('negate', [t.type]) : null;
        if (!result) {
          this.report('typeMismatch', `Unary \`-\` needs a number, not ${article(describe(t))}.`, expr);
          return UNKNOWN;
        }
        return scalar(result);
      }
      case 'not': {
        const t = this.check(expr.operand, scopes);
        this.expectBoolean(t, expr.operand, '`not`');
        return BOOLEAN;
      }
      case 'logical': {
        for (const operand of expr.operands) {
          const t = this.check(operand, scopes);
          this.expectBoolean(t, operand, `\`${expr.op}\``);
        }
        return BOOLEAN;
      }
      case 'arithmetic': {
        // Left to right: `a - b + c` is `(a - b) + c`.
        const types: TypeInfo[] = [];
        let anyUnknown = false;
        for (const operand of expr.operands) {
          const t = this.check(operand, scopes);
          if (t.kind === 'unknown') anyUnknown = true;
          types.push(t);
        }
        if (anyUnknown) return UNKNOWN;
        let result: TypeInfo = types[0]!;
        for (let i = 0; i < expr.ops.length; i++) {
          const next = types[i + 1]!;
          const op = expr.ops[i]!;
          const type =
            result.kind === 'scalar' && next.kind === 'scalar'
              ? resultType(op, [result.type, next.type])
              : null;
          if (!type) {
            const leftBad = !isNumber(result);
            this.report(
              'typeMismatch',
              `\`${op}\` works on numbers only, not on ${article(describe(leftBad ? result : next))}.`,
              leftBad ? expr.operands[i]! : expr.operands[i + 1]!,
            );
            return UNKNOWN;
          }
          result = scalar(type);
        }
        return result;
      }
      case 'comparison':
        return this.comparison(expr, scopes);
      case 'between': {
        const types = [
          this.check(expr.subject, scopes),
          this.check(expr.low, scopes),
          this.check(expr.high, scopes),
        ];
        if (types.some(isUnknown)) return BOOLEAN;
        if (!this.accepts('between', types)) {
          this.report(
            'typeMismatch',
            `\`between\` needs three numbers or three datetimes; here it has ${types.map((t) => describe(t)).join(', ')}.`,
            expr,
          );
        }
        return BOOLEAN;
      }
      case 'member':
        return this.member(expr, scopes);
      case 'filter':
        return this.filter(expr, scopes);
      case 'if': {
        const c = this.check(expr.condition, scopes);
        this.expectBoolean(c, expr.condition, '`if`');
        const a = this.check(expr.then, scopes);
        const b = this.check(expr.else, scopes);
        if (a.kind === 'unknown' || b.kind === 'unknown') return UNKNOWN;
        if (isNumber(a) && isNumber(b))
          return isScalar(a, 'integer') && isScalar(b, 'integer') ? a : scalar('float');
        if (!sameType(a, b)) {
          this.report(
            'typeMismatch',
            `Both branches of \`if\` must have one type; \`then\` gives ${article(describe(a))}, \`else\` ${article(describe(b))}.`,
            expr,
          );
          return UNKNOWN;
        }
        return a;
      }
    }
  }

  /** Whether the operator table accepts these operand types (all scalar). */
  private accepts(op: OperatorName, types: TypeInfo[]): boolean {
    const scalars: ScalarType[] = [];
    for (const t of types) {
      if (t.kind !== 'scalar') return false;
      scalars.push(t.type);
    }
    return resultType(op, scalars) !== null;
  }

  private expectBoolean(t: TypeInfo, at: Expr, operator: string) {
    if (t.kind === 'unknown' || isScalar(t, 'boolean')) return;
    const hint = t.kind === 'collection' ? ' Count it: `count of … > 0`.' : ' Compare it with something.';
    this.report(
      'typeMismatch',
      `${operator} needs true or false, but this is ${article(describe(t))}.${hint}`,
      at,
    );
  }

  private comparison(expr: Extract<Expr, { kind: 'comparison' }>, scopes: readonly string[]): TypeInfo {
    const l = this.check(expr.left, scopes);
    const r = this.check(expr.right, scopes);
    if (l.kind === 'unknown' || r.kind === 'unknown') return BOOLEAN;
    if (l.kind !== 'scalar' || r.kind !== 'scalar') {
      const bad = l.kind !== 'scalar' ? l : r;
      const hint =
        bad.kind === 'collection'
          ? ' Compare its size with `count of …`.'
          : ' Compare one of its fields (`id of …`).';
      this.report('typeMismatch', `\`${expr.op}\` cannot compare ${article(describe(bad))}.${hint}`, expr);
      return BOOLEAN;
    }
    if (resultType(expr.op, [l.type, r.type]) === null) {
      const pair = `${article(describe(l))} and ${article(describe(r))}`;
      const why =
        expr.op === 'contains'
          ? `\`contains\` needs text on both sides; here it has ${pair}.`
          : operator(expr.op).negation && expr.op !== '=' && expr.op !== '!='
            ? `\`${expr.op}\` compares numbers, datetimes or texts of one kind; here it has ${pair}.`
            : `Cannot compare ${article(describe(l))} with ${article(describe(r))}.`;
      this.report('typeMismatch', why, expr);
      return BOOLEAN;
    }
    // A language field compared with a plain code: validate the code like a mention. (A user compared with a
    // plain id is never unknown: former members have ids too.)
    if (expr.op === '=' || expr.op === '!=') {
      if (l.type === 'language' && expr.right.kind === 'string')
        checkMentionValue(this, 'language', expr.right.value, expr.right);
      if (r.type === 'language' && expr.left.kind === 'string')
        checkMentionValue(this, 'language', expr.left.value, expr.left);
    }
    return BOOLEAN;
  }

  private member(expr: Extract<Expr, { kind: 'member' }>, scopes: readonly string[]): TypeInfo {
    const objectType = this.check(expr.object, scopes);
    const name = expr.member.name;
    const info: NodeInfo = { type: UNKNOWN, scopes };
    this.nodes.set(expr.member, info);
    if (objectType.kind === 'unknown') return UNKNOWN;
    if (objectType.kind === 'collection') {
      if (name === 'count') {
        info.field = countField;
        return (info.type = countField.type);
      }
      const element = typeLabel(objectType.elementType);
      const viaElement = lookupField(objectType.elementType, name);
      this.report(
        'unknownField',
        `A collection of ${element}s has only \`count\`.` +
          (viaElement
            ? ` To test its elements' \`${viaElement.name}\`, write \`count of … where (${viaElement.name} …) > 0\`.`
            : ''),
        expr.member,
        'error',
        [{ label: 'Replace with `count`', from: expr.member.from, to: expr.member.to, insert: 'count' }],
      );
      return UNKNOWN;
    }
    if (objectType.kind === 'scalar') {
      this.report(
        'notObject',
        `\`of\` needs an object or a collection on its right, but this is ${article(describe(objectType))}.`,
        expr.object,
      );
      return UNKNOWN;
    }
    const field = lookupField(objectType.objectType, name);
    if (!field) {
      if (name === 'count') {
        this.report(
          'notCollection',
          `\`count\` counts a collection; ${article(describe(objectType))} is a single object.`,
          expr,
        );
      } else {
        unknownName(this, expr.member, [objectType.objectType]);
      }
      return UNKNOWN;
    }
    this.useField(expr.member, field);
    info.field = field;
    info.owner = objectType.objectType;
    return (info.type = field.type);
  }

  private filter(expr: Extract<Expr, { kind: 'filter' }>, scopes: readonly string[]): TypeInfo {
    const subject = this.check(expr.subject, scopes);
    if (subject.kind === 'unknown') {
      this.check(expr.predicate, scopes);
      return UNKNOWN;
    }
    if (expr.op === 'where') {
      if (subject.kind !== 'collection') {
        this.report(
          'notCollection',
          `\`where\` filters a collection, but this is ${article(describe(subject))}.` +
            (subject.kind === 'object' ? ' Use `with` to test a single object.' : ''),
          expr.subject,
        );
        this.check(expr.predicate, scopes);
        return UNKNOWN;
      }
      const p = this.check(expr.predicate, [...scopes, subject.elementType]);
      this.expectBoolean(p, expr.predicate, '`where`');
      return subject;
    }
    if (subject.kind === 'scalar' && subject.type === 'user') {
      const p = this.check(expr.predicate, [...scopes, USER_OBJECT]);
      this.expectBoolean(p, expr.predicate, '`with`');
      return BOOLEAN;
    }
    if (subject.kind !== 'object') {
      this.report(
        'notObject',
        `\`with\` tests a single object, but this is ${article(describe(subject))}.` +
          (subject.kind === 'collection' ? ' Use `where` to filter a collection.' : ''),
        expr.subject,
      );
      this.check(expr.predicate, scopes);
      return UNKNOWN;
    }
    const p = this.check(expr.predicate, [...scopes, subject.objectType]);
    this.expectBoolean(p, expr.predicate, '`with`');
    return BOOLEAN;
  }

  private resolve(id: Identifier, scopes: readonly string[], info: NodeInfo): TypeInfo {
    const found = resolveName(scopes, id.name);
    if (found) {
      this.useField(id, found.field);
      info.field = found.field;
      info.owner = scopes[found.depth]!;
      info.depth = found.depth;
      return found.field.type;
    }
    if (id.name === 'count') {
      this.report('missingOf', '`count` needs the collection it counts: `count of translations`.', id);
      return UNKNOWN;
    }
    unknownName(this, id, scopes);
    return UNKNOWN;
  }

  private useField(id: Identifier, field: FieldDef) {
    // The service's CroQL page marks these "Crowdin Enterprise only": on Crowdin the name is not defined, so
    // the editor and the emulator refuse it alike (an unknown edition, as in the core's own tests, does not).
    if (field.enterpriseOnly && this.options.edition === 'standard') {
      this.report(
        'enterpriseOnly',
        `\`${field.name}\` exists only in Crowdin Enterprise; on Crowdin it is not defined. Remove it, or run the query on an Enterprise organization.`,
        id,
      );
    }
  }
}
