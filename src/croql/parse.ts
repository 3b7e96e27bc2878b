// Text → typed AST (types.ts) + syntax diagnostics. The only parser is the Lezer one (parser.ts); this file
// walks its tree. Never throws: over-long and over-deep input is rejected by a cheap scan before Lezer runs,
// and the tree walk stops at MAX_TREE_DEPTH so no consumer of the AST can overflow the stack.
import type { SyntaxNode, Tree } from '@lezer/common';
import { parser } from './parser.ts';
import { normalizeName } from './schema.ts';
import type {
  ArithmeticOp,
  ComparisonOp,
  Diagnostic,
  ErrorNode,
  Expr,
  Identifier,
  LogicalOp,
  Span,
  Suggestion,
} from './types.ts';

export const MAX_QUERY_LENGTH = 65536;
export const MAX_PAREN_DEPTH = 64;
/** Operator nesting allowed in the tree (chains of `and`, `+`, …); far beyond any hand-written query. */
export const MAX_TREE_DEPTH = 1000;
/**
 * Words, literals and symbols allowed in one query. Bounds Lezer's work (its error recovery is costly on
 * long garbage, and its tree building recurses as deep as the tree) before it runs; a query this size
 * would exceed MAX_TREE_DEPTH anyway.
 */
export const MAX_PIECES = 1000;
const MAX_SYNTAX_DIAGNOSTICS = 20;

export interface ParseResult {
  /** null only for blank text. */
  ast: Expr | null;
  diagnostics: Diagnostic[];
  /** The Lezer tree, when Lezer ran (not for over-long or over-deep input). */
  tree: Tree | null;
}

/**
 * `tree`, optional: a Lezer tree of this parser for exactly this text (an editor's incremental parse). It is
 * used instead of parsing again only when it spans the text and has no error nodes: such a tree is the one
 * a fresh parse gives, whereas trees with errors depend on where recovery was stopped (see runLezer).
 */
export function parse(text: string, tree?: Tree): ParseResult {
  try {
    return parseUnguarded(text, tree);
  } catch (error) {
    // Not expected to happen; the contract is that parsing never throws, so report it instead.
    const message = error instanceof Error ? error.message : String(error);
    return {
      ast: errorNode(text, 0, text.length),
      diagnostics: [syntax('internalError', `The query could not be analysed (${message}).`, 0, text.length)],
      tree: null,
    };
  }
}

function parseUnguarded(text: string, supplied: Tree | undefined): ParseResult {
  if (text.trim() === '') return { ast: null, diagnostics: [], tree: null };
  if (text.length > MAX_QUERY_LENGTH) {
    return {
      ast: errorNode(text, 0, text.length),
      diagnostics: [
        syntax(
          'tooLong',
          `The query is ${text.length.toLocaleString('en-US')} characters long; the limit is ${MAX_QUERY_LENGTH.toLocaleString('en-US')}. Shorten it.`,
          MAX_QUERY_LENGTH,
          text.length,
        ),
      ],
      tree: null,
    };
  }
  const scan = scanLexical(text);
  if (scan.tooManyAt !== null) {
    return {
      ast: errorNode(text, 0, text.length),
      diagnostics: [
        syntax(
          'tooComplex',
          `The query has more than ${MAX_PIECES.toLocaleString('en-US')} words, values and operators. Simplify it.`,
          scan.tooManyAt,
          text.length,
        ),
      ],
      tree: null,
    };
  }
  if (scan.tooDeepAt !== null) {
    return {
      ast: errorNode(text, 0, text.length),
      diagnostics: [
        syntax(
          'tooDeep',
          `Parentheses are nested more than ${MAX_PAREN_DEPTH} levels deep here. Simplify the query.`,
          scan.tooDeepAt,
          scan.tooDeepAt + 1,
        ),
      ],
      tree: null,
    };
  }
  const { tree, stoppedAt } =
    supplied && isCleanTreeOf(supplied, text) ? { tree: supplied, stoppedAt: null } : runLezer(text);
  const builder = new AstBuilder(text);
  const ast = builder.buildQuery(tree.topNode);
  const diagnostics = [...scan.diagnostics, ...builder.diagnostics];
  // Unbalanced parentheses make Lezer's recovery noisy; their own diagnostic says it better.
  if (scan.diagnostics.length === 0) diagnostics.push(...treeErrors(tree, text));
  const tidied = tidy(diagnostics);
  if (stoppedAt !== null) {
    tidied.push(
      syntax(
        'tooManyErrors',
        'Too many errors: the query was not checked past this point. Fix the errors before it first.',
        stoppedAt,
        text.length,
      ),
    );
  }
  return { ast, diagnostics: tidied, tree };
}

function isCleanTreeOf(tree: Tree, text: string): boolean {
  if (
    tree.length !== text.length ||
    tree.type.id !== parser.topNode.id ||
    tree.type.name !== parser.topNode.name
  )
    return false;
  let clean = true;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) clean = false;
      return clean;
    },
  });
  return clean;
}

/** Lezer's error recovery is costly; after this many errors, or steps spent recovering, the parse stops. */
const MAX_RECOVERIES = MAX_SYNTAX_DIAGNOSTICS;
const MAX_RECOVERING_STEPS = 400;

/**
 * Runs Lezer step by step, counting the times it enters error recovery (`recovering` is internal to
 * @lezer/lr's Parse; without it the parse simply runs to the end). Deterministic, unlike a time budget.
 */
function runLezer(text: string): { tree: Tree; stoppedAt: number | null } {
  const parse = parser.startParse(text);
  const internals = parse as unknown as { recovering?: number };
  let recoveries = 0;
  let recoveringSteps = 0;
  let wasRecovering = false;
  let stoppedAt: number | null = null;
  for (;;) {
    const tree = parse.advance();
    if (tree) return { tree, stoppedAt };
    const recovering = (internals.recovering ?? 0) > 0;
    if (recovering && !wasRecovering) recoveries++;
    if (recovering) recoveringSteps++;
    wasRecovering = recovering;
    if (stoppedAt === null && (recoveries > MAX_RECOVERIES || recoveringSteps > MAX_RECOVERING_STEPS)) {
      stoppedAt = parse.parsedPos;
      parse.stopAt(stoppedAt);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The cheap scan: parentheses outside string and datetime literals, and how many pieces the text has.

interface LexicalScan {
  tooDeepAt: number | null;
  /** Where the piece after the MAX_PIECES-th starts, when there is one. */
  tooManyAt: number | null;
  diagnostics: Diagnostic[];
}

const isWordCode = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;

function scanLexical(text: string): LexicalScan {
  const open: number[] = [];
  const diagnostics: Diagnostic[] = [];
  let pieces = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || (c >= 9 && c <= 13)) continue;
    if (++pieces > MAX_PIECES) return { tooDeepAt: null, tooManyAt: i, diagnostics };
    if (isWordCode(c)) {
      while (i + 1 < text.length && isWordCode(text.charCodeAt(i + 1))) i++;
    } else if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 39 /* ' */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 39; i++);
    } else if (c === 40 /* ( */) {
      open.push(i);
      if (open.length > MAX_PAREN_DEPTH) return { tooDeepAt: i, tooManyAt: null, diagnostics };
    } else if (c === 41 /* ) */) {
      if (open.length > 0) open.pop();
      else
        diagnostics.push(
          syntax('unexpectedToken', 'This `)` closes nothing: remove it or add a `(` before it.', i, i + 1),
        );
    }
  }
  for (const at of open) {
    diagnostics.push(
      syntax('unclosedParen', 'This `(` is never closed: add a `)` where the group ends.', at, at + 1),
    );
  }
  return { tooDeepAt: null, tooManyAt: null, diagnostics };
}

// ---------------------------------------------------------------------------------------------------------
// Lezer's error nodes → diagnostics.

const OPERATOR_TOKENS = new Set([
  'And',
  'Or',
  'Xor',
  'Not',
  'Of',
  'Where',
  'With',
  'Between',
  'Contains',
  'If',
  'Then',
  'Else',
  'CompareOp',
  'UnknownOp',
  'UnknownWordOp',
  'UnknownAnd',
  'UnknownOr',
  'UnknownNot',
  'Plus',
  'Minus',
  'Times',
  'Divide',
  '(',
]);

function treeErrors(tree: Tree, text: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const cursor = tree.cursor();
  do {
    if (!cursor.type.isError) continue;
    if (found.length >= MAX_SYNTAX_DIAGNOSTICS) break;
    const { from, to } = cursor;
    if (from === to) found.push(missingPiece(tree, text, cursor.node));
    else found.push(unexpected(text, from, to, cursor.node));
  } while (cursor.next());
  return found;
}

function missingPiece(tree: Tree, text: string, error: SyntaxNode): Diagnostic {
  const at = error.from;
  const parent = error.parent;
  if (parent?.name === 'IfExpr') {
    const has = (name: string) => parent.getChild(name) !== null;
    const needs = !has('Then') ? '`then …` and `else …`' : !has('Else') ? '`else …`' : 'a value after `else`';
    return syntax('missingOperand', `This \`if\` needs ${needs}.`, parent.from, parent.from + 2);
  }
  if (parent?.name === 'BetweenExpr' && parent.getChild('And') === null) {
    const keyword = parent.getChild('Between')!;
    return syntax('missingOperand', '`between` needs `low and high` after it.', keyword.from, keyword.to);
  }
  const before = tree.resolveInner(at, -1);
  const previous = lastLeaf(before, at);
  if (previous && OPERATOR_TOKENS.has(previous.name)) {
    const op = text.slice(previous.from, previous.to);
    const message =
      previous.name === '('
        ? 'Empty parentheses: put an expression between them.'
        : `\`${op}\` needs ${previous.name === 'Between' ? 'a value and `and` after it' : 'an operand after it'}.`;
    return syntax('missingOperand', message, previous.from, previous.to);
  }
  // Nothing before: an operator at the start (`= 1`) or a missing operator between two operands.
  const next = nextNonSpace(text, at);
  if (next < text.length) {
    const end = tokenEnd(text, next);
    return syntax(
      'missingOperand',
      previous
        ? `Something is missing before \`${clip(text.slice(next, end))}\`.`
        : `\`${clip(text.slice(next, end))}\` needs an operand before it.`,
      next,
      end,
    );
  }
  const start = previous ? previous.from : Math.max(0, at - 1);
  return syntax('missingOperand', 'The query ends too early.', start, Math.max(at, start + 1));
}

function unexpected(text: string, from: number, to: number, error: SyntaxNode): Diagnostic {
  const shown = text.slice(from, to);
  const first = shown.codePointAt(0) ?? 0;
  if (/^(=|!=|>=?|<=?|[≠≥≤+*/-])$/.test(shown) || KEYWORD_TEXT.test(shown)) {
    return syntax('missingOperand', `\`${shown}\` needs an operand before it.`, from, to);
  }
  if (error.firstChild === null && !/^[\s\w]/.test(shown)) {
    if (first < 32 || first === 127) {
      const code = 'U+' + first.toString(16).toUpperCase().padStart(4, '0');
      return syntax(
        'unexpectedToken',
        `The query contains a control character (${code}); remove it.`,
        from,
        to,
      );
    }
    if (shown.startsWith(',')) {
      return syntax(
        'unexpectedToken',
        'CroQL has no lists: combine conditions with `or` instead of `,`.',
        from,
        to,
      );
    }
    return syntax(
      'unexpectedToken',
      `\`${clip(shown)}\` is not part of CroQL. Put text inside double quotes: "like this".`,
      from,
      to,
    );
  }
  if (error.firstChild?.name === 'Identifier') {
    return syntax(
      'unexpectedToken',
      `Unexpected \`${clip(shown)}\`: is an operator (\`and\`, \`or\`, \`=\`, …) missing before it?`,
      from,
      to,
    );
  }
  return syntax('unexpectedToken', `Unexpected \`${clip(shown)}\` here.`, from, to);
}

const KEYWORD_TEXT = /^(and|or|xor|of|where|with|between|contains|then|else)$/i;

function lastLeaf(node: SyntaxNode, at: number): SyntaxNode | null {
  let current: SyntaxNode | null = node;
  while (current && current.to <= at && current.firstChild) {
    let child: SyntaxNode | null = current.lastChild;
    while (child && (child.to > at || child.type.isError)) child = child.prevSibling;
    if (!child) break;
    current = child;
  }
  if (!current || current.type.isTop || current.type.isError) return null;
  return current.to <= at ? current : null;
}

function nextNonSpace(text: string, at: number): number {
  while (at < text.length && /\s/.test(text.charAt(at))) at++;
  return at;
}

function tokenEnd(text: string, at: number): number {
  const m = /^(\w+|[^\s\w])/u.exec(text.slice(at, at + 100));
  return at + (m ? m[0].length : 1);
}

// ---------------------------------------------------------------------------------------------------------
// The AST builder.

const COMPARE_OPS: Record<string, ComparisonOp> = {
  '=': '=',
  '!=': '!=',
  '≠': '!=',
  '>': '>',
  '>=': '>=',
  '≥': '>=',
  '<': '<',
  '<=': '<=',
  '≤': '<=',
};

/** Operators of other languages and the CroQL operator to write instead (null: there is none). */
const FOREIGN_OPERATORS: Record<string, { op: string | null; hint: string }> = {
  '==': { op: '=', hint: 'write `=`' },
  '===': { op: '=', hint: 'write `=`' },
  '!==': { op: '!=', hint: 'write `!=`' },
  '<>': { op: '!=', hint: 'write `!=`' },
  '=>': { op: '>=', hint: 'write `>=`' },
  '=<': { op: '<=', hint: 'write `<=`' },
  '=~': { op: 'contains', hint: 'write `contains` (a case-insensitive substring test)' },
  '!~': { op: null, hint: 'write `not (a contains b)`' },
  in: { op: null, hint: 'compare with each value and join with `or`: `language = "uk" or language = "de"`' },
  like: { op: 'contains', hint: 'write `contains` (a case-insensitive substring test)' },
  '&&': { op: 'and', hint: 'write `and`' },
  '&': { op: 'and', hint: 'write `and`' },
  '||': { op: 'or', hint: 'write `or`' },
  '|': { op: 'or', hint: 'write `or`' },
  '!': { op: 'not', hint: 'write `not`' },
};

const DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];
  private tooDeepReported = false;

  constructor(private readonly text: string) {}

  buildQuery(top: SyntaxNode): Expr | null {
    const first = childExprs(top)[0];
    return first ? this.build(first, 0) : errorNode(this.text, top.from, top.to);
  }

  private build(node: SyntaxNode, depth: number): Expr {
    if (depth > MAX_TREE_DEPTH) {
      if (!this.tooDeepReported) {
        this.tooDeepReported = true;
        this.diagnostics.push(
          syntax(
            'tooDeep',
            `The query nests operators more than ${MAX_TREE_DEPTH} levels deep. Simplify it.`,
            node.from,
            node.to,
          ),
        );
      }
      return errorNode(this.text, node.from, node.to);
    }
    const d = depth + 1;
    const { from, to } = node;
    switch (node.name) {
      case 'Number': {
        const raw = this.slice(node);
        return { kind: 'number', value: Number(raw), isInteger: !raw.includes('.'), raw, from, to };
      }
      case 'String':
        return {
          kind: 'string',
          value: this.unescape(node.from, node.to, 'string'),
          raw: this.slice(node),
          from,
          to,
        };
      case 'Datetime':
        return this.datetime(node);
      case 'Mention':
        return this.mention(node);
      case 'Identifier':
        return this.identifier(node);
      case 'ParenExpr': {
        const inner = childExprs(node)[0];
        return inner ? this.build(inner, d) : errorNode(this.text, from, to);
      }
      case 'NotExpr':
      case 'NegExpr': {
        const opNode = node.firstChild;
        if (opNode?.name === 'UnknownNot') this.foreignOperator(opNode);
        const operand = this.operand(node, 0, d);
        return node.name === 'NotExpr'
          ? { kind: 'not', operand, from, to }
          : { kind: 'negate', operand, from, to };
      }
      case 'AddExpr':
      case 'MulExpr': {
        const opNode = operatorOf(node);
        return {
          kind: 'arithmetic',
          op: (opNode ? this.slice(opNode) : '+') as ArithmeticOp,
          left: this.operand(node, 0, d),
          right: this.operand(node, 1, d),
          from,
          to,
        };
      }
      case 'OrExpr':
      case 'XorExpr':
      case 'AndExpr': {
        const opNode = operatorOf(node);
        let op = node.name === 'OrExpr' ? 'or' : node.name === 'XorExpr' ? 'xor' : 'and';
        if (opNode && opNode.name.startsWith('Unknown')) op = this.foreignOperator(opNode) ?? op;
        return {
          kind: 'logical',
          op: op as LogicalOp,
          left: this.operand(node, 0, d),
          right: this.operand(node, 1, d),
          opSpan: opNode ? span(opNode) : { from, to },
          from,
          to,
        };
      }
      case 'CompareExpr':
        return this.comparison(node, d);
      case 'BetweenExpr': {
        const left = childExprs(node)[0];
        const keyword = node.getChild('Between');
        if (left && keyword && (left.name === 'CompareExpr' || left.name === 'BetweenExpr'))
          this.chained(keyword);
        return {
          kind: 'between',
          subject: this.operand(node, 0, d),
          low: this.operand(node, 1, d),
          high: this.operand(node, 2, d),
          from,
          to,
        };
      }
      case 'MemberExpr': {
        const left = childExprs(node)[0];
        if (!left || left.name !== 'Identifier') {
          if (left) {
            this.diagnostics.push(
              syntax(
                'badMember',
                `Only a field name can stand before \`of\` (as in \`count of translations\`), not \`${clip(this.slice(left))}\`.`,
                left.from,
                left.to,
              ),
            );
          }
          return errorNode(this.text, from, to);
        }
        return { kind: 'member', member: this.identifier(left), object: this.operand(node, 1, d), from, to };
      }
      case 'FilterExpr': {
        const keyword = node.getChild('Where') ?? node.getChild('With');
        const op = keyword && this.slice(keyword).toLowerCase() === 'with' ? 'with' : 'where';
        return {
          kind: 'filter',
          op,
          subject: this.operand(node, 0, d),
          predicate: this.operand(node, 1, d),
          from,
          to,
        };
      }
      case 'IfExpr':
        return this.conditional(node, d);
      default:
        return errorNode(this.text, from, to);
    }
  }

  /** The index-th operand of a node, or an error node where it is missing (Lezer's error node says why). */
  private operand(node: SyntaxNode, index: number, depth: number): Expr {
    const child = childExprs(node)[index];
    if (child) return this.build(child, depth);
    return errorNode(this.text, node.to, node.to);
  }

  private comparison(node: SyntaxNode, depth: number): Expr {
    const opNode = operatorOf(node);
    const left = childExprs(node)[0];
    if (left && opNode && (left.name === 'CompareExpr' || left.name === 'BetweenExpr')) this.chained(opNode);
    let op: ComparisonOp = '=';
    if (opNode) {
      const raw = this.slice(opNode);
      if (opNode.name === 'CompareOp') op = COMPARE_OPS[raw] ?? '=';
      else if (opNode.name === 'Contains') op = 'contains';
      else {
        const replacement = this.foreignOperator(opNode);
        if (replacement && replacement in COMPARE_OPS) op = COMPARE_OPS[replacement]!;
        else if (replacement === 'contains') op = 'contains';
      }
    }
    return {
      kind: 'comparison',
      op,
      left: this.operand(node, 0, depth),
      right: this.operand(node, 1, depth),
      opSpan: opNode ? span(opNode) : { from: node.from, to: node.to },
      from: node.from,
      to: node.to,
    };
  }

  private conditional(node: SyntaxNode, depth: number): Expr {
    const thenAt = node.getChild('Then')?.from ?? Infinity;
    const elseAt = node.getChild('Else')?.from ?? Infinity;
    const parts = childExprs(node);
    const part = (lo: number, hi: number) => {
      const found = parts.find((p) => p.from >= lo && p.to <= hi);
      return found ? this.build(found, depth) : errorNode(this.text, node.to, node.to);
    };
    return {
      kind: 'if',
      condition: part(node.from, thenAt),
      then: part(thenAt, elseAt),
      else: part(elseAt, node.to),
      from: node.from,
      to: node.to,
    };
  }

  private chained(opNode: SyntaxNode) {
    this.diagnostics.push(
      syntax(
        'chainedComparison',
        `Comparisons cannot be chained: write \`a < b and b < c\`, or add parentheses, instead of a second \`${this.slice(opNode)}\`.`,
        opNode.from,
        opNode.to,
      ),
    );
  }

  /** Reports an operator from another language; returns the CroQL operator that replaces it, if any. */
  private foreignOperator(opNode: SyntaxNode): string | null {
    const raw = this.slice(opNode);
    const known = FOREIGN_OPERATORS[raw.toLowerCase()];
    const suggestions: Suggestion[] = [];
    if (known?.op) {
      const insert = known.op === 'not' ? 'not ' : known.op;
      suggestions.push({ label: `Replace with \`${known.op}\``, from: opNode.from, to: opNode.to, insert });
    }
    this.diagnostics.push({
      ...syntax(
        'unknownOperator',
        `\`${raw}\` is not a CroQL operator: ${known?.hint ?? 'see the operator list'}.`,
        opNode.from,
        opNode.to,
      ),
      ...(suggestions.length ? { suggestions } : {}),
    });
    return known?.op ?? null;
  }

  private identifier(node: SyntaxNode): Identifier {
    const raw = this.slice(node);
    return { kind: 'identifier', name: normalizeName(raw), raw, from: node.from, to: node.to };
  }

  private datetime(node: SyntaxNode): Expr {
    const raw = this.slice(node);
    const closed = raw.length >= 2 && raw.endsWith("'");
    const value = raw.slice(1, closed ? -1 : undefined);
    if (!closed) {
      this.diagnostics.push(
        syntax(
          'unterminatedString',
          "This datetime has no closing `'`: write it as 'YYYY-MM-DD'.",
          node.from,
          node.to,
        ),
      );
    } else if (!isValidDatetime(value)) {
      this.diagnostics.push(
        syntax(
          'badDatetime',
          `${clip(raw)} is not a datetime: write 'today', 'YYYY-MM-DD' or 'YYYY-MM-DD HH:MM:SS' (UTC).`,
          node.from,
          node.to,
        ),
      );
    }
    return { kind: 'datetime', value, raw, from: node.from, to: node.to };
  }

  private mention(node: SyntaxNode): Expr {
    const raw = this.slice(node);
    const kind = /^@([A-Za-z_]*)/.exec(raw)![1]!;
    const kindEnd = node.from + 1 + kind.length;
    const lower = kind.toLowerCase();
    if (lower !== 'user' && lower !== 'language') {
      this.diagnostics.push(
        syntax(
          'badMention',
          `\`@${clip(kind)}\` is not a mention: write @user:"name" or @language:"code".`,
          node.from,
          kindEnd,
        ),
      );
      return errorNode(this.text, node.from, node.to);
    }
    const quoteAt = kindEnd + 1;
    if (raw.charAt(kind.length + 1) !== ':' || this.text.charAt(quoteAt) !== '"' || quoteAt >= node.to) {
      const example = lower === 'user' ? '@user:"alice"' : '@language:"uk"';
      this.diagnostics.push(
        syntax(
          'badMention',
          `A mention needs a quoted value right after the colon: ${example}.`,
          node.from,
          node.to,
        ),
      );
      return errorNode(this.text, node.from, node.to);
    }
    const value = this.unescape(quoteAt, node.to, lower === 'user' ? 'username' : 'language code');
    return {
      kind: 'mention',
      mentionKind: lower as 'user' | 'language',
      value,
      raw,
      from: node.from,
      to: node.to,
    };
  }

  /** The value of the double-quoted literal at [from, to); reports bad escapes and a missing closing quote. */
  private unescape(from: number, to: number, what: string): string {
    let value = '';
    let i = from + 1;
    for (; i < to; i++) {
      const c = this.text.charAt(i);
      if (c === '"') return value;
      if (c !== '\\') {
        value += c;
        continue;
      }
      const next = this.text.charAt(i + 1);
      if (next === '"' || next === '\\') value += next;
      else {
        if (i + 1 < to) value += next;
        const shown = i + 1 < to ? `\\${next}` : '\\';
        this.diagnostics.push(
          syntax(
            'badEscape',
            `\`${shown}\` is not an escape: inside double quotes write \\" for a quote and \\\\ for a backslash.`,
            i,
            Math.min(i + 2, to),
          ),
        );
      }
      i++;
    }
    this.diagnostics.push(
      syntax('unterminatedString', `This ${what} has no closing \`"\`: add one where it ends.`, from, to),
    );
    return value;
  }

  private slice(node: SyntaxNode): string {
    return this.text.slice(node.from, node.to);
  }
}

function childExprs(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let child = node.firstChild; child; child = child.nextSibling)
    if (child.type.is('Expression')) out.push(child);
  return out;
}

function operatorOf(node: SyntaxNode): SyntaxNode | null {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (!child.type.is('Expression') && !child.type.isError) return child;
  }
  return null;
}

export function isValidDatetime(value: string): boolean {
  if (value.toLowerCase() === 'today') return true;
  const m = DATETIME.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, sec] = m.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth && h < 24 && mi < 60 && sec < 60;
}

// ---------------------------------------------------------------------------------------------------------

function syntax(reason: string, message: string, from: number, to: number): Diagnostic {
  return { code: 'croqlInvalidSyntax', reason, message, severity: 'error', from, to };
}

function errorNode(text: string, from: number, to: number): ErrorNode {
  return { kind: 'error', text: text.slice(from, Math.min(to, from + 200)), from, to };
}

function span(node: SyntaxNode): Span {
  return { from: node.from, to: node.to };
}

function clip(s: string): string {
  const oneLine = s.replace(/\s+/g, ' ');
  return oneLine.length > 40 ? oneLine.slice(0, 37) + '…' : oneLine;
}

/** Sorted, adjacent duplicates of one reason merged, capped. */
function tidy(diagnostics: Diagnostic[]): Diagnostic[] {
  diagnostics.sort((a, b) => a.from - b.from || a.to - b.to);
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const last = out[out.length - 1];
    if (last && last.reason === d.reason && d.from <= last.to && d.reason === 'unexpectedToken') {
      last.to = Math.max(last.to, d.to);
      continue;
    }
    if (last && last.from === d.from && last.to === d.to && last.reason === d.reason) continue;
    out.push(d);
    if (out.length >= MAX_SYNTAX_DIAGNOSTICS) break;
  }
  return out;
}
