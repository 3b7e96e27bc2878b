// Faults and limits on demand: what `POST /__faults` takes, what `GET /__faults` and `GET /__limits` answer.
// The emulator validates rules against FAULT_RULE_SCHEMA (src/server/emulator/faults/) and the Apps view's
// faults panel (src/apps/FaultsPanel.tsx) sends and shows the same shapes.

/** The statuses a rule may answer with: the service's limit (429) and its server and gateway failures. */
export const FAULT_STATUSES = [429, 500, 502, 503, 504] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];

/** What a delivery rule does to the deliveries it picks. */
export const DELIVERY_FAULTS = ['drop', 'duplicate', 'delay', 'reorder', 'parallel'] as const;
export type DeliveryFault = (typeof DELIVERY_FAULTS)[number];

/** What each delivery fault (and a rule's retry schedule) did to a delivery, in a few words for the log. */
export const DELIVERY_FAULT_WORDS: Record<DeliveryFault | 'retrySchedule', string> = {
  drop: 'dropped, never sent',
  duplicate: 'sent again after its answer',
  parallel: 'sent twice at once',
  delay: 'held before sending',
  reorder: 'its events in reverse order',
  retrySchedule: "retried on the rule's schedule",
};

/** A delivery fault rule that acted on a delivery (DeliverySummary.faults): the rule's id and what it did. */
export interface DeliveryFaultNote {
  rule: string;
  fault: DeliveryFault | 'retrySchedule';
}

/** What the rules did to a delivery, in words for the log and `apps listen`; null when none acted on it. */
export function deliveryFaultsText(notes: readonly DeliveryFaultNote[]): string | null {
  if (notes.length === 0) return null;
  return `fault ${notes.map((f) => `${f.rule}: ${DELIVERY_FAULT_WORDS[f.fault]}`).join('; ')}`;
}

/** The HTTP methods a request rule may name; `*` (or no method) picks every method. */
export const FAULT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*'] as const;

/**
 * One rule. It picks requests to the API or OAuth server (`method`, `path`, `listing`, `account`, `app`) or
 * deliveries to apps (`delivery`, `app`, `module`, `event`), does one thing to them, and lasts for `count`
 * picks, with `probability`, within `afterSeconds`…`forSeconds`, or until deleted.
 */
export interface FaultRule {
  /** Given by the emulator when absent; names the rule in `GET /__faults`. */
  id?: string;
  /** `GET`, `POST`, …; absent or `*`: any. */
  method?: (typeof FAULT_METHODS)[number];
  /** `/api/v2/…` or `/oauth/…`; `*` is one path segment, `**` one or more (`/api/v2/**`: the whole API). */
  path?: string;
  /** A listing of the listings registry (src/wire/listings.ts), e.g. `strings`: its path. */
  listing?: string;
  /** A username or user id: requests made with that account's tokens. */
  account?: string;
  /** An installed app's identifier: requests made with its tokens, or deliveries to it. */
  app?: string;
  /** Answer this status with the body and headers the service sends for it. */
  status?: FaultStatus;
  /** Hold the request this long before it is served (API requests count against the limit meanwhile). */
  latencyMs?: number;
  /**
   * With `latencyMs`: hold each request up to this much longer, drawn per request from the rule's seeded
   * generator, so answers come back out of order, as from a busy service.
   */
  latencyJitterMs?: number;
  /** Close the connection without an answer. */
  reset?: true;
  /** Do this to deliveries to apps. */
  delivery?: DeliveryFault;
  /** A delivery's webhook module key (delivery rules only). */
  module?: string;
  /** A delivery's event, e.g. `string.status_on_step.recalculation_triggered` (delivery rules only). */
  event?: string;
  /** For `delivery: "delay"`: how long. */
  delayMs?: number;
  /** Seconds before each retry of a picked delivery that fails, instead of `--retry-schedule`. */
  retrySchedule?: number[];
  /** Picks before the rule ends; absent: until deleted. */
  count?: number;
  /** The chance that a matching request is picked (seeded: the same seed picks the same requests). */
  probability?: number;
  /** The rule starts this long after it was set. */
  afterSeconds?: number;
  /** The rule ends this long after it started. */
  forSeconds?: number;
}

export interface SetFaultsRequest {
  rules: FaultRule[];
  /** Seed of the probability draws (default 1), so a run can be repeated exactly. */
  seed?: number;
}

export interface FaultRuleState {
  rule: FaultRule & { id: string };
  /** How often it was applied. */
  fired: number;
  /** Matching requests it let through (probability, not yet started). */
  passed: number;
  /** `waiting` (before afterSeconds), `active`, or `ended` (count reached or window over). */
  state: 'waiting' | 'active' | 'ended';
}

export interface FaultsResponse {
  seed: number;
  rules: FaultRuleState[];
}

/** One account's use of the service's limit of simultaneous API requests. */
export interface AccountLimit {
  /** The username (or the user id of an account the data does not name, e.g. an app's agent). */
  account: string;
  /** The organization, on Enterprise. */
  domain: string | null;
  inFlight: number;
  /** Requests refused with a 429 since the emulator started. */
  refused: number;
  /** The most requests in flight at once. */
  peak: number;
}

export interface LimitsResponse {
  /** Simultaneous API requests per account (the service's 20). */
  max: number;
  accounts: AccountLimit[];
}

const PICK_DESCRIPTIONS = {
  count: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  probability: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  afterSeconds: { type: 'number', minimum: 0, maximum: 86_400 },
  forSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 86_400 },
  id: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' },
  app: { type: 'string', minLength: 1, maxLength: 200 },
} as const;

/**
 * JSON Schemas (Ajv) of the two kinds of rule. A request rule acts on `/api/v2/…` or `/oauth/…` only, so no
 * rule reaches the control routes; a rule with `delivery` or `retrySchedule` is a delivery rule. What a schema
 * cannot say in words (one action per rule, `listing` or `path`) the emulator checks after it.
 */
export const FAULT_REQUEST_RULE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...PICK_DESCRIPTIONS,
    method: { enum: FAULT_METHODS },
    path: { type: 'string', maxLength: 500, pattern: '^/(api/v2|oauth)(/[^/?#\\s]+)*/?$' },
    listing: { type: 'string', minLength: 1, maxLength: 100 },
    account: { type: 'string', minLength: 1, maxLength: 200 },
    status: { enum: FAULT_STATUSES },
    latencyMs: { type: 'integer', minimum: 1, maximum: 600_000 },
    latencyJitterMs: { type: 'integer', minimum: 1, maximum: 600_000 },
    reset: { const: true },
  },
} as const;

export const FAULT_DELIVERY_RULE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...PICK_DESCRIPTIONS,
    delivery: { enum: DELIVERY_FAULTS },
    module: { type: 'string', minLength: 1, maxLength: 200 },
    event: { type: 'string', minLength: 1, maxLength: 200 },
    delayMs: { type: 'integer', minimum: 1, maximum: 600_000 },
    retrySchedule: {
      type: 'array',
      maxItems: 10,
      items: { type: 'number', minimum: 0, maximum: 3600 },
    },
  },
} as const;

/** Is this rule about deliveries to apps (rather than requests to the API and OAuth server)? */
export const isDeliveryRule = (rule: object): boolean => 'delivery' in rule || 'retrySchedule' in rule;

export const FAULTS_PATH = '/__faults';
export const LIMITS_PATH = '/__limits';
