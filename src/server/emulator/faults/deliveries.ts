// What the delivery fault rules in force (src/wire/faults.ts, picked by rules.ts pickDeliveries) do to one
// webhook delivery, as a plan the deliveries (apps/deliveries.ts) carry out: drop it, hold it, reverse its
// batch, send it again after its answer or twice at once, or retry it on a shorter schedule. Several rules
// may act on one delivery; a drop wins over the rest, which all still count as fired.
import type { DeliveryFaultNote } from '../../../wire/faults.ts';
import type { DeliveryFacts, FaultRules, Picked } from './rules.ts';

export interface DeliveryPlan {
  /** Not sent at all: logged as `dropped`, its strings stay NEED_PROCESS (the app must reconcile). */
  drop: boolean;
  /** Sent again, the same bytes and signature, once the first is answered (a lost acknowledgement). */
  duplicate: boolean;
  /** Sent twice at the same moment. */
  parallel: boolean;
  /** Held this long before it is sent; the hold ends early when the rule is deleted. */
  delay: { ms: number; signal: AbortSignal } | null;
  /** The batch's events in reverse order (the body is built and signed after). */
  reorder: boolean;
  /** Seconds before each retry, instead of `--retry-schedule`. */
  retrySchedule: number[] | null;
  /** What each rule did, for the delivery log. */
  notes: DeliveryFaultNote[];
}

/** Asks the rules about one delivery; null when none acts on it. */
export type DeliveryFaultPlanner = (facts: DeliveryFacts) => DeliveryPlan | null;

export function deliveryPlan(picked: readonly Picked[]): DeliveryPlan | null {
  if (picked.length === 0) return null;
  const plan: DeliveryPlan = {
    drop: false,
    duplicate: false,
    parallel: false,
    delay: null,
    reorder: false,
    retrySchedule: null,
    notes: [],
  };
  for (const { rule, signal } of picked) {
    if (rule.retrySchedule) {
      // The first rule that gives a schedule decides it.
      plan.retrySchedule ??= rule.retrySchedule;
      plan.notes.push({ rule: rule.id, fault: 'retrySchedule' });
    }
    switch (rule.delivery) {
      case undefined:
        continue;
      case 'drop':
        plan.drop = true;
        break;
      case 'duplicate':
        plan.duplicate = true;
        break;
      case 'parallel':
        plan.parallel = true;
        break;
      case 'reorder':
        plan.reorder = true;
        break;
      case 'delay':
        // Two delays add up; the first rule's deletion ends the hold.
        plan.delay = { ms: (plan.delay?.ms ?? 0) + rule.delayMs!, signal: plan.delay?.signal ?? signal };
        break;
    }
    plan.notes.push({ rule: rule.id, fault: rule.delivery });
  }
  return plan;
}

/** The planner over the rules in force, for the deliveries. */
export function deliveryFaultPlanner(rules: FaultRules): DeliveryFaultPlanner {
  return (facts) => (rules.size === 0 ? null : deliveryPlan(rules.pickDeliveries(facts)));
}
