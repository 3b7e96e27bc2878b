// Claims routed before their delivery's put is committed. Only on the embedded store, where the journal's move
// asks in its own transaction whether the strings are all new and nothing else writes the inbox before its put
// (./deliveries.ts, RouterEngine.keep). Their PATCH is then under way while the put runs; their inbox calls
// wait for the commit (`Claim.stored`), and a move that rolls back stops them and waits for the PATCH under
// way, so the move tried again (checked with the service first) finds what that PATCH did.
import { placeKey, type Claim, type ClaimedItem, type InboxItem } from './store/inbox.ts';

/** What the engine holds of claims routed early: see `EarlyRouting.start`. */
export interface EarlyClaims {
  /** Gives the claims' items the ids the put gave them; throws when the put did not keep them all as new. */
  identify(claimed: readonly ClaimedItem[]): void;
  committed(): void;
  /** Resolves once no claim of them is routing any more. */
  rolledBack(e: Error): Promise<void>;
}

export class EarlyRouting {
  /** Claims routed early while they run, and those whose move rolled back. */
  private running = new Map<Claim, Promise<void>>();
  private abandoned = new WeakSet<Claim>();

  /**
   * Claims on `batches` (all new, not yet put), handed to `hold` to be routed at once. A rollback takes those
   * not started back with `drop`.
   */
  start(
    organization: string,
    holder: string,
    batches: InboxItem[][],
    hold: (claim: Claim) => void,
    drop: (claim: Claim) => void,
  ): EarlyClaims {
    let settle!: { resolve: () => void; reject: (e: Error) => void };
    const stored = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    // A rolled-back move is the runner's to notice (isStored), not an unhandled rejection.
    stored.catch(() => undefined);
    const items = new Map<string, ClaimedItem>();
    const claims: Claim[] = [];
    for (const batch of batches) {
      const claimItems = batch.map((i): ClaimedItem => ({ ...i, id: Number.NaN, check: false }));
      for (const i of claimItems) items.set(placeKey(i), i);
      const { projectId, stepId, languageId } = batch[0]!;
      claims.push({
        organization,
        holder,
        projectId,
        stepId,
        languageId,
        items: claimItems,
        failures: 0,
        stored,
      });
    }
    for (const claim of claims) hold(claim);
    return {
      identify: (claimed) => {
        for (const c of claimed) {
          const item = items.get(placeKey(c));
          if (item) item.id = c.id;
        }
        // The put found new what the read before it found new (nothing wrote in between): all are mine.
        if ([...items.values()].some((i) => Number.isNaN(i.id)))
          throw new Error('strings routed early were not kept as new; the delivery is moved again, checked');
      },
      committed: () => settle.resolve(),
      rolledBack: async (e) => {
        settle.reject(e);
        // Not started: never PATCHed, dropped. Started: no further chunk is sent (`abandoned`), and the move
        // is tried again only once the PATCH under way has ended, so its check finds what that PATCH did.
        for (const claim of claims) {
          this.abandoned.add(claim);
          drop(claim);
        }
        await Promise.all(claims.map((c) => this.running.get(c)));
      },
    };
  }

  /** Runs a claim; one routed early is remembered while it runs, for its move's rollback to wait for. */
  async run(claim: Claim, route: () => Promise<void>): Promise<void> {
    if (!claim.stored) return route();
    const run = route();
    this.running.set(claim, run);
    try {
      await run;
    } finally {
      this.running.delete(claim);
    }
  }

  /** Whether the claim was routed early and its move rolled back: nothing more of it may be sent. */
  isAbandoned(claim: Claim): boolean {
    return this.abandoned.has(claim);
  }
}

/** Whether a claim's rows are in the inbox (false: routed early, and the move rolled back). */
export async function isStored(claim: Claim): Promise<boolean> {
  return claim.stored
    ? claim.stored.then(
        () => true,
        () => false,
      )
    : true;
}

/** No string twice on one step and language (the put keeps such a string once, so it cannot start early). */
export function distinct(items: ReadonlySet<InboxItem>): boolean {
  return new Set([...items].map(placeKey)).size === items.size;
}
