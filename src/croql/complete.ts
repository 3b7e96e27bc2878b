// complete(text, pos, listing, values?): editor-agnostic completion. The tokens before the cursor say what
// kind of thing comes next (complete-syntax.ts: an operand or an operator, inside quotes, a partial word);
// the checked model of the text before the cursor (check.ts, read through locate.ts) says the scopes there
// and the type, field and owner of the operand before it, or of the left side of the comparison in
// progress. The operator table (operators.ts) says which operators follow an operand of each type and what
// their right side may be; complete-values.ts says which values fit, and complete-items.ts makes the items.
import { memberOf, resolveName } from './check.ts';
import {
  datetimeItems,
  equivalentItem,
  fieldItem,
  matches,
  mentionStarters,
  opItem,
  SNIPPETS,
} from './complete-items.ts';
import {
  expectsOperand,
  PlaceFinder,
  type CompletionBase,
  type OperandPlace,
  type OperatorPlace,
} from './complete-place.ts';
import { mentionValues, quoteAt, valueItems } from './complete-values.ts';
import { escapeString } from './literals.ts';
import type { Token, Word } from './lex.ts';
import {
  CANONICAL_SPELLING,
  COMPARISON_SPELLINGS,
  FOREIGN_OPERATORS,
  operatorsAfter,
  rightTypes,
  type OperatorDef,
  type OperatorName,
} from './operators.ts';
import {
  allFieldNames,
  countField,
  EQUIVALENT_EXPRESSIONS,
  fieldsOf,
  lookupField,
  normalizeName,
  schema,
} from './schema.ts';
import type {
  CompletionItem,
  CompletionResult,
  Edition,
  FieldDef,
  ListingName,
  LiveValues,
  ScalarType,
  TypeInfo,
} from './types.ts';

/** How high an operator ranks after an operand of `type`: the usual ones first. */
function operatorBoost(def: OperatorDef, type: ScalarType): number {
  if (def.kind === 'arithmetic') return 1;
  if (def.name === 'between') return type === 'datetime' ? 6 : 4;
  if (def.name === 'contains') return type === 'string' ? 6 : 1;
  if (def.name === '=') return 6;
  if (def.name === '!=') return 5;
  return type === 'string' || type === 'boolean' ? 2 : 5;
}

/** The types the operator `spelling` (as typed: `>=`, `≥`, `==`) accepts after a left side of type `left`. */
function acceptedRight(spelling: string, left: TypeInfo): ScalarType[] | null {
  if (left.kind !== 'scalar') return null;
  const name = CANONICAL_SPELLING.get(spelling) ?? FOREIGN_OPERATORS[spelling]?.write ?? null;
  if (!name || !CANONICAL_SPELLING.has(name)) return null;
  return rightTypes(name as OperatorName, left.type);
}

// ---------------------------------------------------------------------------------------------------------
// complete

export interface CompleteOptions {
  /** "Now", for the datetimes offered (default: the clock). */
  now?: Date;
  /** On the standard edition, enterprise-only fields are not offered (the checker refuses them there). */
  edition?: Edition;
  /**
   * A clean Lezer tree of a text like this one (the document's, from an editor that keeps it): the text
   * analysed before the cursor is then parsed incrementally from it (reparse.ts). Saves time only.
   * `parser`: the parser that made the tree, when not the core's incrementalParser (an editor's language
   * configures its own; a tree is only reused by the parser configuration that made it).
   */
  base?: CompletionBase;
}

export function complete(
  text: string,
  pos: number,
  listing: ListingName,
  values: LiveValues = {},
  options: CompleteOptions = {},
): CompletionResult | null {
  const at = Math.max(0, Math.min(pos, text.length));
  return new Completer(
    text,
    at,
    listing,
    values,
    options.now ?? new Date(),
    options.edition,
    options.base,
  ).run();
}

/** After `where`/`with`: open the element's condition. */
const OPEN_CONDITION: CompletionItem = {
  label: '(',
  kind: 'keyword',
  apply: '(',
  detail: 'condition',
  description: 'a condition on each element: `where (…)`',
  boost: 30,
};

class Completer extends PlaceFinder {
  run(): CompletionResult | null {
    const { tokens, pos } = this;
    const last = tokens[tokens.length - 1];
    const touching = last && last.to === pos ? last : undefined;

    // Inside a quoted value: mention values, enum values, label titles.
    if (touching && (touching.kind === 'string' || touching.kind === 'mention')) {
      return this.insideQuotes(touching, tokens.slice(0, -1));
    }
    if (touching && touching.kind === 'datetime') return this.insideDatetime(touching);
    if (touching && touching.kind === 'number') return null;

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
      // Only when some field anywhere goes on like this is the scope worth an analysis.
      if ([...allFieldNames()].some((n) => n.startsWith(typed))) {
        const { scopes } = this.operandAt(tokens.slice(0, -1), last.from);
        const whole = resolveName(scopes, typed.trim());
        if (!whole && this.scopeFields(scopes).some((f) => f.field.name.startsWith(typed))) {
          return this.result(last.from, this.fieldItems(scopes, typed), this.text.slice(last.from, pos));
        }
      }
    } else if (touching && touching.kind === 'op') {
      // Right after a symbol: complete what follows it once a space is typed.
      if (touching.value !== '(' && !COMPARISON_SPELLINGS.has(touching.value)) return null;
    }

    const from = partial ? partial.from : pos;
    const items = expectsOperand(before)
      ? this.operandItems(this.operandAt(before, from))
      : this.operatorItems(this.operatorAt(before));
    return this.result(from, items, partial?.text ?? '');
  }

  private result(from: number, items: CompletionItem[], typed: string): CompletionResult | null {
    const kept = items.filter((i) => matches(typed, i.label));
    if (!kept.length) return null;
    let to = this.pos;
    while (to < this.text.length && /[A-Za-z0-9_]/.test(this.text[to]!)) to++;
    return { from, to, items: kept };
  }

  /**
   * A run of words ending at the cursor: when the whole run is not the start of a field name, its leading
   * words may be a finished name and the last word the start of a keyword (`translations wh`). Which words
   * make a name is a question about the text: the names in scope answer it.
   */
  private splitRun(
    words: Word[],
    before: Token[],
  ): { head: Token; partial: { from: number; text: string } } | null {
    if (words.length < 2) return null;
    const { scopes } = this.operandAt(before, words[0]!.from);
    const runText = words.map((w) => w.text).join(' ');
    const fields = this.scopeFields(scopes);
    if (fields.some((f) => f.field.name.startsWith(runText)) || runText === 'count') return null;
    for (let k = words.length - 1; k >= 1; k--) {
      const head = words.slice(0, k);
      const name = head.map((w) => w.text).join(' ');
      const known = resolveName(scopes, name) || name === 'count' || this.isMemberName(name);
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

  /**
   * The fields in scope, the innermost scope first, each with its boost; a field hidden by an inner one of
   * the same name is left out.
   */
  private scopeFields(scopes: readonly string[]): { field: FieldDef; boost: number }[] {
    const seen = new Set<string>();
    const out: { field: FieldDef; boost: number }[] = [];
    for (let i = scopes.length - 1; i >= 0; i--) {
      for (const field of this.fieldsOf(scopes[i]!)) {
        if (seen.has(field.name)) continue;
        seen.add(field.name);
        out.push({ field, boost: 10 * (i - scopes.length + 1) + 5 });
      }
    }
    return out;
  }

  /** The fields of a type this edition has. */
  private fieldsOf(typeName: string): readonly FieldDef[] {
    const all = fieldsOf(typeName);
    return this.edition === 'standard' ? all.filter((f) => !f.enterpriseOnly) : all;
  }

  private fieldItems(scopes: readonly string[], prefix = ''): CompletionItem[] {
    const start = prefix.trimEnd() ? prefix : '';
    const items = this.scopeFields(scopes)
      .filter(({ field }) => field.name.startsWith(start))
      .map(({ field, boost }) => fieldItem(field, boost));
    // A name the object lacks but people write (`is approved` on a translation): what says it here.
    for (const e of EQUIVALENT_EXPRESSIONS[scopes[scopes.length - 1]!] ?? []) {
      if (e.name.startsWith(start)) items.push(equivalentItem(e));
    }
    return items;
  }

  private operandItems(place: OperandPlace): CompletionItem[] {
    const { lhs, scopes } = place;
    // `A of |`: what has a member A. `count of` → collections; `id of` → objects with an id.
    if (place.member !== null) return this.ownerItems(scopes, place.member);
    // `X where |`: the grammar takes one name there (a condition, so a boolean field) or a parenthesised
    // condition; `not`, `if`, `count of`, comparisons and the patterns need the parentheses.
    if (place.afterFilter) {
      const conditions = this.scopeFields(scopes).filter(({ field }) => isBoolean(field.type));
      return [OPEN_CONDITION, ...conditions.map(({ field, boost }) => fieldItem(field, boost))];
    }
    const items: CompletionItem[] = [];
    if (lhs) {
      items.push(...valueItems(lhs, this.values, this.now));
      // The right side of a comparison: fields of a type the operator accepts there, after the values.
      const accepted = acceptedRight(lhs.op, lhs.type);
      for (const { field, boost } of this.scopeFields(scopes)) {
        const t = field.type;
        if (accepted && !(t.kind === 'scalar' && accepted.includes(t.type))) continue;
        items.push(fieldItem(field, boost - 20));
      }
    } else {
      items.push(...this.fieldItems(scopes));
    }
    items.push({
      label: 'count of',
      kind: 'keyword',
      apply: 'count of ',
      detail: 'integer',
      description: countField.description,
      boost: lhs ? -15 : 0,
    });
    if (!lhs) {
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
      if (place.topLevel) items.push(...SNIPPETS[this.listing]);
      items.push(...mentionStarters());
    }
    return items;
  }

  /** Collections (for `count of`) or objects having the member `name`, in scope. */
  private ownerItems(scopes: readonly string[], member: string): CompletionItem[] {
    const items: CompletionItem[] = [];
    const seen = new Set<string>();
    for (let i = scopes.length - 1; i >= 0; i--) {
      for (const field of this.fieldsOf(scopes[i]!)) {
        if (seen.has(field.name)) continue;
        const ok = memberOf(field.type, member) !== undefined;
        if (!ok) continue;
        seen.add(field.name);
        items.push(fieldItem(field, 10 * (i - scopes.length + 1) + 5));
      }
    }
    return items;
  }

  private operatorItems(place: OperatorPlace): CompletionItem[] {
    // `x between a |`: only its `and`.
    if (place.awaitingAnd) return [opItem('and', 10)];
    const { atom, type, comparing, name } = place;
    const items: CompletionItem[] = [];
    if (!place.pending && name && this.ownerItems(place.scopes, name).length) {
      items.push(opItem('of', atom.kind === 'unknown' ? 10 : -5));
    }
    if (name === 'count' && !items.length) items.push(opItem('of', 10));
    if (atom.kind === 'collection') items.push(opItem('where', 8));
    const userValue = atom.kind === 'scalar' && atom.type === 'user';
    if ((atom.kind === 'object' || userValue) && !place.pending)
      items.push(opItem('with', userValue ? -5 : 8));
    if (type.kind === 'scalar') {
      // Every binary operator the table accepts after this type (comparisons, `between`, arithmetic); once
      // compared, only arithmetic.
      for (const def of operatorsAfter(type.type)) {
        if (!comparing) items.push(opItem(def.symbol, operatorBoost(def, type.type)));
        else if (def.kind === 'arithmetic') items.push(opItem(def.symbol, 1));
      }
    }
    const isCondition =
      comparing || (type.kind === 'scalar' && type.type === 'boolean') || type.kind === 'unknown';
    if (isCondition) {
      items.push(opItem('and', 3), opItem('or', 3), opItem('xor', 1));
      if (place.inIf) items.push(opItem('then', 4));
    }
    if (place.inIf && !isCondition) items.push(opItem('else', 4));
    return items;
  }

  /** The cursor is inside `'…`: `'today'` and the accepted forms with today's date. */
  private insideDatetime(token: Extract<Token, { kind: 'datetime' }>): CompletionResult | null {
    if (token.closed && this.pos >= token.to) return null;
    const end = this.text.indexOf("'", token.from + 1);
    const closed = end >= 0;
    const from = token.from + 1;
    const items = datetimeItems(this.now, 20, { close: closed ? '' : "'" });
    return this.quotedResult(from, closed ? end : this.pos, items, this.text.slice(from, this.pos));
  }

  /** The cursor is inside `"…` or `@kind:"…`. */
  private insideQuotes(token: Token, before: Token[]): CompletionResult | null {
    const text = this.text;
    if (token.kind === 'mention') {
      if (!token.quote) {
        // `@`, `@us`, `@user:`: the mention starters, with values when there are any.
        const { lhs } = this.operandAt(before, token.from);
        const forLhs = lhs
          ? valueItems(lhs, this.values, this.now).filter((i) => i.label.startsWith('@'))
          : [];
        const items = forLhs.length ? forLhs : mentionStarters();
        return this.result(token.from, items, text.slice(token.from, this.pos));
      }
      if (token.quote.closed && this.pos >= token.quote.to) return null;
      const q = quoteAt(this.text, token.quote.from);
      const from = q.from + 1;
      const close = q.closed ? '' : '"';
      const typed = text.slice(from, this.pos);
      const items = mentionValues(token.mentionKind, this.values, close);
      return this.quotedResult(from, q.closed ? q.to - 1 : this.pos, items, typed);
    }
    // A plain string: enum values or label titles for the field compared.
    if (token.kind !== 'string') return null;
    if (token.closed && this.pos >= token.to) return null;
    token = { ...token, ...quoteAt(this.text, token.from) };
    const { lhs } = this.operandAt(before, token.from);
    if (!lhs) return null;
    const from = token.from + 1;
    const close = token.closed ? '' : '"';
    const values = valueItems(lhs, this.values, this.now)
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

const isBoolean = (type: TypeInfo) => type.kind === 'scalar' && type.type === 'boolean';
