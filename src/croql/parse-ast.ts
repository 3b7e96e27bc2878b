// The AST builder: the Lezer tree of a query → the typed AST of types.ts, with the diagnostics only the
// builder sees (foreign operators, chained comparisons, bad literals and mentions, nesting too deep).
// Chains (`a and b and c`, `a + b - c`) are repeats in the grammar and one node each in the AST, built in a
// loop; recursion follows nesting only, which is bounded: parentheses by the input guards, operators between
// two parentheses here (MAX_NESTING), so no consumer of the AST recurses deeply.
import { DATETIME_FORMS_TEXT, documentedDatetime, isValidDatetime } from './datetime.ts';
import { FOREIGN_OPERATORS } from './operators.ts';
import type { SyntaxNode } from '@lezer/common';
import { MAX_NESTING, operatorsTooDeep } from './parse-guards.ts';
import { inListRewrite } from './fixes.ts';
import { clip, syntax } from './parse-diagnostic.ts';
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

export class AstBuilder {
  readonly diagnostics: Diagnostic[] = [];
  /** Ranges not built because they nest too deeply; Lezer's errors inside them are not reported. */
  readonly tooDeep: Span[] = [];

  constructor(private readonly text: string) {}

  buildQuery(top: SyntaxNode): Expr {
    const first = childExprs(top)[0];
    return first ? this.build(first, 0) : errorNode(this.text, top.from, top.to);
  }

  /**
   * `depth`: how many operators enclose this node since the nearest enclosing parentheses; at most
   * MAX_NESTING operators nest there. Parentheses start again at 0 (the input guards bound their own depth).
   */
  private build(node: SyntaxNode, depth: number): Expr {
    if (depth >= MAX_NESTING && !LEAVES.has(node.name)) return this.nestedTooDeep(node);
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
        return inner ? this.build(inner, 0) : errorNode(this.text, from, to);
      }
      case 'NotExpr':
      case 'NegExpr': {
        const opNode = node.firstChild;
        if (opNode?.name === 'UnknownNot') this.foreignOperator(opNode);
        const operand = this.operand(node, childExprs(node), 0, d);
        return node.name === 'NotExpr'
          ? { kind: 'not', operand, from, to }
          : { kind: 'negate', operand, from, to };
      }
      case 'AddExpr':
      case 'MulExpr':
        return this.arithmetic(node, d);
      case 'OrExpr':
      case 'XorExpr':
      case 'AndExpr':
        return this.logical(node, d);
      case 'CompareExpr':
        return this.comparison(node, d);
      case 'BetweenExpr': {
        const kids = childExprs(node);
        const left = kids[0];
        const keyword = node.getChild('Between');
        if (left && keyword && (left.name === 'CompareExpr' || left.name === 'BetweenExpr')) {
          this.chained(keyword);
          return errorNode(this.text, from, to);
        }
        return {
          kind: 'between',
          subject: this.operand(node, kids, 0, d),
          low: this.operand(node, kids, 1, d),
          high: this.operand(node, kids, 2, d),
          from,
          to,
        };
      }
      case 'MemberExpr': {
        const kids = childExprs(node);
        const left = kids[0];
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
        return {
          kind: 'member',
          member: this.identifier(left),
          object: this.operand(node, kids, 1, d),
          from,
          to,
        };
      }
      case 'FilterExpr':
        return this.filter(node, depth);
      case 'IfExpr':
        return this.conditional(node, d);
      default:
        return errorNode(this.text, from, to);
    }
  }

  private nestedTooDeep(node: SyntaxNode): ErrorNode {
    const { from, to } = node;
    if (this.tooDeep.length === 0)
      this.diagnostics.push(operatorsTooDeep(from, Math.min(to, from + tokenLength(this.text, from))));
    this.tooDeep.push({ from, to });
    return errorNode(this.text, from, to);
  }

  /** The index-th of a node's operands, or an error node where it is missing (Lezer's error node says why). */
  private operand(node: SyntaxNode, operands: SyntaxNode[], index: number, depth: number): Expr {
    const child = operands[index];
    if (child) return this.build(child, depth);
    return errorNode(this.text, node.to, node.to);
  }

  /** The operands and operator tokens of a chain node: `e0 op e1 op e2 …`, a missing operand as an error node. */
  private chain(node: SyntaxNode, depth: number): { operands: Expr[]; ops: SyntaxNode[] } {
    const operands: Expr[] = [];
    const ops: SyntaxNode[] = [];
    let wantOperand = true;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.type.isError) continue;
      if (isExpression(child)) {
        operands.push(this.build(child, depth));
        wantOperand = false;
        continue;
      }
      if (wantOperand) operands.push(errorNode(this.text, child.from, child.from));
      ops.push(child);
      wantOperand = true;
    }
    if (wantOperand) operands.push(errorNode(this.text, node.to, node.to));
    return { operands, ops };
  }

  private logical(node: SyntaxNode, depth: number): Expr {
    const op: LogicalOp = node.name === 'OrExpr' ? 'or' : node.name === 'XorExpr' ? 'xor' : 'and';
    const { operands, ops } = this.chain(node, depth);
    for (const opNode of ops) if (opNode.name.startsWith('Unknown')) this.foreignOperator(opNode);
    const opSpans = ops.map(span);
    // `(a and b) and c` is `a and b and c`, as it always was in the binary tree this one replaces.
    const first = operands[0]!;
    if (first.kind === 'logical' && first.op === op) {
      operands.splice(0, 1, ...first.operands);
      opSpans.unshift(...first.opSpans);
    }
    return { kind: 'logical', op, operands, opSpans, from: node.from, to: node.to };
  }

  private arithmetic(node: SyntaxNode, depth: number): Expr {
    const { operands, ops: opNodes } = this.chain(node, depth);
    const ops = opNodes.map((n) => ARITHMETIC_OPS[n.name] ?? '+');
    const opSpans = opNodes.map(span);
    const first = operands[0]!;
    if (first.kind === 'arithmetic' && sameLevel(first.ops[0]!, ops[0]!)) {
      operands.splice(0, 1, ...first.operands);
      ops.unshift(...first.ops);
      opSpans.unshift(...first.opSpans);
    }
    return { kind: 'arithmetic', operands, ops, opSpans, from: node.from, to: node.to };
  }

  private comparison(node: SyntaxNode, depth: number): Expr {
    const ops: SyntaxNode[] = [];
    const kids: SyntaxNode[] = [];
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (isExpression(child)) kids.push(child);
      else if (!child.type.isError) ops.push(child);
    }
    const left = kids[0];
    const chainedAt =
      left && ops[0] && (left.name === 'CompareExpr' || left.name === 'BetweenExpr')
        ? ops.slice(0)
        : ops.slice(1);
    if (chainedAt.length > 0) {
      // `a = b = c` means nothing in CroQL; its operands are not worth checking until it is rewritten.
      for (const opNode of chainedAt) this.chained(opNode);
      return errorNode(this.text, node.from, node.to);
    }
    const opNode = ops[0] ?? null;
    let op: ComparisonOp = '=';
    if (opNode) {
      const raw = this.slice(opNode);
      if (opNode.name === 'CompareOp') op = COMPARE_OPS[raw] ?? '=';
      else if (opNode.name === 'Contains') op = 'contains';
      else {
        const replacement = this.foreignOperator(opNode, left);
        if (replacement && replacement in COMPARE_OPS) op = COMPARE_OPS[replacement]!;
        else if (replacement === 'contains') op = 'contains';
      }
    }
    return {
      kind: 'comparison',
      op,
      left: this.operand(node, kids, 0, depth),
      right: this.operand(node, kids, 1, depth),
      opSpan: opNode ? span(opNode) : { from: node.from, to: node.to },
      from: node.from,
      to: node.to,
    };
  }

  /** `x where (a) with (b)`: one Lezer node, left-nested filters in the AST, each one level deeper. */
  private filter(node: SyntaxNode, depth: number): Expr {
    const parts: { keyword: SyntaxNode; predicate: SyntaxNode | null }[] = [];
    let subjectNode: SyntaxNode | null = null;
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.type.isError) continue;
      if (child.name === 'Where' || child.name === 'With') parts.push({ keyword: child, predicate: null });
      else if (isExpression(child)) {
        const last = parts[parts.length - 1];
        if (last) last.predicate = child;
        else subjectNode = child;
      }
    }
    if (depth + parts.length > MAX_NESTING) return this.nestedTooDeep(node);
    let subject: Expr = subjectNode
      ? this.build(subjectNode, depth + parts.length)
      : errorNode(this.text, node.from, node.from);
    parts.forEach(({ keyword, predicate }, i) => {
      const inner = depth + parts.length - i;
      const to = predicate ? predicate.to : keyword.to;
      subject = {
        kind: 'filter',
        op: this.slice(keyword).toLowerCase() === 'with' ? 'with' : 'where',
        subject,
        predicate: predicate ? this.build(predicate, inner) : errorNode(this.text, keyword.to, keyword.to),
        from: node.from,
        to,
      };
    });
    return subject;
  }

  private conditional(node: SyntaxNode, depth: number): Expr {
    const thenAt = node.getChild('Then')?.from ?? Infinity;
    const elseAt = node.getChild('Else')?.from ?? Infinity;
    const parts = childExprs(node);
    return {
      kind: 'if',
      condition: this.part(node, parts, node.from, thenAt, depth),
      then: this.part(node, parts, thenAt, elseAt, depth),
      else: this.part(node, parts, elseAt, node.to, depth),
      from: node.from,
      to: node.to,
    };
  }

  /** The first of `parts` within [lo, hi], built, or an error node at the end of `node` (no closure per call). */
  private part(node: SyntaxNode, parts: SyntaxNode[], lo: number, hi: number, depth: number): Expr {
    for (const p of parts) if (p.from >= lo && p.to <= hi) return this.build(p, depth);
    return errorNode(this.text, node.to, node.to);
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
  private foreignOperator(opNode: SyntaxNode, left?: Span): string | null {
    const raw = this.slice(opNode);
    const known = FOREIGN_OPERATORS[raw.toLowerCase()];
    const suggestions: Suggestion[] = [];
    // `id in (2516, 2518)`: the person's own clause, rewritten, rather than a generic example.
    const list = raw.toLowerCase() === 'in' && left ? inListRewrite(this.text, left, span(opNode)) : null;
    if (list) {
      this.diagnostics.push({
        ...syntax(
          'unknownOperator',
          `\`${raw}\` is not a CroQL operator: compare with each value and join with \`${list.join}\`: \`${list.clause}\`.`,
          opNode.from,
          opNode.to,
        ),
        suggestions: [
          { label: `Replace with \`${list.clause}\``, from: list.from, to: list.to, insert: list.clause },
        ],
      });
      return null;
    }
    if (known?.write) {
      const insert = known.write === 'not' ? 'not ' : known.write;
      suggestions.push({
        label: `Replace with \`${known.write}\``,
        from: opNode.from,
        to: opNode.to,
        insert,
      });
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
    return known?.write ?? null;
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
      const documented = documentedDatetime(value);
      this.diagnostics.push(
        syntax(
          'badDatetime',
          documented
            ? `CroQL does not take ISO 8601 datetimes like ${clip(raw)}: write '${documented}' (the same instant in UTC).`
            : `${clip(raw)} is not a datetime: write ${DATETIME_FORMS_TEXT} (UTC).`,
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
    if (isExpression(child)) out.push(child);
  return out;
}

/** Nodes that nest nothing (parentheses start their own count). */
const LEAVES = new Set(['Number', 'String', 'Datetime', 'Mention', 'Identifier', 'ParenExpr']);

/**
 * Whether a node is in the grammar's Expression group, by node type id (`type.is('Expression')` compares
 * the name and searches the group list on each call; the builder asks it of every child).
 */
const EXPRESSION_IDS: readonly boolean[] = parser.nodeSet.types.map((t) => t.is('Expression'));
const isExpression = (node: SyntaxNode) => EXPRESSION_IDS[node.type.id] === true;

const ARITHMETIC_OPS: Record<string, ArithmeticOp> = { Plus: '+', Minus: '-', Times: '*', Divide: '/' };

const isAdditive = (op: ArithmeticOp) => op === '+' || op === '-';
const sameLevel = (a: ArithmeticOp, b: ArithmeticOp) => isAdditive(a) === isAdditive(b);

export function errorNode(text: string, from: number, to: number): ErrorNode {
  return { kind: 'error', text: text.slice(from, Math.min(to, from + 200)), from, to };
}

function span(node: SyntaxNode): Span {
  return { from: node.from, to: node.to };
}

/** Length of the word or symbol at `at`, for a diagnostic that underlines one token. */
function tokenLength(text: string, at: number): number {
  const m = /^(\w+|[^\s\w])/u.exec(text.slice(at, at + 100));
  return m ? m[0].length : 1;
}
