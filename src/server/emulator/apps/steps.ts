// Workflow steps of installed apps and the status of each string on them, per language, with the
// transitions the docs' workflow-step-type page describes: reaching the step → NEED_PROCESS; the app's
// PATCH → DONE (a declared output port) or TODO (""); a delivery that fails for good → FAILED; a
// re-trigger → NEED_PROCESS again. Strings never put on the step are INCOMPLETE.
import type {
  StatusPatchOp,
  StepCounts,
  StepInfo,
  StepStatus,
  StringStatusRecord,
} from '../../../wire/apps.ts';
import { STEP_STATUSES } from '../../../wire/apps.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { STATUS_PATCH_LIMIT } from '../../../wire/service-limits.ts';
import { ControlError } from './errors.ts';

/** Strings `putInTurns` puts per turn: about a millisecond of work. */
const PUT_SLICE = 1000;

export interface Step extends Omit<StepInfo, 'createdAt' | 'counts' | 'settingsSavedAt'> {
  createdAt: number;
  settingsSavedAt: number | null;
}

interface Entry {
  status: StepStatus;
  output: string;
  /** What brought the string to the step (the event's `originEvent`), kept for a re-trigger. */
  originEvent: string;
}

/** A (step, string, language) pair on its way to the app. */
export interface StepPair {
  stepId: number;
  stringId: number;
  languageId: string;
  originEvent: string;
}

/** A string on a step, as a save keeps it: [stringId, status, output, originEvent]. */
export type SavedEntry = [number, StepStatus, string, string];

/** A step and its strings per language, in the order they reached it. */
export interface SavedStep {
  step: Step;
  strings: Record<string, SavedEntry[]>;
}

/** String ids one GET may filter by (the docs' limit). */
export const MAX_STATUS_STRING_IDS = 500;

/** A refused PATCH: the 400 names the operation. */
export class PatchError extends Error {
  constructor(
    readonly key: string,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const PATH = /^\/(\d+)\/output$/;

export class StepStore {
  private steps = new Map<number, Step>();
  /** stepId → languageId → stringId → entry, in the order strings reached the step. */
  private entries = new Map<number, Map<string, Map<number, Entry>>>();
  private nextId = 101;

  add(step: Omit<Step, 'id' | 'active' | 'settings' | 'settingsSavedAt'>): Step {
    const full: Step = { ...step, id: this.nextId++, active: true, settings: null, settingsSavedAt: null };
    this.steps.set(full.id, full);
    this.entries.set(full.id, new Map(step.languages.map((l) => [l, new Map()])));
    return full;
  }

  get(stepId: number): Step | undefined {
    return this.steps.get(stepId);
  }

  /** The step, or a 404 that says which steps exist. */
  require(stepId: number): Step {
    const step = this.steps.get(stepId);
    if (step) return step;
    const ids = [...this.steps.keys()];
    throw new ControlError(
      404,
      'unknownStep',
      `No workflow step ${stepId}. ${ids.length ? `Steps: ${ids.join(', ')}.` : 'Add one with POST /__apps/{appId}/steps.'}`,
    );
  }

  list(filter: { projectId?: number; appId?: string } = {}): Step[] {
    return [...this.steps.values()].filter(
      (s) =>
        (filter.projectId === undefined || s.projectId === filter.projectId) &&
        (filter.appId === undefined || s.appId === filter.appId),
    );
  }

  /** The step leaves the workflow: it, and the statuses of its strings, are gone. */
  remove(stepId: number): void {
    this.steps.delete(stepId);
    this.entries.delete(stepId);
  }

  /** Uninstalling an app deactivates its steps: the status API answers 404 for them. */
  deactivate(appId: string): void {
    for (const step of this.steps.values()) if (step.appId === appId) step.active = false;
  }

  private languageEntries(step: Step, languageId: string): Map<number, Entry> {
    const map = this.entries.get(step.id)!;
    let entries = map.get(languageId);
    if (!entries) map.set(languageId, (entries = new Map()));
    return entries;
  }

  record(step: Step, languageId: string, stringId: number): StringStatusRecord {
    const e = this.entries.get(step.id)?.get(languageId)?.get(stringId);
    return {
      stringId,
      languageId,
      stepId: step.id,
      status: e?.status ?? 'INCOMPLETE',
      output: e?.output ?? '',
    };
  }

  /** Strings reach the step: NEED_PROCESS (and sent), or INCOMPLETE when `routed` says they are not routed. */
  put(
    step: Step,
    stringIds: number[],
    languages: string[],
    originEvent: string,
    routed: (stringId: number) => boolean,
  ): { pairs: StepPair[]; incomplete: number } {
    const pairs: StepPair[] = [];
    let incomplete = 0;
    for (const languageId of languages) {
      const entries = this.languageEntries(step, languageId);
      for (const stringId of stringIds) {
        // Re-inserted so the step lists strings in the order they (last) reached it.
        entries.delete(stringId);
        if (routed(stringId)) {
          entries.set(stringId, { status: 'NEED_PROCESS', output: '', originEvent });
          pairs.push({ stepId: step.id, stringId, languageId, originEvent });
        } else {
          entries.set(stringId, { status: 'INCOMPLETE', output: '', originEvent });
          incomplete++;
        }
      }
    }
    return { pairs, incomplete };
  }

  /**
   * `put`, PUT_SLICE strings of one language per turn, in the same order: a send of 10,000 strings in
   * several languages never holds the event loop while it puts them (F6 of
   * ../shared/reviews/security-2026-11-28.md). Reads in between see the strings put so far.
   */
  async putInTurns(
    step: Step,
    stringIds: number[],
    languages: string[],
    originEvent: string,
    routed: (stringId: number) => boolean,
  ): Promise<{ pairs: StepPair[]; incomplete: number }> {
    const pairs: StepPair[] = [];
    let incomplete = 0;
    let first = true;
    for (const languageId of languages) {
      for (let i = 0; i < stringIds.length; i += PUT_SLICE) {
        if (!first) await nextTurn();
        first = false;
        const part = this.put(step, stringIds.slice(i, i + PUT_SLICE), [languageId], originEvent, routed);
        for (const pair of part.pairs) pairs.push(pair);
        incomplete += part.incomplete;
      }
    }
    return { pairs, incomplete };
  }

  /** A delivery failed for good: its strings still waiting become FAILED. Returns how many did. */
  fail(pairs: readonly Omit<StepPair, 'originEvent'>[]): number {
    let n = 0;
    for (const p of pairs) {
      const e = this.entries.get(p.stepId)?.get(p.languageId)?.get(p.stringId);
      if (e?.status === 'NEED_PROCESS') {
        e.status = 'FAILED';
        n++;
      }
    }
    return n;
  }

  /** FAILED → NEED_PROCESS, for the pairs the filter keeps; they are to be sent again. */
  retrigger(step: Step, filter: { stringIds?: number[]; languages?: string[] }): StepPair[] {
    const ids = filter.stringIds ? new Set(filter.stringIds) : null;
    const pairs: StepPair[] = [];
    for (const languageId of filter.languages ?? step.languages) {
      for (const [stringId, e] of this.languageEntries(step, languageId)) {
        if (e.status !== 'FAILED' || (ids && !ids.has(stringId))) continue;
        e.status = 'NEED_PROCESS';
        e.output = '';
        pairs.push({ stepId: step.id, stringId, languageId, originEvent: e.originEvent });
      }
    }
    return pairs;
  }

  /**
   * The status API's PATCH: every operation is checked first, and any bad one refuses the whole body (a
   * 400 naming it), so a PATCH is applied entirely or not at all.
   */
  patch(step: Step, languageId: string, body: unknown): StringStatusRecord[] {
    if (!Array.isArray(body)) {
      throw new PatchError(
        'body',
        'notArray',
        'The body must be a JSON Patch array: [{"op": "replace", "path": "/{stringId}/output", "value": "<port>"}].',
      );
    }
    if (body.length === 0) throw new PatchError('body', 'empty', 'The body has no operations.');
    if (body.length > STATUS_PATCH_LIMIT) {
      throw new PatchError(
        'body',
        'tooManyOperations',
        `The body has ${body.length} operations; at most ${STATUS_PATCH_LIMIT} are allowed per request. Send them in several PATCHes.`,
      );
    }
    const ports = step.outputs.map((o) => o.port);
    const entries = this.languageEntries(step, languageId);
    const changes: [number, string][] = [];
    body.forEach((raw: unknown, i) => {
      const op = raw as Partial<StatusPatchOp> | null;
      const at = `#${i} (${JSON.stringify(raw)?.slice(0, 80)})`;
      if (!op || typeof op !== 'object' || Array.isArray(op)) {
        throw new PatchError(`${i}`, 'invalidOperation', `Operation ${at} is not an object.`);
      }
      if (op.op !== 'replace') {
        throw new PatchError(
          `${i}/op`,
          'opNotSupported',
          `Operation ${at}: op must be "replace"; "${String(op.op)}" is not supported.`,
        );
      }
      const match = typeof op.path === 'string' ? PATH.exec(op.path) : null;
      if (!match) {
        throw new PatchError(
          `${i}/path`,
          'pathInvalid',
          `Operation ${at}: path must be "/{stringId}/output", e.g. "/1106423/output".`,
        );
      }
      if (typeof op.value !== 'string' || (op.value !== '' && !ports.includes(op.value))) {
        throw new PatchError(
          `${i}/value`,
          'valueNotAllowed',
          `Operation ${at}: value must be one of the step's output ports (${ports.map((p) => `"${p}"`).join(', ')}) or "" to keep the string on the step (TODO).`,
        );
      }
      const stringId = Number(match[1]);
      const entry = entries.get(stringId);
      if (!entry || entry.status === 'INCOMPLETE') {
        throw new PatchError(
          `${i}/path`,
          'stringNotOnStep',
          `Operation ${at}: string ${stringId} is not on step ${step.id} for ${languageId} (${entry ? 'INCOMPLETE' : 'it never reached the step'}).`,
        );
      }
      changes.push([stringId, op.value]);
    });
    for (const [stringId, value] of changes) {
      const e = entries.get(stringId)!;
      e.output = value;
      e.status = value === '' ? 'TODO' : 'DONE';
    }
    return changes.map(([stringId]) => this.record(step, languageId, stringId));
  }

  /** The status API's GET (and the control view's): filtered, paged, in the order strings reached the step. */
  query(
    step: Step,
    languageId: string,
    filter: { stringIds?: number[]; status?: StepStatus; offset: number; limit: number },
  ): { records: StringStatusRecord[]; total: number } {
    let records: StringStatusRecord[];
    if (filter.stringIds) {
      records = filter.stringIds.map((id) => this.record(step, languageId, id));
      if (filter.status) records = records.filter((r) => r.status === filter.status);
    } else {
      records = [];
      for (const [stringId, e] of this.languageEntries(step, languageId)) {
        if (!filter.status || e.status === filter.status) {
          records.push({ stringId, languageId, stepId: step.id, status: e.status, output: e.output });
        }
      }
    }
    return { records: records.slice(filter.offset, filter.offset + filter.limit), total: records.length };
  }

  counts(step: Step): StepCounts {
    const out: StepCounts = {};
    for (const [languageId, entries] of this.entries.get(step.id) ?? []) {
      const c: Partial<Record<StepStatus, number>> = {};
      for (const e of entries.values()) c[e.status] = (c[e.status] ?? 0) + 1;
      out[languageId] = c;
    }
    return out;
  }

  /** Every step and its strings, as fresh records (a save writes them while the store goes on). */
  records(): { nextId: number; steps: SavedStep[] } {
    return {
      nextId: this.nextId,
      steps: [...this.steps.values()].map((step) => ({
        step: { ...step },
        strings: Object.fromEntries(
          [...(this.entries.get(step.id) ?? [])].map(([languageId, entries]) => [
            languageId,
            [...entries].map(([id, e]): SavedEntry => [id, e.status, e.output, e.originEvent]),
          ]),
        ),
      })),
    };
  }

  /** Replaces every step and status with a restored state's. */
  replaceRecords(records: { nextId: number; steps: SavedStep[] }): void {
    this.steps = new Map(records.steps.map(({ step }) => [step.id, { ...step }]));
    this.entries = new Map(
      records.steps.map(({ step, strings }) => [
        step.id,
        new Map(
          Object.entries(strings).map(([languageId, list]) => [
            languageId,
            new Map(list.map(([id, status, output, originEvent]) => [id, { status, output, originEvent }])),
          ]),
        ),
      ]),
    );
    this.nextId = Math.max(records.nextId, ...records.steps.map(({ step }) => step.id + 1));
  }

  info(step: Step): StepInfo {
    return {
      ...step,
      createdAt: new Date(step.createdAt).toISOString(),
      settingsSavedAt: step.settingsSavedAt === null ? null : new Date(step.settingsSavedAt).toISOString(),
      counts: this.counts(step),
    };
  }
}

export function isStepStatus(s: string): s is StepStatus {
  return (STEP_STATUSES as readonly string[]).includes(s);
}
