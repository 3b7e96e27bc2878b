// The checker: resolves every name against the scope chain and computes the type of every expression,
// reporting what does not make sense in the listing (croqlInvalidLogic). `analyze` = parse + check, and
// its result is the checked model (types.ts, AnalyzeResult): explain, hover, compile and the builder read
// types, fields and bindings from it instead of working them out again. Operand types come from the
// operator table (operators.ts).
import { article } from './english.ts';
import { mentionLiteral, stringLiteral } from './literals.ts';
import { operator, operatorBySpelling, resultType, type OperatorName } from './operators.ts';
import { misplacedParen } from './paren-repair.ts';
import { parse } from './parse.ts';
import {
  CONTEXT_LABELS,
  countField,
  equivalentOf,
  REFUSED_FIELDS,
  USER_OBJECT,
  describeFieldType,
  fieldsOf,
  lookupField,
  normalizeName,
  rootType,
  schema,
  typeLabel,
} from './schema.ts';
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

const UNKNOWN: TypeInfo = { kind: 'unknown' };
const scalar = (type: ScalarType): TypeInfo => ({ kind: 'scalar', type });
const BOOLEAN = scalar('boolean');

function isScalar(t: TypeInfo, type: ScalarType): boolean {
  return t.kind === 'scalar' && t.type === type;
}
function isNumber(t: TypeInfo): boolean {
  return t.kind === 'scalar' && (t.type === 'integer' || t.type === 'float');
}

function describe(t: TypeInfo): string {
  if (t.kind === 'unknown') return 'unknown';
  if (t.kind === 'scalar') return t.type === 'integer' || t.type === 'float' ? 'number' : t.type;
  return describeFieldType(t);
}

class Checker {
  readonly diagnostics: Diagnostic[] = [];
  readonly nodes = new Map<Expr, NodeInfo>();
  /** The kinds of the nodes being checked, the outermost first (what an operand is an operand of). */
  private readonly path: Expr[] = [];

  constructor(
    private readonly text: string,
    private readonly listing: ListingName,
    private readonly options: AnalyzeOptions,
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
        this.checkMentionValue(expr.mentionKind, expr.value, expr);
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
        this.checkMentionValue('language', expr.right.value, expr.right);
      if (r.type === 'language' && expr.left.kind === 'string')
        this.checkMentionValue('language', expr.left.value, expr.left);
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
        this.unknownName(expr.member, [objectType.objectType]);
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
    this.unknownName(id, scopes);
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

  private unknownName(id: Identifier, scopes: readonly string[]) {
    const refused = [...scopes].reverse().find((s) => refusal(s, id.name) !== undefined);
    if (refused) {
      this.report('undocumentedField', refusal(refused, id.name)!, id);
      return;
    }
    const inner = scopes[scopes.length - 1]!;
    const where =
      scopes.length === 1 && inner === rootType(this.listing)
        ? article(CONTEXT_LABELS[this.listing])
        : article(typeLabel(inner)) +
          (scopes.length > 1 ? ` (nor of the enclosing ${typeLabel(scopes[scopes.length - 2]!)})` : '');
    const byId = this.idOfField(id, scopes);
    if (byId) {
      const message = `\`${id.raw.replace(/\s+/g, ' ')}\` is not a field of ${where}. ${byId.message}`;
      this.report('unknownField', message, id, 'error', byId.suggestion && [byId.suggestion]);
      return;
    }
    const near = closestInScopes(id.name, scopes);
    const suggestions = near.map((f) => ({
      label: `Replace with \`${f.name}\``,
      from: id.from,
      to: id.to,
      insert: f.name,
    }));
    const elsewhere = findElsewhere(id.name, scopes);
    let message = `\`${id.raw.replace(/\s+/g, ' ')}\` is not a field of ${where}.`;
    const instead = equivalentOf(inner, id.name);
    if (instead && !near.length) {
      if (elsewhere) message += ` It is a field of ${elsewhere.where}.`;
      message += ` On ${article(typeLabel(inner))}, write \`${instead}\` instead.`;
      // Inside a comparison or arithmetic the expression needs its own parentheses.
      const parent = this.path[this.path.length - 2]?.kind;
      const alone = !parent || parent === 'logical' || parent === 'not' || parent === 'filter';
      suggestions.push({
        label: `Replace with \`${instead}\``,
        from: id.from,
        to: id.to,
        insert: alone ? instead : `(${instead})`,
      });
    } else if (near.length) message += ` Did you mean ${near.map((f) => `\`${f.name}\``).join(' or ')}?`;
    else if (elsewhere) {
      message += ` It is a field of ${elsewhere.where}.`;
      const via = fieldsOf(inner).find(
        (f) => f.type.kind === 'collection' && f.type.elementType === elsewhere.type,
      );
      if (via)
        message += ` Reach it through \`${via.name}\`: \`count of ${via.name} where (${elsewhere.field} …) > 0\`.`;
    }
    this.report(
      !near.length && elsewhere ? 'wrongContext' : 'unknownField',
      message,
      id,
      'error',
      suggestions,
    );
  }

  /**
   * `fileId`, `file_id`, `branch id`: the REST API's name for the id of an object this one has. CroQL reaches
   * it as `id of file`; that is the fix (not the nearest name, `file`, which cannot be compared with a number).
   * For a collection (`labelIds = 5`) the fix is the count of its elements with that id.
   */
  private idOfField(
    id: Identifier,
    scopes: readonly string[],
  ): { message: string; suggestion?: Suggestion } | null {
    const match = /^(.*?[a-z0-9])[\s_]*ids?$/i.exec(id.raw.trim());
    if (!match) return null;
    const found = resolveName(scopes, match[1]!) ?? resolveName(scopes, match[1]! + 's');
    if (!found) return null;
    const { field } = found;
    const element = reachedType(field.type);
    if (!element || !lookupField(element, 'id')) return null;
    const parent = this.path[this.path.length - 2];
    if (field.type.kind === 'object') {
      const write = `id of ${field.name}`;
      // Inside `of`, `where` or `with` the member needs parentheses of its own to stay one operand.
      const insert = parent && (parent.kind === 'member' || parent.kind === 'filter') ? `(${write})` : write;
      // The comparison as it would read, when it is one CroQL wrote (not `fileId in (1, 2)`, reported apart).
      const example =
        parent?.kind === 'comparison' &&
        parent.right.kind !== 'error' &&
        operatorBySpelling(this.text.slice(parent.opSpan.from, parent.opSpan.to))
          ? this.text.slice(parent.from, id.from) + insert + this.text.slice(id.to, parent.to)
          : null;
      return {
        message: `The id of its ${typeLabel(element)} is \`${write}\`${example ? `: write \`${example}\`` : ''}.`,
        suggestion: { label: `Replace with \`${write}\``, from: id.from, to: id.to, insert },
      };
    }
    // A collection: `labelIds = 5` is "one of its labels has the id 5".
    if (
      parent?.kind === 'comparison' &&
      parent.op === '=' &&
      parent.left === this.path[this.path.length - 1]
    ) {
      const value = this.text.slice(parent.right.from, parent.right.to);
      const write = `count of ${field.name} where (id = ${value}) > 0`;
      return {
        message: `To ask whether one of its \`${field.name}\` has that id, write \`${write}\`.`,
        suggestion: { label: `Replace with \`${write}\``, from: parent.from, to: parent.to, insert: write },
      };
    }
    return {
      message: `Match the ids of its \`${field.name}\`: \`count of ${field.name} where (id = …) > 0\`.`,
    };
  }

  private checkMentionValue(kind: 'user' | 'language', value: string, at: Expr) {
    if (kind === 'user') {
      const users = this.options.users;
      if (!users) return;
      const wanted = value.toLowerCase();
      for (const u of users) if (u.username.toLowerCase() === wanted) return;
      const near = closestStrings(
        value,
        users.map((u) => u.username),
      );
      this.report(
        'unknownUser',
        `There is no user \`${value}\` in this project.` +
          (near.length ? ` Did you mean ${near.map((n) => `\`${n}\``).join(' or ')}?` : ''),
        at,
        'error',
        at.kind === 'mention'
          ? near.map((n) => ({
              label: `Replace with @user:"${n}"`,
              from: at.from,
              to: at.to,
              insert: mentionLiteral('user', n),
            }))
          : undefined,
      );
      return;
    }
    const languages = this.options.languages;
    if (!languages) return;
    const wanted = value.toLowerCase();
    for (const l of languages) if (l.toLowerCase() === wanted) return;
    const near = closestStrings(value, languages);
    this.report(
      'unknownLanguage',
      `There is no language \`${value}\` in this project.` +
        (near.length ? ` Did you mean ${near.map((n) => `\`${n}\``).join(' or ')}?` : ''),
      at,
      'error',
      near.map((n) => ({
        label: `Replace with \`${n}\``,
        from: at.from,
        to: at.to,
        insert: at.kind === 'mention' ? mentionLiteral('language', n) : stringLiteral(n),
      })),
    );
  }
}

/** Why the service refuses the name `name` on `typeName`, if it does (own keys only: not `constructor`). */
function refusal(typeName: string, name: string): string | undefined {
  const table = REFUSED_FIELDS[typeName];
  return table && Object.hasOwn(table, name) ? table[name] : undefined;
}

const isUnknown = (t: TypeInfo) => t.kind === 'unknown';

function sameType(a: TypeInfo, b: TypeInfo): boolean {
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.type === b.type;
  if (a.kind === 'object' && b.kind === 'object') return a.objectType === b.objectType;
  if (a.kind === 'collection' && b.kind === 'collection') return a.elementType === b.elementType;
  return false;
}

/** Which other type has this field, for "it is a field of a glossary term". */
function findElsewhere(
  name: string,
  scopes: readonly string[],
): { where: string; type: string; field: string } | null {
  // Prefer the element types of the collections at hand (`user` at the root of a string: a translation's).
  const inner = scopes[scopes.length - 1]!;
  const reachable = fieldsOf(inner).flatMap((f) =>
    f.type.kind === 'collection' ? [f.type.elementType] : [],
  );
  const candidates = [...reachable.map((t) => schema.types[t]!), ...Object.values(schema.types)];
  for (const t of candidates) {
    if (scopes.includes(t.name)) continue;
    const field = lookupField(t.name, name);
    if (!field) continue;
    // Two types with one label (a listed translation, a string's translation): name it by its owner.
    const where = t.label === typeLabel(inner) ? (ownerPhrase(t.name) ?? article(t.label)) : article(t.label);
    return { where, type: t.name, field: field.name };
  }
  return null;
}

/** The object type a field leads to: its object's, or its collection's elements'. */
function reachedType(t: TypeInfo): string | null {
  return t.kind === 'object' ? t.objectType : t.kind === 'collection' ? t.elementType : null;
}

/** "the `translations` of a source string": how the type `typeName` is reached from another type. */
function ownerPhrase(typeName: string): string | null {
  for (const t of Object.values(schema.types)) {
    for (const f of t.fields) {
      if (reachedType(f.type) === typeName) return `the \`${f.name}\` of ${article(t.label)}`;
    }
  }
  return null;
}

/**
 * The nearest fields of the scopes to a misspelt name, remembered: lint, the explain line's model and
 * completion all check the text again on every keystroke, and a misspelling the user has not fixed yet
 * is looked up again each time (an edit-distance to every field in scope). The schema is fixed, so the
 * answer depends only on the name and the scopes.
 */
const nearestMemo = new Map<string, FieldDef[]>();
const NEAREST_MEMO_SIZE = 256;

function closestInScopes(name: string, scopes: readonly string[]): FieldDef[] {
  const key = `${scopes.join('\u0000')}\u0001${name}`;
  let near = nearestMemo.get(key);
  if (!near) {
    near = closest(
      name,
      scopes.flatMap((s) => fieldsOf(s)),
    );
    if (nearestMemo.size >= NEAREST_MEMO_SIZE) nearestMemo.clear();
    nearestMemo.set(key, near);
  }
  return near;
}

function closest(name: string, fields: readonly FieldDef[]): FieldDef[] {
  const target = normalizeName(name);
  const scored: { f: FieldDef; d: number }[] = [];
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) continue;
    seen.add(f.name);
    const d = Math.min(
      distance(target, normalizeName(f.name)),
      distance(target.replace(/ /g, ''), f.key.toLowerCase()),
    );
    if (d <= threshold(target)) scored.push({ f, d });
  }
  scored.sort((a, b) => a.d - b.d);
  const best = scored[0]?.d;
  return scored
    .filter((s) => s.d === best)
    .slice(0, 3)
    .map((s) => s.f);
}

function closestStrings(value: string, options: readonly string[]): string[] {
  const target = value.toLowerCase();
  const scored = options
    .map((o) => ({ o, d: distance(target, o.toLowerCase()) }))
    .filter((s) => s.d <= threshold(target))
    .sort((a, b) => a.d - b.d);
  return scored.slice(0, 3).map((s) => s.o);
}

const threshold = (s: string) => Math.max(1, Math.min(3, Math.floor(s.length / 3)));

/** Optimal string alignment distance (Levenshtein plus adjacent transpositions). */
export function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(d);
    }
  }
  return rows[a.length]![b.length]!;
}
