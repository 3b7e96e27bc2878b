// The API under /api/v2: bearer authentication, scopes, the per-token concurrency limit, and the routes.
import { Hono, type Context } from 'hono';
import type { ServerResponse } from 'node:http';
import type { ContextObject, EvalEnv } from '../../../croql/index.ts';
import type { EmulatorConfig } from '../config.ts';
import type { Dataset, DemoUser } from '../data/model.ts';
import { verifyJwt, type TokenClaims } from '../oauth/jwt.ts';
import type { OAuthStore } from '../oauth/store.ts';
import { itemEnvelope, listEnvelope } from './envelope.ts';
import { forbidden, notFound, simpleError, unauthorized } from './errors.ts';
import { InFlightLimiter, inFlightKey } from './in-flight.ts';
import {
  ListingEngine,
  parseOrderBy,
  type Accessor,
  type ListingQuery,
  type ListingSource,
} from './listing.ts';
import { boolParam, croqlParam, idList, pageParams, rejectWithCroql, type Query } from './params.ts';
import {
  currentUserResource,
  languageResource,
  languageTranslationResource,
  memberResource,
  projectResource,
  sourceStringResource,
  stringType,
  termResource,
  tmSegmentResource,
} from './resources.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
type Env = { Variables: { claims: TokenClaims; user: DemoUser } };

const STRING_ORDER: Record<string, Accessor> = {
  id: (s) => s.id,
  text: (s) => (typeof s.text === 'string' ? s.text : (s.text?.other ?? null)),
  identifier: (s) => s.identifier,
  context: (s) => s.context,
  maxLength: (s) => s.maxLength,
  type: (s) => stringType(s),
  createdAt: (s) => s.added,
  updatedAt: (s) => s.updated,
};
const TRANSLATION_ORDER: Record<string, Accessor> = {
  text: (t) => t.text,
  translationId: (t) => t.id,
  createdAt: (t) => t.updated,
};
const SEGMENT_ORDER: Record<string, Accessor> = { id: (s) => s.id };
const TERM_ORDER: Record<string, Accessor> = Object.fromEntries(
  [
    'id',
    'text',
    'description',
    'partOfSpeech',
    'status',
    'type',
    'gender',
    'note',
    'lemma',
    'createdAt',
    'updatedAt',
  ].map((k) => [k, (t: any) => t[k]]),
);

interface TranslationSource extends ListingSource {
  strings: ContextObject[];
}

export class EmulatorApi {
  readonly engine: ListingEngine;
  readonly inFlight: InFlightLimiter;
  private translationSources = new Map<string, TranslationSource>();

  constructor(
    private config: EmulatorConfig,
    private store: OAuthStore,
  ) {
    this.engine = new ListingEngine(
      () => this.evalEnv(),
      () => this.config.evaluationBudgetMs,
    );
    this.inFlight = new InFlightLimiter(() => this.config.maxInFlight);
  }

  private get data(): Dataset {
    return this.config.data;
  }

  evalEnv(): EvalEnv {
    return {
      users: this.data.users,
      languages: this.data.languages.map((l) => l.id),
      now: new Date(this.config.clock()),
    };
  }

  routes(): Hono<Env> {
    const api = new Hono<Env>();
    api.use('*', async (c, next) => {
      const claims = this.authenticate(c.req.header('authorization'));
      const user = this.data.users.find((u) => String(u.id) === claims.sub);
      if (!user) throw unauthorized();
      c.set('claims', claims);
      c.set('user', user);
      const release = this.inFlight.acquire(inFlightKey(claims));
      if (!release) {
        c.header('Retry-After', '1');
        throw simpleError(429, 'Too Many Requests');
      }
      // Served over HTTP, the slot is held until the response is sent or the client disconnects;
      // in-process (app.request) there is no socket, and the handler's end releases it.
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      outgoing?.once('close', release);
      try {
        const delay = this.config.testHooks ? Number(c.req.header('x-emulator-delay-ms') ?? 0) : 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 10_000)));
        await next();
      } finally {
        if (!outgoing || outgoing.closed) release();
      }
    });

    api.get('/user', (c) => c.json(itemEnvelope(currentUserResource(c.get('user')))));
    api.get('/languages', (c) => c.json(this.paged(c, this.data.languages.map(languageResource))));

    api.get('/projects', (c) => {
      this.requireScope(c, 'project');
      return c.json(this.paged(c, [projectResource(this.data)]));
    });
    api.get('/projects/:projectId', (c) => {
      this.project(c);
      return c.json(itemEnvelope(projectResource(this.data)));
    });
    api.get('/projects/:projectId/members', (c) => {
      this.project(c);
      const search = (c.req.query('search') ?? '').toLowerCase();
      const users = this.data.users.filter(
        (u) =>
          !search || u.username.toLowerCase().includes(search) || u.fullName.toLowerCase().includes(search),
      );
      return c.json(this.paged(c, users.map(memberResource)));
    });
    api.get('/projects/:projectId/branches', (c) => {
      const projectId = this.project(c);
      const name = c.req.query('name');
      const list = this.data.branches.filter((b) => !name || b.name === name);
      return c.json(
        this.paged(
          c,
          list.map((b) => ({ ...b, projectId, updatedAt: b.createdAt })),
        ),
      );
    });
    api.get('/projects/:projectId/directories', (c) => {
      const projectId = this.project(c);
      return c.json(
        this.paged(
          c,
          this.data.directories.map((d) => ({ ...d, projectId, title: d.name })),
        ),
      );
    });
    api.get('/projects/:projectId/files', (c) => {
      const projectId = this.project(c);
      const branchId = c.req.query('branchId');
      const list = this.data.files.filter((f) => !branchId || String(f.branchId) === branchId);
      return c.json(
        this.paged(
          c,
          list.map((f) => ({
            ...f,
            projectId,
            status: 'active',
            revisionId: 1,
            priority: 'normal',
            createdAt: this.data.project.createdAt,
            updatedAt: this.data.project.updatedAt,
          })),
        ),
      );
    });
    api.get('/projects/:projectId/labels', (c) => {
      this.project(c);
      return c.json(
        this.paged(
          c,
          this.data.labels.map((l) => ({ id: l.id, title: l.title, isSystem: l.isSystem })),
        ),
      );
    });

    api.get('/projects/:projectId/strings', (c) => {
      this.project(c);
      const q = c.req.query() as Query;
      rejectWithCroql(q, ['fileId', 'filter', 'labelIds', 'scope', 'branchId', 'directoryId', 'taskId']);
      const query: ListingQuery = {
        croql: croqlParam(q),
        filter: stringFilter(q),
        orderBy: parseOrderBy(q.orderBy, STRING_ORDER),
      };
      const source: ListingSource = { key: 'strings', context: 'strings', items: this.data.strings };
      const enterprise = this.config.organization !== null;
      return this.list(c, source, query, (group) => {
        const s = this.data.strings[group[0]!]!;
        const resource = sourceStringResource(s, this.data);
        // Enterprise strings carry their custom fields.
        return enterprise ? { ...resource, fields: (s.fields ?? []) as unknown[] } : resource;
      });
    });

    api.get('/projects/:projectId/languages/:languageId/translations', (c) => {
      this.project(c);
      const languageId = c.req.param('languageId');
      if (!this.data.project.targetLanguageIds.includes(languageId)) throw notFound();
      const q = c.req.query() as Query;
      rejectWithCroql(q, ['stringIds', 'labelIds', 'fileId', 'approvedOnly']);
      const source = this.translationSource(languageId);
      const query: ListingQuery = {
        croql: croqlParam(q),
        filter: translationFilter(q, source.strings),
        orderBy: parseOrderBy(q.orderBy, TRANSLATION_ORDER),
      };
      return this.list(c, source, query, (group) =>
        languageTranslationResource(
          source.strings[group[0]!]!,
          group.map((i) => source.items[i]!),
          this.data,
          languageId,
        ),
      );
    });

    api.get('/tms', (c) => {
      this.requireScope(c, 'tm');
      return c.json(
        this.paged(
          c,
          this.data.tms.map((tm) => this.tmResource(tm.id)!),
        ),
      );
    });
    api.get('/tms/:tmId', (c) => {
      this.requireScope(c, 'tm');
      const tm = this.tmResource(Number(c.req.param('tmId')));
      if (!tm) throw notFound();
      return c.json(itemEnvelope(tm));
    });
    api.get('/tms/:tmId/segments', (c) => {
      this.requireScope(c, 'tm');
      const tm = this.data.tms.find((t) => String(t.id) === c.req.param('tmId'));
      if (!tm) throw notFound();
      const q = c.req.query() as Query;
      const query: ListingQuery = {
        croql: croqlParam(q),
        filter: null,
        orderBy: parseOrderBy(q.orderBy, SEGMENT_ORDER),
      };
      const source: ListingSource = { key: `segments:${tm.id}`, context: 'tmSegments', items: tm.segments };
      return this.list(c, source, query, (group) => tmSegmentResource(tm.segments[group[0]!]!));
    });

    api.get('/glossaries', (c) => {
      this.requireScope(c, 'glossary');
      return c.json(
        this.paged(
          c,
          this.data.glossaries.map((g) => this.glossaryResource(g.id)!),
        ),
      );
    });
    api.get('/glossaries/:glossaryId', (c) => {
      this.requireScope(c, 'glossary');
      const g = this.glossaryResource(Number(c.req.param('glossaryId')));
      if (!g) throw notFound();
      return c.json(itemEnvelope(g));
    });
    api.get('/glossaries/:glossaryId/terms', (c) => {
      this.requireScope(c, 'glossary');
      const g = this.data.glossaries.find((x) => String(x.id) === c.req.param('glossaryId'));
      if (!g) throw notFound();
      const q = c.req.query() as Query;
      rejectWithCroql(q, ['userId', 'languageId', 'translationOfTermId', 'conceptId']);
      const query: ListingQuery = {
        croql: croqlParam(q),
        filter: termFilter(q),
        orderBy: parseOrderBy(q.orderBy, TERM_ORDER),
      };
      const source: ListingSource = { key: `terms:${g.id}`, context: 'glossaryTerms', items: g.terms };
      return this.list(c, source, query, (group) => termResource(g.terms[group[0]!]!, g.id));
    });

    return api;
  }

  /** Verifies the bearer token: signature, expiry, revocation. */
  private authenticate(header: string | undefined): TokenClaims {
    const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
    if (!match) throw unauthorized();
    const claims = verifyJwt(match[1]!, this.config.signingKey);
    if (!claims) throw unauthorized();
    if (claims.exp !== undefined && claims.exp * 1000 <= this.config.clock()) throw unauthorized();
    if (this.store.isRevoked(claims.jti)) throw unauthorized();
    return claims;
  }

  private requireScope(c: Context<Env>, scope: string): void {
    const granted = c.get('claims').scope.split(' ');
    if (!granted.some((s) => s === scope || s.startsWith(`${scope}.`))) throw forbidden();
  }

  /** Checks the project scope and id; returns the project id. */
  private project(c: Context<Env>): number {
    this.requireScope(c, 'project');
    if (c.req.param('projectId') !== String(this.data.project.id)) throw notFound();
    return this.data.project.id;
  }

  private paged(c: Context<Env>, all: unknown[]) {
    const { limit, offset } = pageParams(c.req.query() as Query);
    return listEnvelope(all.slice(offset, offset + limit), offset, limit);
  }

  private async list(
    c: Context<Env>,
    source: ListingSource,
    query: ListingQuery,
    project: (group: number[]) => unknown,
  ) {
    const { limit, offset } = pageParams(c.req.query() as Query);
    const groups = await this.engine.page(source, query, this.data.version, offset, limit, c.req.raw.signal);
    return c.json(listEnvelope(groups.map(project), offset, limit));
  }

  /** The translations of one language (translation context objects) with the string each belongs to. */
  private translationSource(languageId: string): TranslationSource {
    const key = `${this.data.version}:${languageId}`;
    let source = this.translationSources.get(key);
    if (!source) {
      const items: ContextObject[] = [];
      const strings: ContextObject[] = [];
      for (const s of this.data.strings) {
        for (const t of (s.translations ?? []) as ContextObject[]) {
          if (t.language !== languageId) continue;
          items.push(t);
          strings.push(s);
        }
      }
      source = {
        key: `translations:${languageId}`,
        context: 'translations',
        items,
        strings,
        groupKey: (i) => (strings[i]!.typeIsPlural ? (strings[i]!.id as number) : -1),
      };
      this.translationSources.set(key, source);
    }
    return source;
  }

  private tmResource(id: number) {
    const tm = this.data.tms.find((t) => t.id === id);
    if (!tm) return null;
    return {
      id: tm.id,
      name: tm.name,
      userId: this.data.users[0]?.id ?? 1,
      groupId: 0,
      languageId: this.data.project.sourceLanguageId,
      languageIds: tm.languageIds,
      segmentsCount: tm.segments.length,
      defaultProjectIds: [this.data.project.id],
      projectIds: [this.data.project.id],
      createdAt: tm.createdAt,
      webUrl: `https://crowdin.com/resources#tm/${tm.id}`,
    };
  }

  private glossaryResource(id: number) {
    const g = this.data.glossaries.find((x) => x.id === id);
    if (!g) return null;
    return {
      id: g.id,
      name: g.name,
      userId: this.data.users[0]?.id ?? 1,
      groupId: 0,
      terms: g.terms.length,
      languageId: g.languageId,
      languageIds: [...new Set(g.terms.map((t) => String(t.language)))],
      defaultProjectIds: [this.data.project.id],
      projectIds: [this.data.project.id],
      webUrl: `https://crowdin.com/resources#glossary/${g.id}`,
      createdAt: g.createdAt,
    };
  }
}

// Classic (non-croql) filters. Their cache key is the parameters they read.

function stringFilter(q: Query): ListingQuery['filter'] {
  const fileId = q.fileId;
  const branchId = q.branchId;
  const directoryId = q.directoryId;
  const labels = idList(q, 'labelIds');
  const text = q.filter?.toLowerCase();
  const scope = q.scope;
  if (!fileId && !branchId && !directoryId && !labels && !text) return null;
  const fields =
    scope === 'identifier'
      ? ['identifier']
      : scope === 'text'
        ? ['text']
        : scope === 'context'
          ? ['context']
          : ['identifier', 'text', 'context'];
  return {
    key: JSON.stringify([fileId, branchId, directoryId, labels, text, scope]),
    test: (s) =>
      (!fileId || String(s.file?.id) === fileId) &&
      (!branchId || String(s.branch?.id) === branchId) &&
      (!directoryId || String(s.directoryId) === directoryId) &&
      (!labels || ((s.labels ?? []) as any[]).some((l) => labels.includes(l.id))) &&
      (!text ||
        fields.some((f) =>
          JSON.stringify(s[f] ?? '')
            .toLowerCase()
            .includes(text),
        )),
  };
}

function translationFilter(q: Query, strings: ContextObject[]): ListingQuery['filter'] {
  const stringIds = idList(q, 'stringIds');
  const labels = idList(q, 'labelIds');
  const fileId = q.fileId;
  const branchId = q.branchId;
  const directoryId = q.directoryId;
  const approvedOnly = boolParam(q, 'approvedOnly');
  const minApprovals = q.minApprovalCount ? Number(q.minApprovalCount) : 0;
  if (!stringIds && !labels && !fileId && !branchId && !directoryId && !approvedOnly && !minApprovals)
    return null;
  return {
    key: JSON.stringify([stringIds, labels, fileId, branchId, directoryId, approvedOnly, minApprovals]),
    test: (t, i) => {
      const s = strings[i] as any;
      const approvals = ((t.approvals ?? []) as unknown[]).length;
      return (
        (!stringIds || stringIds.includes(s.id)) &&
        (!labels || ((s.labels ?? []) as any[]).some((l) => labels.includes(l.id))) &&
        (!fileId || String(s.file?.id) === fileId) &&
        (!branchId || String(s.branch?.id) === branchId) &&
        (!directoryId || String(s.directoryId) === directoryId) &&
        (!approvedOnly || approvals > 0) &&
        approvals >= minApprovals
      );
    },
  };
}

function termFilter(q: Query): ListingQuery['filter'] {
  const { userId, languageId, conceptId } = q;
  if (!userId && !languageId && !conceptId) return null;
  return {
    key: JSON.stringify([userId, languageId, conceptId]),
    test: (t) =>
      (!userId || String(t.user) === userId) &&
      (!languageId || t.language === languageId) &&
      (!conceptId || String(t.concept) === conceptId),
  };
}
