// Routing one batch: each string goes to the output of the first rule it matches, else to the default. A local
// rule runs its compiled predicate on the string's context (event-context.ts); a rule through the listing
// asks `listing(rule)` for the ids it matches (the caller fetches them once per batch), and so does a local
// rule for a string whose delivery lacks what it reads (the context throws MissingInDelivery). A rule the service refuses parks the strings that
// reach it with "" (TODO). The listing is only asked for rules some string still reaches.
import type { ContextObject } from '../croql/index.ts';
import { DeliveredContext, MissingInDelivery, type Lookups } from './event-context.ts';
import type { EventString } from '../wire/workflow-step.ts';
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
  /** The project's lists the local rules name things from (labels, branches). */
  lookups: Lookups;
  listing: (rule: number) => Promise<ListingVerdict>;
}

export async function route(input: RouteInput): Promise<Routed> {
  const { strings, rules } = input;
  const n = strings.length;
  // Every string goes to the default unless a rule takes it or parks it.
  const outputs: string[] = new Array<string>(n).fill(input.fallback);
  const counts = new Array<number>(rules.length + 1).fill(0);
  const parked: Parked[] = [];
  const context = new DeliveredContext(input.lookups);
  // The strings no rule has taken yet, in order; null while that is all of them.
  let pending: number[] | null = null;
  let routed = 0;
  for (let r = 0; r < rules.length && (pending === null || pending.length > 0); r++) {
    const rule = rules[r]!;
    const size = pending === null ? n : pending.length;
    if (rule.refused !== undefined) {
      park(pending, size, r, rule.refused);
      break;
    }
    // After the last rule, what is left stays with the default: no list of it is needed.
    const next: number[] | null = r < rules.length - 1 ? [] : null;
    const viaListing: number[] = [];
    const predicate = rule.predicate;
    let matched = 0;
    for (let k = 0; k < size; k++) {
      const i = pending === null ? k : pending[k]!;
      const verdict = predicate ? test(predicate, context.point(strings[i]!)) : MISSING;
      if (verdict === YES) {
        outputs[i] = rule.output;
        matched++;
      } else if (verdict === NO) next?.push(i);
      else viaListing.push(i);
    }
    if (viaListing.length > 0) {
      const verdict = await input.listing(r);
      if ('refused' in verdict) park(viaListing, viaListing.length, r, verdict.refused);
      else {
        for (const i of viaListing) {
          if (verdict.ids.has(strings[i]!.id)) {
            outputs[i] = rule.output;
            matched++;
          } else next?.push(i);
        }
      }
    }
    counts[r] = matched;
    routed += matched;
    if (next === null) break;
    pending = next;
  }
  counts[rules.length] = n - routed - parked.reduce((sum, p) => sum + p.count, 0);
  return { outputs, parked, counts };

  function park(indices: readonly number[] | null, size: number, rule: number, reason: string) {
    for (let k = 0; k < size; k++) outputs[indices === null ? k : indices[k]!] = PARKED;
    parked.push({ rule, reason, count: size });
  }
}

const NO = 0;
const YES = 1;
const MISSING = 2;

/** A local rule's verdict on one string; MISSING when the delivery lacks what it reads. */
function test(predicate: (ctx: ContextObject) => boolean, ctx: ContextObject): number {
  try {
    return predicate(ctx) ? YES : NO;
  } catch (e) {
    if (e instanceof MissingInDelivery) return MISSING;
    throw e;
  }
}
