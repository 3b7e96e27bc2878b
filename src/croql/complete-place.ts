// Where the cursor is, for complete.ts: the checked model of the text before the cursor (with a stand-in
// operand, closed as the syntax there needs) says the scopes at an operand's place, and the left side of the
// comparison in progress; or, where an operator goes, the type of the operand that ends there.
import type { Tree } from '@lezer/common';
import type { LRParser } from '@lezer/lr';
import { analyze } from './check.ts';
import { closers, scan, type Syntax } from './complete-syntax.ts';
import { lex, type Token } from './lex.ts';
import { fieldOf, locate } from './locate.ts';
import { changedRange, incrementalParser, reparse } from './reparse.ts';
import { rootType } from './schema.ts';
import type { AnalyzeResult, Edition, Expr, FieldDef, ListingName, LiveValues, TypeInfo } from './types.ts';

/**
 * A clean Lezer tree of a text like the one completed, and `parser`, the parser that made it when not the
 * core's incrementalParser (CompleteOptions.base).
 */
export type CompletionBase = { text: string; tree: Tree; parser?: LRParser };

export const UNKNOWN: TypeInfo = { kind: 'unknown' };

/** The left side of the comparison whose right side is at the cursor, and its operator as written. */
export interface Lhs {
  type: TypeInfo;
  field: FieldDef | null;
  /** The object type that has the field (`file` in `id of file`, `label` for `id` inside `labels where`). */
  owner: string | null;
  op: string;
}

/** Where an operand goes at the cursor, as the checked model sees it. */
export interface OperandPlace {
  scopes: readonly string[];
  /** `A of |`: the member A, whose object comes next. */
  member: string | null;
  lhs: Lhs | null;
  /** Outside any parentheses. */
  topLevel: boolean;
  /** Right after `where` or `with`, before any `(`. */
  afterFilter: boolean;
}

/** The operand that ends at the cursor, as the checked model sees it. */
export interface OperatorPlace {
  /** The scopes the operand was checked in. */
  scopes: readonly string[];
  /** The innermost operand's type (`translations` in `count of translations`) … */
  atom: TypeInfo;
  /** … and the type once the members waiting for it are applied (`count of translations`: an integer). */
  type: TypeInfo;
  /** Whether members wait for the atom (`count of` before `translations`). */
  pending: boolean;
  /** The atom's name when it is a bare name. */
  name: string | null;
  /** The operand is the right side of a comparison or `between`. */
  comparing: boolean;
  /** Inside an `if` not yet given its `else`. */
  inIf: boolean;
  /** After `between` and its low bound: only `and` comes next. */
  awaitingAnd: boolean;
}

/**
 * The last text analysed before a cursor and its model (analyze() with no options: the same text and
 * listing always give the same model, which nobody changes).
 */
let lastBefore: { text: string; listing: ListingName; model: AnalyzeResult } | null = null;

/** What stands for the operand at the cursor while the text before it is analysed: a plain number. */
const HOLE = '0';

/** The completer's question (the text, cursor, listing, values) and where in it an operand or operator goes. */
export abstract class PlaceFinder {
  protected readonly tokens: Token[];
  constructor(
    protected readonly text: string,
    protected readonly pos: number,
    protected readonly listing: ListingName,
    protected readonly values: LiveValues,
    protected readonly now: Date,
    protected readonly edition: Edition | undefined,
    protected readonly base: CompletionBase | undefined,
  ) {
    // Only the text up to the cursor matters (plus the rest of a word the cursor is in).
    this.tokens = lex(text.slice(0, pos));
  }

  /** The model of `text[0, end)` followed by `hole` and what finishes every open construct. */
  protected analyzeBefore(end: number, hole: string, syntax: Syntax): AnalyzeResult {
    const text = this.text.slice(0, end) + hole + closers(syntax);
    // Typing inside a literal or a word leaves the text before it alone: each keystroke asks again for
    // the model of the very same text, and gets the one analysed for the keystroke before.
    const known = lastBefore;
    if (known && known.text === text && known.listing === this.listing) return known.model;
    const model = this.analyzeText(text);
    lastBefore = { text, listing: this.listing, model };
    return model;
  }

  protected analyzeText(text: string): AnalyzeResult {
    const { base } = this;
    const tree = base
      ? reparse(base.parser ?? incrementalParser, text, {
          tree: base.tree,
          changes: [changedRange(base.text, text)],
        })
      : undefined;
    return analyze(text, this.listing, { tree });
  }

  /** An operand goes at `at` (after the tokens `before`): the scopes there, and what it is compared with. */
  protected operandAt(before: Token[], at: number): OperandPlace {
    const syntax = scan(before);
    const model = this.analyzeBefore(at, HOLE, syntax);
    const found = locate(model, at);
    const place: OperandPlace = {
      // Where the parser could not place the hole, the innermost node there still knows the scope.
      scopes: found?.info?.scopes ?? [rootType(this.listing)],
      member: null,
      lhs: null,
      topLevel: syntax.groups.length === 1,
      afterFilter: isFilterKeyword(before[before.length - 1]),
    };
    if (!found || found.node.kind !== 'number' || found.node.from !== at) return place;
    const { path } = found;
    const hole = path.length - 1;
    const parent = path[hole - 1];
    if (parent?.kind === 'member' && parent.object === found.node) place.member = parent.member.name;
    const up = comparisonAround(path, upArithmetic(path, hole), groupStart(syntax, before));
    if (up?.kind === 'comparison') {
      place.lhs = lhsOf(model, up.left, this.text.slice(up.opSpan.from, up.opSpan.to));
    } else if (up?.kind === 'between') {
      place.lhs = lhsOf(model, up.subject, 'between');
    }
    return place;
  }

  /** An operator goes after the tokens `before`: the operand that ends there. */
  protected operatorAt(before: Token[]): OperatorPlace {
    const syntax = scan(before);
    const group = syntax.groups[syntax.groups.length - 1]!;
    const place: OperatorPlace = {
      scopes: [rootType(this.listing)],
      atom: UNKNOWN,
      type: UNKNOWN,
      pending: false,
      name: null,
      comparing: false,
      inIf: group.ifs.length > 0,
      awaitingAnd: group.between === 1,
    };
    if (place.awaitingAnd) return place;
    const last = before[before.length - 1]!;
    const model = this.analyzeBefore(last.to, '', syntax);
    // The operand's last character; a node spanning it and ending with it is the operand.
    const found = locate(model, last.to - 1);
    if (!found) return place;
    const { path } = found;
    let a = -1;
    const opened = syntax.closedFrom === null ? undefined : before[syntax.closedFrom - 1];
    if (syntax.closedFrom !== null && !isFilterKeyword(opened)) {
      // `( … )` closed at the cursor: the operand is what the parentheses hold (they make no node).
      const inside = before[syntax.closedFrom]!.to;
      a = path.findIndex((n) => n.from >= inside);
    } else {
      for (let i = path.length - 1; i >= 0 && a < 0; i--) if (path[i]!.to === last.to) a = i;
    }
    if (a < 0) return place;
    const atom = path[a]!;
    // `count of translations`: the members waiting for the atom apply to it.
    const operand = upMembers(path, a);
    const atomInfo = model.nodes.get(atom);
    place.scopes = atomInfo?.scopes ?? place.scopes;
    place.atom = atomInfo?.type ?? UNKNOWN;
    place.type = model.nodes.get(path[operand]!)?.type ?? UNKNOWN;
    place.pending = operand !== a;
    place.name = atom.kind === 'identifier' ? atom.name : null;
    const start = groupStart(syntax, before);
    place.comparing = comparisonAround(path, upArithmetic(path, operand), start) !== null;
    return place;
  }
}

/** `where` and `with`: the parentheses after them hold a condition, not an operand of their own. */
const FILTERS = new Set(['where', 'with']);

/** Whether an operand comes next after these tokens (else an operator does). */
export function expectsOperand(before: readonly Token[]): boolean {
  const last = before[before.length - 1];
  if (!last) return true;
  return last.kind === 'lparen' || last.kind === 'keyword' || last.kind === 'op';
}

/** The left side of a comparison, as the checker typed it, with its operator as written. */
function lhsOf(model: AnalyzeResult, left: Expr, op: string): Lhs {
  const named = fieldOf(model, left);
  return {
    type: model.nodes.get(left)?.type ?? UNKNOWN,
    field: named?.field ?? null,
    owner: named?.owner ?? null,
    op,
  };
}

/** From `path[i]` up through the `A of …` whose object it is: the index of the whole member chain. */
function upMembers(path: readonly Expr[], i: number): number {
  for (let up = path[i - 1]; up?.kind === 'member' && up.object === path[i]; up = path[i - 1]) i--;
  return i;
}

/**
 * From `path[i]` up through the arithmetic and unary minus around it: arithmetic keeps the comparison it is
 * part of (`max length > 1 + |` still compares with `max length`).
 */
function upArithmetic(path: readonly Expr[], i: number): number {
  while (i > 0 && (path[i - 1]!.kind === 'arithmetic' || path[i - 1]!.kind === 'negate')) i--;
  return i;
}

/** Where the innermost open parenthesis group starts (0 outside any). */
function groupStart(syntax: Syntax, before: readonly Token[]): number {
  const open = syntax.groups[syntax.groups.length - 1]!.open;
  return open < 0 ? 0 : before[open]!.to;
}

/**
 * The comparison or `between` whose right side is `path[i]`, if it lies in the parenthesis group starting at
 * `start`: parentheses opened after its operator hold an expression of their own (`x = (a |`).
 */
function comparisonAround(
  path: readonly Expr[],
  i: number,
  start: number,
): Extract<Expr, { kind: 'comparison' | 'between' }> | null {
  const up = path[i - 1];
  if (!up || up.from < start) return null;
  if (up.kind === 'comparison' && up.right === path[i]) return up;
  if (up.kind === 'between' && up.subject !== path[i]) return up;
  return null;
}

export function isFilterKeyword(token: Token | undefined): boolean {
  return token?.kind === 'keyword' && FILTERS.has(token.value);
}
