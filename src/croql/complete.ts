// complete(text, pos, context, values?): editor-agnostic completion. Like CodeMirror's SQL completion it
// reads the tokens before the cursor rather than a finished tree (the text at the cursor is usually
// half-typed): a small state machine walks them, keeping per parenthesis group the scope chain (`where (`
// and `with (` push the element's type), the pending `A of` members and the type of the last operand, and
// from that decides whether a field, a member, a value or an operator comes next.
import { specQueries } from './corpus.ts';
import { lex, type Token, type Word } from './lex.ts';
import { memberField, resolveInScopes, UNKNOWN, type ValueType } from './resolve.ts';
import {
  countField,
  describeFieldType,
  fieldsOf,
  lookupField,
  normalizeName,
  rootType,
  schema,
} from './schema.ts';
import type { CompletionItem, CompletionResult, ContextName, FieldDef, LiveValues } from './types.ts';

// ---------------------------------------------------------------------------------------------------------
// The walk over the tokens before the cursor

interface Operand {
  /** Type of the innermost operand so far (`translations` in `count of translations where (…)`). */
  atom: ValueType | null;
  atomField: FieldDef | null;
  /** `A of`: member names waiting for their object, outermost first. */
  pending: string[];
}

interface Frame extends Operand {
  scopes: string[];
  expectOperand: boolean;
  /** The comparison in progress: its left operand's type and field, and the operator. */
  lhs: { type: ValueType; field: FieldDef | null; owner: string | null; op: string } | null;
  /** 1 after `between`, 2 after its `and`. */
  between: 0 | 1 | 2;
  /** `where`/`with` just read: the next `(` opens the element's scope. */
  filterSubject: ValueType | null;
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
function finalType(f: Operand): { type: ValueType; field: FieldDef | null; owner: string | null } {
  let type: ValueType = f.atom ?? UNKNOWN;
  let field = f.atomField;
  let owner: string | null = null;
  for (let i = f.pending.length - 1; i >= 0; i--) {
    owner = type.kind === 'object' ? type.objectType : null;
    const m = memberField(type, f.pending[i]!);
    field = m ?? null;
    type = m ? m.type : UNKNOWN;
  }
  return { type, field, owner };
}

const COMPARISON_OPS = new Set(['=', '!=', '>', '>=', '<', '<=', '≠', '≥', '≤', '==', '===', '!==', '<>']);

class Walker {
  readonly stack: Frame[];
  constructor(context: ContextName) {
    this.stack = [newFrame([rootType(context)], 'root')];
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
          const r = resolveInScopes(f.scopes, name);
          f.atom = r ? r.field.type : UNKNOWN;
          f.atomField = r ? r.field : null;
          f.expectOperand = false;
          f.lastWasName = name;
        }
        break;
      }
      case 'number':
        this.literal(f, { kind: 'scalar', type: 'integer' });
        break;
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
          const inner = s.kind === 'collection' ? s.elementType : s.kind === 'object' ? s.objectType : null;
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

  private literal(f: Frame, type: ValueType) {
    f.atom = type;
    f.atomField = null;
    f.expectOperand = false;
  }

  private keyword(f: Frame, value: string, wasName: string | null) {
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
      case 'in':
      case 'like':
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
    if (COMPARISON_OPS.has(value)) return this.startComparison(f, value);
    if (value === '&&' || value === '||' || value === '!' || value === '&' || value === '|') {
      return this.resetClause(f);
    }
    // Arithmetic: the comparison (if any) keeps its left side.
    this.finishOperand(f);
    f.expectOperand = true;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Items

const OPERATOR_DOCS: Record<string, string> = {
  '=': 'equal (exact and case-sensitive on text)',
  '!=': 'not equal',
  '>': 'greater than',
  '>=': 'greater than or equal',
  '<': 'less than',
  '<=': 'less than or equal',
  contains: 'case-insensitive substring test',
  between: 'inclusive range: `x between a and b`',
  '+': 'add',
  '-': 'subtract',
  '*': 'multiply',
  '/': 'divide (by zero gives no value)',
  and: 'both conditions hold',
  or: 'either condition holds',
  xor: 'exactly one of the two conditions holds',
  where: 'keep the elements of a collection for which a condition holds: `translations where (…)`',
  with: 'test a condition on an object: `file with (name = "a.json")`',
  of: 'member of an object or collection: `count of translations`, `id of file`',
  then: 'the value when the `if` condition holds',
  else: 'the value otherwise',
};

function fieldItem(field: FieldDef, boost: number, apply = field.name): CompletionItem {
  const detail = describeFieldType(field.type) + (field.enterpriseOnly ? ' · enterprise only' : '');
  return { label: field.name, kind: 'field', apply, detail, description: field.description, boost };
}

function opItem(op: string, boost = 0): CompletionItem {
  const word = /^[a-z]/.test(op);
  return {
    label: op,
    kind: word ? 'keyword' : 'operator',
    apply: word ? op + ' ' : op + ' ',
    detail: word ? 'keyword' : 'operator',
    description: OPERATOR_DOCS[op],
    boost,
  };
}

const escapeString = (s: string) => s.replace(/[\\"]/g, (c) => '\\' + c);

/** The spec's query patterns with their demo values turned into snippet placeholders. */
function snippetText(query: string): string {
  let datetimes = 0;
  return query
    .replace(/@user:"[^"]*"/g, '@user:"${username}"')
    .replace(/@language:"[^"]*"/g, '@language:"${language}"')
    .replace(/(?<!@user:|@language:)"(?!\$\{)[^"]*"/g, '"${text}"')
    .replace(/'[^']*'/g, () => (datetimes++ === 0 ? "'${from}'" : "'${to}'"))
    .replace(/id of file = \d+/g, 'id of file = ${file_id}');
}

const SNIPPETS: Record<ContextName, CompletionItem[]> = (() => {
  const out: Record<ContextName, CompletionItem[]> = {
    strings: [],
    translations: [],
    tmSegments: [],
    glossaryTerms: [],
  };
  for (const q of specQueries) {
    out[q.context].push({
      label: q.intent,
      kind: 'snippet',
      apply: snippetText(q.text),
      detail: 'pattern',
      description: q.text,
      boost: -10,
    });
  }
  return out;
})();

/** Keeps items whose label, or one of its words, starts with what was typed (an editor re-filters anyway). */
function matches(prefix: string, label: string): boolean {
  if (!prefix) return true;
  const p = prefix.toLowerCase().replace(/\s+/g, ' ');
  const l = label.toLowerCase();
  if (l.startsWith(p)) return true;
  for (let i = l.indexOf(' '); i >= 0; i = l.indexOf(' ', i + 1)) if (l.startsWith(p, i + 1)) return true;
  // camelCase words: `count` finds `usageCount`.
  const camel = label.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return camel !== l && matches(prefix, camel);
}

function comparableGroup(t: ValueType): string | null {
  if (t.kind !== 'scalar') return null;
  if (t.type === 'integer' || t.type === 'float') return 'number';
  if (t.type === 'language') return 'string';
  return t.type;
}

function lookupType(item: CompletionItem, scopes: readonly string[]): ValueType {
  return resolveInScopes(scopes, item.label)?.field.type ?? UNKNOWN;
}

// ---------------------------------------------------------------------------------------------------------
// complete

export function complete(
  text: string,
  pos: number,
  context: ContextName,
  values: LiveValues = {},
): CompletionResult | null {
  try {
    return new Completer(text, Math.max(0, Math.min(pos, text.length)), context, values).run();
  } catch {
    return null;
  }
}

class Completer {
  private readonly tokens: Token[];
  constructor(
    private readonly text: string,
    private readonly pos: number,
    private readonly context: ContextName,
    private readonly values: LiveValues,
  ) {
    // Only the text up to the cursor matters (plus the rest of a word the cursor is in).
    this.tokens = lex(text.slice(0, pos));
  }

  run(): CompletionResult | null {
    const { tokens, pos } = this;
    const last = tokens[tokens.length - 1];
    const touching = last && last.to === pos ? last : undefined;

    // Inside a quoted value: mention values, enum values, label titles.
    if (touching && (touching.kind === 'string' || touching.kind === 'mention')) {
      return this.insideQuotes(touching, tokens.slice(0, -1));
    }
    if (touching && (touching.kind === 'number' || touching.kind === 'datetime')) return null;

    // The partial word at the cursor: a name run (maybe a multi-word name) or a keyword being typed.
    let before = tokens;
    let partial: { from: number; text: string } | null = null;
    if (touching && (touching.kind === 'name' || touching.kind === 'keyword')) {
      before = tokens.slice(0, -1);
      const split = touching.kind === 'name' ? this.splitRun(touching.words, before) : null;
      if (split) {
        before = [...before, split.head];
        partial = split.partial;
      } else {
        partial = { from: touching.from, text: this.text.slice(touching.from, pos) };
      }
    } else if (last && last.kind === 'name' && last.to < pos) {
      // `is |`: a name that only makes sense as the start of a longer one continues.
      const typed = normalizeName(this.text.slice(last.from, pos)) + ' ';
      const walker = this.walk(tokens.slice(0, -1));
      const scopes = walker.top.scopes;
      const whole = resolveInScopes(scopes, typed.trim());
      if (!whole && this.scopeFields(scopes).some((f) => f.name.startsWith(typed))) {
        return this.result(last.from, this.fieldItems(walker, typed), this.text.slice(last.from, pos));
      }
    } else if (touching && touching.kind === 'op') {
      // Right after a symbol: complete what follows it once a space is typed.
      if (touching.value !== '(' && !COMPARISON_OPS.has(touching.value)) return null;
    }

    const from = partial ? partial.from : pos;
    const walker = this.walk(before);
    const f = walker.top;
    const items = f.expectOperand ? this.operandItems(walker, before) : this.operatorItems(walker);
    return this.result(from, items, partial?.text ?? '');
  }

  private result(from: number, items: CompletionItem[], typed: string): CompletionResult | null {
    const kept = items.filter((i) => matches(typed, i.label));
    if (!kept.length) return null;
    let to = this.pos;
    while (to < this.text.length && /[A-Za-z0-9_]/.test(this.text[to]!)) to++;
    return { from, to, items: kept };
  }

  private walk(tokens: Token[]): Walker {
    const walker = new Walker(this.context);
    for (let i = 0; i < tokens.length; i++) walker.feed(tokens[i]!, tokens[i + 1]);
    return walker;
  }

  /**
   * A run of words ending at the cursor: when the whole run is not the start of a field name, its leading
   * words may be a finished name and the last word the start of a keyword (`translations wh`).
   */
  private splitRun(
    words: Word[],
    before: Token[],
  ): { head: Token; partial: { from: number; text: string } } | null {
    if (words.length < 2) return null;
    const scopes = this.walk(before).top.scopes;
    const runText = words.map((w) => w.text).join(' ');
    const fields = this.scopeFields(scopes);
    if (fields.some((f) => f.name.startsWith(runText)) || runText === 'count') return null;
    for (let k = words.length - 1; k >= 1; k--) {
      const head = words.slice(0, k);
      const name = head.map((w) => w.text).join(' ');
      const known = resolveInScopes(scopes, name) || name === 'count' || this.isMemberName(name);
      if (!known) continue;
      const rest = words[k]!;
      return {
        head: { kind: 'name', from: head[0]!.from, to: head[k - 1]!.to, words: head },
        partial: { from: rest.from, text: this.text.slice(rest.from, this.pos) },
      };
    }
    return null;
  }

  private isMemberName(name: string): boolean {
    return Object.values(schema.types).some((t) => !!lookupField(t.name, name));
  }

  private scopeFields(scopes: readonly string[]): FieldDef[] {
    const out: FieldDef[] = [];
    for (let i = scopes.length - 1; i >= 0; i--) out.push(...fieldsOf(scopes[i]!));
    return out;
  }

  /** Fields in scope, the innermost scope first; an outer field hidden by an inner one is left out. */
  private fieldItems(walker: Walker, prefix = ''): CompletionItem[] {
    const scopes = walker.top.scopes;
    const seen = new Set<string>();
    const items: CompletionItem[] = [];
    for (let i = scopes.length - 1; i >= 0; i--) {
      for (const field of fieldsOf(scopes[i]!)) {
        if (seen.has(field.name) || !field.name.startsWith(prefix.trimEnd() ? prefix : '')) continue;
        seen.add(field.name);
        items.push(fieldItem(field, 10 * (i - scopes.length + 1) + 5));
      }
    }
    return items;
  }

  private operandItems(walker: Walker, before: Token[]): CompletionItem[] {
    const f = walker.top;
    const prev = before[before.length - 1];
    // `A of |`: what has a member A. `count of` → collections; `id of` → objects with an id.
    if (prev && prev.kind === 'keyword' && prev.value === 'of' && f.pending.length) {
      return this.ownerItems(f.scopes, f.pending[f.pending.length - 1]!);
    }
    const items: CompletionItem[] = [];
    if (f.lhs) items.push(...this.valueItems(f.lhs, f.scopes));
    const fields = this.fieldItems(walker);
    if (f.lhs) {
      // The right side of a comparison: fields of a comparable type, after the values.
      const group = comparableGroup(f.lhs.type);
      const fitting = group
        ? fields.filter((i) => comparableGroup(lookupType(i, f.scopes)) === group)
        : fields;
      items.push(...fitting.map((i) => ({ ...i, boost: (i.boost ?? 0) - 20 })));
    } else {
      items.push(...fields);
    }
    items.push({
      label: 'count of',
      kind: 'keyword',
      apply: 'count of ',
      detail: 'integer',
      description: countField.description,
      boost: f.lhs ? -15 : 0,
    });
    if (!f.lhs && !f.between) {
      items.push(
        {
          label: 'not',
          kind: 'keyword',
          apply: 'not ',
          detail: 'keyword',
          description: 'negates a condition',
          boost: -1,
        },
        {
          label: 'if',
          kind: 'keyword',
          apply: 'if ',
          detail: 'keyword',
          description: '`if C then A else B`',
          boost: -5,
        },
      );
      if (walker.stack.length === 1) items.push(...SNIPPETS[this.context]);
    }
    if (!f.lhs) items.push(...this.mentionStarters());
    return items;
  }

  private mentionStarters(): CompletionItem[] {
    return [
      // Snippets, so the editor puts the cursor between the quotes.
      { label: '@user:""', kind: 'snippet', apply: '@user:"${username}"', detail: 'user mention', boost: -8 },
      {
        label: '@language:""',
        kind: 'snippet',
        apply: '@language:"${code}"',
        detail: 'language mention',
        boost: -8,
      },
    ];
  }

  /** Collections (for `count of`) or objects having the member `name`, in scope. */
  private ownerItems(scopes: readonly string[], member: string): CompletionItem[] {
    const items: CompletionItem[] = [];
    const seen = new Set<string>();
    for (let i = scopes.length - 1; i >= 0; i--) {
      for (const field of fieldsOf(scopes[i]!)) {
        if (seen.has(field.name)) continue;
        const ok = memberField(field.type, member) !== undefined;
        if (!ok) continue;
        seen.add(field.name);
        items.push(fieldItem(field, 10 * (i - scopes.length + 1) + 5));
      }
    }
    return items;
  }

  /** Values that fit the right side of a comparison with `lhs`. */
  private valueItems(lhs: NonNullable<Frame['lhs']>, scopes: readonly string[]): CompletionItem[] {
    const t = lhs.type;
    const items: CompletionItem[] = [];
    const boost = 20;
    if (t.kind === 'scalar' && t.type === 'datetime') {
      items.push(
        {
          label: "'today'",
          kind: 'value',
          apply: "'today'",
          detail: 'datetime',
          description: 'Midnight UTC today',
          boost,
        },
        {
          label: "'YYYY-MM-DD'",
          kind: 'snippet',
          apply: "'${YYYY-MM-DD}'",
          detail: 'datetime',
          boost: boost - 1,
        },
        {
          label: "'YYYY-MM-DD HH:MM:SS'",
          kind: 'snippet',
          apply: "'${YYYY-MM-DD HH:MM:SS}'",
          detail: 'datetime (UTC)',
          boost: boost - 2,
        },
      );
    }
    if (t.kind !== 'scalar') return items;
    if (t.type === 'user') {
      for (const u of this.values.users ?? []) {
        items.push({
          label: `@user:"${u.username}"`,
          kind: 'mention',
          apply: `@user:"${escapeString(u.username)}"`,
          detail: u.fullName ?? `user ${u.id}`,
          boost,
        });
      }
      items.push(this.mentionStarters()[0]!);
    }
    if (t.type === 'language') {
      for (const l of this.values.languages ?? []) {
        items.push({
          label: `@language:"${l.id}"`,
          kind: 'mention',
          apply: `@language:"${escapeString(l.id)}"`,
          detail: l.name ?? 'language',
          boost,
        });
      }
      items.push(this.mentionStarters()[1]!);
    }
    if (t.type === 'string' && lhs.field?.enumValues && (lhs.op === '=' || lhs.op === '!=')) {
      for (const v of lhs.field.enumValues) {
        items.push({
          label: `"${v}"`,
          kind: 'value',
          apply: `"${escapeString(v)}"`,
          detail: lhs.field.name,
          boost,
        });
      }
    }
    const element = scopes[scopes.length - 1];
    if (lhs.field?.key === 'id' && lhs.owner === 'file') {
      for (const file of this.values.files ?? []) {
        items.push({
          label: file.name,
          kind: 'value',
          apply: String(file.id),
          detail: `file ${file.id}`,
          description: file.path,
          boost,
        });
      }
    }
    if (element === 'label' && lhs.field && !lhs.owner) {
      for (const label of this.values.labels ?? []) {
        if (lhs.field.key === 'id') {
          items.push({
            label: label.title,
            kind: 'value',
            apply: String(label.id),
            detail: `label ${label.id}`,
            boost,
          });
        } else if (lhs.field.key === 'title') {
          items.push({
            label: `"${label.title}"`,
            kind: 'value',
            apply: `"${escapeString(label.title)}"`,
            detail: `label ${label.id}`,
            boost,
          });
        }
      }
    }
    return items;
  }

  private operatorItems(walker: Walker): CompletionItem[] {
    const f = walker.top;
    const items: CompletionItem[] = [];
    // `x between a |`: only its `and`.
    if (f.between === 1) return [opItem('and', 10)];
    const { type } = finalType(f);
    const atom = f.atom ?? UNKNOWN;
    if (f.pending.length === 0 && f.lastWasName && this.ownerItems(f.scopes, f.lastWasName).length) {
      items.push(opItem('of', atom.kind === 'unknown' ? 10 : -5));
    }
    if (f.lastWasName === 'count' && !items.length) items.push(opItem('of', 10));
    if (atom.kind === 'collection') items.push(opItem('where', 8));
    if (atom.kind === 'object' && f.pending.length === 0) items.push(opItem('with', 8));
    const comparing = f.lhs !== null;
    if (type.kind === 'scalar' && !comparing) {
      const ordered = ['=', '!=', '>', '>=', '<', '<='];
      switch (type.type) {
        case 'integer':
        case 'float':
          items.push(...ordered.map((o) => opItem(o, 5)), opItem('between', 4));
          items.push(...['+', '-', '*', '/'].map((o) => opItem(o, 1)));
          break;
        case 'datetime':
          items.push(...ordered.map((o) => opItem(o, 5)), opItem('between', 6));
          break;
        case 'string':
          items.push(opItem('=', 6), opItem('!=', 5), opItem('contains', 6));
          break;
        case 'language':
          items.push(opItem('=', 6), opItem('!=', 5), opItem('contains', 1));
          break;
        case 'user':
          items.push(opItem('=', 6), opItem('!=', 5));
          break;
        case 'boolean':
          break;
      }
    }
    if (comparing && type.kind === 'scalar' && (type.type === 'integer' || type.type === 'float')) {
      items.push(...['+', '-', '*', '/'].map((o) => opItem(o, 1)));
    }
    const isCondition =
      comparing || (type.kind === 'scalar' && type.type === 'boolean') || type.kind === 'unknown';
    if (isCondition) {
      items.push(opItem('and', 3), opItem('or', 3), opItem('xor', 1));
      if (f.inIf > 0) items.push(opItem('then', 4));
    }
    if (f.inIf > 0 && !isCondition) items.push(opItem('else', 4));
    return items;
  }

  /** The cursor is inside `"…` or `@kind:"…`. */
  private insideQuotes(token: Token, before: Token[]): CompletionResult | null {
    const text = this.text;
    if (token.kind === 'mention') {
      if (!token.quote) {
        // `@`, `@us`, `@user:`: the mention starters, with values when there are any.
        const lhs = this.walk(before).top.lhs;
        const forLhs = lhs ? this.valueItems(lhs, []).filter((i) => i.label.startsWith('@')) : [];
        const items = forLhs.length ? forLhs : this.mentionStarters();
        return this.result(token.from, items, text.slice(token.from, this.pos));
      }
      if (token.quote.closed && this.pos >= token.quote.to) return null;
      const q = this.quoteInFullText(token.quote.from);
      const from = q.from + 1;
      const close = q.closed ? '' : '"';
      const typed = text.slice(from, this.pos);
      const items: CompletionItem[] = [];
      if (token.mentionKind === 'user') {
        for (const u of this.values.users ?? []) {
          items.push({
            label: u.username,
            kind: 'mention',
            apply: escapeString(u.username) + close,
            detail: u.fullName ?? `user ${u.id}`,
          });
        }
      } else if (token.mentionKind === 'language') {
        for (const l of this.values.languages ?? []) {
          items.push({
            label: l.id,
            kind: 'mention',
            apply: escapeString(l.id) + close,
            detail: l.name ?? 'language',
          });
        }
      }
      return this.quotedResult(from, q.closed ? q.to - 1 : this.pos, items, typed);
    }
    // A plain string: enum values or label titles for the field compared.
    if (token.kind !== 'string') return null;
    if (token.closed && this.pos >= token.to) return null;
    token = { ...token, ...this.quoteInFullText(token.from) };
    const lhs = this.walk(before).top.lhs;
    if (!lhs) return null;
    const from = token.from + 1;
    const close = token.closed ? '' : '"';
    const values = this.valueItems(lhs, this.walk(before).top.scopes)
      .filter((i) => i.apply.startsWith('"'))
      .map((i) => {
        const inner = i.apply.slice(1, -1);
        return { ...i, label: inner, apply: inner + close };
      });
    if (lhs.type.kind === 'scalar' && lhs.type.type === 'language') {
      for (const l of this.values.languages ?? []) {
        values.push({
          label: l.id,
          kind: 'value',
          apply: escapeString(l.id) + close,
          detail: l.name ?? 'language',
        });
      }
    }
    return this.quotedResult(
      from,
      token.closed ? token.to - 1 : this.pos,
      values,
      text.slice(from, this.pos),
    );
  }

  /** The cursor's quoted literal in the whole text (the tokens only see the text before the cursor). */
  private quoteInFullText(from: number): { from: number; to: number; closed: boolean } {
    const text = this.text;
    for (let i = from + 1; i < text.length; i++) {
      if (text[i] === '\\') i++;
      else if (text[i] === '"') return { from, to: i + 1, closed: true };
    }
    return { from, to: text.length, closed: false };
  }

  private quotedResult(
    from: number,
    to: number,
    items: CompletionItem[],
    typed: string,
  ): CompletionResult | null {
    const kept = items.filter((i) => matches(typed, i.label));
    return kept.length ? { from, to: Math.max(to, this.pos), items: kept } : null;
  }
}
