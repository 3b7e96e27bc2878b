// The checked model of what the user edits, analysed once however many ask: lint, the explain line under
// the editor (and the builder's, which has no editor), Run and the apps' Send check all want
// analyzeTemplate() of the same text with the same listing, options and template values. The first to ask
// analyses; the others get that very model. A memo rather than editor state because the builder's explain
// line and Run are outside any EditorView, and because lint may wait for a pause (slow queries) while the
// explain line may not: whichever comes first does the work. Whoever does it parses incrementally from the
// newest model's tree (reparse.ts) unless it brings a tree of its own: the explain line of a 28 KB query
// after a keystroke reparses the edited clause, not the whole query (README "Benchmarks", D43).
import type { Tree } from '@lezer/common';
import {
  analyzeTemplate,
  substitute,
  type AnalyzeOptions,
  type AnalyzeResult,
  type ListingName,
  type TemplateParam,
} from './index.ts';
import { changedRange, incrementalParser, reparse } from './reparse.ts';

/** What decides the model besides the text and listing; the tree only saves a parse (same result). */
export type CheckOptions = Omit<AnalyzeOptions, 'tree'>;

export interface CheckHow {
  /** A Lezer tree of exactly `text`, built only if an analysis runs (lint's incremental parse). */
  tree?: () => Tree | undefined;
}

/**
 * How long each model's analysis took, in ms (parse included), whoever asked for it: lint decides from it
 * whether to lint on every keystroke or wait for a pause, and most keystrokes' models are made by the
 * explain line once lint waits. Timing only the analyses lint ran itself latched it into waiting: after
 * three slow ones (a busy machine), the explain line made every model and lint never saw a fast one again.
 */
const analysisTimes = new WeakMap<AnalyzeResult, number>();

/** How long the analysis that made `model` took, in ms; undefined for a model not made by checkedModel. */
export function analysisTime(model: AnalyzeResult): number | undefined {
  return analysisTimes.get(model);
}

interface Entry {
  text: string;
  listing: ListingName;
  options: CheckOptions;
  /**
   * What the template values made of the text: the result depends on `params` and `now` only through
   * the substitution, so two instants that render a relative datetime alike share a model. The sent text
   * and the replacements and problems as JSON (empty for a plain text).
   */
  substituted: string;
  fingerprint: string;
  model: AnalyzeResult;
}

/**
 * A few recent models, newest first. More than one: an editor and the builder may show different texts,
 * the router's settings page has an editor per rule, and a deferred explain line may ask for the text
 * before the last. Few: a model of a long query is large.
 */
const CAPACITY = 8;
let recent: Entry[] = [];
/**
 * The newest clean tree made by incrementalParser and its text, the base of the next analysis's reparse.
 * Kept apart from the models: while the text has a syntax error (typing at its end) no new one is made,
 * and the last one stays as near a base as there is.
 */
let base: { text: string; tree: Tree } | null = null;

const sameList = <T>(
  a: readonly T[] | undefined,
  b: readonly T[] | undefined,
  same: (x: T, y: T) => boolean,
) =>
  a === b ||
  (a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => same(x, b[i]!)));

/**
 * The options the memo keeps, and sameOptions compares: every one (the return type requires each key), so
 * an option added to the core's AnalyzeOptions fails to compile here until the memo knows it. A forgotten
 * one would let two different questions share a model.
 */
function kept(o: CheckOptions): { [K in keyof Required<CheckOptions>]: CheckOptions[K] | undefined } {
  return { edition: o.edition, languages: o.languages, users: o.users };
}

/** By value: every caller builds its options afresh (analyzeOptions maps the members each time). */
function sameOptions(a: CheckOptions, b: CheckOptions): boolean {
  return (
    a.edition === b.edition &&
    sameList(a.languages, b.languages, (x, y) => x === y) &&
    sameList(a.users, b.users, (x, y) => x.id === y.id && x.username === y.username)
  );
}

/**
 * analyzeTemplate(text, listing, options, params, now), from the memo when an equal question was asked
 * recently (then the very same model object, which nobody may change).
 */
export function checkedModel(
  text: string,
  listing: ListingName,
  options: CheckOptions,
  params: readonly TemplateParam[],
  now: Date,
  how: CheckHow = {},
): AnalyzeResult {
  const sub = substitute(text, params, now);
  const fingerprint =
    sub.replacements.length === 0 && sub.problems.length === 0
      ? ''
      : JSON.stringify([sub.replacements, sub.problems]);
  const at = recent.findIndex(
    (e) =>
      e.text === text &&
      e.listing === listing &&
      e.substituted === sub.text &&
      e.fingerprint === fingerprint &&
      sameOptions(e.options, options),
  );
  if (at >= 0) {
    const hit = recent[at]!;
    if (at > 0) recent = [hit, ...recent.slice(0, at), ...recent.slice(at + 1)];
    return hit.model;
  }
  // Only what decides the result is kept: not a tree (that becomes `base`, never a result), nor a caller's
  // wider options object. A template's substituted text is parsed afresh (its tree would be the
  // template's), so none is built for it.
  const { edition, languages, users } = kept(options);
  const tree = () => {
    if (sub.replacements.length !== 0) return undefined;
    const supplied = how.tree?.();
    // Kept only if of incrementalParser: a tree of another configuration (an editor's) is never reused.
    if (supplied && supplied.type !== incrementalParser.nodeSet.types[supplied.type.id]) return supplied;
    const made =
      supplied ??
      reparse(
        incrementalParser,
        text,
        base ? { tree: base.tree, changes: [changedRange(base.text, text)] } : undefined,
      );
    if (made) base = { text, tree: made };
    return made;
  };
  const started = performance.now();
  const model = analyzeTemplate(text, listing, { edition, languages, users, tree: tree() }, params, now);
  analysisTimes.set(model, performance.now() - started);
  recent = [
    {
      text,
      listing,
      options: { edition, languages, users },
      substituted: sub.text,
      fingerprint,
      model,
    },
    ...recent.slice(0, CAPACITY - 1),
  ];
  return model;
}
