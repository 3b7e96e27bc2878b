// What the router remembers across restarts, in one JSON file (--store): the installations (the app secret and
// the ids the token grant needs) and each step's settings and languages. The file holds secrets, so it is
// private (0600 in a 0700 folder). Every change is written at once and atomically (a new file renamed over
// the old), so a crash leaves the old state or the new one, never half of each. Memory is the truth; writes
// are queued and coalesced.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { RouterSettings } from '../settings.ts';

/** The installed event's fields the router keeps (Crowdin's installation page). */
export interface Installation {
  appId: string;
  appSecret: string;
  clientId: string;
  userId: number;
  organizationId: number;
  /** null on crowdin.com; the organization's domain on Enterprise. */
  domain: string | null;
  baseUrl: string;
  agentId: number;
  installedAt: string;
}

/** One step of one workflow (or template) the router serves. */
export interface StepRecord {
  /** The installation's key (organizationKey). */
  organization: string;
  stepId: number;
  projectId: number | null;
  workflowId: number | null;
  /** Set for a step of a workflow template. */
  templateId: number | null;
  /** null until the step's settings are saved. */
  settings: RouterSettings | null;
  savedAt: string | null;
  /** Languages the step routes (from deliveries and from the step itself): what reconciling looks at. */
  languages: string[];
}

interface StoreData {
  version: 1;
  installations: Record<string, Installation>;
  steps: Record<string, StepRecord>;
}

/** How the service and the official framework key an installation: the domain, else the organization id. */
export function organizationKey(domain: string | null | undefined, organizationId: number | string): string {
  return domain ? domain : String(organizationId);
}

export function stepKey(organization: string, stepId: number, templateId: number | null = null): string {
  return templateId === null
    ? `${organization}|${stepId}`
    : `${organization}|template:${templateId}|${stepId}`;
}

export class StoreError extends Error {}

export class RouterStore {
  private writing: Promise<void> = Promise.resolve();
  private dirty = false;

  private constructor(
    readonly file: string,
    private data: StoreData,
  ) {}

  /** Opens the store (an absent file is an empty store). A file it cannot read stops the start: it is never overwritten. */
  static async open(file: string): Promise<RouterStore> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        return new RouterStore(file, { version: 1, installations: {}, steps: {} });
      }
      throw new StoreError(`Cannot read the store ${file}: ${(e as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      throw new StoreError(
        `The store ${file} is not JSON; restore it from a backup or move it away to start empty.`,
      );
    }
    const d = data as Partial<StoreData>;
    if (d?.version !== 1 || typeof d.installations !== 'object' || typeof d.steps !== 'object') {
      throw new StoreError(`The store ${file} is not a CroQL Router store (version 1).`);
    }
    return new RouterStore(file, d as StoreData);
  }

  installation(organization: string): Installation | undefined {
    return this.data.installations[organization];
  }

  installations(): [string, Installation][] {
    return Object.entries(this.data.installations);
  }

  install(organization: string, installation: Installation): Promise<void> {
    this.data.installations[organization] = installation;
    return this.persist();
  }

  /** Forgets the organization: its installation and every step's settings. */
  uninstall(organization: string): Promise<void> {
    delete this.data.installations[organization];
    for (const [key, step] of Object.entries(this.data.steps)) {
      if (step.organization === organization) delete this.data.steps[key];
    }
    return this.persist();
  }

  step(organization: string, stepId: number, templateId: number | null = null): StepRecord | undefined {
    return this.data.steps[stepKey(organization, stepId, templateId)];
  }

  steps(): StepRecord[] {
    return Object.values(this.data.steps);
  }

  saveStep(record: StepRecord): Promise<void> {
    this.data.steps[stepKey(record.organization, record.stepId, record.templateId)] = record;
    return this.persist();
  }

  deleteStep(organization: string, stepId: number, templateId: number | null = null): Promise<void> {
    delete this.data.steps[stepKey(organization, stepId, templateId)];
    return this.persist();
  }

  /** Notes that a step routes a language (a delivery for it arrived); written only when it is new. */
  noteLanguage(organization: string, projectId: number, stepId: number, languageId: string): Promise<void> {
    const key = stepKey(organization, stepId);
    const step = (this.data.steps[key] ??= {
      organization,
      stepId,
      projectId,
      workflowId: null,
      templateId: null,
      settings: null,
      savedAt: null,
      languages: [],
    });
    if (step.languages.includes(languageId) && step.projectId === projectId) return this.writing;
    step.projectId = projectId;
    if (!step.languages.includes(languageId)) step.languages.push(languageId);
    return this.persist();
  }

  /** Resolves when everything changed so far is on disk. */
  flushed(): Promise<void> {
    return this.writing;
  }

  private persist(): Promise<void> {
    if (this.dirty) return this.writing;
    this.dirty = true;
    // A failed write fails its callers; the next change writes everything again.
    this.writing = this.writing
      .catch(() => undefined)
      .then(async () => {
        this.dirty = false;
        const text = JSON.stringify(this.data, null, 2) + '\n';
        await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
        const tmp = `${this.file}.${process.pid}.tmp`;
        await writeFile(tmp, text, { mode: 0o600 });
        await rename(tmp, this.file);
      });
    return this.writing;
  }
}
