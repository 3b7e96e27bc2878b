// What an operator watches (issue 30 §4), served at GET /metrics in Prometheus' text format: deliveries
// received (by organization and answer), the inbox's depth (a hook: 0 until an inbox reports one), routing
// latency (from a string's delivery to the PATCH that routed it), API calls by organization and status, and
// 429s by organization. Counting is plain Maps, cheap on every call; prom-client is loaded at the first
// scrape only, so a router nobody scrapes never loads it.
import type { Registry } from 'prom-client';

/** Latency buckets in seconds: a batch is answered at once and routed within seconds to minutes. */
const LATENCY_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Strings whose delivery time is remembered until routed; older ones are forgotten first. */
const MAX_TRACKED = 100_000;
/** Observations kept between scrapes. */
const MAX_PENDING = 100_000;
/** A string of a step in one language: when its delivery came is remembered under it until it is routed. */
const stringKey = (organization: string, stepId: number, languageId: string, stringId: number) =>
  `${organization}|${stepId}|${languageId}|${stringId}`;

export class RouterMetrics {
  private readonly deliveries = new Map<string, number>();
  private readonly apiCalls = new Map<string, number>();
  private readonly throttled = new Map<string, number>();
  private readonly received = new Map<string, number>();
  private readonly pendingLatency: number[] = [];
  private inboxDepth: () => number | Promise<number> = () => 0;
  private registry: Promise<Registry> | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** A delivery answered with `status` (the webhook route). */
  delivery(organization: string, status: number): void {
    bump(this.deliveries, JSON.stringify([organization, String(status)]));
  }

  /** Strings of a delivery taken for routing: their routing latency starts now. */
  accepted(
    organization: string,
    items: readonly { stepId: number; languageId: string; string: { id: number } }[],
  ) {
    const at = this.now();
    for (const i of items) {
      const key = stringKey(organization, i.stepId, i.languageId, i.string.id);
      if (this.received.has(key)) continue;
      if (this.received.size >= MAX_TRACKED) this.received.delete(this.received.keys().next().value!);
      this.received.set(key, at);
    }
  }

  /** Strings routed now (a PATCH of their statuses succeeded): their latency is observed. */
  routed(organization: string, stepId: number, languageId: string, stringIds: readonly number[]): void {
    const now = this.now();
    for (const id of stringIds) {
      const key = stringKey(organization, stepId, languageId, id);
      const at = this.received.get(key);
      if (at === undefined) continue;
      this.received.delete(key);
      if (this.pendingLatency.length < MAX_PENDING) this.pendingLatency.push((now - at) / 1000);
    }
  }

  /** An API call of the organization's client answered `status` (0: no answer). */
  apiCall(organization: string, status: number): void {
    bump(this.apiCalls, JSON.stringify([organization, String(status)]));
    if (status === 429) bump(this.throttled, organization);
  }

  /** Where the inbox's depth comes from (the inbox sets it; 0 until then). */
  setInboxDepth(depth: () => number | Promise<number>): void {
    this.inboxDepth = depth;
  }

  /**
   * A fetch for an organization's API client that counts its calls, and notes the strings a successful
   * status PATCH routed (`…/workflow-steps/{step}/languages/{language}/status`, ops `/{stringId}/…`).
   */
  countingFetch(
    organization: string,
    fetch: (input: string, init: RequestInit) => Promise<Response>,
  ): (input: string, init: RequestInit) => Promise<Response> {
    return async (input, init) => {
      let res: Response;
      try {
        res = await fetch(input, init);
      } catch (e) {
        this.apiCall(organization, 0);
        throw e;
      }
      this.apiCall(organization, res.status);
      const patch =
        init.method === 'PATCH' &&
        /\/workflow-steps\/(\d+)\/languages\/([^/]+)\/status$/.exec(new URL(input).pathname);
      if (patch && res.ok && typeof init.body === 'string') {
        const ids = readOps(init.body);
        this.routed(organization, Number(patch[1]), decodeURIComponent(patch[2]!), ids);
      }
      return res;
    };
  }

  /** The text exposition (Prometheus' format) and its content type. */
  async scrape(): Promise<{ body: string; contentType: string }> {
    this.registry ??= this.build();
    const registry = await this.registry;
    return { body: await registry.metrics(), contentType: registry.contentType };
  }

  private async build(): Promise<Registry> {
    const { Counter, Gauge, Histogram, Registry } = await import('prom-client');
    const registry = new Registry();
    // prom-client calls collect() with the metric as `this`; these read the counts.
    const depth = () => this.inboxDepth();
    const latency = this.pendingLatency;
    const counter = (
      name: string,
      help: string,
      labelNames: string[],
      from: Map<string, number>,
      split: boolean,
    ) =>
      new Counter({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          this.reset();
          for (const [key, n] of from) {
            const values: string[] = split ? JSON.parse(key) : [key];
            this.inc(Object.fromEntries(labelNames.map((l, i) => [l, values[i]!])), n);
          }
        },
      });
    counter(
      'croql_router_deliveries_received_total',
      'Webhook deliveries received, by organization and the status they were answered with.',
      ['organization', 'status'],
      this.deliveries,
      true,
    );
    counter(
      'croql_router_api_calls_total',
      "Calls to Crowdin's API, by organization and answer status (0: no answer).",
      ['organization', 'status'],
      this.apiCalls,
      true,
    );
    counter(
      'croql_router_api_throttled_total',
      "Calls to Crowdin's API answered 429 (rate limited), by organization.",
      ['organization'],
      this.throttled,
      false,
    );
    new Gauge({
      name: 'croql_router_inbox_depth',
      help: 'Deliveries kept in the inbox and not yet routed.',
      registers: [registry],
      async collect() {
        this.set(await depth());
      },
    });
    new Histogram({
      name: 'croql_router_routing_latency_seconds',
      help: 'From a string’s delivery to the PATCH that routed it.',
      buckets: LATENCY_BUCKETS,
      registers: [registry],
      collect() {
        for (const s of latency.splice(0)) this.observe(s);
      },
    });
    return registry;
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** The string ids of a status PATCH's ops (`[{op, path: "/{stringId}/status", value}]`). */
function readOps(body: string): number[] {
  try {
    const ops = JSON.parse(body) as unknown;
    if (!Array.isArray(ops)) return [];
    return ops
      .map((o) => /^\/(\d+)\//.exec(String((o as { path?: unknown })?.path ?? ''))?.[1])
      .filter((id): id is string => id !== undefined)
      .map(Number);
  } catch {
    return [];
  }
}
