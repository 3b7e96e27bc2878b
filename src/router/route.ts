// Routing one batch: each string goes to the output of the first rule it matches, else to the default. A local
// rule runs its compiled predicate on the string's context (event-context.ts); a rule through the listing
// asks `listing(rule)` for the ids it matches (the caller fetches them once per batch), and so does a local
// rule for a string whose delivery lacks what it reads. A rule the service refuses parks the strings that
// reach it with "" (TODO). The listing is only asked for rules some string still reaches.
import type { ContextObject } from '../croql/index.ts';
import type { ContextBuilder, Lookups } from './event-context.ts';
import type { EventString } from './event.ts';
import type { OutputPort } from './settings.ts';

/** The TODO "output": the string stays on the step, parked. */
export const PARKED = '';

export interface RuleRunner {
  output: OutputPort;
  /** A local rule's predicate; null for a rule that runs through the listing. */
  predicate: ((ctx: ContextObject) => boolean) | null;
  /** Set when the rule cannot run for this language (the core refuses its substituted text). */
  refused?: string;
}

export type ListingVerdict = { ids: ReadonlySet<number> } | { refused: string };

export interface Parked {
  /** Index of the rule in the settings. */
  rule: number;
  reason: string;
  count: number;
}

export interface Routed {
  /** Per string, in order: an output port, or "" (parked). */
  outputs: string[];
  parked: Parked[];
  /** How many strings each rule routed (the default's count last). */
  counts: number[];
}

export interface RouteInput {
  strings: readonly EventString[];
  rules: readonly RuleRunner[];
  fallback: OutputPort;
  /** Builds contexts for the local rules; null when no rule is local. */
  build: ContextBuilder | null;
  lookups: Lookups;
  listing: (rule: number) => Promise<ListingVerdict>;
}

export async function route(input: RouteInput): Promise<Routed> {
  const { strings, rules, build, lookups } = input;
  const outputs: string[] = new Array<string>(strings.length);
  const counts = new Array<number>(rules.length + 1).fill(0);
  const parked: Parked[] = [];
  // Built once per string, the first time a local rule needs it; null: the delivery lacks a key.
  const contexts: (ContextObject | null | undefined)[] = new Array(strings.length);
  let pending: number[] = strings.map((_, i) => i);
  for (let r = 0; r < rules.length && pending.length > 0; r++) {
    const rule = rules[r]!;
    if (rule.refused !== undefined) {
      park(pending, r, rule.refused);
      pending = [];
      break;
    }
    const next: number[] = [];
    let viaListing: number[] = [];
    const predicate = rule.predicate;
    if (predicate && build) {
      for (const i of pending) {
        let ctx = contexts[i];
        if (ctx === undefined) ctx = contexts[i] = build(strings[i]!, lookups);
        if (ctx === null) viaListing.push(i);
        else if (predicate(ctx)) {
          outputs[i] = rule.output;
          counts[r]!++;
        } else next.push(i);
      }
    } else viaListing = pending;
    if (viaListing.length > 0) {
      const verdict = await input.listing(r);
      if ('refused' in verdict) park(viaListing, r, verdict.refused);
      else {
        for (const i of viaListing) {
          if (verdict.ids.has(strings[i]!.id)) {
            outputs[i] = rule.output;
            counts[r]!++;
          } else next.push(i);
        }
      }
    }
    pending = next;
  }
  for (const i of pending) outputs[i] = input.fallback;
  counts[rules.length]! += pending.length;
  return { outputs, parked, counts };

  function park(indices: readonly number[], rule: number, reason: string) {
    for (const i of indices) outputs[i] = PARKED;
    parked.push({ rule, reason, count: indices.length });
  }
}
