// Routing one batch of strings of one step in one language: the step's rules (plan.ts, planned once when
// saved) through route.ts, then the outputs PATCHed in chunks of at most STATUS_PATCH_LIMIT ops, each chunk
// reported done as soon as the service has answered it (the engine deletes it from the inbox then). A rule
// the service refuses parks the strings that reach it with "" (TODO) and the log says why. Strings claimed
// again after a crash, or delivered again after being routed, are first checked against the service: only
// those still NEED_PROCESS are routed, so none is PATCHed twice.
import { compileModel } from '../../croql/index.ts';
import type { BranchRow, LabelRow, Lookups } from '../event-context.ts';
import { planSettings, ruleModel, ruleText, type RulePlan } from '../plan.ts';
import { PARKED, route, type ListingVerdict, type RuleRunner } from '../route.ts';
import type { StatusPatchOp, StringStatusRecord } from '../../wire/apps.ts';
import { STATUS_PATCH_LIMIT } from '../../wire/service-limits.ts';
import { ApiError, type CrowdinClient } from '../../app-server/crowdin.ts';
import type { ClaimedItem } from './store/inbox.ts';
import { stepKey, type StepRecord } from './store.ts';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export function statusPath(projectId: number, stepId: number, languageId: string): string {
  return `/projects/${projectId}/workflow-steps/${stepId}/languages/${encodeURIComponent(languageId)}/status`;
}

export interface Place {
  projectId: number;
  stepId: number;
  languageId: string;
}

export const place = (q: Place) => `step ${q.stepId} (project ${q.projectId}, ${q.languageId})`;

/** What the engine does around each PATCH chunk. */
export interface ChunkHooks {
  /** Before the PATCH: makes sure the claim on the chunk still holds; LeaseLost when another instance may hold it. */
  before(items: ClaimedItem[]): Promise<void>;
  /** After the service answered it. */
  done(items: ClaimedItem[]): Promise<void>;
  /**
   * Until when (Date.now() ms) the claim surely holds: a PATCH must be answered by then, or another instance,
   * having taken the work over and found the strings still waiting, could PATCH them too.
   */
  deadline(): number;
}

/** The claim ran out and another instance may route the strings: this one stops, PATCHing nothing more. */
export class LeaseLost extends Error {}

export class BatchFailure extends Error {
  constructor(
    override readonly cause: unknown,
    /** The items not routed: PATCHed neither by this batch nor by an earlier chunk. */
    readonly unrouted: ClaimedItem[],
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A step's rules ready for one language: runners, the listing's query per rule, the lists they need. */
interface Prepared {
  runners: RuleRunner[];
  texts: string[];
  lookups: { labels: boolean; branches: boolean };
}

export class BatchRouter {
  /** Plans per step record, made once per saved settings (by the save, or on first use after a start). */
  private plans = new Map<string, { savedAt: string | null; plans: RulePlan[] | { broken: string } }>();
  private prepared = new Map<string, Prepared>();

  constructor(
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The plans of a step's saved settings (set by the settings callback, which checked them with live values). */
  setPlans(step: StepRecord, plans: RulePlan[]): void {
    const key = stepKey(step.organization, step.stepId, step.templateId);
    this.plans.set(key, { savedAt: step.savedAt, plans });
    for (const k of this.prepared.keys()) if (k.startsWith(`${key}#`)) this.prepared.delete(k);
  }

  /** Of the items to check, those the service no longer has NEED_PROCESS (routed already, or gone). */
  async notWaiting(client: CrowdinClient, at: Place, items: ClaimedItem[]): Promise<Set<number>> {
    const check = items.filter((i) => i.check).map((i) => i.string.id);
    const waiting = new Set<number>();
    for (let from = 0; from < check.length; from += STATUS_PATCH_LIMIT) {
      const ids = check.slice(from, from + STATUS_PATCH_LIMIT);
      const rows = await client.listAll<StringStatusRecord>(
        statusPath(at.projectId, at.stepId, at.languageId),
        {
          stringIds: ids.join(','),
          status: 'NEED_PROCESS',
        },
      );
      for (const r of rows) waiting.add(r.stringId);
    }
    return new Set(check.filter((id) => !waiting.has(id)));
  }

  /** Routes a batch and PATCHes it; `done` is told of each chunk the service answered. */
  async run(
    client: CrowdinClient,
    at: Place,
    step: StepRecord | undefined,
    batch: ClaimedItem[],
    hooks: ChunkHooks,
  ): Promise<void> {
    const plans = step ? this.plansOf(step) : null;
    let outputs: string[];
    if (!step?.settings || !plans || 'broken' in plans) {
      const why = !step?.settings
        ? 'the step has no settings yet: open it in the workflow editor and save its rules'
        : `its saved settings no longer pass the check (${plans && 'broken' in plans ? plans.broken : ''}): save them again`;
      this.log.warn(`${place(at)}: ${batch.length} strings parked as TODO, ${why}.`);
      outputs = batch.map(() => PARKED);
    } else {
      const prepared = this.prepare(step, plans, at.languageId);
      const lookups = await this.lookups(client, at.projectId, prepared.lookups);
      const cache = new Map<string, Promise<ListingVerdict>>();
      const routed = await route({
        strings: batch.map((i) => i.string),
        rules: prepared.runners,
        fallback: step.settings.default,
        lookups,
        listing: (r) => {
          const text = prepared.texts[r]!;
          let verdict = cache.get(text);
          if (!verdict) cache.set(text, (verdict = this.matching(client, at.projectId, text)));
          return verdict;
        },
      });
      for (const p of routed.parked) {
        this.log.warn(
          `${place(at)}: rule ${p.rule + 1} (${JSON.stringify(step.settings.rules[p.rule]?.query)}) cannot run: ${p.reason}. ` +
            `${p.count} strings parked as TODO; saving the step's settings routes them again.`,
        );
      }
      outputs = routed.outputs;
      const summary = routed.counts
        .map((n, r) => (n ? `${r < plans.length ? `rule ${r + 1}` : 'default'} ${n}` : ''))
        .filter(Boolean)
        .join(', ');
      this.log.info(`${place(at)}: ${batch.length} strings routed (${summary || 'all parked'}).`);
    }
    await this.patch(client, at, batch, outputs, hooks);
  }

  /** PATCHes the outputs in chunks; a failed chunk throws a BatchFailure naming what is still unrouted. */
  async patch(
    client: CrowdinClient,
    at: Place,
    batch: ClaimedItem[],
    outputs: string[],
    hooks: ChunkHooks,
  ): Promise<void> {
    const path = statusPath(at.projectId, at.stepId, at.languageId);
    for (let from = 0; from < batch.length; from += STATUS_PATCH_LIMIT) {
      const items = batch.slice(from, from + STATUS_PATCH_LIMIT);
      const ops = items.map((item, k): StatusPatchOp => ({
        op: 'replace',
        path: `/${item.string.id}/output`,
        value: outputs[from + k]!,
      }));
      try {
        await hooks.before(items);
        await this.patchChunk(client, at, path, items, ops, hooks.deadline);
      } catch (e) {
        throw new BatchFailure(e, batch.slice(from));
      }
      await hooks.done(items);
    }
  }

  /**
   * One PATCH. The service refuses a whole body for one bad operation (a string no longer on the step), so a
   * refused chunk is split in halves until the refused strings stand alone: the others are still routed, and
   * the log names each refused string with the service's reason.
   */
  private async patchChunk(
    client: CrowdinClient,
    at: Place,
    path: string,
    items: ClaimedItem[],
    ops: StatusPatchOp[],
    deadline: () => number,
  ): Promise<void> {
    try {
      await client.request('PATCH', path, { body: ops, deadline });
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 400) throw e;
      if (ops.length === 1) {
        this.log.error(
          `${place(at)}: string ${items[0]!.string.id} not routed, the service refused it: ${e.message}`,
        );
        return;
      }
      const half = Math.ceil(ops.length / 2);
      await this.patchChunk(client, at, path, items.slice(0, half), ops.slice(0, half), deadline);
      await this.patchChunk(client, at, path, items.slice(half), ops.slice(half), deadline);
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
    const now = this.now();
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
