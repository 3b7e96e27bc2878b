// The routing of one claim: a batch of one step and language, held under a lease (./store/inbox.ts). Its
// lease is renewed while it runs, each PATCH chunk is deleted from the inbox once the service has answered it
// (batch.ts), and a failure either waits for a retry or, given up, parks the strings as TODO with the reason
// logged (see ./engine.ts for the whole picture).
import { PARKED } from '../route.ts';
import { BatchFailure, LeaseLost, place, type BatchRouter, type ChunkHooks, type Logger } from './batch.ts';
import { ApiError, DeadlinePassed, type CrowdinClient } from '../../app-server/crowdin.ts';
import { isStored } from './early-claims.ts';
import type { Claim, ClaimedItem } from './store/inbox.ts';
import type { RouterStore } from './store.ts';

/** What the running of claims reads from the engine's options. */
export interface ClaimRunOptions {
  store: RouterStore;
  /** The API client of an installation; null when the organization is not installed (any more). */
  client: (organization: string) => CrowdinClient | null;
  log: Logger;
  /** Wait before a failed batch tries again (default 2 s doubling to 5 min). */
  retryDelayMs?: (failures: number) => number;
  /** Failed tries after which a batch's strings are parked and reported (default 12, about half an hour). */
  giveUpAfter?: number;
}

/** What a claim's run tells the engine. */
export interface ClaimRunEvents {
  /** Strings done with (routed, parked or dropped), for the depth the engine counts. */
  finished(count: number): void;
  /** A failed batch's retry is due: look at the inbox again. */
  retryDue(): void;
  /** Routed early and its move rolled back: nothing more of it may be sent (./early-claims.ts). */
  isAbandoned(claim: Claim): boolean;
}

export class ClaimRunner {
  constructor(
    private options: ClaimRunOptions,
    private batches: BatchRouter,
    private leaseMs: number,
    private events: ClaimRunEvents,
  ) {}

  private get inbox() {
    return this.options.store.inbox;
  }

  private get log(): Logger {
    return this.options.log;
  }

  /** Routes a claim taken at `claimedAt` (before the request that took it). */
  async route(claim: Claim, claimedAt: number): Promise<void> {
    const { organization } = claim;
    // By item, not id: a claim routed early has its ids once its put is committed.
    const left = new Set(claim.items);
    // The database stamped the lease after `claimedAt` (or the renewal's start): it holds at least until
    // then plus the lease, on any clock. A renewal that finds a row taken ends it at once.
    let validUntil = claimedAt + this.leaseMs;
    const renewed = async (items: ClaimedItem[]) => {
      await claim.stored;
      const started = Date.now();
      const held = await this.inbox.renew(
        claim.holder,
        items.map((i) => i.id),
        this.leaseMs,
      );
      validUntil = held ? Math.max(validUntil, started + this.leaseMs) : 0;
      return held;
    };
    const done = async (items: ClaimedItem[]) => {
      await claim.stored;
      await this.inbox.done(claim.holder, organization, items);
      for (const i of items) left.delete(i);
      this.events.finished(items.length);
    };
    const hooks: ChunkHooks = {
      before: async (items) => {
        // Routed early and its move rolled back: the journal moves it again, checked; nothing more is sent.
        if (this.events.isAbandoned(claim)) throw new LeaseLost();
        // Within the first half of a lease known held, asking the store again cannot say otherwise (a
        // 500-row update on the embedded store, as costly as the claim): only a chunk reached later, after
        // a stall, is checked and stops here if another instance may have taken it.
        if (Date.now() < validUntil - this.leaseMs / 2) return;
        if (!(await renewed(items))) throw new LeaseLost();
      },
      done,
      // A margin for the clocks' rates and the answer's way back.
      deadline: () => validUntil - this.leaseMs / 10,
    };
    // The lease is renewed while the batch runs: a slow API does not hand live work to another instance.
    const renew = setInterval(() => {
      void renewed([...left]).catch(() => undefined);
    }, this.leaseMs / 3);
    renew.unref?.();
    let client: CrowdinClient | null = null;
    // Read at once with the installation, not after it (one round trip to PostgreSQL fewer per batch).
    const stepRead = this.options.store.freshStep(organization, claim.stepId);
    stepRead.catch(() => undefined);
    try {
      await this.options.store.freshInstallation(organization);
      client = this.options.client(organization);
      if (!client) {
        this.log.warn(
          `${place(claim)}: ${claim.items.length} strings dropped, the organization ${organization} is not installed.`,
        );
        await done(claim.items);
        return;
      }
      const step = await stepRead;
      const gone = await this.batches.notWaiting(client, claim, claim.items);
      if (gone.size) {
        await done(claim.items.filter((i) => gone.has(i.string.id)));
        this.log.info(
          `${place(claim)}: ${gone.size} strings delivered again are routed already (a repeat of a delivery); dropped.`,
        );
      }
      const batch = claim.items.filter((i) => !gone.has(i.string.id));
      if (batch.length) await this.batches.run(client, claim, step, batch, hooks);
    } catch (e) {
      if (!(await isStored(claim))) {
        this.log.warn(
          `${place(claim)}: the delivery's move into the inbox failed while it was routed; it is moved ` +
            'again, and its strings are checked with the service before they are routed again.',
        );
        return;
      }
      const failure = e instanceof BatchFailure ? e : new BatchFailure(e, [...left]);
      if (failure.cause instanceof LeaseLost || failure.cause instanceof DeadlinePassed) {
        this.log.warn(
          `${place(claim)}: the claim ran out (a stall longer than the lease); another instance routes the rest.`,
        );
        return;
      }
      await this.onFailure(claim, client, failure, hooks).catch((e2: Error) => {
        // The inbox itself failed: the rows stay claimed, and are claimed again (and checked) once the lease ends.
        this.log.error(`${place(claim)}: could not update the inbox: ${e2.message}`);
      });
    } finally {
      clearInterval(renew);
    }
  }

  /** A failed batch waits for a retry, or (given up) its strings are parked as TODO with the reason logged. */
  private async onFailure(
    claim: Claim,
    client: CrowdinClient | null,
    failure: BatchFailure,
    hooks: ChunkHooks,
  ): Promise<void> {
    const cause = failure.cause;
    const unrouted = failure.unrouted;
    const failures = claim.failures + 1;
    const what =
      cause instanceof ApiError ? `the service answered ${cause.status}: ${cause.message}` : failure.message;
    if (cause instanceof ApiError && cause.transient && failures < (this.options.giveUpAfter ?? 12)) {
      const delay = (this.options.retryDelayMs ?? defaultRetryDelay)(failures);
      this.log.warn(
        `${place(claim)}: ${unrouted.length} strings wait ${Math.round(delay / 1000)} s and try again (${cause.message}).`,
      );
      await this.inbox.release(
        claim.holder,
        unrouted.map((i) => i.id),
        delay,
        true,
      );
      setTimeout(() => this.events.retryDue(), delay + 5).unref?.();
      return;
    }
    this.log.error(
      `${place(claim)}: ${unrouted.length} strings not routed, ${what}. They are parked as TODO on the step; ` +
        'saving its settings (or re-triggering them) routes them again.',
    );
    if (client) {
      try {
        await this.batches.patch(
          client,
          claim,
          unrouted,
          unrouted.map(() => PARKED),
          hooks,
        );
      } catch (e) {
        this.log.error(
          `${place(claim)}: could not park them either (${(e as Error).message}); they stay NEED_PROCESS and the reconcile pass routes them.`,
        );
      }
    }
    await hooks.done(unrouted);
  }
}

function defaultRetryDelay(failures: number): number {
  return Math.min(5 * 60_000, 2000 * 2 ** (failures - 1));
}
