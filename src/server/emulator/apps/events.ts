// Webhook event objects built from the emulator's live data, in the shapes of the docs' payload examples
// (crowdin/docs src/assets/code/webhooks/*.json, string-based ones in sb/; the step event from the
// workflow-step-type page). Ids are strings in project webhooks and integers in the step event, as the
// examples have them. What the emulator has no record of (tasks, groups, builds, comment texts) is made up
// from the live project, languages and users.
import { createHash } from 'node:crypto';
import { STEP_EVENT } from '../../../wire/apps.ts';
import type { EventString, StepEvent } from '../../../wire/workflow-step.ts';
import { languageResource } from '../api/resources.ts';
import type { Dataset, DemoUser, FileInfo } from '../data/model.ts';
import { languageInfo } from '../data/model.ts';
import { editorUrl, webOrigin } from '../data/web-urls.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
type Obj = Record<string, any>;

// The documented events live with the wire types, where the Apps view reads them too.
export { DOCUMENTED_EVENTS } from '../../../wire/apps.ts';

/** Where the events happen: the data and the organization the emulator plays. */
export interface EventWorld {
  data: Dataset;
  /** Enterprise organization domain; null on crowdin.com. */
  domain: string | null;
  organizationId: number;
  users: (id: number) => DemoUser | undefined;
}

/** What `trigger` may name; anything left out is the project's first of its kind. */
export interface EventSubject {
  stringId?: number;
  fileId?: number;
  languageId?: string;
  userId?: number;
  branchId?: number;
}

/** A subject that names nothing in the data. */
export class EventSubjectError extends Error {}

/** A 1×1 PNG: the project `logo` is a data URL in the step event. */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The string with this id (the data keeps strings in id order). */
export function findString(data: Dataset, id: number): Obj | undefined {
  const list = data.strings as Obj[];
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = list[mid]!.id as number;
    if (v === id) return list[mid];
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return list.find((s) => s.id === id);
}

/** Webhook languages made so far: a batch names the same few in every event. */
const webhookLanguages = new Map<string, Readonly<Obj>>();

/**
 * The language object of webhook payloads: the API's, without plural data, with direction and dialect. One
 * frozen object per language, shared by every event that names it (a step event names two; a 500-event
 * batch made a thousand copies to serialise and collect).
 */
export function webhookLanguage(id: string): Readonly<Obj> {
  let language = webhookLanguages.get(id);
  if (!language) {
    const { pluralCategoryNames: _p, pluralRules: _r, ...made } = languageResource(languageInfo(id));
    language = Object.freeze(made);
    webhookLanguages.set(id, language);
  }
  return language;
}

export function webhookUser(user: DemoUser | undefined, id = 0): Obj {
  return user
    ? { id: String(user.id), username: user.username, fullName: user.fullName, avatarUrl: user.avatarUrl }
    : { id: String(id), username: 'unknown', fullName: 'Unknown user', avatarUrl: '' };
}

/** Builds event objects for one world; parts shared by many events (the project) are built once. */
export class EventBuilder {
  private projectObj: Obj | null = null;
  private stepProjectObj: Obj | null = null;

  constructor(private world: EventWorld) {}

  private get data(): Dataset {
    return this.world.data;
  }

  private get stringBased(): boolean {
    return this.data.project.stringBased === true;
  }

  project(): Obj {
    if (this.projectObj) return this.projectObj;
    const p = this.data.project;
    const owner = this.data.users[0];
    this.projectObj = {
      id: String(p.id),
      userId: String(owner?.id ?? 1),
      sourceLanguageId: p.sourceLanguageId,
      targetLanguageIds: p.targetLanguageIds,
      identifier: p.identifier,
      name: p.name,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
      lastActivity: p.updatedAt,
      description: p.description,
      url: `${webOrigin(this.world.domain)}/project/${p.identifier}`,
      cname: null,
      languageAccessPolicy: 'moderate',
      visibility: 'private',
      publicDownloads: false,
    };
    return this.projectObj;
  }

  file(file: FileInfo, withProject: boolean): Obj {
    const branch = this.data.branches.find((b) => b.id === file.branchId);
    const out: Obj = {
      id: String(file.id),
      name: file.name,
      title: file.title || null,
      type: file.type,
      path: file.path,
      status: 'active',
      revision: '1',
      branchId: branch ? String(branch.id) : null,
      branchName: branch?.name ?? null,
      directoryId: file.directoryId === null ? null : String(file.directoryId),
    };
    if (withProject) out.project = this.project();
    return out;
  }

  private editorUrl(s: Obj, languageId: string): string {
    return editorUrl(this.world.domain, this.data.project, {
      fileId: s.file?.id,
      stringId: s.id,
      languageId,
    });
  }

  /** The string object of project webhooks (string.*, suggestion.*, comments). */
  string(s: Obj, languageId?: string): Obj {
    const plural = s.text !== null && typeof s.text === 'object';
    const out: Obj = {
      id: String(s.id),
      identifier: this.stringBased ? hashIdentifier(s) : (s.identifier ?? ''),
    };
    if (this.stringBased) out.key = s.identifier ?? '';
    Object.assign(out, sharedStringFields(s), {
      masterStringId: s.masterStringId == null ? null : String(s.masterStringId),
    });
    if (!this.stringBased) out.revision = String(s.revision ?? 1);
    out.hasPlurals = plural;
    if (plural) out.plurals = s.text;
    Object.assign(out, {
      labelIds: ((s.labels ?? []) as Obj[]).map((l) => l.id),
      url: this.editorUrl(s, languageId ?? this.data.project.targetLanguageIds[0] ?? 'en'),
      createdAt: s.added ?? null,
      updatedAt: s.updated ?? null,
    });
    if (this.stringBased) {
      out.branch = s.branch ? { id: String(s.branch.id), name: s.branch.name } : null;
    } else {
      const file = this.data.files.find((f) => f.id === s.file?.id);
      out.file = file ? this.file(file, false) : null;
    }
    out.project = this.project();
    return out;
  }

  private stepProject(): Obj {
    if (this.stepProjectObj) return this.stepProjectObj;
    const p = this.project();
    this.stepProjectObj = {
      ...p,
      id: Number(p.id),
      userId: Number(p.userId),
      url: this.world.domain ? `${webOrigin(this.world.domain)}/u/projects/${this.data.project.id}` : p.url,
      languageAccessPolicy: null,
      visibility: null,
      publicDownloads: null,
      logo: LOGO,
      isExternal: false,
      externalType: null,
      hasCrowdsourcing: false,
      groupId: this.world.domain ? 1 : 0,
    };
    return this.stepProjectObj;
  }

  /** `translation` of the step event: integer ids, a hashed identifier and the visible key. */
  private stepTranslation(s: Obj, languageId: string): EventString {
    const plural = s.text !== null && typeof s.text === 'object';
    const file = this.stringBased ? undefined : this.data.files.find((f) => f.id === s.file?.id);
    return {
      id: s.id,
      identifier: hashIdentifier(s),
      key: s.identifier ?? '',
      ...sharedStringFields(s),
      masterStringId: s.masterStringId ?? null,
      revision: s.revision ?? 1,
      hasPlurals: plural,
      labelIds: ((s.labels ?? []) as Obj[]).map((l) => l.id),
      url: this.editorUrl(s, languageId),
      createdAt: s.added ?? null,
      updatedAt: s.updated ?? null,
      file: file
        ? {
            id: file.id,
            name: file.name,
            title: file.title || null,
            type: file.type,
            path: file.path,
            status: 'active',
            revision: String(s.revision ?? 1),
            branch: { id: file.branchId },
            directory: { id: file.directoryId },
            project: null,
          }
        : null,
      project: this.stepProject() as { id: number },
    };
  }

  /** `string.status_on_step.recalculation_triggered` for one string and language. */
  stepEvent(args: {
    string: Obj;
    languageId: string;
    step: { id: number; title: string; languages: string[]; appId: string; moduleKey: string };
    originEvent: string;
    user: DemoUser | undefined;
  }): StepEvent {
    return {
      event: STEP_EVENT,
      stringStatus: {
        status: 'NEED_PROCESS',
        output: '',
        originEvent: args.originEvent,
        organizationId: String(this.world.organizationId),
        translation: this.stepTranslation(args.string, args.languageId),
        sourceLanguage: webhookLanguage(this.data.project.sourceLanguageId),
        affectedLanguage: webhookLanguage(args.languageId),
        workflowStep: {
          id: args.step.id,
          title: args.step.title,
          type: 'Application',
          languages: args.step.languages,
          applicationModule: { applicationIdentifier: args.step.appId, moduleKey: args.step.moduleKey },
        },
        user: webhookUser(args.user),
      },
    };
  }

  /** Any documented project event, from live objects picked by `subject`. */
  event(event: string, subject: EventSubject, actor: DemoUser | undefined): Obj {
    const data = this.data;
    const languageId = subject.languageId ?? data.project.targetLanguageIds[0] ?? 'en';
    if (!data.project.targetLanguageIds.includes(languageId)) {
      throw new EventSubjectError(
        `"${languageId}" is not a target language of project ${data.project.id} (${data.project.targetLanguageIds.join(', ')}).`,
      );
    }
    const user = webhookUser(actor, subject.userId);
    const pick = <T>(
      kind: string,
      id: number | undefined,
      all: readonly T[],
      find: (id: number) => T | undefined,
    ) => {
      const found = id === undefined ? all[0] : find(id);
      if (found) return found;
      throw new EventSubjectError(
        id === undefined
          ? `Project ${data.project.id} has no ${kind}s.`
          : `No ${kind} ${id} in project ${data.project.id}.`,
      );
    };
    const pickString = () =>
      pick('string', subject.stringId, data.strings as Obj[], (id) => findString(data, id));
    const pickFile = () =>
      pick('file', subject.fileId, data.files, (id) => data.files.find((x) => x.id === id));
    const pickBranch = () =>
      pick('branch', subject.branchId, data.branches, (id) => data.branches.find((x) => x.id === id));
    const [family, action] = event.split('.') as [string, string];
    switch (family) {
      case 'file':
        return ['translated', 'approved'].includes(action)
          ? { event, file: this.file(pickFile(), true), targetLanguage: webhookLanguage(languageId) }
          : { event, file: this.file(pickFile(), true), user };
      case 'branch': {
        const b = pickBranch();
        return {
          event,
          branch: { id: String(b.id), name: b.name },
          project: this.project(),
          targetLanguage: webhookLanguage(languageId),
        };
      }
      case 'project':
        if (action === 'built') {
          const id = 1;
          return {
            event,
            build: {
              id: String(id),
              downloadUrl: `${apiOrigin(this.world.domain)}/api/v2/projects/${data.project.id}/translations/builds/${id}/download`,
              project: this.project(),
            },
          };
        }
        if (action === 'created' || action === 'deleted') return { event, project: this.project(), user };
        return { event, project: this.project(), targetLanguage: webhookLanguage(languageId) };
      case 'string':
        return { event, string: this.string(pickString(), languageId), user };
      case 'translation': {
        const s = pickString();
        const t = this.translationOf(s, languageId);
        const { user: _u, targetLanguage: _l, string: _s, ...old } = t;
        return { event, oldTranslation: old, newTranslation: t };
      }
      case 'suggestion': {
        const s = pickString();
        const t = this.translationOf(s, languageId);
        if (action === 'approved' || action === 'disapproved') {
          return { event, translation: { ...t, provider: null, isPreTranslated: false }, user };
        }
        return { event, translation: t };
      }
      case 'stringComment': {
        const s = pickString();
        const c = ((s.comments ?? []) as Obj[])[0] ?? { id: 1, user: actor?.id, added: s.added };
        const author = this.world.users(c.user as number);
        return {
          event,
          comment: {
            id: String(c.id),
            text: c.hasIssue ? `Issue: ${c.issueType}` : `Comment ${c.id}`,
            type: c.hasIssue ? 'issue' : 'comment',
            issueType: c.hasIssue ? c.issueType : null,
            issueStatus: c.hasIssue ? (c.hasUnresolvedIssue ? 'unresolved' : 'resolved') : null,
            resolvedAt: null,
            createdAt: c.added ?? null,
            string: this.string(s, languageId),
            targetLanguage: webhookLanguage(languageId),
            user: webhookUser(author, c.user),
            commentResolver: null,
            mention: { userIds: [] },
          },
        };
      }
      case 'task':
        return { event, task: this.task(action, languageId, actor) };
      case 'group':
        return {
          event,
          group: {
            id: '1',
            name: this.world.domain ?? 'Organization',
            createdAt: data.project.createdAt,
            updatedAt: data.project.updatedAt,
            description: '',
            parentId: '0',
            userId: String(data.users[0]?.id ?? 1),
            organizationId: String(this.world.organizationId),
          },
          user,
        };
      default:
        throw new EventSubjectError(`"${event}" is not a documented event.`);
    }
  }

  private translationOf(s: Obj, languageId: string): Obj {
    const t = ((s.translations ?? []) as Obj[]).find((x) => x.language === languageId);
    if (!t) {
      throw new EventSubjectError(
        `String ${s.id} has no translation in ${languageId}; name a translated string (stringId) or another languageId.`,
      );
    }
    const rating = ((t.votes ?? []) as Obj[]).reduce((n, v) => n + (v.isUp ? 1 : v.isDown ? -1 : 0), 0);
    return {
      id: String(t.id),
      text: t.text ?? '',
      pluralCategoryName: t.pluralForm ?? 'none',
      rating: String(rating),
      createdAt: t.updated ?? s.added ?? null,
      user: webhookUser(this.world.users(t.user as number), t.user),
      targetLanguage: webhookLanguage(languageId),
      string: this.string(s, languageId),
    };
  }

  private task(action: string, languageId: string, actor: DemoUser | undefined): Obj {
    const data = this.data;
    const p = data.project;
    const creator = webhookUser(actor ?? data.users[0]);
    const task: Obj = {
      id: '1',
      type: '0',
      vendor: null,
      status: action === 'statusChanged' ? 'in_progress' : 'todo',
      title: `Translate into ${languageInfo(languageId).name}`,
      assignees: data.users.slice(1, 2).map((u) => ({
        id: u.id,
        username: u.username,
        fullName: u.fullName,
        avatarUrl: u.avatarUrl,
        wordsCount: 0,
        wordsLeft: 0,
      })),
      assignedTeams: [],
      fileIds: data.files.map((f) => f.id),
      progress: { total: 0, done: 0, percent: 0 },
      description: '',
      hash: createHash('md5').update(`task:${p.id}:1`).digest('hex'),
      translationUrl: `${webOrigin(this.world.domain)}/translate/${p.identifier}/all/${p.sourceLanguageId}-${languageId}?task=1`,
      wordsCount: '0',
      filesCount: String(data.files.length),
      commentsCount: '0',
      deadline: null,
      timeRange: null,
      workflowStepId: null,
      buyUrl: null,
      createdAt: p.updatedAt,
      updatedAt: p.updatedAt,
      sourceLanguage: webhookLanguage(p.sourceLanguageId),
      targetLanguage: webhookLanguage(languageId),
      project: this.project(),
      taskCreator: creator,
    };
    if (action === 'statusChanged') {
      task.oldStatus = 'todo';
      task.newStatus = 'in_progress';
    }
    return task;
  }
}

function apiOrigin(domain: string | null): string {
  return domain ? `https://${domain}.api.crowdin.com` : 'https://api.crowdin.com';
}

/** The fields every string object of the payloads has, in the examples' order; a plural's text is its `other`. */
function sharedStringFields(s: Obj): Obj {
  const plural = s.text !== null && typeof s.text === 'object';
  return {
    text: plural ? (s.text.other ?? Object.values(s.text)[0] ?? '') : (s.text ?? ''),
    type: stringKind(s),
    context: s.context ?? '',
    maxLength: String(s.maxLength ?? 0),
    isHidden: s.isHidden === true,
    isDuplicate: s.isDuplicate === true,
  };
}

function stringKind(s: Obj): string {
  if (s.typeIsPlural) return 'plural';
  if (s.typeIsIcu) return 'icu';
  if (s.typeIsAsset) return 'asset';
  return 'text';
}

/** The step event's `identifier` is a hash (the visible key is `key`); an md5 of the key, stable per string. */
/** Each string's last identifier hash, with what it hashed: a send hashes the same strings again and again. */
const identifierHashes = new WeakMap<Obj, { of: string; hash: string }>();

function hashIdentifier(s: Obj): string {
  const of = `${s.file?.id ?? ''}:${s.identifier ?? s.id}`;
  const known = identifierHashes.get(s);
  if (known?.of === of) return known.hash;
  const hash = createHash('md5').update(of).digest('hex');
  identifierHashes.set(s, { of, hash });
  return hash;
}
