// The router at work: strings that reach a step wait in a queue per step and language, a repeat (same string,
// step, language and revision) is dropped, and each queue routes what it holds as one batch: the step's
// rules (plan.ts, planned once when saved) through route.ts, then the status PATCHed in chunks of at most 500
// ops. The API down or rate limiting means the batch waits and tries again, never a route on a guess; a rule
// the service refuses parks the strings that reach it with "" and the log says why. Reconciling asks the
// service now and then for strings still NEED_PROCESS (a delivery lost, a repeat dropped wrongly) and routes
// those seen stuck twice; saving a step's settings routes the strings it had parked.
import { compileModel } from '../../croql/index.ts';
import type { BranchRow, LabelRow, Lookups } from '../event-context.ts';
import type { EventString } from '../../wire/workflow-step.ts';
import type { StepItem } from '../event.ts';
import { planSettings, ruleModel, ruleText, type RulePlan } from '../plan.ts';
import { RecentKeys, repeatKey } from '../recent.ts';
import { PARKED, route, type ListingVerdict, type RuleRunner } from '../route.ts';
import type { StatusPatchOp, StringStatusRecord } from '../../wire/apps.ts';
import { ApiError, type CrowdinClient } from '../../app-server/crowdin.ts';
import { stepKey, type RouterStore, type StepRecord } from './store.ts';
import { STATUS_PATCH_LIMIT } from '../../wire/service-limits.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function statusPath(projectId: number, stepId: number, languageId: string): string {
  return `/projects/${projectId}/workflow-steps/${stepId}/languages/${encodeURIComponent(languageId)}/status`;
}

interface QueueItem {
  string: EventString;
  /** The repeat key claimed for it; null for a string found by reconciling (no revision known). */
  repeat: string | null;
}

interface Queue {
  key: string;
  organization: string;
  projectId: number;
  stepId: number;
  languageId: string;
  items: Map<number, QueueItem>;
  inFlight: Set<number>;
  running: boolean;
  retry: ReturnType<typeof setTimeout> | null;
  failures: number;
}

/** A step's rules ready for one language: runners, the listing's query per rule, the lists they need. */
interface Prepared {
  runners: RuleRunner[];
  texts: string[];
  lookups: { labels: boolean; branches: boolean };
}

export interface EngineOptions {
  store: RouterStore;
  /** The API client of an installation; null when the organization is not installed (any more). */
  client: (organization: string) => CrowdinClient | null;
  log: Logger;
  /** How long a repeat is remembered (default a day) and how many at most (default 200,000). */
  repeatWindowMs?: number;
  repeatCap?: number;
  /** Batches routed at once, across queues (default 4). */
  concurrency?: number;
  /** Wait before a failed batch tries again (default 2 s doubling to 5 min). */
  retryDelayMs?: (failures: number) => number;
  now?: () => Date;
}

class BatchFailure extends Error {
  constructor(
    override readonly cause: unknown,
    /** The items not routed: PATCHed neither by this batch nor by an earlier chunk. */
    readonly unrouted: QueueItem[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

const place = (q: { stepId: number; projectId: number; languageId: string }) =>
  `step ${q.stepId} (project ${q.projectId}, ${q.languageId})`;

export class RouterEngine {
  private queues = new Map<string, Queue>();
  private recent: RecentKeys;
  private running = 0;
  private waiting: Queue[] = [];
  private settledWaiters: (() => void)[] = [];
  /** Plans per step record, made once per saved settings (by the save, or on first use after a start). */
  private plans = new Map<string, { savedAt: string | null; plans: RulePlan[] | { broken: string } }>();
  private prepared = new Map<string, Prepared>();
  /** Per queue key: the strings the last reconcile pass found NEED_PROCESS and did not route. */
  private stuck = new Map<string, Set<number>>();
  private reconciling = false;

  constructor(private options: EngineOptions) {
    this.recent = new RecentKeys(options.repeatWindowMs ?? 24 * 3600_000, options.repeatCap ?? 200_000);
  }

  private get log(): Logger {
    return this.options.log;
  }

  /** Takes a delivery's step items: repeats dropped, the rest queued and routed soon. */
  accept(organization: string, items: readonly StepItem[]): { queued: number; repeats: number } {
    let queued = 0;
    let repeats = 0;
    for (const item of items) {
      const key = repeatKey(organization, item);
      if (!this.recent.claim(key)) {
        repeats++;
        continue;
      }
      void this.options.store
        .noteLanguage(organization, item.projectId, item.stepId, item.languageId)
        .catch((e) => {
          this.log.error(`Could not write the store: ${(e as Error).message}`);
        });
      this.enqueue(organization, item.projectId, item.stepId, item.languageId, item.string, key);
      queued++;
    }
    return { queued, repeats };
  }

  /** The plans of a step's saved settings (set by the settings callback, which checked them with live values). */
  setPlans(step: StepRecord, plans: RulePlan[]): void {
    const key = stepKey(step.organization, step.stepId, step.templateId);
    this.plans.set(key, { savedAt: step.savedAt, plans });
    for (const k of this.prepared.keys()) if (k.startsWith(`${key}#`)) this.prepared.delete(k);
  }

  /** Routes the strings a step had parked (TODO), now that its settings changed. */
  async rerouteParked(step: StepRecord): Promise<number> {
    return this.sweep(step, 'TODO', () => true);
  }

  /**
   * One reconcile pass: for each step and language the router serves, the strings still NEED_PROCESS that
   * the previous pass also found and that no queue holds are routed now.
   */
  async reconcile(): Promise<number> {
    // One pass at a time: a slow pass is not overtaken by the next tick of the timer.
    if (this.reconciling) return 0;
    this.reconciling = true;
    try {
      let routed = 0;
      for (const step of this.options.store.steps()) {
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
    select: (queueKey: string, ids: number[]) => ((id: number) => boolean) | true,
  ): Promise<number> {
    const client = this.options.client(step.organization);
    if (!client || step.projectId === null) return 0;
    let count = 0;
    for (const languageId of step.languages) {
      const key = queueKey(step.organization, step.projectId, step.stepId, languageId);
      let rows: StringStatusRecord[];
      try {
        rows = await client.listAll(statusPath(step.projectId, step.stepId, languageId), { status });
      } catch (e) {
        this.log.warn(
          `Could not read the ${status} strings of ${place({ ...step, projectId: step.projectId, languageId })}: ${(e as Error).message}`,
        );
        continue;
      }
      const queue = this.queues.get(key);
      const ids = rows
        .map((r) => r.stringId)
        .filter((id) => !queue?.items.has(id) && !queue?.inFlight.has(id));
      const take = select(key, ids);
      const due = take === true ? ids : ids.filter(take);
      for (const id of due)
        this.enqueue(step.organization, step.projectId, step.stepId, languageId, { id }, null);
      if (due.length) {
        this.log.info(
          `${place({ ...step, projectId: step.projectId, languageId })}: routing ${due.length} ${status} strings found on the step.`,
        );
      }
      count += due.length;
    }
    return count;
  }

  /** Resolves once no queue holds a string that is not waiting for a retry. */
  settled(): Promise<void> {
    if (this.isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.settledWaiters.push(resolve));
  }

  /** Strings held, by queue (for the log and tests). */
  pending(): number {
    let n = 0;
    for (const q of this.queues.values()) n += q.items.size + q.inFlight.size;
    return n;
  }

  /** Tries every waiting batch now instead of at its retry time. */
  retryNow(): void {
    for (const q of this.queues.values()) {
      if (q.retry) {
        clearTimeout(q.retry);
        q.retry = null;
        this.schedule(q);
      }
    }
  }

  stop(): void {
    for (const q of this.queues.values()) if (q.retry) clearTimeout(q.retry);
  }

  private isSettled(): boolean {
    if (this.running > 0 || this.waiting.length > 0) return false;
    for (const q of this.queues.values()) if (q.items.size > 0 && !q.retry) return false;
    return true;
  }

  private notifySettled(): void {
    if (!this.isSettled()) return;
    for (const resolve of this.settledWaiters.splice(0)) resolve();
  }

  private enqueue(
    organization: string,
    projectId: number,
    stepId: number,
    languageId: string,
    string: EventString,
    repeat: string | null,
  ): void {
    const key = queueKey(organization, projectId, stepId, languageId);
    let queue = this.queues.get(key);
    if (!queue) {
      queue = {
        key,
        organization,
        projectId,
        stepId,
        languageId,
        items: new Map(),
        inFlight: new Set(),
        running: false,
        retry: null,
        failures: 0,
      };
      this.queues.set(key, queue);
    }
    queue.items.set(string.id, { string, repeat });
    if (!queue.retry) this.schedule(queue);
  }

  private schedule(queue: Queue): void {
    if (queue.running || this.waiting.includes(queue)) return;
    if (this.running >= (this.options.concurrency ?? 4)) {
      this.waiting.push(queue);
      return;
    }
    this.running++;
    queue.running = true;
    // After the current tick: a delivery's items all join the batch before it starts.
    setImmediate(() => void this.drain(queue));
  }

  private async drain(queue: Queue): Promise<void> {
    try {
      while (queue.items.size > 0) {
        const batch = [...queue.items.values()];
        queue.items.clear();
        for (const item of batch) queue.inFlight.add(item.string.id);
        try {
          await this.routeBatch(queue, batch);
          queue.failures = 0;
        } catch (e) {
          const failure = e instanceof BatchFailure ? e : new BatchFailure(e, batch);
          if (this.onFailure(queue, failure)) break;
        } finally {
          queue.inFlight.clear();
        }
      }
    } finally {
      queue.running = false;
      this.running--;
      const next = this.waiting.shift();
      if (next) this.schedule(next);
      if (queue.items.size === 0 && !queue.retry) this.queues.delete(queue.key);
      this.notifySettled();
    }
  }

  /** Puts a failed batch back (true: wait for the retry) or gives it up with the reason (false). */
  private onFailure(queue: Queue, failure: BatchFailure): boolean {
    const cause = failure.cause;
    if (cause instanceof ApiError && cause.transient) {
      for (const item of failure.unrouted)
        if (!queue.items.has(item.string.id)) queue.items.set(item.string.id, item);
      queue.failures++;
      const delay = (this.options.retryDelayMs ?? defaultRetryDelay)(queue.failures);
      this.log.warn(
        `${place(queue)}: ${failure.unrouted.length} strings wait ${Math.round(delay / 1000)} s and try again (${cause.message}).`,
      );
      queue.retry = setTimeout(() => {
        queue.retry = null;
        this.schedule(queue);
      }, delay);
      queue.retry.unref?.();
      return true;
    }
    // Nothing to gain from trying again now: the strings stay on the step (NEED_PROCESS); a later delivery or
    // the reconcile pass routes them, so their repeat keys are released.
    for (const item of failure.unrouted) if (item.repeat) this.recent.release(item.repeat);
    const what =
      cause instanceof ApiError
        ? `the service answered ${cause.status}: ${cause.message}`
        : String(failure.message);
    this.log.error(`${place(queue)}: ${failure.unrouted.length} strings not routed, ${what}.`);
    return false;
  }

  private async routeBatch(queue: Queue, batch: QueueItem[]): Promise<void> {
    const client = this.options.client(queue.organization);
    if (!client) {
      this.log.warn(
        `${place(queue)}: ${batch.length} strings dropped, the organization ${queue.organization} is not installed.`,
      );
      return;
    }
    const step = this.options.store.step(queue.organization, queue.stepId);
    const plans = step ? this.plansOf(step) : null;
    let outputs: string[];
    if (!step?.settings || !plans || 'broken' in plans) {
      const why = !step?.settings
        ? 'the step has no settings yet: open it in the workflow editor and save its rules'
        : `its saved settings no longer pass the check (${plans && 'broken' in plans ? plans.broken : ''}): save them again`;
      this.log.warn(`${place(queue)}: ${batch.length} strings parked as TODO, ${why}.`);
      outputs = batch.map(() => PARKED);
    } else {
      const prepared = this.prepare(step, plans, queue.languageId);
      const lookups = await this.lookups(client, queue.projectId, prepared.lookups);
      const cache = new Map<string, Promise<ListingVerdict>>();
      const routed = await route({
        strings: batch.map((i) => i.string),
        rules: prepared.runners,
        fallback: step.settings.default,
        lookups,
        listing: (r) => {
          const text = prepared.texts[r]!;
          let verdict = cache.get(text);
          if (!verdict) cache.set(text, (verdict = this.matching(client, queue.projectId, text)));
          return verdict;
        },
      });
      for (const p of routed.parked) {
        this.log.warn(
          `${place(queue)}: rule ${p.rule + 1} (${JSON.stringify(step.settings.rules[p.rule]?.query)}) cannot run: ${p.reason}. ` +
            `${p.count} strings parked as TODO; saving the step's settings routes them again.`,
        );
      }
      outputs = routed.outputs;
      const summary = routed.counts
        .map((n, r) => (n ? `${r < plans.length ? `rule ${r + 1}` : 'default'} ${n}` : ''))
        .filter(Boolean)
        .join(', ');
      this.log.info(`${place(queue)}: ${batch.length} strings routed (${summary || 'all parked'}).`);
    }
    await this.patch(client, queue, batch, outputs);
  }

  private async patch(
    client: CrowdinClient,
    queue: Queue,
    batch: QueueItem[],
    outputs: string[],
  ): Promise<void> {
    const path = statusPath(queue.projectId, queue.stepId, queue.languageId);
    for (let from = 0; from < batch.length; from += STATUS_PATCH_LIMIT) {
      const items = batch.slice(from, from + STATUS_PATCH_LIMIT);
      const ops = items.map((item, k): StatusPatchOp => ({
        op: 'replace',
        path: `/${item.string.id}/output`,
        value: outputs[from + k]!,
      }));
      try {
        await this.patchChunk(client, queue, path, items, ops);
      } catch (e) {
        throw new BatchFailure(e, batch.slice(from));
      }
    }
  }

  /**
   * One PATCH. The service refuses a whole body for one bad operation (a string no longer on the step), so a
   * refused chunk is split in halves until the refused strings stand alone: the others are still routed, and
   * the log names each refused string with the service's reason.
   */
  private async patchChunk(
    client: CrowdinClient,
    queue: Queue,
    path: string,
    items: QueueItem[],
    ops: StatusPatchOp[],
  ): Promise<void> {
    try {
      await client.request('PATCH', path, { body: ops });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      if (ops.length === 1) {
        if (items[0]!.repeat) this.recent.release(items[0]!.repeat);
        this.log.error(
          `${place(queue)}: string ${items[0]!.string.id} not routed, the service refused it: ${e.message}`,
        );
        return;
      }
      const half = Math.ceil(ops.length / 2);
      await this.patchChunk(client, queue, path, items.slice(0, half), ops.slice(0, half));
      await this.patchChunk(client, queue, path, items.slice(half), ops.slice(half));
    }
  }

  /** The strings of the project a rule's query matches, or the service's reason for refusing it. */
  private async matching(client: CrowdinClient, projectId: number, croql: string): Promise<ListingVerdict> {
    try {
      const rows = await client.listAll<{ id: number }>(`/projects/${projectId}/strings`, { croql });
      return { ids: new Set(rows.map((r) => r.id)) };
    } catch (e) {
      if (e instanceof ApiError && (e.status === 400 || e.status === 422)) return { refused: e.message };
      throw e;
    }
  }

  private async lookups(
    client: CrowdinClient,
    projectId: number,
    need: Prepared['lookups'],
  ): Promise<Lookups> {
    const [labels, branches] = await Promise.all([
      need.labels ? client.listAll<LabelRow>(`/projects/${projectId}/labels`) : null,
      need.branches ? client.listAll<BranchRow>(`/projects/${projectId}/branches`) : null,
    ]);
    return {
      labels: labels
        ? new Map(labels.map((l) => [l.id, { id: l.id, title: l.title, isSystem: l.isSystem === true }]))
        : undefined,
      branches: branches
        ? new Map(branches.map((b) => [b.id, { id: b.id, name: b.name, title: b.title }]))
        : undefined,
    };
  }

  private plansOf(step: StepRecord): RulePlan[] | { broken: string } | null {
    if (!step.settings) return null;
    const key = stepKey(step.organization, step.stepId, step.templateId);
    const cached = this.plans.get(key);
    if (cached && cached.savedAt === step.savedAt) return cached.plans;
    const check = planSettings(step.settings, {});
    const plans = check.ok ? check.plans : { broken: check.problems.map((p) => p.message).join(' ') };
    this.plans.set(key, { savedAt: step.savedAt, plans });
    return plans;
  }

  /** The rules compiled for a language, once per saved settings, language and day (`'today'` moves). */
  private prepare(step: StepRecord, plans: RulePlan[], languageId: string): Prepared {
    const now = this.options.now?.() ?? new Date();
    const key = `${stepKey(step.organization, step.stepId, step.templateId)}#${step.savedAt}|${languageId}|${now.toISOString().slice(0, 10)}`;
    const cached = this.prepared.get(key);
    if (cached) return cached;
    const env = { users: [], languages: [], now };
    const lookups = { labels: false, branches: false };
    const runners = plans.map((plan): RuleRunner => {
      const model = ruleModel(plan.query, {}, languageId);
      if (!model.valid) {
        const first = model.diagnostics.find((d) => d.severity === 'error');
        return {
          output: plan.output,
          predicate: null,
          refused: `the core refuses it for ${languageId}: ${first?.message ?? 'invalid'}`,
        };
      }
      if (plan.path !== 'local') return { output: plan.output, predicate: null };
      lookups.labels ||= plan.lookups.labels;
      lookups.branches ||= plan.lookups.branches;
      return { output: plan.output, predicate: compileModel(model, env) };
    });
    const prepared: Prepared = {
      runners,
      texts: plans.map((p) => ruleText(p.query, languageId)),
      lookups,
    };
    for (const k of this.prepared.keys())
      if (k.startsWith(key.slice(0, key.lastIndexOf('|')))) this.prepared.delete(k);
    this.prepared.set(key, prepared);
    return prepared;
  }
}

function queueKey(organization: string, projectId: number, stepId: number, languageId: string): string {
  return `${organization}|${projectId}|${stepId}|${languageId}`;
}

function defaultRetryDelay(failures: number): number {
  return Math.min(5 * 60_000, 2000 * 2 ** (failures - 1));
}
