// The fault rules in force: validation (Ajv against src/wire/faults.ts, then the checks a schema cannot
// word), which request or delivery each rule picks, and how often each fired. Probability draws come from a
// seeded generator per rule, so the same seed and the same requests pick the same ones in every run.
import { Ajv, type ErrorObject } from 'ajv';
import { setMaxListeners } from 'node:events';
import {
  FAULT_DELIVERY_RULE_SCHEMA,
  FAULT_REQUEST_RULE_SCHEMA,
  isDeliveryRule,
  type FaultRule,
  type FaultRuleState,
  type FaultsResponse,
} from '../../../wire/faults.ts';
import { seededRandom } from '../../../croql/generate.ts';
import { isListingName, LISTINGS } from '../../../wire/listings.ts';
import { isRecord } from '../../../wire/json.ts';

/** At most this many rules at once: enough for any test, and bounded work per request. */
export const MAX_FAULT_RULES = 100;

/** Bad rules: each problem names the rule (by its index) and says what to change. */
export class FaultRulesError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '));
  }
}

let validators: { request: ReturnType<Ajv['compile']>; delivery: ReturnType<Ajv['compile']> } | null = null;
function compiled() {
  if (!validators) {
    const ajv = new Ajv({ allErrors: true, strict: true });
    validators = {
      request: ajv.compile(FAULT_REQUEST_RULE_SCHEMA),
      delivery: ajv.compile(FAULT_DELIVERY_RULE_SCHEMA),
    };
  }
  return validators;
}

function words(error: ErrorObject): string {
  const at = error.instancePath ? `"${error.instancePath.slice(1).replace(/\//g, '.')}"` : 'the rule';
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = (error.params as { additionalProperty: string }).additionalProperty;
      return `"${key}" is not a key of this kind of rule`;
    }
    case 'enum':
      return `${at} must be one of ${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${at} must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
    case 'pattern':
      return error.instancePath === '/path'
        ? `"path" must start with /api/v2 or /oauth (the control routes cannot be faulted), without a query`
        : `${at} must match ${(error.params as { pattern: string }).pattern}`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * Checks rules without applying them: the rules, or every problem in words. Exported for `--faults FILE` and
 * `startEmulator({faults})`, which refuse bad rules before the emulator serves anything.
 */
export function validateFaultRules(value: unknown): FaultRule[] {
  if (!Array.isArray(value)) throw new FaultRulesError(['Send {"rules": [...]}: "rules" must be an array.']);
  if (value.length > MAX_FAULT_RULES)
    throw new FaultRulesError([`At most ${MAX_FAULT_RULES} rules at once; got ${value.length}.`]);
  const problems: string[] = [];
  value.forEach((rule, i) => {
    const name = `Rule ${i + 1}`;
    if (!isRecord(rule)) return problems.push(`${name} is not a JSON object.`);
    const delivery = isDeliveryRule(rule);
    const validate = delivery ? compiled().delivery : compiled().request;
    if (!validate(rule)) {
      const kind = delivery ? 'a delivery rule (it has "delivery" or "retrySchedule")' : 'a request rule';
      for (const e of validate.errors ?? []) problems.push(`${name}, ${kind}: ${words(e)}.`);
      return;
    }
    const r = rule as FaultRule;
    if (!delivery) {
      const actions = (['status', 'latencyMs', 'reset'] as const).filter((k) => r[k] !== undefined);
      if (actions.length !== 1)
        problems.push(
          `${name} must do exactly one thing: "status", "latencyMs" or "reset"${actions.length ? ` (it has ${actions.join(' and ')})` : ''}.`,
        );
      if (r.latencyJitterMs !== undefined && r.latencyMs === undefined)
        problems.push(`${name}: "latencyJitterMs" goes with "latencyMs" only (the least a request is held).`);
      if (r.path !== undefined && r.listing !== undefined)
        problems.push(`${name} has both "path" and "listing": give one.`);
      if (r.listing !== undefined && !isListingName(r.listing))
        problems.push(
          `${name}: "${r.listing}" is not a listing. Use one of ${Object.keys(LISTINGS).join(', ')}.`,
        );
    } else {
      if (r.delivery === 'delay' && r.delayMs === undefined)
        problems.push(`${name}: "delivery": "delay" needs "delayMs".`);
      if (r.delayMs !== undefined && r.delivery !== 'delay')
        problems.push(`${name}: "delayMs" goes with "delivery": "delay" only.`);
    }
  });
  const ids = value
    .filter(isRecord)
    .map((r) => r.id)
    .filter((id) => id !== undefined);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (twice.length) problems.push(`Rule ids must differ: ${[...new Set(twice)].join(', ')} is used twice.`);
  if (problems.length) throw new FaultRulesError(problems);
  return value as FaultRule[];
}

/**
 * `/api/v2/projects/*\/strings` → a RegExp of whole paths, `*` standing for one segment and `**` for one or
 * more (`/api/v2/**` is every API path).
 */
function pathMatcher(pattern: string): RegExp {
  const segment = (s: string) =>
    s === '**' ? '[^/]+(?:/[^/]+)*' : s === '*' ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = pattern.replace(/\/+$/, '').split('/').map(segment).join('/');
  return new RegExp(`^${body}/?$`);
}

interface Entry {
  rule: FaultRule & { id: string };
  path: RegExp | null;
  random: () => number;
  fired: number;
  passed: number;
  startsAt: number;
  endsAt: number;
  /** Aborted when the rule is deleted: held requests and deliveries go on at once. */
  ended: AbortController;
}

/** What a request looks like to the rules. */
export interface RequestFacts {
  method: string;
  path: string;
  /** The user id and username of the token's account; empty without a valid token. */
  account: string[];
  /** The app a token was issued to. */
  app: string | null;
}

/** What a delivery looks like to the rules. */
export interface DeliveryFacts {
  app: string;
  module: string | null;
  /** The events a delivery carries (a batch may mix several); a rule's `event` picks it if one is that. */
  events: readonly string[];
}

export interface Picked {
  rule: FaultRule & { id: string };
  /** Aborts when the rule is deleted (a held request goes on). */
  signal: AbortSignal;
  /** A latency rule's hold for this request: `latencyMs`, plus its draw of `latencyJitterMs`. */
  latencyMs?: number;
}

export class FaultRules {
  private entries: Entry[] = [];
  private seed = 1;
  private nextId = 1;

  constructor(private clock: () => number = Date.now) {}

  /** Adds rules (validated first: nothing is added when one is bad); `seed` reseeds every rule's draws. */
  add(rules: unknown, seed?: unknown): FaultsResponse {
    if (seed !== undefined && !(Number.isSafeInteger(seed) && (seed as number) >= 0))
      throw new FaultRulesError([`"seed" must be a whole number ≥ 0; got ${JSON.stringify(seed)}.`]);
    const valid = validateFaultRules(rules);
    const taken = new Set(this.entries.map((e) => e.rule.id));
    const clash = valid.filter((r) => r.id !== undefined && taken.has(r.id)).map((r) => r.id);
    if (clash.length)
      throw new FaultRulesError([
        `A rule named ${clash.join(', ')} is in force: delete it first, or pick another id.`,
      ]);
    if (seed !== undefined) this.seed = seed as number;
    const now = this.clock();
    for (const rule of valid) {
      let id = rule.id;
      while (id === undefined || taken.has(id)) id = `rule-${this.nextId++}`;
      taken.add(id);
      const startsAt = now + (rule.afterSeconds ?? 0) * 1000;
      const pattern = rule.listing
        ? `/api/v2${LISTINGS[rule.listing as keyof typeof LISTINGS].path.replace(/\{\w+\}/g, '*')}`
        : rule.path;
      const ended = new AbortController();
      // Every request a latency rule holds listens for its end: as many as the limit lets through.
      setMaxListeners(0, ended.signal);
      this.entries.push({
        rule: { ...rule, id },
        path: pattern ? pathMatcher(pattern) : null,
        random: seededRandom(this.seed * 1_000_003 + this.entries.length),
        fired: 0,
        passed: 0,
        startsAt,
        endsAt: rule.forSeconds === undefined ? Infinity : startsAt + rule.forSeconds * 1000,
        ended,
      });
    }
    return this.state();
  }

  /** Ends one rule (by id) or all; true when something was deleted. */
  delete(id?: string): boolean {
    const gone = this.entries.filter((e) => id === undefined || e.rule.id === id);
    for (const e of gone) e.ended.abort();
    this.entries = this.entries.filter((e) => !gone.includes(e));
    return gone.length > 0;
  }

  state(): FaultsResponse {
    const now = this.clock();
    return {
      seed: this.seed,
      rules: this.entries.map((e) => ({
        rule: e.rule,
        fired: e.fired,
        passed: e.passed,
        state: this.stateOf(e, now),
      })),
    };
  }

  get size(): number {
    return this.entries.length;
  }

  /** The request rule that acts on this request, if any (its count and probability spent). */
  pickRequest(facts: RequestFacts): Picked | null {
    const now = this.clock();
    for (const e of this.entries) {
      const { rule } = e;
      if (isDeliveryRule(rule)) continue;
      if (rule.method && rule.method !== '*' && rule.method !== facts.method) continue;
      if (e.path && !e.path.test(facts.path)) continue;
      if (rule.account && !facts.account.some((a) => a.toLowerCase() === rule.account!.toLowerCase()))
        continue;
      if (rule.app && rule.app !== facts.app) continue;
      if (!this.fires(e, now)) continue;
      const picked: Picked = { rule, signal: e.ended.signal };
      if (rule.latencyMs !== undefined) {
        const jitter = rule.latencyJitterMs ?? 0;
        // Drawn only for a jittered rule: a rule without it spends no draw, so its probability picks the
        // same requests as before there was jitter.
        picked.latencyMs = rule.latencyMs + (jitter > 0 ? Math.floor(e.random() * (jitter + 1)) : 0);
      }
      return picked;
    }
    return null;
  }

  /** Every delivery rule that acts on this delivery (a retry schedule and a drop may both apply). */
  pickDeliveries(facts: DeliveryFacts): Picked[] {
    const now = this.clock();
    const picked: Picked[] = [];
    for (const e of this.entries) {
      const { rule } = e;
      if (!isDeliveryRule(rule)) continue;
      if (rule.app && rule.app !== facts.app) continue;
      if (rule.module && rule.module !== facts.module) continue;
      if (rule.event && !facts.events.includes(rule.event)) continue;
      if (this.fires(e, now)) picked.push({ rule, signal: e.ended.signal });
    }
    return picked;
  }

  private stateOf(e: Entry, now: number): FaultRuleState['state'] {
    if (now < e.startsAt) return 'waiting';
    if (now >= e.endsAt || (e.rule.count !== undefined && e.fired >= e.rule.count)) return 'ended';
    return 'active';
  }

  /** A matching request or delivery: does the rule act on it? Counts the answer either way. */
  private fires(e: Entry, now: number): boolean {
    const state = this.stateOf(e, now);
    if (state === 'ended') return false;
    if (state === 'waiting' || (e.rule.probability !== undefined && e.random() >= e.rule.probability)) {
      e.passed++;
      return false;
    }
    e.fired++;
    return true;
  }
}
