// The pieces explain (explain.ts) builds its sentences from: a clause knows how to read after a plural or a
// singular noun, as an attribute ("hidden strings", "translations by alice"), as a "with …" phrase, and
// negated; and how each field reads in English.
import { article, joinList } from './english.ts';
import { typeLabel } from './schema.ts';
import type { FieldDef } from './types.ts';

export type Num = 'sg' | 'pl';

export interface Clause {
  /** Verb phrase after "that": singular and plural subject ("is hidden" / "are hidden"). */
  sg: string;
  pl: string;
  /** "whose identifier is …": reads the same after any subject, so it is not introduced by "that". */
  whose?: boolean;
  /** A clause with a subject of its own ("the source string is hidden"), introduced by this word. */
  lead?: string;
  /** Attributive forms: before the noun ("hidden strings") or after it ("strings in file 3"). */
  pre?: string;
  post?: string;
  /** "at least one translation": read after "with". */
  withPhrase?: string;
  /** A noun that can replace the element noun ("upvote" for `votes where (is up)`). */
  noun?: { sg: string; pl: string };
  /** Builds the negated clause; `negate` calls it at most once. */
  neg?: () => Clause;
  negated?: Clause;
  /** and / or / xor of clauses. */
  compound?: { op: 'and' | 'or' | 'xor'; parts: Clause[] };
}

/** `c`, said of an enclosing object rather than of the noun at hand: "where the source string is hidden". */
export function owned(ownerType: string, c: Clause): Clause {
  const owner = `the ${typeLabel(ownerType)}`;
  const say = (x: Clause) => (x.compound ? null : x.whose ? `${owner}’s ${x.sg}` : `${owner} ${x.sg}`);
  const text = say(c);
  if (text === null) return c;
  return {
    sg: text,
    pl: text,
    lead: 'where',
    neg: () => owned(ownerType, negate(c)),
  };
}

/** and / or of clauses (one clause stays itself). */
export function combine(op: 'and' | 'or', parts: Clause[]): Clause {
  return parts.length === 1 ? parts[0]! : { sg: '', pl: '', compound: { op, parts } };
}

// ---------------------------------------------------------------------------------------------------------
// Rendering clauses

export function flatten(c: Clause, op: 'and' | 'or' | 'xor'): Clause[] {
  if (c.compound && c.compound.op === op) return c.compound.parts.flatMap((p) => flatten(p, op));
  return [c];
}

/** The clause as a relative clause after a noun of number `num`: "that are hidden", "whose text …". */
export function relative(c: Clause, num: Num): string {
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
      rendered.push(isThat && previousThat ? r.slice(5) : p.compound ? grouped(r, p.compound.op) : r);
      previousThat = isThat;
    }
    const conj = c.compound.op === 'xor' ? 'or else' : c.compound.op;
    // A part that is itself an and/or gets a comma after it, so "hidden or duplicates, and that have a
    // comment" cannot be read as "hidden, or duplicates that have a comment".
    const nested = parts.some((p) => p.compound);
    const body = nested ? joinSeparated(rendered, conj) : joinList(rendered, conj);
    if (c.compound.op === 'xor') return `${body} (but not both)`;
    return body;
  }
  if (c.whose) return `whose ${c.sg}`;
  if (c.lead) return `${c.lead} ${c.sg}`;
  return `that ${num === 'sg' ? c.sg : c.pl}`;
}

/** "a, and b", "a, b, and c". */
function joinSeparated(items: readonly string[], conj: string): string {
  return `${items.slice(0, -1).join(', ')}, ${conj} ${items[items.length - 1]}`;
}

/** An `or` inside an `and` reads "that either … or …", so the `and` cannot be taken as part of it. */
function grouped(rendered: string, op: 'and' | 'or' | 'xor'): string {
  return op === 'or' && rendered.startsWith('that ') ? `that either ${rendered.slice(5)}` : rendered;
}

/** "hidden strings in file 3 that are not duplicates and have at least one translation". */
export function nounPhrase(
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
  const words = [quantity, ...pre, num === 'pl' && plNoun ? plNoun : noun, ...post].filter(Boolean).join(' ');
  if (rest.length === 0) return withs.length ? `${words} with ${joinList(withs, 'and')}` : words;
  // Once a "that" clause is needed, "with" phrases read better as "that have …".
  const all = [...rest, ...withs.map((w) => ({ sg: `has ${w}`, pl: `have ${w}` }))];
  const combined: Clause =
    all.length === 1 ? all[0]! : { sg: '', pl: '', compound: { op: 'and', parts: all } };
  return `${words} ${relative(combined, num)}`;
}

/** The clause that holds when `c` does not (built once per clause, and only when asked for). */
export function negate(c: Clause): Clause {
  if (c.negated) return c.negated;
  const n = negateOnce(c);
  c.negated = n;
  return n;
}

function negateOnce(c: Clause): Clause {
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

export function be(
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

export function have(object: string, negObject: string): Clause {
  const c: Clause = {
    sg: `has ${object}`,
    pl: `have ${object}`,
    withPhrase: object,
    neg: () => ({ sg: `has ${negObject}`, pl: `have ${negObject}`, withPhrase: negObject, neg: () => c }),
  };
  return c;
}

export function verb(sg: string, pl: string, negSg: string, negPl: string): Clause {
  const c: Clause = { sg, pl, neg: () => ({ sg: negSg, pl: negPl, neg: () => c }) };
  return c;
}

export function whose(text: string, negText: string): Clause {
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

export function elementNoun(typeName: string): { sg: string; pl: string } {
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
  isAutoTranslated: () => be('auto-translated (by TM, MT or AI)'),
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

export function booleanField(field: FieldDef): Clause {
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
export function humanName(field: FieldDef): string {
  return field.name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

// Runtimes without Intl.DisplayNames (older ones) fall back to the quoted code.
const LANGUAGE_NAMES =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

export function languageName(code: string): string {
  let name: string | undefined;
  try {
    name = LANGUAGE_NAMES?.of(code);
  } catch (error) {
    // A code that is no language tag at all (`@language:"x y"`) is a RangeError by the Intl spec: quoted.
    if (!(error instanceof RangeError)) throw error;
  }
  return name && name.toLowerCase() !== code.toLowerCase() ? name : `“${code}”`;
}

export const DATE_PARTICIPLES: Record<string, string> = {
  added: 'added',
  updated: 'updated',
  createdAt: 'created',
  updatedAt: 'updated',
};
