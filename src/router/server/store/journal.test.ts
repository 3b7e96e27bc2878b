// The delivery journal (journal.ts) on both stores: what was kept reaches the inbox once, even when the run
// that kept it stopped before moving it; a record cut short by a kill is dropped, the ones before it kept.
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Inbox, type InboxItem } from './inbox.ts';
import { encodeRecord, type MoveToInbox } from './journal.ts';
import type { RouterStore } from './router-store.ts';
import { testStores } from './test-stores.ts';

const { open, close, backends } = testStores('journal', { journalStaleMs: 60_000 });

/** A delivery of `ids` as the journal keeps it (here, the inbox items as JSON: the router keeps its body). */
const delivery = (ids: number[]) =>
  new TextEncoder().encode(
    JSON.stringify(
      ids.map((id): InboxItem => ({
        projectId: 1,
        stepId: 12,
        languageId: 'uk',
        revision: 3,
        string: { id },
      })),
    ),
  );

/** Moves with the real inbox; counts the deliveries moved, and those it was told to check first. */
function mover() {
  const moved: number[] = [];
  const checked: number[] = [];
  const put: MoveToInbox = async (tx, entry, move) => {
    const items = JSON.parse(new TextDecoder().decode(entry.body)) as InboxItem[];
    await new Inbox(tx).put(entry.organization, items, undefined, move);
    if (move.checkFirst) checked.push(entry.id);
    return () => moved.push(entry.id);
  };
  return { put, moved, checked };
}

/** A move the database refuses (a real failure in it): the delivery stays kept. */
const refusing: MoveToInbox = async (tx) => {
  await tx.query('select 1 / 0');
  return () => undefined;
};

/** Starts `store`'s journal moving with mover(); a failed move fails the test. */
function moving(store: RouterStore) {
  const m = mover();
  store.journal.start(m.put, (e) => {
    throw e;
  });
  return m;
}

const held = async (store: RouterStore) =>
  [...(await store.inbox.held('acme', 12, 'uk'))].sort((a, b) => a - b);

describe.each(Object.entries(backends))('The delivery journal (%s)', (_name, newLocation) => {
  it('moves what it kept into the inbox, and a delivery kept twice is held once', async () => {
    const store = await open(await newLocation());
    const m = moving(store);
    await store.journal.keep('acme', delivery([1, 2, 3]));
    await store.journal.keep('acme', delivery([1, 2, 3]));
    await store.journal.drained();
    expect(m.moved).toHaveLength(2);
    expect(m.checked).toEqual([]);
    expect(await held(store)).toEqual([1, 2, 3]);
    expect((await store.inbox.depth()).total).toBe(3);
  });

  it('moves at the next start what a run kept and could not move', async () => {
    const location = await newLocation();
    const store = await open(location);
    const errors: string[] = [];
    // The database refuses the move (a real failure in it): the delivery stays kept.
    store.journal.start(refusing, (e) => errors.push(e.message));
    await store.journal.keep('acme', delivery([7, 8]));
    const refused = store.journal.drained();
    await Promise.race([refused, until(() => errors.length > 0)]);
    expect(await held(store)).toEqual([]);
    await close(store);
    const again = await open(location);
    const m = moving(again);
    await again.journal.drained();
    expect(m.moved).toHaveLength(1);
    expect(await held(again)).toEqual([7, 8]);
    // The file's first try may have routed it early (store/journal.ts): tried again, it is checked first.
    // A table's row is never routed before its move commits.
    expect(m.checked).toEqual(_name === 'embedded' ? m.moved : []);
    // Moved once: a third start finds nothing left.
    await close(again);
    const third = await open(location);
    const n = mover();
    third.journal.start(n.put, () => undefined);
    await third.journal.drained();
    expect(n.moved).toEqual([]);
  });
});

describe('The delivery journal (embedded): its file', () => {
  it('drops a record cut short by a kill, keeps the whole ones before it, and writes on after them', async () => {
    const location = await backends.embedded();
    await close(await open(location));
    const file = join(location, 'router-journal');
    const torn = encodeRecord({ id: 3, organization: 'acme', body: delivery([30, 31]) });
    writeFileSync(file, encodeRecord({ id: 1, organization: 'acme', body: delivery([10]) }));
    appendFileSync(file, encodeRecord({ id: 2, organization: 'acme', body: delivery([20]) }));
    appendFileSync(file, torn.subarray(0, torn.length - 5));
    const store = await open(location);
    const errors: string[] = [];
    // This run keeps one more and stops before moving anything (the database refuses).
    store.journal.start(refusing, (e) => errors.push(e.message));
    await store.journal.keep('acme', delivery([40]));
    await until(() => errors.length > 0);
    await close(store);
    const again = await open(location);
    const m = moving(again);
    await again.journal.drained();
    expect(m.moved).toEqual([1, 2, 3]);
    expect(await held(again)).toEqual([10, 20, 40]);
    // Everything kept is in the inbox: the file is empty again.
    expect(readFileSync(file)).toHaveLength(0);
  });

  it('does not move again a record already in the inbox (the run stopped before emptying the file)', async () => {
    const location = await backends.embedded();
    const store = await open(location);
    const m = moving(store);
    await store.journal.keep('acme', delivery([5]));
    await store.journal.drained();
    expect(m.moved).toEqual([1]);
    // Routed and gone from the inbox, as after a PATCH.
    await store['sql'].query('delete from router_inbox');
    await close(store);
    const file = join(location, 'router-journal');
    writeFileSync(file, encodeRecord({ id: 1, organization: 'acme', body: delivery([5]) }));
    const again = await open(location);
    const n = moving(again);
    await again.journal.keep('acme', delivery([6]));
    await again.journal.drained();
    // Record 1 was moved by the first run; the next one kept is 2.
    expect(n.moved).toEqual([2]);
    expect(await held(again)).toEqual([6]);
  });
});

/** Waits for `probe` to hold, checking at each turn of the event loop (no wall-clock bound). */
async function until(probe: () => boolean): Promise<void> {
  while (!probe()) await new Promise((r) => setImmediate(r));
}
