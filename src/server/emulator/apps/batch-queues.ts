// What waits for its batch: webhook events queued per installation and webhook module until the batch
// interval ends or the batch is full (deliveries.ts sends them). Reported as the overview's `queued`.
import type { QueuedBatch } from '../../../wire/apps.ts';
import type { StepPair } from './steps.ts';

/** One queued event: a step pair (its event is built from live objects when the batch goes) or a built one. */
export type PendingEvent =
  { type: 'step'; pair: StepPair; userId: number } | { type: 'event'; event: object };

/** What waits for its batch, as a save keeps it. */
export interface SavedQueue {
  appId: string;
  moduleKey: string;
  items: PendingEvent[];
  sendsAt: number;
}

interface Queue extends SavedQueue {
  /** Cancels the end of the batch interval (when everything queued goes). */
  cancel: (() => void) | null;
  /** Cancels sending the full batches now (the rest waits for the interval). */
  cancelFull: (() => void) | null;
}

/** Runs `fn` after `seconds`, or right after this turn for 0; returns what cancels it. */
function later(seconds: number, fn: () => void): () => void {
  if (seconds === 0) {
    const immediate = setImmediate(fn);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(fn, seconds * 1000);
  return () => clearTimeout(timer);
}

export class BatchQueues {
  private queues = new Map<string, Queue>();

  /** `due(key, onlyFull)` is called when a queue's interval ends, or (onlyFull) when it holds a full batch. */
  constructor(private due: (key: string, onlyFull: boolean) => void) {}

  /** Queues events; a new queue's interval starts now. */
  add(
    appId: string,
    moduleKey: string,
    items: PendingEvent[],
    now: number,
    options: { batchIntervalSeconds: number; batchMaxEvents: number },
  ): void {
    const key = `${appId}\0${moduleKey}`;
    let queue = this.queues.get(key);
    if (!queue) {
      const { batchIntervalSeconds } = options;
      queue = {
        appId,
        moduleKey,
        items: [],
        sendsAt: now + batchIntervalSeconds * 1000,
        cancel: null,
        cancelFull: null,
      };
      this.queues.set(key, queue);
      // Events queued in the same turn go in one batch: "at once" is right after this turn.
      queue.cancel = later(batchIntervalSeconds, () => this.due(key, false));
    }
    queue.items.push(...items);
    if (queue.items.length >= options.batchMaxEvents) {
      queue.cancelFull ??= later(0, () => this.due(key, true));
    }
  }

  /** The keys of every queue (all apps', or one app's). */
  keys(appId?: string): string[] {
    return [...this.queues]
      .filter(([, queue]) => appId === undefined || queue.appId === appId)
      .map(([key]) => key);
  }

  /**
   * Takes a queue's events to send: all of them, or (`onlyFull`) whole batches of `max`, the rest waiting
   * for the interval. Null when there is no such queue.
   */
  take(
    key: string,
    onlyFull: boolean,
    max: number,
  ): { appId: string; moduleKey: string; items: PendingEvent[] } | null {
    const queue = this.queues.get(key);
    if (!queue) return null;
    queue.cancelFull?.();
    queue.cancelFull = null;
    const take = onlyFull ? queue.items.length - (queue.items.length % max) : queue.items.length;
    const items = queue.items.splice(0, take);
    if (queue.items.length === 0) {
      queue.cancel?.();
      this.queues.delete(key);
    }
    return { appId: queue.appId, moduleKey: queue.moduleKey, items };
  }

  /** Number of events waiting in batches (all apps, or one). */
  count(appId?: string): number {
    let n = 0;
    for (const q of this.queues.values()) if (appId === undefined || q.appId === appId) n += q.items.length;
    return n;
  }

  /** What waits for the next batch, per app and webhook module, in the order it was first queued. */
  waiting(): QueuedBatch[] {
    return [...this.queues.values()].map((q) => ({
      appId: q.appId,
      moduleKey: q.moduleKey,
      events: q.items.length,
      sendsAt: new Date(q.sendsAt).toISOString(),
    }));
  }

  /** Drops an app's queued events. */
  dropApp(appId: string): void {
    for (const key of this.keys(appId)) this.drop(key);
  }

  /** Copies of the queues (a save writes them while deliveries go on). */
  saved(): SavedQueue[] {
    return [...this.queues.values()].map((q) => ({
      appId: q.appId,
      moduleKey: q.moduleKey,
      items: [...q.items],
      sendsAt: q.sendsAt,
    }));
  }

  /** Replaces the queues with a restored state's; each goes at its time (or now, when that has passed). */
  restore(saved: readonly SavedQueue[], now: number): void {
    this.clear();
    for (const s of saved) {
      const key = `${s.appId}\0${s.moduleKey}`;
      const queue: Queue = { ...s, items: [...s.items], cancel: null, cancelFull: null };
      this.queues.set(key, queue);
      queue.cancel = later(Math.max(0, s.sendsAt - now) / 1000, () => this.due(key, false));
    }
  }

  clear(): void {
    for (const key of [...this.queues.keys()]) this.drop(key);
  }

  private drop(key: string): void {
    const q = this.queues.get(key);
    q?.cancel?.();
    q?.cancelFull?.();
    this.queues.delete(key);
  }
}
