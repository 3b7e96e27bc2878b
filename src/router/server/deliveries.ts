// A delivery from receipt to the inbox. The webhook route (app.ts) reads, verifies and parses it, then
// `keep` writes its body to the store's journal (store/journal.ts) and the route answers 2xx; right after,
// the journal moves it into the inbox, where routing takes it from. On an embedded store the batches this
// instance takes start routing inside the move, before the put (tens of milliseconds in PGlite) commits:
// the PATCH's round trip to the service then covers it (src/bench/router.bench.ts). What an earlier run
// (or, on PostgreSQL, an instance that died) kept and did not move is moved first, at start, parsed again
// from the body.
import { readDelivery, type StepItem } from '../event.ts';
import type { Logger, RouterEngine } from './engine.ts';
import { STEP_MODULE_KEY } from './manifest.ts';
import { Inbox } from './store/inbox.ts';
import type { JournalEntry } from './store/journal.ts';
import type { RouterStore } from './store.ts';

/** The step items of a delivery this router serves (null: the body is not a delivery). */
export function stepItems(body: unknown): { items: StepItem[]; skipped: string[] } | null {
  const delivery = readDelivery(body);
  if (!delivery) return null;
  return { items: delivery.items.filter((i) => i.moduleKey === STEP_MODULE_KEY), skipped: delivery.skipped };
}

export interface Deliveries {
  /** Keeps a verified delivery (`body` as it came, `items` read from it); resolves once it is safe to answer. */
  keep(organization: string, body: Uint8Array, items: readonly StepItem[]): Promise<void>;
}

export function startDeliveries(store: RouterStore, engine: RouterEngine, log: Logger): Deliveries {
  /** The items of entries kept by this run, so that the move does not parse the body again. */
  const parsed = new WeakMap<Uint8Array, readonly StepItem[]>();
  const itemsOf = (entry: JournalEntry): readonly StepItem[] => {
    const known = parsed.get(entry.body);
    if (known) return known;
    // Verified and parsed before it was kept: it reads the same now.
    return stepItems(JSON.parse(new TextDecoder().decode(entry.body)))?.items ?? [];
  };
  store.journal.start(
    async (tx, entry, move) => {
      const items = itemsOf(entry);
      const inbox = new Inbox(tx);
      // The batches this instance takes with them are routed once the move is committed, or (early) while it
      // commits, when the strings are new.
      const commit = await engine.keep(
        entry.organization,
        items,
        (rows, claim) => inbox.put(entry.organization, rows, claim, { checkFirst: move.checkFirst }),
        move.early
          ? { isNew: (rows) => inbox.allNew(entry.organization, rows), onRollBack: move.onRollBack }
          : undefined,
      );
      return () => {
        const { repeats } = commit();
        if (repeats) log.info(`A delivery for ${entry.organization}: ${repeats} repeats dropped.`);
      };
    },
    (e) =>
      log.error(
        `A delivery kept in the journal could not be moved into the inbox yet (it stays kept and is ` +
          `tried again): ${e.message}`,
      ),
  );
  return {
    keep: async (organization, body, items) => {
      parsed.set(body, items);
      await store.journal.keep(organization, body);
    },
  };
}
