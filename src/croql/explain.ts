// explain(text, context): the query in plain English ("Strings with no Ukrainian translation that has an
// approval or a vote"). Built from the AST: each condition becomes a clause that knows how to read after a
// plural or a singular noun, as an attribute ("hidden strings", "translations by alice"), as a "with …"
// phrase, and negated. Anything without a phrasing of its own falls back to quoting the query text.
import { analyze } from './check.ts';
import { resolveInScopes, memberField, walkTypes, type ValueType } from './resolve.ts';
import { rootType, typeLabel } from './schema.ts';
import type { ComparisonOp, ContextName, Expr, FieldDef } from './types.ts';

type Num = 'sg' | 'pl';

interface Clause {
  /** Verb phrase after "that": singular and plural subject ("is hidden" / "are hidden"). */
  sg: string;
  pl: string;
  /** "whose identifier is …": reads the same after any subject, so it is not introduced by "that". */
  whose?: boolean;
  /** Attributive forms: before the noun ("hidden strings") or after it ("strings in file 3"). */
  pre?: string;
  post?: string;
  /** "at least one translation": read after "with". */
  withPhrase?: string;
  /** A noun that can replace the element noun ("upvote" for `votes where (is up)`). */
  noun?: { sg: string; pl: string };
  neg?: () => Clause;
  /** and / or / xor of clauses. */
  compound?: { op: 'and' | 'or' | 'xor'; parts: Clause[] };
}

const CONTEXT_NOUNS: Record<ContextName, string> = {
  strings: 'strings',
  translations: 'translations',
  tmSegments: 'TM segments',
  glossaryTerms: 'glossary terms',
};

export function explain(text: string, context: ContextName): string {
  try {
    if (text.trim() === '') return `All ${CONTEXT_NOUNS[context]} (the query is empty).`;
    const { ast, diagnostics } = analyze(text, context);
    if (!ast || diagnostics.some((d) => d.severity === 'error')) return 'Fix the query to see its meaning.';
    const explainer = new Explainer(text);
    const clause = explainer.clause(ast, [rootType(context)], 0);
    return capitalise(nounPhrase(CONTEXT_NOUNS[context], 'pl', clause, '')) + '.';
  } catch {
    return 'This query has no plain-English reading yet; the query text itself is the reference.';
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rendering clauses

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function article(noun: string): string {
  return (/^[aeiou]/i.test(noun) && !/^(one|eu|u[bcfhjkqrst][aeiou])/i.test(noun) ? 'an ' : 'a ') + noun;
}

function joinList(items: string[], conj: string): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${conj} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} ${conj} ${items[items.length - 1]}`;
}

function flatten(c: Clause, op: 'and' | 'or' | 'xor'): Clause[] {
  if (c.compound && c.compound.op === op) return c.compound.parts.flatMap((p) => flatten(p, op));
  return [c];
}

/** The clause as a relative clause after a noun of number `num`: "that are hidden", "whose text …". */
function relative(c: Clause, num: Num): string {
  if (c.compound) {
    const parts = flatten(c, c.compound.op);
    // "has an approval or a vote"
    if (c.compound.op !== 'xor' && parts.every((p) => p.withPhrase && !p.compound)) {
      return `that ${num === 'sg' ? 'has' : 'have'} ${joinList(
        parts.map((p) => p.withPhrase!),
        c.compound.op,
      )}`;
    }
    const rendered: string[] = [];
    let previousThat = false;
    for (const p of parts) {
      const r = relative(p, num);
      const isThat = r.startsWith('that ') && !p.compound;
      rendered.push(isThat && previousThat ? r.slice(5) : r);
      previousThat = isThat;
    }
    const conj = c.compound.op === 'xor' ? 'or else' : c.compound.op;
    const body = joinList(rendered, conj);
    if (c.compound.op === 'xor') return `${body} (but not both)`;
    return body;
  }
  if (c.whose) return `whose ${c.sg}`;
  return `that ${num === 'sg' ? c.sg : c.pl}`;
}

/** "hidden strings in file 3 that are not duplicates and have at least one translation". */
function nounPhrase(
  noun: string,
  num: Num,
  clause: Clause | null,
  quantity: string,
  plNoun?: string,
): string {
  const parts = clause ? flatten(clause, 'and') : [];
  const pre: string[] = [];
  const post: string[] = [];
  const withs: string[] = [];
  const rest: Clause[] = [];
  for (const p of parts) {
    if (p.pre) pre.push(p.pre);
    else if (p.post) post.push(p.post);
    else if (p.withPhrase) withs.push(p.withPhrase);
    else rest.push(p);
  }
  let head = noun;
  if (
    pre.length === 0 &&
    post.length === 0 &&
    rest.length === 0 &&
    withs.length === 0 &&
    parts.length === 1
  ) {
    head = noun;
  }
  const words = [quantity, ...pre, num === 'pl' && plNoun ? plNoun : head, ...post].filter(Boolean).join(' ');
  if (rest.length === 0) return withs.length ? `${words} with ${joinList(withs, 'and')}` : words;
  // Once a "that" clause is needed, "with" phrases read better as "that have …".
  const all = [...rest, ...withs.map((w) => ({ sg: `has ${w}`, pl: `have ${w}` }))];
  const combined: Clause =
    all.length === 1 ? all[0]! : { sg: '', pl: '', compound: { op: 'and', parts: all } };
  return `${words} ${relative(combined, num)}`;
}

function negate(c: Clause): Clause {
  if (c.neg) return c.neg();
  if (c.compound && c.compound.op !== 'xor') {
    const op = c.compound.op === 'and' ? 'or' : 'and';
    return { sg: '', pl: '', compound: { op, parts: c.compound.parts.map(negate) }, neg: () => c };
  }
  return {
    sg: `does not satisfy “${c.sg}”`,
    pl: `do not satisfy “${c.pl}”`,
    neg: () => c,
  };
}

function be(
  complement: string,
  opts: { attr?: 'pre' | 'post'; noun?: { sg: string; pl: string } } = {},
): Clause {
  const c: Clause = {
    sg: `is ${opts.noun ? article(opts.noun.sg) : complement}`,
    pl: `are ${opts.noun ? opts.noun.pl : complement}`,
    neg: () => ({
      sg: `is not ${opts.noun ? article(opts.noun.sg) : complement}`,
      pl: `are not ${opts.noun ? opts.noun.pl : complement}`,
      neg: () => c,
    }),
  };
  if (opts.attr === 'pre') c.pre = opts.noun ? opts.noun.sg : complement;
  if (opts.attr === 'post') c.post = complement;
  if (opts.noun) c.noun = opts.noun;
  return c;
}

function have(object: string, negObject: string): Clause {
  const c: Clause = {
    sg: `has ${object}`,
    pl: `have ${object}`,
    withPhrase: object,
    neg: () => ({ sg: `has ${negObject}`, pl: `have ${negObject}`, withPhrase: negObject, neg: () => c }),
  };
  return c;
}

function verb(sg: string, pl: string, negSg: string, negPl: string): Clause {
  const c: Clause = { sg, pl, neg: () => ({ sg: negSg, pl: negPl, neg: () => c }) };
  return c;
}

function whose(text: string, negText: string): Clause {
  const c: Clause = {
    sg: text,
    pl: text,
    whose: true,
    neg: () => ({ sg: negText, pl: negText, whose: true, neg: () => c }),
  };
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Field phrasing

const SPECIAL_NOUNS: Record<string, { sg: string; pl: string }> = {
  languageSummary: { sg: 'language', pl: 'languages' },
  stringTranslation: { sg: 'translation', pl: 'translations' },
  tmRecord: { sg: 'record', pl: 'records' },
};

function elementNoun(typeName: string): { sg: string; pl: string } {
  const special = SPECIAL_NOUNS[typeName];
  if (special) return special;
  const label = typeLabel(typeName);
  return { sg: label, pl: label + 's' };
}

/** Boolean fields: how "X is true" reads. Keyed by canonical key. */
const BOOLEAN_PHRASES: Record<string, () => Clause> = {
  typeIsPlain: () => be('plain text', { attr: 'pre' }),
  typeIsPlural: () => be('plural', { attr: 'pre' }),
  typeIsIcu: () => be('ICU', { attr: 'pre' }),
  typeIsAsset: () => be('assets', { noun: { sg: 'asset', pl: 'assets' } }),
  isVisible: () => be('visible', { attr: 'pre' }),
  isHidden: () => be('hidden', { attr: 'pre' }),
  isDuplicate: () => be('duplicates', { noun: { sg: 'duplicate', pl: 'duplicates' } }),
  isPassedWorkflow: () =>
    verb(
      'has passed the workflow',
      'have passed the workflow',
      'has not passed the workflow',
      'have not passed the workflow',
    ),
  isSystem: () => be('system', { attr: 'pre' }),
  isPreTranslated: () => be('pre-translated', { attr: 'pre' }),
  isUp: () => be('upvotes', { noun: { sg: 'upvote', pl: 'upvotes' } }),
  isDown: () => be('downvotes', { noun: { sg: 'downvote', pl: 'downvotes' } }),
  isTranslated: () => be('translated', { attr: 'pre' }),
  isPartiallyTranslated: () => be('partially translated', { attr: 'pre' }),
  isApproved: () => be('approved', { attr: 'pre' }),
  isPartiallyApproved: () => be('partially approved', { attr: 'pre' }),
  isAutoTranslated: () => be('translated by TM or MT'),
  isTranslatedByTm: () => be('translated by TM'),
  isTranslatedByMt: () => be('translated by MT'),
  isTranslatedByAi: () => be('translated by AI'),
  isSourceChangedAfterTranslation: () =>
    verb(
      'had its source changed after translation',
      'had their source changed after translation',
      'has no source change after translation',
      'have no source change after translation',
    ),
  hasTranslationAsSource: () =>
    verb(
      'has a translation identical to the source',
      'have a translation identical to the source',
      'has no translation identical to the source',
      'have no translation identical to the source',
    ),
  hasQaIssues: () => have('QA issues', 'no QA issues'),
};

function booleanField(field: FieldDef): Clause {
  const special = BOOLEAN_PHRASES[field.key];
  if (special) return special();
  const words = humanName(field);
  if (words.startsWith('is ')) return be(words.slice(3));
  if (words.startsWith('has ')) {
    const object = words.slice(4).replace(/\bqa\b/g, 'QA');
    return have(object.endsWith('issues') ? object : article(object), `no ${object}`);
  }
  return whose(`${words} is true`, `${words} is false`);
}

/** `approvalsCount` → `approvals count`; `is hidden` stays. */
function humanName(field: FieldDef): string {
  return field.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const LANGUAGE_NAMES = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' });
  } catch {
    return null;
  }
})();

export function languageName(code: string): string {
  try {
    const name = LANGUAGE_NAMES?.of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : `“${code}”`;
  } catch {
    return `“${code}”`;
  }
}

const DATE_PARTICIPLES: Record<string, string> = {
  added: 'added',
  updated: 'updated',
  createdAt: 'created',
  updatedAt: 'updated',
};

// ---------------------------------------------------------------------------------------------------------

interface CountInfo {
  elementType: string;
  collectionKey: string;
  filter: Expr | null;
  scopes: readonly string[];
}

class Explainer {
  constructor(private readonly text: string) {}

  private quote(e: Expr): string {
    return '`' + this.text.slice(e.from, e.to) + '`';
  }

  private fallback(e: Expr): Clause {
    const q = this.quote(e);
    const c: Clause = {
      sg: `matches ${q}`,
      pl: `match ${q}`,
      neg: () => ({ sg: `does not match ${q}`, pl: `do not match ${q}`, neg: () => c }),
    };
    return c;
  }

  clause(e: Expr, scopes: readonly string[], depth: number): Clause {
    switch (e.kind) {
      case 'logical': {
        const parts = e.operands.map((operand) => this.clause(operand, scopes, depth));
        return { sg: '', pl: '', compound: { op: e.op, parts } };
      }
      case 'not':
        return negate(this.clause(e.operand, scopes, depth));
      case 'identifier': {
        const r = resolveInScopes(scopes, e.name);
        if (r && r.field.type.kind === 'scalar' && r.field.type.type === 'boolean')
          return booleanField(r.field);
        return this.fallback(e);
      }
      case 'comparison':
        return this.comparison(e.op, e.left, e.right, scopes, depth) ?? this.fallback(e);
      case 'between': {
        const subject = this.subjectPhrase(e.subject, scopes);
        if (!subject) return this.fallback(e);
        const lo = this.value(e.low),
          hi = this.value(e.high);
        if (subject.datetime) {
          return this.timeClause(subject, `between ${lo} and ${hi}`, `outside ${lo} to ${hi}`);
        }
        return whose(
          `${subject.name} is between ${lo} and ${hi}`,
          `${subject.name} is not between ${lo} and ${hi}`,
        );
      }
      case 'filter':
        if (e.op === 'with') {
          const owner = walkTypes(e.subject, scopes);
          if (owner.kind !== 'object' || e.subject.kind !== 'identifier') return this.fallback(e);
          const inner = this.clause(e.predicate, [...scopes, owner.objectType], depth + 1);
          const noun = elementNoun(owner.objectType).sg;
          return have(`${article(noun)} ${relative(inner, 'sg')}`, `no ${noun} ${relative(inner, 'sg')}`);
        }
        return this.fallback(e);
      default:
        return this.fallback(e);
    }
  }

  private countInfo(e: Expr, scopes: readonly string[]): CountInfo | null {
    if (e.kind !== 'member' || e.member.name !== 'count') return null;
    let subject = e.object;
    let filter: Expr | null = null;
    if (subject.kind === 'filter' && subject.op === 'where') {
      filter = subject.predicate;
      subject = subject.subject;
    }
    if (subject.kind !== 'identifier') return null;
    const r = resolveInScopes(scopes, subject.name);
    if (!r || r.field.type.kind !== 'collection') return null;
    return { elementType: r.field.type.elementType, collectionKey: r.field.key, filter, scopes };
  }

  /** "no Ukrainian translation that has an approval or a vote". */
  private countedNoun(
    info: CountInfo,
    quantity: Quantity,
    depth: number,
    filterOverride?: Clause | null,
  ): string {
    const noun = elementNoun(info.elementType);
    const inner =
      filterOverride !== undefined
        ? filterOverride
        : info.filter
          ? this.clause(info.filter, [...info.scopes, info.elementType], depth + 1)
          : null;
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

  private comparison(
    op: ComparisonOp,
    left: Expr,
    right: Expr,
    scopes: readonly string[],
    depth: number,
  ): Clause | null {
    // Counts: `count of X where (P) OP k` and `count of X = count of X where (P)`.
    const lc = this.countInfo(left, scopes);
    const rc = this.countInfo(right, scopes);
    if (lc && right.kind === 'number') return this.countClause(lc, op, right.value, depth);
    if (rc && left.kind === 'number') return this.countClause(rc, flipOp(op), left.value, depth);
    if (lc && rc && lc.collectionKey === rc.collectionKey && (op === '=' || op === '!=')) {
      const filtered = lc.filter ? lc : rc.filter ? rc : null;
      const whole = lc.filter ? rc : lc;
      if (filtered && !whole.filter) return this.onlyClause(filtered, op === '!=', depth);
    }
    if (lc || rc) return null;

    const subject = this.subjectPhrase(left, scopes);
    if (!subject) return null;
    const field = subject.field;
    // People and languages.
    if (field && field.type.kind === 'scalar' && field.type.type === 'user' && (op === '=' || op === '!=')) {
      const who = this.userName(right);
      if (!who) return null;
      const verbPhrase =
        field.key === 'createdBy' ? 'created by' : field.key === 'updatedBy' ? 'last updated by' : 'by';
      const yes = be(`${verbPhrase} ${who}`, { attr: 'post' });
      const no = be(`not ${verbPhrase} ${who}`, { attr: 'post' });
      yes.neg = () => no;
      no.neg = () => yes;
      return op === '=' ? yes : no;
    }
    if (
      field &&
      field.type.kind === 'scalar' &&
      field.type.type === 'language' &&
      (op === '=' || op === '!=')
    ) {
      const code = right.kind === 'mention' || right.kind === 'string' ? right.value : null;
      if (!code) return null;
      const name = languageName(code);
      const inTranslation = scopes[scopes.length - 1] === 'stringTranslation';
      const yes = inTranslation ? be(name, { attr: 'pre' }) : be(`in ${name}`, { attr: 'post' });
      const no = be(`not in ${name}`, { attr: 'post' });
      yes.neg = () => no;
      no.neg = () => yes;
      return op === '=' ? yes : no;
    }
    // File and branch ids and names.
    if (subject.owner && (subject.owner === 'file' || subject.owner === 'branch') && op === '=') {
      if (field?.key === 'id' || field?.key === 'name') {
        const c = be(`in ${subject.owner} ${this.value(right)}`, { attr: 'post' });
        const n = be(`not in ${subject.owner} ${this.value(right)}`, { attr: 'post' });
        c.neg = () => n;
        n.neg = () => c;
        return c;
      }
    }
    const value = this.value(right);
    if (subject.datetime) {
      const [yes, no] = TIME_WORDS[op] ?? ['at', 'not at'];
      return this.timeClause(subject, `${yes} ${value}`, `${no} ${value}`);
    }
    if (op === 'contains')
      return whose(`${subject.name} contains ${value}`, `${subject.name} does not contain ${value}`);
    const [yes, no] = VALUE_WORDS[op];
    return whose(`${subject.name} ${yes} ${value}`, `${subject.name} ${no} ${value}`);
  }

  private timeClause(subject: SubjectPhrase, when: string, notWhen: string): Clause {
    const participle = subject.field ? DATE_PARTICIPLES[subject.field.key] : undefined;
    if (participle && !subject.owner) {
      return verb(
        `was ${participle} ${when}`,
        `were ${participle} ${when}`,
        `was not ${participle} ${when}`,
        `were not ${participle} ${when}`,
      );
    }
    if (subject.field?.key === 'translationUpdated') {
      return whose(`translation was updated ${when}`, `translation was not updated ${when}`);
    }
    void notWhen;
    return whose(`${subject.name} is ${when}`, `${subject.name} is not ${when}`);
  }

  private countClause(info: CountInfo, op: ComparisonOp, k: number, depth: number): Clause {
    // `count of languages summary = 0` / `> 0`: the editor's "untranslated" / "translated" filters.
    if (info.elementType === 'languageSummary' && !info.filter && k === 0 && (op === '=' || op === '>')) {
      const none = verb(
        'is not translated into any language',
        'are not translated into any language',
        'is translated into at least one language',
        'are translated into at least one language',
      );
      return op === '=' ? none : negate(none);
    }
    const make = (o: ComparisonOp): Clause => {
      const q = quantify(o, k, depth);
      const object = q
        ? this.countedNoun(info, q, depth)
        : `a number of ${elementNoun(info.elementType).pl} ${o} ${k}`;
      return have(object, object);
    };
    const yes = make(op);
    const no = make(negateOp(op));
    yes.neg = () => no;
    no.neg = () => yes;
    return yes;
  }

  /** `count of X = count of X where (P)`: every X satisfies P. */
  private onlyClause(info: CountInfo, negated: boolean, depth: number): Clause {
    const inner = this.clause(info.filter!, [...info.scopes, info.elementType], depth + 1);
    const only = this.countedNoun(info, { text: 'only', num: 'pl' }, depth, inner);
    const some = this.countedNoun(
      info,
      { text: depth ? 'a' : 'at least one', num: 'sg' },
      depth,
      negate(inner),
    );
    const yes = have(only, some);
    const no = have(some, only);
    yes.neg = () => no;
    no.neg = () => yes;
    return negated ? no : yes;
  }

  private userName(e: Expr): string | null {
    if (e.kind === 'mention' && e.mentionKind === 'user') return e.value;
    if (e.kind === 'number') return `user ${e.raw}`;
    return null;
  }

  private value(e: Expr): string {
    switch (e.kind) {
      case 'string':
        return `“${e.value}”`;
      case 'number':
        return e.raw;
      case 'datetime':
        return e.value.toLowerCase() === 'today'
          ? 'today'
          : e.value.includes(' ')
            ? `${e.value} UTC`
            : e.value;
      case 'mention':
        return e.mentionKind === 'language' ? languageName(e.value) : e.value;
      default:
        return this.quote(e);
    }
  }

  /** The thing a comparison talks about: "identifier", "file title", "approvals count". */
  private subjectPhrase(e: Expr, scopes: readonly string[]): SubjectPhrase | null {
    let field: FieldDef | undefined;
    let owner: string | undefined;
    let type: ValueType;
    if (e.kind === 'identifier') {
      field = resolveInScopes(scopes, e.name)?.field;
      if (!field) return null;
      type = field.type;
    } else if (e.kind === 'member' && e.object.kind === 'identifier') {
      const ownerType = walkTypes(e.object, scopes);
      field = memberField(ownerType, e.member.name);
      if (!field || ownerType.kind !== 'object') return null;
      owner = ownerType.objectType;
      type = field.type;
    } else {
      return null;
    }
    const name = owner ? `${typeLabel(owner)} ${humanName(field)}` : humanName(field);
    return { name, field, owner, datetime: type.kind === 'scalar' && type.type === 'datetime' };
  }
}

interface SubjectPhrase {
  name: string;
  field: FieldDef | undefined;
  owner: string | undefined;
  datetime: boolean;
}

interface Quantity {
  text: string;
  num: Num | 'pl-unless-modified';
}

function quantify(op: ComparisonOp, k: number, depth: number): Quantity | null {
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

function negateOp(op: ComparisonOp): ComparisonOp {
  const map: Record<ComparisonOp, ComparisonOp> = {
    '=': '!=',
    '!=': '=',
    '>': '<=',
    '<=': '>',
    '<': '>=',
    '>=': '<',
    contains: 'contains',
  };
  return map[op];
}

function flipOp(op: ComparisonOp): ComparisonOp {
  const map: Record<ComparisonOp, ComparisonOp> = {
    '=': '=',
    '!=': '!=',
    '>': '<',
    '<': '>',
    '>=': '<=',
    '<=': '>=',
    contains: 'contains',
  };
  return map[op];
}

const VALUE_WORDS: Record<Exclude<ComparisonOp, 'contains'>, [string, string]> = {
  '=': ['is', 'is not'],
  '!=': ['is not', 'is'],
  '>': ['is greater than', 'is not greater than'],
  '>=': ['is at least', 'is less than'],
  '<': ['is less than', 'is at least'],
  '<=': ['is at most', 'is greater than'],
};

const TIME_WORDS: Partial<Record<ComparisonOp, [string, string]>> = {
  '=': ['at', 'not at'],
  '!=': ['not at', 'at'],
  '>': ['after', 'not after'],
  '>=': ['on or after', 'before'],
  '<': ['before', 'not before'],
  '<=': ['on or before', 'after'],
};
