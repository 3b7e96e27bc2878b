// Everything the emulator sends to apps, and its log. Webhook events are queued per installation and webhook
// module and sent in batches (`{"events": […]}`, serialised once, signed over those exact bytes by
// src/server/emulator/apps/batch-body.ts); what waits for its batch is reported (`waiting`, the overview's
// `queued`), each change with an `apps` event on the stream. A failed
// delivery is retried on the schedule, then its step strings become FAILED. App events (installed,
// uninstall) and, later, settings and module calls go through `sendOnce`: one recorded attempt. Every
// request, its attempts and the start of each answer stay in the log for the control routes.
import {
  DELIVERY_KIND_FACTS,
  WEBHOOK_HEADERS,
  answerWindowSeconds,
  type AttemptInfo,
  type DeliveryDetail,
  type DeliveryKind,
  type DeliverySummary,
  type Fixture,
  type QueuedBatch,
} from '../../../wire/apps.ts';
import { BatchBodies, signBody } from './batch-body.ts';
import { ControlError } from './errors.ts';
import type { Installation, Installations } from './installations.ts';
import type { AppsOptions } from './options.ts';
import type { AppCaller, OutgoingResult } from './outgoing.ts';
import type { StepPair, StepStore } from './steps.ts';
import type { AppsStream } from './stream.ts';

/** One queued event: a step pair (its event is built from live objects when the batch goes) or a built one. */
export type PendingEvent =
  { type: 'step'; pair: StepPair; userId: number } | { type: 'event'; event: object };

/** Bytes of an answer the emulator reads from a webhook or app event (it needs the status and the start). */
const MAX_EVENT_ANSWER_BYTES = 64 * 1024;
/** Bytes of each answer kept in the log. */
const ANSWER_START_BYTES = 2048;
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
}

export interface DeliveryDeps {
  options: () => AppsOptions;
  clock: () => number;
  caller: AppCaller;
  installations: Installations;
  steps: StepStore;
  stream: AppsStream;
  /** The organization the emulator plays: X-Crowdin-Id and (enterprise only) X-Crowdin-Domain. */
  organization: () => { id: number; domain: string | null };
  /** Builds a batch's events; step pairs no longer waiting are left out. */
  build: (app: Installation, items: PendingEvent[]) => { events: object[]; pairs: StepPair[] };
}

/** What waits for its batch, as a save keeps it. */
export interface SavedQueue {
  appId: string;
  moduleKey: string;
  items: PendingEvent[];
  sendsAt: number;
}

interface Queue {
  appId: string;
  moduleKey: string;
  items: PendingEvent[];
  /** When the batch interval ends and everything queued goes (epoch ms). */
  sendsAt: number;
  /** Cancels the end of the batch interval (when everything queued goes). */
  cancel: (() => void) | null;
  /** Cancels sending the full batches now (the rest waits for the interval). */
  cancelFull: (() => void) | null;
}

/** Runs `fn` after `seconds`, or right after this turn for 0; returns what cancels it. */
/** Events built per slice of a batch: a few milliseconds of work. */
const BUILD_SLICE = 50;

/** Lets everything else that is ready run first (I/O included), then goes on. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function later(seconds: number, fn: () => void): () => void {
  if (seconds === 0) {
    const immediate = setImmediate(fn);
    return () => clearImmediate(immediate);
  }
  const timer = setTimeout(fn, seconds * 1000);
  return () => clearTimeout(timer);
}

export class Deliveries {
  private queues = new Map<string, Queue>();
  private log: DeliveryRecord[] = [];
  private byId = new Map<number, DeliveryRecord>();
  private loggedBytes = 0;
  private nextId = 1;
  private closed = false;
  private bodies = new BatchBodies();
  /** The batches being built and sent, in order (sendInTurns). */
  private sending: Promise<void> = Promise.resolve();

  constructor(private deps: DeliveryDeps) {}

  // ---- queueing and batches -----------------------------------------------------------------------------

  /** Queues events for one webhook module of an app; sent when the batch interval ends or the batch is full. */
  enqueue(app: Installation, moduleKey: string, items: PendingEvent[]): void {
    if (items.length === 0) return;
    const key = `${app.appId}\0${moduleKey}`;
    let queue = this.queues.get(key);
    if (!queue) {
      const { batchIntervalSeconds } = this.deps.options();
      queue = {
        appId: app.appId,
        moduleKey,
        items: [],
        sendsAt: this.deps.clock() + batchIntervalSeconds * 1000,
        cancel: null,
        cancelFull: null,
      };
      this.queues.set(key, queue);
      // Events queued in the same turn go in one batch: "at once" is right after this turn.
      queue.cancel = later(batchIntervalSeconds, () => this.flushQueue(key));
    }
    queue.items.push(...items);
    if (queue.items.length >= this.deps.options().batchMaxEvents) {
      queue.cancelFull ??= later(0, () => this.flushQueue(key, true));
    }
    // What waits (the overview's `queued`) changed.
    this.deps.stream.emit({ type: 'apps' });
  }

  /** Sends every queued batch and every waiting retry now (all apps', or one app's). */
  flush(appId?: string): { deliveries: number; retries: number } {
    let deliveries = 0;
    for (const [key, queue] of [...this.queues]) {
      if (appId === undefined || queue.appId === appId) deliveries += this.flushQueue(key);
    }
    let retries = 0;
    for (const record of this.log) {
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

  /** Sends a queue's batches: all of them, or (`onlyFull`) the full ones, the rest waiting for the interval. */
  private flushQueue(key: string, onlyFull = false): number {
    const queue = this.queues.get(key);
    if (!queue) return 0;
    const max = this.deps.options().batchMaxEvents;
    queue.cancelFull?.();
    queue.cancelFull = null;
    const take = onlyFull ? queue.items.length - (queue.items.length % max) : queue.items.length;
    const items = queue.items.splice(0, take);
    if (queue.items.length === 0) {
      queue.cancel?.();
      this.queues.delete(key);
    }
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
   * (F6 of ../shared/reviews/security-2026-11-28.md). The batches of several flushes go in order.
   */
  private async sendInTurns(
    app: Installation,
    batches: { record: DeliveryRecord; items: PendingEvent[] }[],
  ): Promise<void> {
    for (const [n, { record, items }] of batches.entries()) {
      const events: object[] = [];
      const pairs: StepPair[] = [];
      for (let i = 0; i < items.length && this.stillInstalled(app); i += BUILD_SLICE) {
        await nextTurn();
        if (!this.stillInstalled(app)) break;
        const built = this.deps.build(app, items.slice(i, i + BUILD_SLICE));
        events.push(...built.events);
        pairs.push(...built.pairs);
      }
      if (!this.stillInstalled(app)) {
        for (const rest of batches.slice(n)) this.forget(rest.record);
        return;
      }
      // Every string was routed meanwhile: nothing to send.
      if (events.length === 0) {
        this.forget(record);
        continue;
      }
      const { body, signature } = await this.bodies.bodyAndSignatureInTurns(events, app.secret, nextTurn);
      if (!this.stillInstalled(app)) {
        for (const rest of batches.slice(n)) this.forget(rest.record);
        return;
      }
      const names = [...new Set(events.map((e) => (e as { event?: string }).event ?? ''))];
      this.sendWebhook(record, body, signature, names, events.length, pairs);
    }
  }

  /** Takes a queued delivery that will not be sent out of the log. */
  private forget(record: DeliveryRecord): void {
    const at = this.log.indexOf(record);
    if (at >= 0) this.log.splice(at, 1);
    this.byId.delete(record.id);
    this.loggedBytes -= record.body.length;
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
  ): DeliveryRecord {
    const record = this.webhookRecord(app, moduleKey, eventCount, redeliveryOf);
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
    this.loggedBytes += body.length;
    this.prune();
    void this.attempt(record);
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
  opened(args: { app: Installation; moduleKey: string; url: string }): DeliveryRecord {
    const record = this.record({
      kind: 'settings-page',
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
    this.deps.stream.emit({ type: 'delivery', delivery: this.summary(record) });
    return record;
  }

  // ---- attempts -----------------------------------------------------------------------------------------

  private record(
    fields: Omit<
      DeliveryRecord,
      'id' | 'state' | 'createdAt' | 'attempts' | 'nextAttemptAt' | 'timer' | 'timeoutMs'
    >,
  ): DeliveryRecord {
    const record: DeliveryRecord = {
      ...fields,
      timeoutMs: (answerWindowSeconds(fields.kind, this.deps.options()) ?? 0) * 1000,
      id: this.nextId++,
      state: 'queued',
      createdAt: this.deps.clock(),
      attempts: [],
      nextAttemptAt: null,
      timer: null,
    };
    this.log.push(record);
    this.byId.set(record.id, record);
    this.loggedBytes += record.body.length;
    this.prune();
    this.deps.stream.emit({ type: 'delivery', delivery: this.summary(record) });
    return record;
  }

  private async attempt(
    record: DeliveryRecord,
    judge?: (result: OutgoingResult) => Promise<string | null>,
  ): Promise<OutgoingResult> {
    record.state = 'sending';
    record.nextAttemptAt = null;
    const startedAt = this.deps.clock();
    const result = await this.deps.caller.call({
      method: record.method,
      url: record.url,
      headers: record.headers,
      body: record.method === 'GET' ? undefined : record.body,
      timeoutMs: record.timeoutMs,
      maxAnswerBytes: record.maxAnswerBytes,
    });
    const attempt = attemptInfo(record.kind, record.attempts.length + 1, startedAt, result);
    // A 2xx the service would not take is a failed delivery, with the reason beside the status, so the log,
    // `apps listen` and the view all read it as failed (ui-walk D3).
    const refusal = attempt.ok && judge ? await judge(result) : null;
    if (refusal !== null) Object.assign(attempt, { ok: false, error: refusal });
    record.attempts.push(attempt);
    const schedule = this.deps.options().retryScheduleSeconds;
    const retryIndex = record.attempts.length - 1;
    if (attempt.ok) {
      record.state = 'delivered';
    } else if (
      DELIVERY_KIND_FACTS[record.kind].retried &&
      retryIndex < schedule.length &&
      !this.closed &&
      this.deps.installations.get(record.appId)
    ) {
      const delay = schedule[retryIndex]! * 1000;
      record.state = 'retrying';
      record.nextAttemptAt = this.deps.clock() + delay;
      record.timer = setTimeout(() => {
        record.timer = null;
        void this.attempt(record);
      }, delay);
    } else {
      this.failed(record, attempt);
    }
    this.deps.stream.emit({ type: 'attempt', delivery: this.summary(record), attempt });
    return result;
  }

  private failed(record: DeliveryRecord, attempt: AttemptInfo): void {
    record.state = 'failed';
    if (!DELIVERY_KIND_FACTS[record.kind].retried) return;
    const failedNow = this.deps.steps.fail(record.stepPairs);
    const tries = record.attempts.length;
    const stepIds = [...new Set(record.stepPairs.map((p) => p.stepId))];
    const retrigger = stepIds.map((id) => `POST /__apps/steps/${id}/retrigger`).join(' and ');
    this.deps.installations.problem(record.appId, {
      severity: 'error',
      code: 'deliveryFailed',
      deliveryId: record.id,
      message:
        `Delivery ${record.id} to ${record.url} failed after ${tries} attempt${tries === 1 ? '' : 's'} (${outcomeWords(attempt)}).` +
        (failedNow
          ? ` ${failedNow} string${failedNow === 1 ? ' is' : 's are'} FAILED on the step${stepIds.length === 1 ? '' : 's'}; re-trigger them with ${retrigger}.`
          : ''),
    });
    for (const stepId of stepIds) {
      const step = this.deps.steps.get(stepId);
      if (step) this.deps.stream.emit({ type: 'statuses', stepId, counts: this.deps.steps.counts(step) });
    }
  }

  /** Drops an app's queued events and cancels its retries (at uninstall). */
  cancelApp(appId: string): void {
    for (const [key, q] of this.queues) {
      if (q.appId !== appId) continue;
      q.cancel?.();
      q.cancelFull?.();
      this.queues.delete(key);
    }
    for (const record of this.log) {
      if (record.appId === appId && record.state === 'retrying') {
        if (record.timer) clearTimeout(record.timer);
        record.timer = null;
        record.nextAttemptAt = null;
        record.state = 'failed';
        this.deps.stream.emit({ type: 'delivery', delivery: this.summary(record) });
      }
    }
  }

  /** The same body bytes again, with a valid signature, as a new delivery that names the first. */
  redeliver(id: number): DeliveryRecord {
    const original = this.require(id);
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

  // ---- the log ------------------------------------------------------------------------------------------

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
      if (r.appId === appId && r.state !== 'queued' && r.createdAt <= at) return r.id;
    }
    return null;
  }

  summary(r: DeliveryRecord): DeliverySummary {
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
    };
  }

  detail(r: DeliveryRecord): DeliveryDetail {
    return {
      ...this.summary(r),
      request: fixture(r),
      attempts: r.attempts,
      stepStrings: r.stepPairs.map(({ stepId, stringId, languageId }) => ({ stepId, stringId, languageId })),
    };
  }

  private prune(): void {
    let i = 0;
    while ((this.log.length > MAX_LOGGED || this.loggedBytes > MAX_LOGGED_BYTES) && i < this.log.length) {
      const r = this.log[i]!;
      if (r.state === 'delivered' || r.state === 'failed') {
        this.log.splice(i, 1);
        this.byId.delete(r.id);
        this.loggedBytes -= r.body.length;
      } else i++;
    }
  }

  /** The log and the queues as fresh records (a save writes them while deliveries go on). */
  records(): { nextId: number; log: DeliveryRecord[]; queues: SavedQueue[] } {
    return {
      nextId: this.nextId,
      log: this.log.map((r) => ({ ...r, attempts: [...r.attempts], timer: null })),
      queues: [...this.queues.values()].map((q) => ({
        appId: q.appId,
        moduleKey: q.moduleKey,
        items: [...q.items],
        sendsAt: q.sendsAt,
      })),
    };
  }

  /**
   * Replaces the log and the queues with a restored state's, and goes on where it stopped: a webhook
   * delivery that had not finished is retried (at its next attempt's time, or now), a queued batch goes
   * at its time. A single call that had not finished (its caller is gone) counts as failed.
   */
  replaceRecords(records: { nextId: number; log: DeliveryRecord[]; queues: SavedQueue[] }): void {
    for (const q of this.queues.values()) {
      q.cancel?.();
      q.cancelFull?.();
    }
    this.queues.clear();
    for (const r of this.log) if (r.timer) clearTimeout(r.timer);
    this.log = records.log.map((r) => ({ ...r, attempts: [...r.attempts], timer: null }));
    this.byId = new Map(this.log.map((r) => [r.id, r]));
    this.loggedBytes = this.log.reduce((n, r) => n + r.body.length, 0);
    this.nextId = Math.max(records.nextId, (this.log.at(-1)?.id ?? 0) + 1);
    const now = this.deps.clock();
    for (const r of this.log) {
      if (r.state === 'delivered' || r.state === 'failed') continue;
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
    for (const saved of records.queues) {
      const key = `${saved.appId}\0${saved.moduleKey}`;
      const queue: Queue = { ...saved, items: [...saved.items], cancel: null, cancelFull: null };
      this.queues.set(key, queue);
      queue.cancel = later(Math.max(0, saved.sendsAt - now) / 1000, () => this.flushQueue(key));
    }
    this.deps.stream.emit({ type: 'apps' });
  }

  close(): void {
    this.closed = true;
    this.bodies.close();
    for (const q of this.queues.values()) {
      q.cancel?.();
      q.cancelFull?.();
    }
    this.queues.clear();
    for (const r of this.log) if (r.timer) clearTimeout(r.timer);
  }
}

export function fixture(r: Pick<DeliveryRecord, 'method' | 'url' | 'headers' | 'body'>): Fixture {
  return { method: r.method, url: r.url, headers: { ...r.headers }, body: r.body.toString('utf8') };
}

/** What came back, in a few words for a sentence: `the app answered 500`, or why nothing did. */
export function outcomeWords(a: Pick<AttemptInfo, 'status' | 'error'>): string {
  return a.status !== null ? `the app answered ${a.status}` : (a.error ?? 'no answer');
}

export function attemptInfo(
  kind: DeliveryKind,
  n: number,
  startedAt: number,
  result: OutgoingResult,
): AttemptInfo {
  const status = result.status;
  const ok = result.error === null && status !== null && status >= 200 && status <= 299;
  const location =
    status !== null && status >= 300 && status < 400 ? (result.headers.location ?? null) : null;
  let error: string | null = result.error?.message ?? null;
  if (!ok && !error && status !== null) {
    error =
      status >= 300 && status < 400
        ? `A redirect${location ? ` to ${location}` : ''}: the service does not follow redirects.`
        : DELIVERY_KIND_FACTS[kind].not2xx;
  }
  return {
    n,
    startedAt: new Date(startedAt).toISOString(),
    durationMs: result.durationMs,
    status,
    error,
    answerStart: result.body.subarray(0, ANSWER_START_BYTES).toString('utf8'),
    answerBytes: result.bodyBytes,
    answerTruncated: result.truncated,
    location,
    ok,
  };
}
