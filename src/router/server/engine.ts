// The router at work. A delivery's strings go to the inbox (store/inbox.ts) before the delivery is answered;
// workers (`concurrency` per instance) claim batches of one step and language from it with a lease and route
// them (claim-run.ts, batch.ts), deleting each PATCH chunk from the inbox once the service has answered it.
// So a process killed at any moment leaves its unfinished work in the inbox: the next start (embedded: one
// process, its claims given back at open) or another instance (PostgreSQL: once the lease runs out) routes
// it, with no wait for the reconcile pass. Work other instances put in the inbox, or leases that ran out, are
// found by a poll every `pollMs`.
// The API down or rate limiting means the batch waits (its rows due again later) and tries again, never a
// route on a guess; after `giveUpAfter` failed tries, or an error trying again cannot mend, the strings are
// parked with "" (TODO, what the service's docs give an app to say "not routed": the step shows them to do)
// and the log says why. Reconciling asks the service now and then for strings still NEED_PROCESS that the
// inbox does not hold (a delivery the service gave up on) and routes those seen stuck twice; saving a
// step's settings routes the strings it had parked.
import { randomUUID } from 'node:crypto';
import type { StepItem } from '../event.ts';
import type { RulePlan } from '../plan.ts';
import type { StringStatusRecord } from '../../wire/apps.ts';
import { BatchRouter, place, statusPath, type Logger } from './batch.ts';
import { ClaimRunner, type ClaimRunOptions } from './claim-run.ts';
import { distinct, EarlyRouting, isStored, type EarlyClaims } from './early-claims.ts';
import type { Claim, ClaimedItem, InboxItem, Kept, PutClaim } from './store/inbox.ts';
import type { StepRecord } from './store.ts';

export { statusPath, type Logger } from './batch.ts';

export interface EngineOptions extends ClaimRunOptions {
  /** How long a routed string's key is remembered, to check a later delivery of it first (default a day). */
  repeatWindowMs?: number;
  /** Batches routed at once by this instance (default 4). */
  concurrency?: number;
  /** Strings claimed per batch (default 500). */
  batchSize?: number;
  /** How long a claim holds before other instances may take the work (default 30 s; renewed while routing). */
  leaseMs?: number;
  /** How often the inbox is looked at for work this instance was not told of (default 1 s). */
  pollMs?: number;
  now?: () => Date;
}

export class RouterEngine {
  /** This instance's name; each claim it takes holds its lease under a name of its own (`holder`). */
  readonly owner = randomUUID();
  private claims = 0;
  private batches: BatchRouter;
  private runner: ClaimRunner;
  private early = new EarlyRouting();
  private workers = 0;
  /** Workers waiting for a claim's answer. */
  private looking = 0;
  /** Batches kept claimed when their delivery was accepted, waiting for a worker (see `accept`). */
  private held: { claim: Claim; at: number }[] = [];
  /** Batches being kept claimed by deliveries not yet stored. */
  private taking = 0;
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private lastDepth = 0;
  private poll: ReturnType<typeof setInterval>;
  private lastPrune = 0;
  /** Per step and language: the strings the last reconcile pass found NEED_PROCESS and did not route. */
  private stuck = new Map<string, Set<number>>();
  private reconciling = false;

  constructor(private options: EngineOptions) {
    this.batches = new BatchRouter(options.log, options.now);
    this.runner = new ClaimRunner(options, this.batches, this.leaseMs, {
      finished: (count) => (this.lastDepth = Math.max(0, this.lastDepth - count)),
      retryDue: () => this.wake(),
      isAbandoned: (claim) => this.early.isAbandoned(claim),
    });
    this.poll = setInterval(() => this.tick(), options.pollMs ?? 1000);
    this.poll.unref?.();
    // Work left by an earlier run of this store.
    this.wake();
  }

  private get log(): Logger {
    return this.options.log;
  }

  private get inbox() {
    return this.options.store.inbox;
  }

  /**
   * Keeps a delivery's step items with `put` (the inbox's own, or the journal's move inside its transaction:
   * ./deliveries.ts) and resolves to `commit`, called once what `put` wrote is committed. The batches this
   * instance has room for (`concurrency` routing and as many waiting) are kept claimed by it in the same
   * statement and routed from memory: no claim that reads them back from the store, and on several
   * instances each routes what reached it. The rest wait in the inbox for any instance's claim.
   * With `early` (asked in the same transaction, nothing else writing the inbox meanwhile: an embedded
   * store), batches whose strings are all new start routing before the put: their PATCH is under way while
   * the put runs, and the inbox calls on them wait for the commit (`Claim.stored`). A rolled-back move
   * undoes them (`onRollBack`, after the transaction ended: a claim under way may wait for the database).
   */
  async keep(
    organization: string,
    items: readonly StepItem[],
    put: (rows: InboxItem[], claim: PutClaim | undefined) => Promise<Kept & { claimed: ClaimedItem[] }>,
    early?: {
      isNew(rows: InboxItem[]): Promise<boolean>;
      onRollBack(undo: (e: Error) => Promise<void>): void;
    },
  ): Promise<() => Kept> {
    const rows: InboxItem[] = items.map((i) => ({
      projectId: i.projectId,
      stepId: i.stepId,
      languageId: i.languageId,
      revision: i.revision,
      string: i.string,
    }));
    const room = this.stopped ? 0 : 2 * this.concurrency - this.workers - this.held.length - this.taking;
    const taken = batchesOf(rows, this.batchSize).slice(0, Math.max(0, room));
    this.taking += taken.length;
    const mine = new Set(taken.flat());
    const holder = this.holder();
    const claimedAt = Date.now();
    let started: EarlyClaims | null = null;
    let result: Kept & { claimed: ClaimedItem[] };
    try {
      if (early && mine.size > 0 && distinct(mine) && (await early.isNew([...mine]))) {
        const claims = this.early.start(
          organization,
          holder,
          taken,
          (claim) => this.held.push({ claim, at: claimedAt }),
          (claim) => {
            const waiting = this.held.findIndex((h) => h.claim === claim);
            if (waiting >= 0) this.held.splice(waiting, 1);
          },
        );
        this.wake(false);
        early.onRollBack((e) => claims.rolledBack(e));
        started = claims;
        // A turn for the claims to reach their PATCH (no input or output on the way with local rules) before
        // the put holds the thread: its round trip to the service then covers the put.
        await new Promise((resolve) => setImmediate(resolve));
      }
      result = await put(
        rows,
        mine.size ? { owner: holder, leaseMs: this.leaseMs, take: (i) => mine.has(i) } : undefined,
      );
      started?.identify(result.claimed);
    } finally {
      this.taking -= taken.length;
    }
    const { claimed, ...kept } = result;
    return () => {
      this.noteKept(organization, items, kept);
      if (started) started.committed();
      else
        for (const batch of batchesOf(claimed, this.batchSize)) {
          const { projectId, stepId, languageId } = batch[0]!;
          const claim = { organization, holder, projectId, stepId, languageId, items: batch, failures: 0 };
          this.held.push({ claim, at: claimedAt });
        }
      // Stopped meanwhile: what it took goes back at once.
      if (this.stopped) void this.giveBack();
      this.wake(claimed.length < kept.queued + kept.checked);
      return kept;
    };
  }

  /** After a delivery's strings went into the inbox: the step's language noted, the depth counted. */
  private noteKept(organization: string, items: readonly StepItem[], kept: Kept): void {
    const places = new Map(items.map((i) => [languageKey(i), i]));
    for (const i of places.values()) {
      void this.options.store.noteLanguage(organization, i.projectId, i.stepId, i.languageId).catch((e) => {
        this.log.error(`Could not write the store: ${(e as Error).message}`);
      });
    }
    this.lastDepth += kept.queued + kept.checked;
  }

  /** The plans of a step's saved settings (set by the settings callback, which checked them with live values). */
  setPlans(step: StepRecord, plans: RulePlan[]): void {
    this.batches.setPlans(step, plans);
  }

  /** Routes the strings a step had parked (TODO), now that its settings changed. */
  async rerouteParked(step: StepRecord): Promise<number> {
    return this.sweep(step, 'TODO', () => true);
  }

  /**
   * One reconcile pass: for each step and language the router serves, the strings still NEED_PROCESS that
   * the previous pass also found and that the inbox does not hold are routed now.
   */
  async reconcile(): Promise<number> {
    // One pass at a time: a slow pass is not overtaken by the next tick of the timer.
    if (this.reconciling) return 0;
    this.reconciling = true;
    try {
      let routed = 0;
      for (const step of await this.options.store.freshSteps()) {
        if (step.templateId !== null || step.projectId === null) continue;
        routed += await this.sweep(step, 'NEED_PROCESS', (key, ids) => {
          const previous = this.stuck.get(key) ?? new Set<number>();
          const due = new Set(ids.filter((id) => previous.has(id)));
          this.stuck.set(key, new Set(ids.filter((id) => !due.has(id))));
          return (id: number) => due.has(id);
        });
      }
      return routed;
    } finally {
      this.reconciling = false;
    }
  }

  private async sweep(
    step: StepRecord,
    status: 'TODO' | 'NEED_PROCESS',
    select: (key: string, ids: number[]) => ((id: number) => boolean) | true,
  ): Promise<number> {
    const client = this.options.client(step.organization);
    if (!client || step.projectId === null) return 0;
    let count = 0;
    for (const languageId of step.languages) {
      const at = { projectId: step.projectId, stepId: step.stepId, languageId };
      const key = `${step.organization}|${step.projectId}|${step.stepId}|${languageId}`;
      let rows: StringStatusRecord[];
      let held: Set<number>;
      try {
        rows = await client.listAll(statusPath(step.projectId, step.stepId, languageId), { status });
        held = await this.inbox.held(step.organization, step.stepId, languageId);
      } catch (e) {
        this.log.warn(`Could not read the ${status} strings of ${place(at)}: ${(e as Error).message}`);
        continue;
      }
      const ids = rows.map((r) => r.stringId).filter((id) => !held.has(id));
      const take = select(key, ids);
      const due = take === true ? ids : ids.filter(take);
      if (due.length === 0) continue;
      // Found on the step just now: no revision, and nothing to check before routing.
      const items: InboxItem[] = due.map((id) => ({ ...at, revision: null, string: { id } }));
      await this.inbox.put(step.organization, items);
      this.log.info(`${place(at)}: routing ${due.length} ${status} strings found on the step.`);
      count += due.length;
    }
    if (count) this.wake();
    return count;
  }

  /** Resolves once no worker runs and the inbox holds nothing ready (what waits for a retry does not count). */
  async settled(): Promise<void> {
    for (;;) {
      // Deliveries answered and not yet in the inbox count as work (store/journal.ts).
      await this.options.store.journal.drained();
      if (this.workers === 0) {
        const depth = await this.inbox.depth();
        this.lastDepth = depth.total;
        if (this.stopped || (depth.ready === 0 && this.workers === 0)) return;
        this.wake();
      }
      if (this.workers > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  /** Strings the inbox held when last counted (for /health and the log). */
  pending(): number {
    return this.lastDepth;
  }

  /** Tries every waiting batch now instead of at its retry time. */
  retryNow(): void {
    void this.inbox.dueNow().then(
      () => this.wake(),
      (e: Error) => this.log.error(`Could not read the inbox: ${e.message}`),
    );
  }

  /** Stops taking work; resolves when the batches under way have ended and those not started are given back. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.poll);
    const given = this.giveBack();
    if (this.workers > 0) await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    await given;
  }

  private tick(): void {
    this.wake();
    const window = this.options.repeatWindowMs ?? 24 * 3600_000;
    if (Date.now() - this.lastPrune > 10 * 60_000) {
      this.lastPrune = Date.now();
      void this.inbox.prune(window).catch((e: Error) => this.log.warn(`Could not prune: ${e.message}`));
    }
  }

  private get concurrency(): number {
    return this.options.concurrency ?? 4;
  }

  /**
   * Starts a worker for each claim held in memory, and (`look`) one to look for work in the store unless
   * one is looking already: a worker that finds some starts the next, up to `concurrency`. Idle instances so
   * ask the store once per wake, not once per worker: on PostgreSQL every empty claim is a scan of the inbox
   * that the deliveries being kept wait behind.
   */
  private wake(look = true): void {
    while (!this.stopped && this.workers < this.concurrency && this.held.length > 0) {
      this.workers++;
      void this.work(this.held.shift()!);
    }
    if (!look || this.stopped || this.workers >= this.concurrency || this.looking > 0) return;
    this.workers++;
    void this.work(null);
  }

  /**
   * A worker (counted in `workers` by its caller): routes `first`, then the claims held in memory, then what
   * it claims from the store, until there is nothing left.
   */
  private async work(first: { claim: Claim; at: number } | null): Promise<void> {
    try {
      let next = first;
      while (!this.stopped) {
        if (next) await this.runClaim(next.claim, next.at);
        next = this.held.shift() ?? null;
        if (next || this.stopped) continue;
        // Taken before the request: the lease the store sets runs from later, so this under-counts it.
        const at = Date.now();
        let claim: Claim | null;
        this.looking++;
        try {
          claim = await this.inbox.claim(this.holder(), this.leaseMs, this.batchSize);
        } catch (e) {
          if (!this.stopped) this.log.error(`Could not read the inbox: ${(e as Error).message}`);
          return;
        } finally {
          this.looking--;
        }
        if (!claim) return;
        // There may be more: the next worker looks while this one routes.
        this.wake();
        next = { claim, at };
      }
    } finally {
      this.workers--;
      if (this.workers === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  /** Claims held in memory and not started go back to the inbox, due at once (for the other instances). */
  private async giveBack(): Promise<void> {
    for (const { claim } of this.held.splice(0)) {
      // Routed early and rolled back: not in the inbox, nothing to give back (the journal has it).
      if (!(await isStored(claim))) continue;
      const ids = claim.items.map((i) => i.id);
      await this.inbox.release(claim.holder, ids, 0, false).catch((e: Error) => {
        this.log.warn(`Could not give back ${ids.length} strings (they wait for the lease): ${e.message}`);
      });
    }
  }

  /**
   * A new lease holder's name. Per claim, not per instance: a claim whose lease ran out while it waited or
   * stalled must find its renewal refused even when a worker of this same instance has claimed the rows again.
   */
  private holder(): string {
    return `${this.owner}/${++this.claims}`;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 500;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? 30_000;
  }

  private async runClaim(claim: Claim, claimedAt: number): Promise<void> {
    await this.early.run(claim, () => this.runner.route(claim, claimedAt));
  }
}

/** A step's language in a project: what a batch has in common, and what the store notes once. */
const languageKey = (i: { projectId: number; stepId: number; languageId: string }) =>
  `${i.projectId}|${i.stepId}|${i.languageId}`;

/** Items in batches of one step and language, at most `size` each, in their order. */
function batchesOf<T extends InboxItem>(items: readonly T[], size: number): T[][] {
  const places = new Map<string, T[]>();
  for (const i of items) {
    const key = languageKey(i);
    const list = places.get(key);
    if (list) list.push(i);
    else places.set(key, [i]);
  }
  const batches: T[][] = [];
  for (const list of places.values())
    for (let from = 0; from < list.length; from += size) batches.push(list.slice(from, from + size));
  return batches;
}
