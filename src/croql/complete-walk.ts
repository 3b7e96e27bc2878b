// Where the cursor is, for completion (complete.ts): like CodeMirror's SQL completion it reads the tokens
// before the cursor rather than a finished tree (the text at the cursor is usually half-typed). A small state
// machine walks them, keeping per parenthesis group the scope chain (`where (` and `with (` push the
// element's type), the pending `A of` members and the type of the last operand, so completion can decide
// whether a field, a member, a value or an operator comes next. Names resolve as the checker resolves them.
import { memberOf, resolveName } from './check.ts';
import type { Token } from './lex.ts';
import { COMPARISON_SPELLINGS, FOREIGN_LOGIC, FOREIGN_OPERATOR_WORDS } from './operators.ts';
import { rootType, USER_OBJECT } from './schema.ts';
import type { FieldDef, ListingName, TypeInfo } from './types.ts';

export const UNKNOWN: TypeInfo = { kind: 'unknown' };

interface Operand {
  /** Type of the innermost operand so far (`translations` in `count of translations where (…)`). */
  atom: TypeInfo | null;
  atomField: FieldDef | null;
  /** `A of`: member names waiting for their object, outermost first. */
  pending: string[];
}

export interface Frame extends Operand {
  scopes: string[];
  expectOperand: boolean;
  /** The comparison in progress: its left operand's type and field, and the operator. */
  lhs: { type: TypeInfo; field: FieldDef | null; owner: string | null; op: string } | null;
  /** 1 after `between`, 2 after its `and`. */
  between: 0 | 1 | 2;
  /** `where`/`with` just read: the next `(` opens the element's scope. */
  filterSubject: TypeInfo | null;
  /** How this group was opened. */
  opener: 'root' | 'group' | 'filter';
  inIf: number;
  lastWasName: string | null;
  lastOwner: string | null;
}

function newFrame(scopes: string[], opener: Frame['opener']): Frame {
  return {
    scopes,
    atom: null,
    atomField: null,
    pending: [],
    expectOperand: true,
    lhs: null,
    between: 0,
    filterSubject: null,
    opener,
    inIf: 0,
    lastWasName: null,
    lastOwner: null,
  };
}

/** Applies pending `of` members to the atom: the final type of the operand. */
export function finalType(f: Operand): { type: TypeInfo; field: FieldDef | null; owner: string | null } {
  let type: TypeInfo = f.atom ?? UNKNOWN;
  let field = f.atomField;
  let owner: string | null = null;
  for (let i = f.pending.length - 1; i >= 0; i--) {
    owner = type.kind === 'object' ? type.objectType : null;
    const m = memberOf(type, f.pending[i]!);
    field = m ?? null;
    type = m ? m.type : UNKNOWN;
  }
  return { type, field, owner };
}

export class Walker {
  readonly stack: Frame[];
  constructor(
    listing: ListingName,
    private readonly text: string,
  ) {
    this.stack = [newFrame([rootType(listing)], 'root')];
  }
  get top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private finishOperand(f: Frame) {
    const done = finalType(f);
    f.atom = done.type;
    f.atomField = done.field;
    f.lastOwner = done.owner;
    f.pending = [];
  }

  private resetClause(f: Frame) {
    f.lhs = null;
    f.between = 0;
    f.atom = null;
    f.atomField = null;
    f.pending = [];
    f.expectOperand = true;
  }

  /** Feeds one token; `next` is the token after it (to tell `A of` from a finished name). */
  feed(t: Token, next: Token | undefined) {
    const f = this.top;
    const wasName = f.lastWasName;
    f.lastWasName = null;
    switch (t.kind) {
      case 'name': {
        const name = t.words.map((w) => w.text).join(' ');
        if (next && next.kind === 'keyword' && next.value === 'of') {
          f.pending.push(name);
        } else {
          const r = resolveName(f.scopes, name);
          f.atom = r ? r.field.type : UNKNOWN;
          f.atomField = r ? r.field : null;
          f.expectOperand = false;
          f.lastWasName = name;
        }
        break;
      }
      case 'number': {
        const integer = !this.text.slice(t.from, t.to).includes('.');
        this.literal(f, { kind: 'scalar', type: integer ? 'integer' : 'float' });
        break;
      }
      case 'string':
        this.literal(f, { kind: 'scalar', type: 'string' });
        break;
      case 'datetime':
        this.literal(f, { kind: 'scalar', type: 'datetime' });
        break;
      case 'mention':
        this.literal(f, { kind: 'scalar', type: t.mentionKind === 'user' ? 'user' : 'language' });
        break;
      case 'lparen': {
        if (f.filterSubject) {
          const s = f.filterSubject;
          const inner =
            s.kind === 'collection'
              ? s.elementType
              : s.kind === 'object'
                ? s.objectType
                : s.kind === 'scalar' && s.type === 'user'
                  ? USER_OBJECT
                  : null;
          f.filterSubject = null;
          this.stack.push(newFrame(inner ? [...f.scopes, inner] : [...f.scopes], 'filter'));
        } else {
          this.stack.push(newFrame([...f.scopes], 'group'));
        }
        break;
      }
      case 'rparen': {
        if (this.stack.length === 1) break;
        const closed = this.stack.pop()!;
        const parent = this.top;
        if (closed.opener === 'group') {
          this.finishOperand(closed);
          // `( … )` as an operand: a comparison or logic inside makes it a condition.
          parent.atom =
            closed.lhs || closed.atom === null ? { kind: 'scalar', type: 'boolean' } : closed.atom;
          parent.atomField = null;
        }
        // After `X where (…)` the atom stays X's collection; `with (…)` is a condition.
        else if (parent.atom && parent.atom.kind === 'object') {
          parent.atom = { kind: 'scalar', type: 'boolean' };
        }
        parent.expectOperand = false;
        break;
      }
      case 'keyword':
        this.keyword(f, t.value, wasName);
        break;
      case 'op':
        this.operator(f, t.value);
        break;
    }
  }

  private literal(f: Frame, type: TypeInfo) {
    f.atom = type;
    f.atomField = null;
    f.expectOperand = false;
  }

  private keyword(f: Frame, value: string, wasName: string | null) {
    // `in`, `like`: another language's comparison; what follows is still its right side.
    if (FOREIGN_OPERATOR_WORDS.has(value)) return this.startComparison(f, value);
    switch (value) {
      case 'of':
        // A name followed by `of` is already in `pending`.
        if (wasName) f.pending.push(wasName);
        f.expectOperand = true;
        return;
      case 'where':
      case 'with':
        f.filterSubject = f.atom ?? UNKNOWN;
        f.expectOperand = true;
        return;
      case 'between':
        this.startComparison(f, 'between');
        f.between = 1;
        return;
      case 'contains':
        this.startComparison(f, value);
        return;
      case 'and':
        if (f.between === 1) {
          f.between = 2;
          f.expectOperand = true;
          return;
        }
        this.resetClause(f);
        return;
      case 'or':
      case 'xor':
      case 'not':
        this.resetClause(f);
        return;
      case 'if':
        f.inIf++;
        this.resetClause(f);
        return;
      case 'then':
        this.resetClause(f);
        return;
      case 'else':
        f.inIf = Math.max(0, f.inIf - 1);
        this.resetClause(f);
        return;
    }
  }

  private startComparison(f: Frame, op: string) {
    this.finishOperand(f);
    f.lhs = { type: f.atom ?? UNKNOWN, field: f.atomField, owner: f.lastOwner, op };
    f.atom = null;
    f.atomField = null;
    f.expectOperand = true;
  }

  private operator(f: Frame, value: string) {
    if (COMPARISON_SPELLINGS.has(value)) return this.startComparison(f, value);
    if (FOREIGN_LOGIC.has(value)) return this.resetClause(f);
    // Arithmetic: the comparison (if any) keeps its left side.
    this.finishOperand(f);
    f.expectOperand = true;
  }
}
