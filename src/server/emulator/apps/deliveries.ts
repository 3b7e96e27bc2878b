// Everything the emulator sends to apps. Webhook events wait in their batch (batch-queues.ts) and go in
// batches (`{"events": […]}`, serialised once, signed over those exact bytes by batch-body.ts), built and
// sent in turns; a failed delivery is retried on the schedule, then its step strings become FAILED. App
// events (installed, uninstall), settings callbacks and module calls go through `sendOnce`: one recorded
// attempt. A delivery's attempts and retries are delivery-attempts.ts; every request, its attempts and the
// start of each answer stay in the log (delivery-log.ts).
import { STEP_EVENT, WEBHOOK_HEADERS, type QueuedBatch } from '../../../wire/apps.ts';
import { DELIVERY_KIND_FACTS, type DeliveryKind } from '../../../wire/delivery-kinds.ts';
import type { DeliveryFaultNote } from '../../../wire/faults.ts';
import type { DeliveryFaultPlanner, DeliveryPlan } from '../faults/deliveries.ts';
import { BatchBodies, EVENTS_PER_CHUNK, signBody } from './batch-body.ts';
import { BatchQueues, type PendingEvent, type SavedQueue } from './batch-queues.ts';
import { DeliveryAttempts, type DeliveryDeps } from './delivery-attempts.ts';
import { deliverySummary, type DeliveryRecord } from './delivery-log.ts';
import { ControlError } from './errors.ts';
import type { Installation } from './installations.ts';
import type { OutgoingResult } from './outgoing.ts';
import type { StepPair } from './steps.ts';

/** Bytes of an answer the emulator reads from a webhook or app event (it needs the status and the start). */
const MAX_EVENT_ANSWER_BYTES = 64 * 1024;

/** Lets everything else that is ready run first (I/O included), then goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class Deliveries extends DeliveryAttempts {
  private queues = new BatchQueues((key, onlyFull) => this.flushQueue(key, onlyFull));
  private bodies = new BatchBodies();
  /** The batches being built and sent, in order (sendInTurns). */
  private sending: Promise<void> = Promise.resolve();
  /** The delivery fault rules in force (`/__faults`), set by the emulator (app.ts); null: none. */
  faultPlanner: DeliveryFaultPlanner | null = null;
  constructor(deps: DeliveryDeps) {
    super(deps);
  }

  // ---- queueing and batches -----------------------------------------------------------------------------

  /** Queues events for one webhook module of an app; sent when the batch interval ends or the batch is full. */
  enqueue(app: Installation, moduleKey: string, items: PendingEvent[]): void {
    if (items.length === 0) return;
    this.queues.add(app.appId, moduleKey, items, this.deps.clock(), this.deps.options());
    // What waits (the overview's `queued`) changed.
    this.deps.stream.emit({ type: 'apps' });
  }

  /** Sends every queued batch and every waiting retry now (all apps', or one app's). */
  flush(appId?: string): { deliveries: number; retries: number } {
    let deliveries = 0;
    for (const key of this.queues.keys(appId)) deliveries += this.flushQueue(key);
    let retries = 0;
    for (const record of this.log.all()) {
      if (appId !== undefined && record.appId !== appId) continue;
      if (record.state === 'retrying' && record.timer) {
        clearTimeout(record.timer);
        record.timer = null;
        retries++;
        void this.attempt(record);
      }
    }
    return { deliveries, retries };
  }

  /** Number of events waiting in batches (all apps, or one). */
  queued(appId?: string): number {
    return this.queues.count(appId);
  }

  /** What waits for the next batch, per app and webhook module, in the order it was first queued. */
  waiting(): QueuedBatch[] {
    return this.queues.waiting();
  }

  /** Sends a queue's batches: all of them, or (`onlyFull`) the full ones, the rest waiting for the interval. */
  private flushQueue(key: string, onlyFull = false): number {
    const max = this.deps.options().batchMaxEvents;
    const queue = this.queues.take(key, onlyFull, max);
    if (!queue) return 0;
    const { items } = queue;
    if (items.length > 0) this.deps.stream.emit({ type: 'apps' });
    const app = this.deps.installations.get(queue.appId);
    if (!app || app.state !== 'installed' || this.closed) return 0;
    // Each batch is in the log at once (queued), and is built, written and sent in turns after.
    const batches: { record: DeliveryRecord; items: PendingEvent[] }[] = [];
    for (let i = 0; i < items.length; i += max) {
      const part = items.slice(i, i + max);
      batches.push({ record: this.webhookRecord(app, queue.moduleKey, part.length, null), items: part });
    }
    this.sending = this.sending
      .then(() => this.sendInTurns(app, batches))
      .catch((e: unknown) => console.error('emulator: sending a batch failed', e));
    return batches.length;
  }

  /**
   * Builds, writes, signs and sends queued batches a slice at a time, one batch after another, so that a
   * send of 10,000 strings never holds the event loop: other requests are answered between any two slices
   * (F6 of ../shared/reviews/security-2026-11-28.md). Each chunk of events is built as the writing reaches
   * it and is garbage once written, so a batch's events never outlive a turn (kept until the whole batch was
   * built, they were copied and promoted by the collections between turns, and collections held the loop).
   * The batches of several flushes go in order.
   */
  private async sendInTurns(
    app: Installation,
    batches: { record: DeliveryRecord; items: PendingEvent[] }[],
  ): Promise<void> {
    for (const [n, batch] of batches.entries()) {
      const { record } = batch;
      // Delivery faults: the rules in force pick the batch by the events it carries before its body is
      // built, and a reorder reverses its events (built from the items in order, so reversing the items).
      const planned = [
        ...new Set(batch.items.map((item) => (item.type === 'step' ? STEP_EVENT : eventName(item.event)))),
      ];
      const plan = this.faultPlanner?.({ app: app.appId, module: record.moduleKey, events: planned }) ?? null;
      const items = plan?.reorder ? [...batch.items].reverse() : batch.items;
      const pairs: StepPair[] = [];
      const names = new Set<string>();
      let count = 0;
      const build = this.deps.build;
      const installed = () => this.stillInstalled(app);
      function* chunks(): Generator<object[]> {
        for (let i = 0; i < items.length && installed(); i += EVENTS_PER_CHUNK) {
          const built = build(app, items.slice(i, i + EVENTS_PER_CHUNK));
          for (const e of built.events) names.add(eventName(e));
          pairs.push(...built.pairs);
          count += built.events.length;
          yield built.events;
        }
      }
      await nextTurn();
      const { body, signature } = await this.bodies.bodyAndSignatureInTurns(
        { chunks: chunks() },
        app.secret,
        nextTurn,
      );
      if (!this.stillInstalled(app)) {
        for (const rest of batches.slice(n)) this.forget(rest.record);
        return;
      }
      // Every string was routed meanwhile: nothing to send.
      if (count === 0) {
        this.forget(record);
        continue;
      }
      this.sendWebhook(record, body, signature, [...names], count, pairs, plan);
    }
  }

  /** Takes a queued delivery that will not be sent out of the log. */
  private forget(record: DeliveryRecord): void {
    this.log.remove(record);
    this.deps.stream.emit({ type: 'apps' });
  }

  private stillInstalled(app: Installation): boolean {
    return !this.closed && app.state === 'installed' && this.deps.installations.get(app.appId) === app;
  }

  private webhookUrl(app: Installation, moduleKey: string): string {
    const module = app.manifest.modules?.webhook?.find((w) => w.key === moduleKey);
    return `${app.baseUrl}${module?.url ?? '/'}`;
  }

  private startWebhook(
    app: Installation,
    moduleKey: string,
    body: Buffer,
    signature: string,
    events: string[],
    eventCount: number,
    pairs: StepPair[],
    redeliveryOf: number | null,
    faults: DeliveryFaultNote[] = [],
    retrySchedule: number[] | null = null,
  ): DeliveryRecord {
    const record = this.webhookRecord(app, moduleKey, eventCount, redeliveryOf);
    Object.assign(record, { faults, retrySchedule });
    this.sendWebhook(record, body, signature, events, eventCount, pairs);
    return record;
  }

  /** A webhook delivery in the log before its body is written: `queued`, with the events it will carry. */
  private webhookRecord(
    app: Installation,
    moduleKey: string,
    eventCount: number,
    redeliveryOf: number | null,
  ): DeliveryRecord {
    return this.record({
      kind: 'webhook',
      appId: app.appId,
      moduleKey,
      events: [],
      eventCount,
      method: 'POST',
      url: this.webhookUrl(app, moduleKey),
      headers: {},
      body: Buffer.alloc(0),
      signature: null,
      redeliveryOf,
      stepPairs: [],
      maxAnswerBytes: MAX_EVENT_ANSWER_BYTES,
    });
  }

  /** Gives a queued webhook delivery its bytes, headers and signature, and sends it. */
  private sendWebhook(
    record: DeliveryRecord,
    body: Buffer,
    signature: string,
    events: string[],
    eventCount: number,
    pairs: StepPair[],
    plan: DeliveryPlan | null = null,
  ): void {
    const org = this.deps.organization();
    const headers: Record<string, string> = {
      'User-Agent': WEBHOOK_HEADERS.userAgent,
      'Content-Type': 'application/json',
      [WEBHOOK_HEADERS.id]: String(org.id),
    };
    // On crowdin.com there is no organization domain; the header is left out.
    if (org.domain) headers[WEBHOOK_HEADERS.domain] = org.domain;
    headers[WEBHOOK_HEADERS.signature] = signature;
    headers[WEBHOOK_HEADERS.moduleKey] = record.moduleKey!;
    Object.assign(record, { headers, body, signature, events, eventCount, stepPairs: pairs });
    this.log.grew(body.length);
    if (plan) this.sendFaulted(record, plan);
    else void this.attempt(record);
  }

  /** Sends a webhook delivery as the delivery fault rules picked it (faults/deliveries.ts). */
  private sendFaulted(record: DeliveryRecord, plan: DeliveryPlan): void {
    record.faults = plan.notes;
    record.retrySchedule = plan.retrySchedule;
    if (plan.drop) {
      record.state = 'dropped';
      this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
      return;
    }
    const go = () => {
      record.timer = null;
      const app = this.deps.installations.get(record.appId);
      if (this.closed || !app || app.state !== 'installed') {
        record.state = 'failed';
        record.nextAttemptAt = null;
        return this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
      }
      // A copy is the same bytes and signature again, logged as a redelivery of the first (it names it).
      const copy = (fault: 'duplicate' | 'parallel') => {
        if (!this.stillInstalled(app)) return;
        const note = plan.notes.filter((n) => n.fault === fault);
        this.startWebhook(
          app,
          record.moduleKey!,
          record.body,
          record.signature!,
          record.events,
          record.eventCount,
          record.stepPairs,
          record.id,
          note,
          record.retrySchedule,
        );
      };
      const first = this.attempt(record);
      if (plan.parallel) copy('parallel');
      if (plan.duplicate) void first.then(() => copy('duplicate'));
    };
    if (!plan.delay) return go();
    const { ms, signal } = plan.delay;
    record.nextAttemptAt = this.deps.clock() + ms;
    record.timer = setTimeout(go, ms);
    // The rule deleted: the held delivery goes at once.
    signal.addEventListener(
      'abort',
      () => {
        if (!record.timer || this.closed) return;
        clearTimeout(record.timer);
        go();
      },
      { once: true },
    );
    this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
  }

  // ---- single calls -------------------------------------------------------------------------------------

  /**
   * One recorded call to an app, not retried: app events now, settings callbacks and module calls later.
   * Resolves with the record and the full outgoing result (answer body up to `maxAnswerBytes`).
   */
  async sendOnce(args: {
    kind: DeliveryKind;
    app: Installation;
    moduleKey?: string | null;
    event?: string;
    method: 'GET' | 'POST' | 'DELETE';
    url: string;
    headers: Record<string, string>;
    body: Buffer;
    maxAnswerBytes?: number;
    /**
     * Reads a 2xx answer as the service would: a reason when the service would not take it (the attempt
     * and the delivery are then failed with it), null when it would.
     */
    judge?: (result: OutgoingResult) => Promise<string | null>;
  }): Promise<{ record: DeliveryRecord; result: OutgoingResult }> {
    const record = this.record({
      kind: args.kind,
      appId: args.app.appId,
      moduleKey: args.moduleKey ?? null,
      events: args.event ? [args.event] : [],
      eventCount: args.event ? 1 : 0,
      method: args.method,
      url: args.url,
      headers: args.headers,
      body: args.body,
      signature: null,
      redeliveryOf: null,
      stepPairs: [],
      maxAnswerBytes: args.maxAnswerBytes ?? MAX_EVENT_ANSWER_BYTES,
    });
    const result = await this.attempt(record, args.judge);
    return { record, result };
  }

  /**
   * A settings page opened: the browser loads `url`, the emulator does not call it. Logged (GET, no
   * attempt, shown as opened) so that the calls the app makes from then on are listed under it
   * (latestBefore) rather than under an older delivery, such as the installed event.
   */
  opened(args: {
    app: Installation;
    moduleKey: string;
    url: string;
    kind?: 'settings-page' | 'module-page';
  }): DeliveryRecord {
    const record = this.record({
      kind: args.kind ?? 'settings-page',
      appId: args.app.appId,
      moduleKey: args.moduleKey,
      events: [],
      eventCount: 0,
      method: 'GET',
      url: args.url,
      headers: {},
      body: Buffer.alloc(0),
      signature: null,
      redeliveryOf: null,
      stepPairs: [],
      maxAnswerBytes: 0,
    });
    record.state = 'delivered';
    this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
    return record;
  }

  /** Drops an app's queued events and cancels its retries (at uninstall). */
  cancelApp(appId: string): void {
    this.queues.dropApp(appId);
    for (const record of this.log.all()) {
      if (record.appId === appId && record.state === 'retrying') {
        if (record.timer) clearTimeout(record.timer);
        record.timer = null;
        record.nextAttemptAt = null;
        record.state = 'failed';
        this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
      }
    }
  }

  /** The same body bytes again, with a valid signature, as a new delivery that names the first. */
  redeliver(id: number): DeliveryRecord {
    const original = this.log.require(id);
    const facts = DELIVERY_KIND_FACTS[original.kind];
    if (!facts.redeliverable || !original.moduleKey) {
      throw new ControlError(
        409,
        'notRedeliverable',
        `Delivery ${id} is ${facts.redeliverable ? 'not addressed to a module' : facts.noun}; only webhook deliveries can be redelivered.`,
      );
    }
    const app = this.deps.installations.get(original.appId);
    if (!app || app.state !== 'installed') {
      throw new ControlError(
        409,
        'appNotInstalled',
        `App "${original.appId}" is not installed any more; install it again to redeliver.`,
      );
    }
    return this.startWebhook(
      app,
      original.moduleKey,
      original.body,
      signBody(original.body, app.secret),
      original.events,
      original.eventCount,
      original.stepPairs,
      original.id,
    );
  }

  /** A recorded webhook body sent to an installed app again, signed with its secret (apps/scenarios/). */
  replayWebhook(args: {
    app: Installation;
    moduleKey: string;
    body: Buffer;
    events: string[];
    eventCount: number;
    redeliveryOf: number | null;
  }): DeliveryRecord {
    const { app, body } = args;
    // No step strings: a replay changes no status; the app's PATCHes say what it made of the events.
    return this.startWebhook(
      app,
      args.moduleKey,
      body,
      signBody(body, app.secret),
      args.events,
      args.eventCount,
      [],
      args.redeliveryOf,
    );
  }

  /** The log and the queues as fresh records (a save writes them while deliveries go on). */
  records(): { nextId: number; log: DeliveryRecord[]; queues: SavedQueue[] } {
    return {
      nextId: this.log.nextId,
      log: this.log.copy(),
      queues: this.queues.saved(),
    };
  }

  /**
   * Replaces the log and the queues with a restored state's, and goes on where it stopped: a webhook
   * delivery that had not finished is retried (at its next attempt's time, or now), a queued batch goes
   * at its time. A single call that had not finished (its caller is gone) counts as failed.
   */
  replaceRecords(records: { nextId: number; log: DeliveryRecord[]; queues: SavedQueue[] }): void {
    this.queues.clear();
    for (const r of this.log.all()) if (r.timer) clearTimeout(r.timer);
    this.log.replace(records.log, records.nextId);
    const now = this.deps.clock();
    for (const r of this.log.all()) {
      if (r.state === 'delivered' || r.state === 'failed' || r.state === 'dropped') continue;
      if (DELIVERY_KIND_FACTS[r.kind].retried && this.deps.installations.get(r.appId)) {
        const at = Math.max(now, r.nextAttemptAt ?? now);
        r.state = 'retrying';
        r.nextAttemptAt = at;
        r.timer = setTimeout(() => {
          r.timer = null;
          void this.attempt(r);
        }, at - now);
      } else {
        r.state = 'failed';
        r.nextAttemptAt = null;
      }
    }
    this.queues.restore(records.queues, now);
    this.deps.stream.emit({ type: 'apps' });
  }

  close(): void {
    this.closed = true;
    this.queues.clear();
    for (const r of this.log.all()) if (r.timer) clearTimeout(r.timer);
  }
}

const eventName = (event: object): string => (event as { event?: string }).event ?? '';
