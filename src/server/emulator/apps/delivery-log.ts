// The delivery log: every delivery the emulator made or queued, as the control routes list, show and
// redeliver it, bounded by count and bytes (the oldest finished go first), and its summary and detail as
// src/wire/apps.ts describes them.
import type { AttemptInfo, DeliveryDetail, DeliverySummary, Fixture } from '../../../wire/apps.ts';
import type { DeliveryFaultNote } from '../../../wire/faults.ts';
import { ControlError } from './errors.ts';
import type { StepPair } from './steps.ts';

/** The log keeps at most this many deliveries and this many body bytes; the oldest finished go first. */
const MAX_LOGGED = 2000;
const MAX_LOGGED_BYTES = 64 * 1024 * 1024;

/** A delivery as the log keeps it: the summary's facts, the request's bytes, and its timers. */
export interface DeliveryRecord extends Pick<
  DeliverySummary,
  | 'id'
  | 'kind'
  | 'appId'
  | 'moduleKey'
  | 'events'
  | 'eventCount'
  | 'url'
  | 'state'
  | 'redeliveryOf'
  | 'signature'
> {
  method: 'GET' | 'POST' | 'DELETE';
  headers: Record<string, string>;
  body: Buffer;
  createdAt: number;
  attempts: AttemptInfo[];
  nextAttemptAt: number | null;
  stepPairs: StepPair[];
  /** The kind's answer window (DELIVERY_KIND_FACTS), as the settings were when it was logged. */
  timeoutMs: number;
  maxAnswerBytes: number;
  timer: ReturnType<typeof setTimeout> | null;
  /** What delivery fault rules did to it (faults/deliveries.ts). */
  faults: DeliveryFaultNote[];
  /** A fault rule's retry schedule (seconds), instead of the settings'. */
  retrySchedule: number[] | null;
}

export class DeliveryLog {
  private log: DeliveryRecord[] = [];
  private byId = new Map<number, DeliveryRecord>();
  private loggedBytes = 0;
  /** The id the next delivery gets. */
  nextId = 1;

  add(record: DeliveryRecord): void {
    this.log.push(record);
    this.byId.set(record.id, record);
    this.grew(record.body.length);
  }

  /** A queued delivery's body was written: the log counts its bytes. */
  grew(bytes: number): void {
    this.loggedBytes += bytes;
    this.prune();
  }

  /** Takes a queued delivery that will not be sent out of the log. */
  remove(record: DeliveryRecord): void {
    const at = this.log.indexOf(record);
    if (at >= 0) this.log.splice(at, 1);
    this.byId.delete(record.id);
    this.loggedBytes -= record.body.length;
  }

  /** Oldest first. */
  all(): readonly DeliveryRecord[] {
    return this.log;
  }

  require(id: number): DeliveryRecord {
    const record = this.byId.get(id);
    if (!record)
      throw new ControlError(
        404,
        'unknownDelivery',
        `No delivery ${id} in the log (it keeps the newest ${MAX_LOGGED}).`,
      );
    return record;
  }

  /** Newest first. */
  list(filter: { appId?: string; state?: string; event?: string; kind?: string }): DeliveryRecord[] {
    const out: DeliveryRecord[] = [];
    for (let i = this.log.length - 1; i >= 0; i--) {
      const r = this.log[i]!;
      if (filter.appId && r.appId !== filter.appId) continue;
      if (filter.state && r.state !== filter.state) continue;
      if (filter.kind && r.kind !== filter.kind) continue;
      if (filter.event && !r.events.includes(filter.event)) continue;
      out.push(r);
    }
    return out;
  }

  /** The newest delivery to the app that started before `at` (what an app's API call most likely answers). */
  latestBefore(appId: string, at: number): number | null {
    for (let i = this.log.length - 1; i >= 0; i--) {
      const r = this.log[i]!;
      // Started, not answered: an app may call back before it answers the delivery.
      if (r.appId === appId && r.state !== 'queued' && r.state !== 'dropped' && r.createdAt <= at)
        return r.id;
    }
    return null;
  }

  /** Fresh copies of the records, without timers (a save writes them while deliveries go on). */
  copy(): DeliveryRecord[] {
    return this.log.map((r) => ({ ...r, attempts: [...r.attempts], timer: null }));
  }

  /** Replaces the records with a restored state's (copies, without timers). */
  replace(records: readonly DeliveryRecord[], nextId: number): void {
    this.log = records.map((r) => ({ ...r, attempts: [...r.attempts], timer: null }));
    this.byId = new Map(this.log.map((r) => [r.id, r]));
    this.loggedBytes = this.log.reduce((n, r) => n + r.body.length, 0);
    this.nextId = Math.max(nextId, (this.log.at(-1)?.id ?? 0) + 1);
  }

  private prune(): void {
    let i = 0;
    while ((this.log.length > MAX_LOGGED || this.loggedBytes > MAX_LOGGED_BYTES) && i < this.log.length) {
      const r = this.log[i]!;
      if (r.state === 'delivered' || r.state === 'failed' || r.state === 'dropped') {
        this.log.splice(i, 1);
        this.byId.delete(r.id);
        this.loggedBytes -= r.body.length;
      } else i++;
    }
  }
}

export function deliverySummary(r: DeliveryRecord): DeliverySummary {
  return {
    id: r.id,
    kind: r.kind,
    appId: r.appId,
    moduleKey: r.moduleKey,
    events: r.events,
    eventCount: r.eventCount,
    method: r.method,
    url: r.url,
    state: r.state,
    createdAt: new Date(r.createdAt).toISOString(),
    attemptCount: r.attempts.length,
    lastAttempt: r.attempts.at(-1) ?? null,
    nextAttemptAt: r.nextAttemptAt === null ? null : new Date(r.nextAttemptAt).toISOString(),
    redeliveryOf: r.redeliveryOf,
    bodyBytes: r.body.length,
    signature: r.signature,
    faults: r.faults,
  };
}

export function deliveryDetail(r: DeliveryRecord): DeliveryDetail {
  return {
    ...deliverySummary(r),
    request: fixture(r),
    attempts: r.attempts,
    stepStrings: r.stepPairs.map(({ stepId, stringId, languageId }) => ({ stepId, stringId, languageId })),
  };
}

export function fixture(r: Pick<DeliveryRecord, 'method' | 'url' | 'headers' | 'body'>): Fixture {
  return { method: r.method, url: r.url, headers: { ...r.headers }, body: r.body.toString('utf8') };
}
