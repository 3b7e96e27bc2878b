// explain(text, listing, options?): the query in plain English ("Strings with no Ukrainian translation that
// has an approval or a vote"), read from the checked model (check.ts), so each name is worded as the object
// it binds to: inside `count of translations where (…)`, `is hidden` is the string's, not the translation's.
// Each node's clause is built once and its negation only when asked for, so the work is linear in the size
// of the query. Anything without a phrasing of its own falls back to quoting the query text.
// Values and subjects are worded in explain-values.ts, counts in explain-counts.ts; this file has the rest.
import { analyze } from './check.ts';
import {
  be,
  booleanField,
  combine,
  elementNoun,
  have,
  languageName,
  negate,
  nounPhrase,
  owned,
  relative,
  whose,
  type Clause,
} from './explain-clauses.ts';
import { CountingExplainer, type CountInfo, type Filter } from './explain-counts.ts';
import { article, capitalise } from './english.ts';
import { operator } from './operators.ts';
import type { AnalyzeOptions, AnalyzeResult, Expr, ListingName } from './types.ts';

export { languageName } from './explain-clauses.ts';

const LISTING_NOUNS: Record<ListingName, string> = {
  strings: 'strings',
  translations: 'translations',
  tmSegments: 'TM segments',
  glossaryTerms: 'glossary terms',
};

/** Up to this many values of an `or` list are named; a longer list gives its length and the first three. */
const LIST_SHOWN = 6;

/** What explain says for a query with errors: never a reading, which could pass for a valid one. */
export const EXPLAIN_NEEDS_FIX = 'Fix the query to see its meaning.';

export function explain(text: string, listing: ListingName, options: AnalyzeOptions = {}): string {
  if (text.trim() === '') return emptyReading(listing);
  return explainModel(text, analyze(text, listing, options));
}

export interface ExplainOptions {
  /**
   * Words for values that stand for something else, by their start in `text`: a template's relative
   * datetime reads "7 days ago (2024-05-08 13:45:30 UTC)" rather than only the datetime it became, and a
   * placeholder for each of several languages reads "in each language in turn" rather than one language.
   */
  valueWords?: ReadonlyMap<number, string>;
}

/** The reading of an analysed query (the one analysis lint and the line under the editor share). */
export function explainModel(text: string, model: AnalyzeResult, options: ExplainOptions = {}): string {
  if (!model.ast && model.diagnostics.length === 0) return emptyReading(model.listing);
  if (!model.ast || !model.valid) return EXPLAIN_NEEDS_FIX;
  const clause = new Explainer(text, model, options.valueWords).clause(model.ast, 0);
  return capitalise(nounPhrase(LISTING_NOUNS[model.listing], 'pl', clause, '')) + '.';
}

function emptyReading(listing: ListingName): string {
  return `All ${LISTING_NOUNS[listing]} (the query is empty).`;
}

class Explainer extends CountingExplainer {
  /** Clauses by node, then by the depth of the noun they are said of. */
  private readonly memo = new Map<Expr, Map<number, Clause>>();

  /** The clause `e` makes about the object at `nounDepth` of the scope chain. */
  clause(e: Expr, nounDepth: number): Clause {
    let byDepth = this.memo.get(e);
    const cached = byDepth?.get(nounDepth);
    if (cached) return cached;
    const c = this.build(e, nounDepth);
    if (!byDepth) this.memo.set(e, (byDepth = new Map()));
    byDepth.set(nounDepth, c);
    return c;
  }

  private build(e: Expr, nounDepth: number): Clause {
    switch (e.kind) {
      case 'logical':
        return {
          sg: '',
          pl: '',
          compound: {
            op: e.op,
            parts:
              e.op === 'or'
                ? this.valueLists(e.operands, nounDepth)
                : e.operands.map((p) => this.clause(p, nounDepth)),
          },
        };
      case 'not':
        return negate(this.clause(e.operand, nounDepth));
      case 'identifier': {
        const { field, depth } = this.info(e);
        if (!field || field.type.kind !== 'scalar' || field.type.type !== 'boolean') return this.fallback(e);
        return this.said(booleanField(field), depth!, nounDepth, e);
      }
      case 'comparison': {
        const at = this.subjectDepth(e.left) ?? this.subjectDepth(e.right) ?? nounDepth;
        const c = this.comparison(e, at);
        return c ? this.said(c, at, nounDepth, e) : this.fallback(e);
      }
      case 'between': {
        const at = this.subjectDepth(e.subject) ?? nounDepth;
        const c = this.between(e);
        return c ? this.said(c, at, nounDepth, e) : this.fallback(e);
      }
      case 'filter': {
        if (e.op !== 'with' || e.subject.kind !== 'identifier') return this.fallback(e);
        const at = this.info(e.subject).depth ?? nounDepth;
        return this.said(this.withClause(e, at), at, nounDepth, e);
      }
      default:
        return this.fallback(e);
    }
  }

  /**
   * The parts of an `or` chain, where a run of three or more `x = value` on the same `x` reads as one
   * clause: "whose identifier is “a”, “b” or “c”", and past a handful "whose identifier is one of 2,401
   * values (“a”, “b”, “c”, …)", so a chain of thousands of ids reads in a line.
   */
  private valueLists(operands: readonly Expr[], nounDepth: number): Clause[] {
    const parts: Clause[] = [];
    let i = 0;
    while (i < operands.length) {
      const first = operands[i]!;
      const subject = this.listSubject(first);
      let j = i + 1;
      if (subject !== null) while (j < operands.length && this.listSubject(operands[j]!) === subject) j++;
      if (subject === null || j - i < 3) {
        for (; i < j; i++) parts.push(this.clause(operands[i]!, nounDepth));
        continue;
      }
      const values = operands
        .slice(i, j)
        .map((o) => this.value((o as Extract<Expr, { kind: 'comparison' }>).right));
      const list = this.listClause(first as Extract<Expr, { kind: 'comparison' }>, values, nounDepth);
      if (list) parts.push(list);
      else for (let k = i; k < j; k++) parts.push(this.clause(operands[k]!, nounDepth));
      i = j;
    }
    return parts;
  }

  /** The subject's text of `x = literal` on a text or number `x`; null for anything else. */
  private listSubject(e: Expr): string | null {
    if (e.kind !== 'comparison' || e.op !== '=') return null;
    if (e.right.kind !== 'string' && e.right.kind !== 'number') return null;
    const t = this.info(e.left).type;
    if (t.kind !== 'scalar' || !['string', 'integer', 'float'].includes(t.type)) return null;
    if (e.left.kind !== 'identifier' && e.left.kind !== 'member') return null;
    return this.text.slice(e.left.from, e.left.to).replace(/\s+/g, ' ').toLowerCase();
  }

  private listClause(
    first: Extract<Expr, { kind: 'comparison' }>,
    values: readonly string[],
    nounDepth: number,
  ): Clause | null {
    const subject = this.subjectPhrase(first.left);
    if (!subject || subject.datetime) return null;
    const shown = values.length <= LIST_SHOWN ? values : [...values.slice(0, 3), '…'];
    const list =
      values.length <= LIST_SHOWN
        ? `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`
        : `one of ${values.length.toLocaleString('en-US')} values (${shown.join(', ')})`;
    const none =
      values.length <= LIST_SHOWN
        ? `none of ${shown.join(', ')}`
        : `none of ${values.length.toLocaleString('en-US')} values (${shown.join(', ')})`;
    const missable = this.canBeMissing(first.left);
    const at = this.subjectDepth(first.left) ?? nounDepth;
    const c = whose(
      `${subject.name} is ${list}`,
      `${subject.name} is ${none}${missable ? ' or is not set' : ''}`,
    );
    return this.said(c, at, nounDepth, first);
  }

  /** A clause about the object at `depth`, said of the noun at `nounDepth`: worded as its owner's. */
  private said(c: Clause, depth: number, nounDepth: number, e: Expr): Clause {
    if (depth === nounDepth) return c;
    return owned(this.info(e).scopes[depth]!, c);
  }

  /** The scope depth of the object a comparison's subject is read from (a name, `x of name`, a count). */
  private subjectDepth(e: Expr): number | undefined {
    if (e.kind === 'identifier') return this.info(e).depth;
    if (e.kind === 'member') {
      let object = e.object;
      if (object.kind === 'filter') object = object.subject;
      return object.kind === 'identifier' ? this.info(object).depth : undefined;
    }
    return undefined;
  }

  // -------------------------------------------------------------------------------------------------------
  // Scopes: a `where`/`with` condition's parts about an enclosing object are said of that object.

  /** The conjuncts of a top-level `and` chain. */
  private conjuncts(e: Expr): Expr[] {
    const out: Expr[] = [];
    const stack = [e];
    while (stack.length) {
      const x = stack.pop()!;
      if (x.kind === 'logical' && x.op === 'and')
        for (let i = x.operands.length - 1; i >= 0; i--) stack.push(x.operands[i]!);
      else out.push(x);
    }
    return out;
  }

  /** Whether any name in `e` binds to the object at `depth`. */
  private bindsAt(e: Expr, depth: number): boolean {
    const stack = [e];
    while (stack.length) {
      const x = stack.pop()!;
      switch (x.kind) {
        case 'identifier':
          if (this.model.nodes.get(x)?.depth === depth) return true;
          break;
        case 'negate':
        case 'not':
          stack.push(x.operand);
          break;
        case 'arithmetic':
        case 'logical':
          stack.push(...x.operands);
          break;
        case 'comparison':
          stack.push(x.left, x.right);
          break;
        case 'between':
          stack.push(x.subject, x.low, x.high);
          break;
        case 'member':
          stack.push(x.object);
          break;
        case 'filter':
          stack.push(x.subject, x.predicate);
          break;
        case 'if':
          stack.push(x.condition, x.then, x.else);
          break;
      }
    }
    return false;
  }

  /** Splits the condition of a filter into the parts about its element and those about enclosing objects. */
  protected split(filter: Filter): { inner: Expr[]; outer: Expr[]; elementDepth: number } {
    const elementDepth = this.info(filter.predicate).scopes.length - 1;
    const inner: Expr[] = [];
    const outer: Expr[] = [];
    for (const c of this.conjuncts(filter.predicate)) (this.bindsAt(c, elementDepth) ? inner : outer).push(c);
    return { inner, outer, elementDepth };
  }

  protected all(exprs: Expr[], nounDepth: number): Clause | null {
    return exprs.length
      ? combine(
          'and',
          exprs.map((x) => this.clause(x, nounDepth)),
        )
      : null;
  }

  /** `file with (id = 10 and is hidden)`: "hidden … with a file whose id is 10". */
  private withClause(e: Filter, at: number): Clause {
    const owner = this.info(e.subject).type;
    const isUser = owner.kind === 'scalar' && owner.type === 'user';
    if (owner.kind !== 'object' && !isUser) return this.fallback(e);
    const { inner, outer, elementDepth } = this.split(e);
    const noun = isUser ? 'user' : elementNoun((owner as { objectType: string }).objectType).sg;
    const about = this.all(inner, elementDepth);
    const it = about
      ? have(`${article(noun)} ${relative(about, 'sg')}`, `no ${noun} ${relative(about, 'sg')}`)
      : have(article(noun), `no ${noun}`);
    // `X with (A and P)` with A about an enclosing object is `A and X with (P)`.
    const rest = this.all(outer, at);
    return rest ? combine('and', [rest, it]) : it;
  }

  // -------------------------------------------------------------------------------------------------------
  // Comparisons

  private countInfo(e: Expr): (CountInfo & { outer: Expr[] }) | null {
    if (e.kind !== 'member' || e.member.name !== 'count') return null;
    let subject = e.object;
    let split: { inner: Expr[]; outer: Expr[]; elementDepth: number } | null = null;
    if (subject.kind === 'filter' && subject.op === 'where') {
      split = this.split(subject);
      subject = subject.subject;
    }
    if (subject.kind !== 'identifier') return null;
    const { field, scopes } = this.info(subject);
    if (!field || field.type.kind !== 'collection') return null;
    return {
      elementType: field.type.elementType,
      filter: split?.inner ?? [],
      outer: split?.outer ?? [],
      elementDepth: split?.elementDepth ?? scopes.length,
    };
  }

  private comparison(e: Extract<Expr, { kind: 'comparison' }>, at: number): Clause | null {
    const { op, left, right } = e;
    // Counts: `count of X where (P) OP k` and `count of X = count of X where (P)`.
    const lc = this.countInfo(left);
    const rc = this.countInfo(right);
    if (lc && right.kind === 'number') return this.countClause(lc, op, right.value, at);
    if (rc && left.kind === 'number') return this.countClause(rc, operator(op).flip ?? op, left.value, at);
    if (lc && rc && (op === '=' || op === '!=') && left.kind === 'member' && right.kind === 'member') {
      const sameCollection = (x: Expr) => (x.kind === 'filter' ? x.subject : x);
      const ls = sameCollection(left.object),
        rs = sameCollection(right.object);
      if (
        ls.kind === 'identifier' &&
        rs.kind === 'identifier' &&
        this.info(ls).field === this.info(rs).field
      ) {
        const filtered =
          left.object.kind === 'filter' ? left.object : right.object.kind === 'filter' ? right.object : null;
        const whole = left.object.kind === 'filter' ? right.object : left.object;
        if (filtered && filtered.kind === 'filter' && whole.kind !== 'filter') {
          return this.onlyClause(filtered, lc.elementType, op === '!=', at);
        }
      }
    }
    if (lc || rc) return null;

    const subject = this.subjectPhrase(left);
    if (!subject) return null;
    const field = subject.field;
    const missable = this.canBeMissing(left);
    /** Yes and no forms; a negation also holds where the subject has no value at all. */
    const pair = (yes: Clause, no: Clause, missing: Clause | null): Clause => {
      const noOrMissing = missable && missing ? missing : no;
      yes.neg = () => noOrMissing;
      no.neg = () => yes;
      noOrMissing.neg = () => yes;
      return yes;
    };
    // People and languages.
    if (field.type.kind === 'scalar' && field.type.type === 'user' && (op === '=' || op === '!=')) {
      const who = this.userName(right);
      if (!who) return null;
      const by =
        field.key === 'createdBy' ? 'created by' : field.key === 'updatedBy' ? 'last updated by' : 'by';
      const yes = be(`${by} ${who}`, { attr: 'post' });
      const no = be(`not ${by} ${who}`, { attr: 'post' });
      const none = be(`not ${by} ${who} (or by no one)`, { attr: 'post' });
      return op === '='
        ? pair(yes, no, none)
        : pair(no, yes, be(`${by} ${who} (or by no one)`, { attr: 'post' }));
    }
    if (field.type.kind === 'scalar' && field.type.type === 'language' && (op === '=' || op === '!=')) {
      const code = right.kind === 'mention' || right.kind === 'string' ? right.value : null;
      if (!code) return null;
      // A placeholder that stands for several languages reads as the caller words it ("each language in turn").
      const words = this.valueWords.get(right.from);
      const name = words ?? languageName(code);
      const inTranslation = this.info(left).scopes.at(-1) === 'stringTranslation';
      const yes = inTranslation && !words ? be(name, { attr: 'pre' }) : be(`in ${name}`, { attr: 'post' });
      const no = be(`not in ${name}`, { attr: 'post' });
      const none = be(`not in ${name} (or in no language)`, { attr: 'post' });
      return op === '='
        ? pair(yes, no, none)
        : pair(no, yes, be(`in ${name} (or in no language)`, { attr: 'post' }));
    }
    // File and branch ids and names.
    if ((subject.owner === 'file' || subject.owner === 'branch') && op === '=') {
      if (field.key === 'id' || field.key === 'name') {
        const where = `${subject.owner} ${this.value(right)}`;
        return pair(
          be(`in ${where}`, { attr: 'post' }),
          be(`not in ${where}`, { attr: 'post' }),
          be(`not in ${where} (or in no ${subject.owner})`, { attr: 'post' }),
        );
      }
    }
    const value = this.value(right);
    const def = operator(op);
    if (subject.datetime) {
      const [yes, no] = def.words!.time;
      return this.timeClause(subject, `${yes} ${value}`, `${no} ${value}`, missable);
    }
    const [yes, no] = def.words!.value;
    return whose(
      `${subject.name} ${yes} ${value}`,
      `${subject.name} ${no} ${value}${missable ? ' or is not set' : ''}`,
    );
  }

  private between(e: Extract<Expr, { kind: 'between' }>): Clause | null {
    const subject = this.subjectPhrase(e.subject);
    if (!subject) return null;
    const lo = this.value(e.low),
      hi = this.value(e.high);
    const missable = this.canBeMissing(e.subject);
    if (subject.datetime) {
      return this.timeClause(subject, `between ${lo} and ${hi}`, `outside ${lo} to ${hi}`, missable);
    }
    return whose(
      `${subject.name} is between ${lo} and ${hi}`,
      `${subject.name} is not between ${lo} and ${hi}${missable ? ' or is not set' : ''}`,
    );
  }
}
