// How the explainer words a count: `count of translations where (…) > 0` reads "with at least one
// translation that …", `= 0` "with no …", and the counts of languages and of `only` filters their own way.
import { ExplainerBase } from './explain-values.ts';
import {
  combine,
  elementNoun,
  have,
  negate,
  nounPhrase,
  verb,
  type Clause,
  type Num,
} from './explain-clauses.ts';
import { article } from './english.ts';
import { operator, ORDER } from './operators.ts';
import type { ComparisonOp, Expr } from './types.ts';

export interface CountInfo {
  elementType: string;
  /** The conjuncts of the `where` that are about the element (the others are hoisted out of the count). */
  filter: Expr[];
  /** The element's index in the scope chain. */
  elementDepth: number;
}

export interface Quantity {
  text: string;
  num: Num | 'pl-unless-modified';
}

export type Filter = Extract<Expr, { kind: 'filter' }>;

/** The counting clauses, over the clauses of the conditions (the explainer proper, explain.ts). */
export abstract class CountingExplainer extends ExplainerBase {
  /** The clause the conjunction of `exprs` makes about the object at `nounDepth`; null for none. */
  protected abstract all(exprs: Expr[], nounDepth: number): Clause | null;
  /** A filter's conjuncts about its element, those about enclosing objects, and the element's depth. */
  protected abstract split(filter: Filter): { inner: Expr[]; outer: Expr[]; elementDepth: number };

  protected countClause(
    info: CountInfo & { outer: Expr[] },
    op: ComparisonOp,
    k: number,
    at: number,
  ): Clause {
    const count = this.plainCount(info, op, k, at);
    if (!info.outer.length) return count;
    // `count of X where (A and P) op k`, with A about an enclosing object, is `A ? count(P) op k : 0 op k`.
    const outer = this.all(info.outer, at)!;
    return op !== 'contains' && ORDER[op](0, k)
      ? combine('or', [negate(outer), count])
      : combine('and', [outer, count]);
  }

  protected plainCount(info: CountInfo, op: ComparisonOp, k: number, at: number): Clause {
    // `count of languages summary = 0` / `> 0`: the editor's "untranslated" / "translated" filters.
    if (
      info.elementType === 'languageSummary' &&
      !info.filter.length &&
      k === 0 &&
      (op === '=' || op === '>')
    ) {
      const none = verb(
        'is not translated into any language',
        'are not translated into any language',
        'is translated into at least one language',
        'are translated into at least one language',
      );
      return op === '=' ? none : negate(none);
    }
    const inLanguage = this.inLanguage(info, op, k);
    if (inLanguage) return inLanguage;
    const inner = this.all(info.filter, info.elementDepth);
    const make = (o: ComparisonOp): Clause => {
      const q = quantify(o, k, at);
      const object = q
        ? this.countedNoun(info.elementType, q, inner)
        : `a number of ${elementNoun(info.elementType).pl} ${o} ${k}`;
      return have(object, object);
    };
    const yes = make(op);
    // The opposite count, built only when a `not` asks for it.
    yes.neg = () => {
      const no = make(operator(op).negation ?? op);
      no.neg = () => yes;
      return no;
    };
    return yes;
  }

  /**
   * `count of languages summary where (language = @language:"de" and is approved) > 0` reads as the trade
   * speaks: "approved in German" (`= 0`: "not approved in German"), not "at least one approved language in
   * German". Only for one language and a plain state; anything else reads as any count does.
   */
  protected inLanguage(info: CountInfo, op: ComparisonOp, k: number): Clause | null {
    if (info.elementType !== 'languageSummary' || k !== 0 || (op !== '=' && op !== '>')) return null;
    const at = info.filter.findIndex(
      (e) =>
        e.kind === 'comparison' &&
        e.op === '=' &&
        e.left.kind === 'identifier' &&
        this.info(e.left).field?.key === 'language' &&
        e.right.kind === 'mention' &&
        e.right.mentionKind === 'language',
    );
    const rest = info.filter.filter((_, i) => i !== at);
    if (at < 0 || rest.length === 0) return null;
    const state = this.all(rest, info.elementDepth);
    if (!state || state.compound || state.noun || !/^(is|has) /.test(state.sg)) return null;
    const language = this.value((info.filter[at] as Extract<Expr, { kind: 'comparison' }>).right);
    const into = /translated$/.test(state.sg) ? 'into' : 'in';
    const inL = (c: Clause): Clause => ({
      sg: `${c.sg} ${into} ${language}`,
      pl: `${c.pl} ${into} ${language}`,
    });
    const yes = inL(state);
    const no = inL(negate(state));
    yes.neg = () => no;
    no.neg = () => yes;
    return op === '>' ? yes : no;
  }

  /** "no Ukrainian translation that has an approval or a vote". */
  protected countedNoun(elementType: string, quantity: Quantity, inner: Clause | null): string {
    const noun = elementNoun(elementType);
    let nounSg = noun.sg,
      nounPl = noun.pl;
    let clause = inner;
    if (inner && inner.noun && !inner.compound) {
      nounSg = inner.noun.sg;
      nounPl = inner.noun.pl;
      clause = null;
    }
    const modified = clause !== null;
    const num: Num = quantity.num === 'pl-unless-modified' ? (modified ? 'sg' : 'pl') : quantity.num;
    const q = quantity.text === 'a' ? (article(nounSg).startsWith('an ') ? 'an' : 'a') : quantity.text;
    if (num === 'sg') return nounPhrase(nounSg, 'sg', clause, q);
    return nounPhrase(nounSg, 'pl', clause, q, nounPl);
  }

  /**
   * `count of X = count of X where (P)`: every X satisfies P. As in `countClause`, the parts A of P about an
   * enclosing object are said of that object, out of the count: `count of X where (A and P)` is
   * `count of X where (P)` where A holds and 0 elsewhere. So the equality reads "A and only X that P, or no
   * X" (an object without X has only X that P), and its negation "at least one X that is not P, or not A
   * and at least one X".
   */
  protected onlyClause(filtered: Filter, elementType: string, negated: boolean, at: number): Clause {
    const { inner, outer, elementDepth } = this.split(filtered);
    const about = this.all(inner, elementDepth);
    const owner = this.all(outer, at);
    const some: Quantity = { text: at ? 'a' : 'at least one', num: 'sg' };
    const counted = (q: Quantity, c: Clause | null) => have(this.countedNoun(elementType, q, c), '');
    const pair = (yes: Clause, no: Clause) => {
      yes.neg = () => no;
      no.neg = () => yes;
      return negated ? no : yes;
    };
    if (!owner) return pair(counted({ text: 'only', num: 'pl' }, about), counted(some, negate(about!)));
    const none = () => counted({ text: 'no', num: 'pl-unless-modified' }, null);
    const anyAtAll = () => counted(some, null);
    if (!about) return pair(combine('or', [owner, none()]), combine('and', [negate(owner), anyAtAll()]));
    return pair(
      combine('or', [combine('and', [owner, counted({ text: 'only', num: 'pl' }, about)]), none()]),
      combine('or', [counted(some, negate(about)), combine('and', [negate(owner), anyAtAll()])]),
    );
  }
}

export function quantify(op: ComparisonOp, k: number, depth: number): Quantity | null {
  const some: Quantity = depth > 0 ? { text: 'a', num: 'sg' } : { text: 'at least one', num: 'sg' };
  const none: Quantity = { text: 'no', num: 'pl-unless-modified' };
  const n = String(k);
  switch (op) {
    case '>':
      return k === 0
        ? some
        : k < 0
          ? { text: 'any number of', num: 'pl' }
          : { text: `more than ${n}`, num: 'pl' };
    case '>=':
      return k === 1
        ? some
        : k <= 0
          ? { text: 'any number of', num: 'pl' }
          : { text: `at least ${n}`, num: 'pl' };
    case '=':
      return k === 0
        ? none
        : k === 1
          ? { text: 'exactly one', num: 'sg' }
          : { text: `exactly ${n}`, num: 'pl' };
    case '!=':
      return k === 0
        ? some
        : k === 1
          ? { text: 'not exactly one', num: 'sg' }
          : { text: `not exactly ${n}`, num: 'pl' };
    case '<':
      return k === 1 ? none : { text: `fewer than ${n}`, num: 'pl' };
    case '<=':
      return k === 0
        ? none
        : k === 1
          ? { text: 'at most one', num: 'sg' }
          : { text: `at most ${n}`, num: 'pl' };
    default:
      return null;
  }
}
