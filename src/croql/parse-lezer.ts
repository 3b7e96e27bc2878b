// The Lezer driver: runs the grammar's parser (parser.ts) with a bound on its error recovery, and turns the
// error nodes of its tree into syntax diagnostics that say what is missing or unexpected.
import type { SyntaxNode, Tree } from '@lezer/common';
import { MAX_SYNTAX_DIAGNOSTICS, clip, syntax } from './parse-diagnostic.ts';
import { parser } from './parser.ts';
import type { Diagnostic, Span } from './types.ts';

export interface LezerResult {
  tree: Tree;
  /** Where recovery was given up, if it was. */
  stoppedAt: number | null;
  /**
   * The tree has no error node: Lezer never entered error recovery, the only place it makes them (or the
   * supplied tree was checked). Then treeErrors, a walk over every node, has nothing to find.
   */
  clean: boolean;
}

/**
 * The tree of `text`: `supplied` when it is a clean tree of exactly this text (an editor's incremental
 * parse), otherwise a fresh parse.
 */
export function lezerTree(text: string, supplied?: Tree): LezerResult {
  return supplied && isCleanTreeOf(supplied, text)
    ? { tree: supplied, stoppedAt: null, clean: true }
    : runLezer(text);
}

/**
 * Trees made without ever entering error recovery (reparse.ts marks them): they have no error node, so the
 * walk below has nothing to find. The editor supplies such a tree on every keystroke, and the walk visits
 * every node of it (a 28 KB query has tens of thousands).
 */
const knownClean = new WeakSet<Tree>();

export function markClean(tree: Tree): void {
  knownClean.add(tree);
}

/**
 * A supplied tree is used only when it spans the text and has no error nodes: such a tree is the one a fresh
 * parse gives, whereas trees with errors depend on where recovery was stopped (see runLezer).
 */
function isCleanTreeOf(tree: Tree, text: string): boolean {
  if (
    tree.length !== text.length ||
    tree.type.id !== parser.topNode.id ||
    tree.type.name !== parser.topNode.name
  )
    return false;
  if (knownClean.has(tree)) return true;
  // A cursor rather than tree.iterate: no callback made for every call (the editor supplies its tree on
  // every check).
  const cursor = tree.cursor();
  do if (cursor.type.isError) return false;
  while (cursor.next());
  return true;
}

/** Lezer's error recovery is costly; after this many errors, or steps spent recovering, the parse stops. */
const MAX_RECOVERIES = MAX_SYNTAX_DIAGNOSTICS;
const MAX_RECOVERING_STEPS = 400;

/**
 * Runs Lezer step by step, counting the times it enters error recovery (`recovering` is internal to
 * @lezer/lr's Parse; without it the parse simply runs to the end). Deterministic, unlike a time budget.
 */
function runLezer(text: string): LezerResult {
  const parse = parser.startParse(text);
  const internals = parse as unknown as { recovering?: number };
  // Without the internal counter (a Lezer that renamed it), no tree is taken for clean unchecked.
  const observed = typeof internals.recovering === 'number';
  let recoveries = 0;
  let recoveringSteps = 0;
  let wasRecovering = false;
  let everRecovered = false;
  let stoppedAt: number | null = null;
  for (;;) {
    const tree = parse.advance();
    // Checked after the last step too: a parse that fails at the end recovers in the step that finishes.
    const recovering = (internals.recovering ?? 0) > 0;
    everRecovered ||= recovering;
    if (tree) return { tree, stoppedAt, clean: observed && !everRecovered && stoppedAt === null };
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

/**
 * One diagnostic per error node of the tree, except inside `skip`: ranges already reported as a whole (too
 * deeply nested, where Lezer's own recovery from its stack limit adds noise).
 */
export function treeErrors(tree: Tree, text: string, skip: readonly Span[] = []): Diagnostic[] {
  const found: Diagnostic[] = [];
  const cursor = tree.cursor();
  do {
    if (!cursor.type.isError) continue;
    if (found.length >= MAX_SYNTAX_DIAGNOSTICS) break;
    const { from, to } = cursor;
    if (skip.some((s) => from >= s.from && to <= s.to)) continue;
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
