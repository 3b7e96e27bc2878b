// The API under /api/v2: bearer authentication, scopes, the per-account concurrency limit, and the routes.
import { Hono, type Context } from 'hono';
import type { ServerResponse } from 'node:http';
import type { EvalEnv } from '../../../croql/index.ts';
import { LISTING_NAMES, LISTINGS, apiVariant } from '../../../wire/listings.ts';
import { REQUIRED_SCOPES, grants } from '../../../wire/scopes.ts';
import type { EmulatorConfig } from '../config.ts';
import type { Dataset, DemoUser } from '../data/model.ts';
import { verifyJwt, type TokenClaims } from '../oauth/jwt.ts';
import type { OAuthStore } from '../oauth/store.ts';
import { itemEnvelope, listEnvelope } from './envelope.ts';
import { asSingleValidationError, forbidden, notFound, unauthorized } from './errors.ts';
import { serviceFailure } from './edge.ts';
import { InFlightLimiter, inFlightKey } from './in-flight.ts';
import { holdFor } from './hold.ts';
import { ListingEngine } from './listing.ts';
import { ListingPlanner, type ServedProject } from './listings.ts';
import { PageBodies } from './page-body.ts';
import { pageParams, readListingParams, type Query } from './params.ts';
import { currentUserResource, languageResource, memberResource, projectResource } from './resources.ts';

export type ApiEnv = {
  Variables: {
    claims: TokenClaims;
    user: DemoUser;
    /** A latency fault picked for this request (faults/middleware.ts): served inside its slot. */
    faultLatency?: { ms: number; signal: AbortSignal };
  };
};
type Env = ApiEnv;

export class EmulatorApi {
  readonly engine: ListingEngine;
  readonly inFlight: InFlightLimiter;
  private planner: ListingPlanner;
  /** The listings' pages as bytes, from each row's item encoded once (./page-body.ts). */
  private pageBodies = new PageBodies();
  /** Token holders the data does not list: installed apps' agents (apps/host.ts). */
  extraUser: (id: string) => DemoUser | undefined = () => undefined;
  /** Routes mounted after the built-in ones, behind the same authentication (apps/status-api.ts). */
  readonly extraRoutes: ((api: Hono<Env>) => void)[] = [];

  constructor(
    private config: EmulatorConfig,
    private store: OAuthStore,
  ) {
    this.engine = new ListingEngine(
      () => this.evalEnv(),
      () => this.config.evaluationBudgetMs,
    );
    this.inFlight = new InFlightLimiter(() => this.config.maxInFlight);
    this.planner = new ListingPlanner(
      () => this.data,
      (work) => this.engine.run(work),
    );
  }

  /** Which of the service's API variants this emulator serves: the edition and the project's type. */
  served(): ServedProject {
    const enterprise = this.config.organization !== null;
    const stringBased = this.data.project.stringBased === true;
    return {
      variant: apiVariant(enterprise ? 'enterprise' : 'standard', stringBased),
      enterprise,
      stringBased,
      organization: this.config.organization,
    };
  }

  private get data(): Dataset {
    return this.config.data;
  }

  evalEnv(): EvalEnv {
    return {
      users: this.data.users,
      languages: this.data.languages.map((l) => l.id),
      now: new Date(this.config.clock()),
      edition: this.config.organization !== null ? 'enterprise' : 'standard',
    };
  }

  routes(): Hono<Env> {
    const api = new Hono<Env>();
    api.use('*', async (c, next) => {
      const claims = this.authenticate(c.req.header('authorization'));
      const user = this.data.users.find((u) => String(u.id) === claims.sub) ?? this.extraUser(claims.sub);
      if (!user) throw unauthorized();
      c.set('claims', claims);
      c.set('user', user);
      const release = this.inFlight.acquire(inFlightKey(claims));
      if (!release) return serviceFailure(c, 429);
      // Served over HTTP, the slot is held until the response is sent or the client disconnects;
      // in-process (app.request) there is no socket, and the handler's end releases it.
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      outgoing?.once('close', release);
      try {
        const delay = this.config.testHooks ? Number(c.req.header('x-emulator-delay-ms') ?? 0) : 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(delay, 10_000)));
        const fault = c.get('faultLatency');
        if (fault) await holdFor(fault.ms, fault.signal, c.req.raw.signal);
        await next();
      } finally {
        if (!outgoing || outgoing.closed) release();
      }
    });

    api.get('/user', (c) => c.json(itemEnvelope(currentUserResource(c.get('user')))));
    api.get('/languages', (c) => c.json(this.paged(c, this.data.languages.map(languageResource))));

    api.get('/projects', (c) => {
      this.requireScope(c, REQUIRED_SCOPES.projects);
      return c.json(this.paged(c, [projectResource(this.data, this.config.organization)]));
    });
    api.get('/projects/:projectId', (c) => {
      this.project(c, REQUIRED_SCOPES.projects);
      return c.json(itemEnvelope(projectResource(this.data, this.config.organization)));
    });
    api.get('/projects/:projectId/members', (c) => {
      this.project(c, REQUIRED_SCOPES.members);
      const search = (c.req.query('search') ?? '').toLowerCase();
      const users = this.data.users.filter(
        (u) =>
          !search || u.username.toLowerCase().includes(search) || u.fullName.toLowerCase().includes(search),
      );
      return c.json(this.paged(c, users.map(memberResource)));
    });
    api.get('/projects/:projectId/branches', (c) => {
      const projectId = this.project(c, REQUIRED_SCOPES.sourceFiles);
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
      const projectId = this.project(c, REQUIRED_SCOPES.sourceFiles);
      return c.json(
        this.paged(
          c,
          this.data.directories.map((d) => ({ ...d, projectId, title: d.name })),
        ),
      );
    });
    api.get('/projects/:projectId/files', (c) => {
      const projectId = this.project(c, REQUIRED_SCOPES.sourceFiles);
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
      this.project(c, REQUIRED_SCOPES.sourceFiles);
      return c.json(
        this.paged(
          c,
          this.data.labels.map((l) => ({ id: l.id, title: l.title, isSystem: l.isSystem })),
        ),
      );
    });

    for (const name of LISTING_NAMES) {
      const spec = LISTINGS[name];
      api.get(spec.path.replace(/\{(\w+)\}/g, ':$1'), async (c) => {
        this.requireScope(c, spec.scope);
        try {
          const served = this.served();
          const params = readListingParams(name, served.variant, c.req.query() as Query, spec.defaultOrder);
          const plan = await this.planner.plan(name, params, c.req.param(), served);
          const groups = await this.engine.page(
            plan.source,
            plan.query,
            this.data.version,
            params.offset,
            params.limit,
            c.req.raw.signal,
          );
          // The bytes of c.json(listEnvelope(groups.map(plan.resource), offset, limit)), kept rows reused.
          const made = { data: this.data, version: this.data.version, shape: JSON.stringify(served) };
          const body = this.pageBodies.body(
            made,
            plan.source.key,
            groups,
            plan.resource,
            params.offset,
            params.limit,
          );
          // As a stream of one chunk: a Response made from bytes copies them (undici's extractBody).
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(body);
              controller.close();
            },
          });
          // Its bytes are reused once sent (over HTTP; in-process, `app.request`, they are left to the GC).
          const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
          outgoing?.once('finish', () => this.pageBodies.release(body));
          // Its length said, as for any answer of known size (a stream alone would go out chunked).
          return c.body(stream, 200, {
            'Content-Type': 'application/json',
            'Content-Length': String(body.byteLength),
          });
        } catch (error) {
          throw spec.validationErrorShape === 'single' ? asSingleValidationError(error) : error;
        }
      });
    }

    api.get('/tms', (c) => {
      this.requireScope(c, REQUIRED_SCOPES.tm);
      return c.json(
        this.paged(
          c,
          this.data.tms.map((tm) => this.tmResource(tm.id)!),
        ),
      );
    });
    api.get('/tms/:tmId', (c) => {
      this.requireScope(c, REQUIRED_SCOPES.tm);
      const tm = this.tmResource(Number(c.req.param('tmId')));
      if (!tm) throw notFound();
      return c.json(itemEnvelope(tm));
    });
    api.get('/glossaries', (c) => {
      this.requireScope(c, REQUIRED_SCOPES.glossary);
      return c.json(
        this.paged(
          c,
          this.data.glossaries.map((g) => this.glossaryResource(g.id)!),
        ),
      );
    });
    api.get('/glossaries/:glossaryId', (c) => {
      this.requireScope(c, REQUIRED_SCOPES.glossary);
      const g = this.glossaryResource(Number(c.req.param('glossaryId')));
      if (!g) throw notFound();
      return c.json(itemEnvelope(g));
    });
    for (const extend of this.extraRoutes) extend(api);
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

  /** The operation's required scope (the OpenAPI's name) must be covered by a granted one. */
  private requireScope(c: Context<Env>, scope: string): void {
    if (!grants(c.get('claims').scope, scope)) throw forbidden();
  }

  /** Checks the operation's scope and the project id; returns the project id. */
  private project(c: Context<Env>, scope: string): number {
    this.requireScope(c, scope);
    if (c.req.param('projectId') !== String(this.data.project.id)) throw notFound();
    return this.data.project.id;
  }

  private paged(c: Context<Env>, all: unknown[]) {
    const { limit, offset } = pageParams(c.req.query() as Query);
    return listEnvelope(all.slice(offset, offset + limit), offset, limit);
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
