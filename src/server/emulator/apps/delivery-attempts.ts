// A delivery's life in the log, whatever its kind: logged (`queued`), attempted, retried on the schedule
// when its kind is retried (DELIVERY_KIND_FACTS), and failed for good, which fails its step strings. What is
// sent and when (batches, single calls, redeliveries) is deliveries.ts, built on this.
import type { AttemptInfo } from '../../../wire/apps.ts';
import { DELIVERY_KIND_FACTS, answerWindowSeconds } from '../../../wire/delivery-kinds.ts';
import { attemptInfo, outcomeWords } from './attempts.ts';
import type { PendingEvent } from './batch-queues.ts';
import { DeliveryLog, deliverySummary, type DeliveryRecord } from './delivery-log.ts';
import type { Installation, Installations } from './installations.ts';
import type { AppsOptions } from './options.ts';
import type { AppCaller, OutgoingResult } from './outgoing.ts';
import type { StepPair, StepStore } from './steps.ts';
import type { AppsStream } from './stream.ts';

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

export class DeliveryAttempts {
  /** Every delivery, newest last: what the control routes list, show and redeliver. */
  readonly log = new DeliveryLog();
  protected closed = false;
  /** Told of each webhook delivery as it is first sent (a recording, apps/scenarios/). */
  readonly sendListeners = new Set<(record: DeliveryRecord) => void>();

  constructor(protected deps: DeliveryDeps) {}

  protected record(
    fields: Omit<
      DeliveryRecord,
      | 'id'
      | 'state'
      | 'createdAt'
      | 'attempts'
      | 'nextAttemptAt'
      | 'timer'
      | 'timeoutMs'
      | 'faults'
      | 'retrySchedule'
    >,
  ): DeliveryRecord {
    const record: DeliveryRecord = {
      ...fields,
      timeoutMs: (answerWindowSeconds(fields.kind, this.deps.options()) ?? 0) * 1000,
      id: this.log.nextId++,
      state: 'queued',
      createdAt: this.deps.clock(),
      attempts: [],
      nextAttemptAt: null,
      timer: null,
      faults: [],
      retrySchedule: null,
    };
    this.log.add(record);
    this.deps.stream.emit({ type: 'delivery', delivery: deliverySummary(record) });
    return record;
  }

  protected async attempt(
    record: DeliveryRecord,
    judge?: (result: OutgoingResult) => Promise<string | null>,
  ): Promise<OutgoingResult> {
    if (record.attempts.length === 0 && record.kind === 'webhook')
      for (const listener of this.sendListeners) listener(record);
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
    const schedule = record.retrySchedule ?? this.deps.options().retryScheduleSeconds;
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
    this.deps.stream.emit({ type: 'attempt', delivery: deliverySummary(record), attempt });
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
}
