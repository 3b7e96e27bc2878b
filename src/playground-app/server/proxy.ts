// The read-only window onto Crowdin's API v2 the playground gets inside Crowdin (`GET /api/crowdin/api/v2/…`):
// with the installation's token, only GET, only the four listings (src/wire/listings.ts) and what completion
// and names need, only under the project of the caller's JWT. TMs and glossaries answer only when assigned
// to that project (their `projectIds`). `/projects` lists that project alone and `/user` is the caller, not
// the installing user whose token the app holds. What the service answers passes through unchanged.
import { ApiError, type CrowdinClient } from '../../app-server/crowdin.ts';
import { refusal, type Refusal } from './module-jwt.ts';

/** What to do with one request: forward it, answer it from a list the app narrows, or refuse it. */
export type ProxyPlan =
  | { kind: 'forward'; path: string }
  | { kind: 'assigned'; resource: 'tms' | 'glossaries'; id: number; path: string }
  | { kind: 'assignedList'; resource: 'tms' | 'glossaries' }
  | { kind: 'projects' }
  | { kind: 'me' }
  | { kind: 'refuse'; refusal: Refusal };

/** Under `/projects/{P}`: the project itself and what completion and names read. */
const PROJECT_READS = [
  /^$/,
  /^\/strings$/,
  /^\/languages\/[A-Za-z0-9-]+\/translations$/,
  /^\/files$/,
  /^\/directories$/,
  /^\/branches$/,
  /^\/labels$/,
  /^\/members$/,
];

const outside = (what: string) =>
  refusal(
    403,
    'outsideProject',
    `${what} is outside what CroQL Playground reads for this page: the project it is opened in, its strings, translations, files, labels and members, and the TMs and glossaries assigned to it.`,
  );

/** Plans a request for `path` (below /api/v2) made from a page of project `projectId`. */
export function planProxy(method: string, path: string, projectId: number): ProxyPlan {
  if (method !== 'GET' && method !== 'HEAD') {
    return {
      kind: 'refuse',
      refusal: refusal(
        403,
        'readOnly',
        `CroQL Playground only reads: ${method} is not forwarded to Crowdin. Make changes in Crowdin itself.`,
      ),
    };
  }
  const clean = path.replace(/\/+$/, '');
  if (clean === '/languages') return { kind: 'forward', path: clean };
  if (clean === '/user') return { kind: 'me' };
  if (clean === '/projects') return { kind: 'projects' };
  const project = /^\/projects\/(\d+)(\/.*)?$/.exec(clean);
  if (project) {
    if (Number(project[1]) !== projectId)
      return { kind: 'refuse', refusal: outside(`Project ${project[1]}`) };
    const rest = project[2] ?? '';
    if (PROJECT_READS.some((r) => r.test(rest))) return { kind: 'forward', path: clean };
    return { kind: 'refuse', refusal: outside(`GET ${clean}`) };
  }
  const list = /^\/(tms|glossaries)$/.exec(clean);
  if (list) return { kind: 'assignedList', resource: list[1] as 'tms' | 'glossaries' };
  const one = /^\/(tms|glossaries)\/(\d+)(\/segments|\/terms)?$/.exec(clean);
  if (one && (one[3] === undefined || (one[1] === 'tms') === (one[3] === '/segments'))) {
    return { kind: 'assigned', resource: one[1] as 'tms' | 'glossaries', id: Number(one[2]), path: clean };
  }
  return { kind: 'refuse', refusal: outside(`GET ${clean}`) };
}

/** An answer to send: a status and Crowdin's JSON (or the app's, in Crowdin's envelope). */
export interface ProxyAnswer {
  status: number;
  body: unknown;
}

interface Member {
  id: number;
  username?: string;
  fullName?: string;
  firstName?: string;
  lastName?: string;
  avatarUrl?: string;
}

/** Carries out a plan for the caller's project and user, with the installation's client. */
export async function runProxy(
  plan: Exclude<ProxyPlan, { kind: 'refuse' }>,
  api: CrowdinClient,
  caller: { projectId: number; member: Member },
  query: Record<string, string>,
): Promise<ProxyAnswer> {
  try {
    switch (plan.kind) {
      case 'forward':
        return { status: 200, body: await api.request('GET', plan.path, { query }) };
      case 'me':
        return { status: 200, body: { data: caller.member } };
      case 'projects': {
        const project = await api.request<{ data: unknown }>('GET', `/projects/${caller.projectId}`);
        return { status: 200, body: page([project.data], query) };
      }
      case 'assignedList': {
        const all = await api.listAll<{ projectIds?: number[] }>(`/${plan.resource}`);
        return {
          status: 200,
          body: page(
            all.filter((r) => assigned(r, caller.projectId)),
            query,
          ),
        };
      }
      case 'assigned': {
        const resource = await api.request<{ data: { projectIds?: number[] } }>(
          'GET',
          `/${plan.resource}/${plan.id}`,
        );
        if (!assigned(resource.data, caller.projectId)) {
          const r = outside(
            `${plan.resource === 'tms' ? 'TM' : 'Glossary'} ${plan.id}, not assigned to this project,`,
          );
          return { status: r.status, body: { error: { code: r.code, message: r.message } } };
        }
        if (plan.path === `/${plan.resource}/${plan.id}`) return { status: 200, body: resource };
        return { status: 200, body: await api.request('GET', plan.path, { query }) };
      }
    }
  } catch (e) {
    if (e instanceof ApiError && e.status >= 400) return { status: e.status, body: e.body };
    if (e instanceof ApiError) {
      return { status: 502, body: { error: { code: 'serviceUnreachable', message: e.message } } };
    }
    throw e;
  }
}

function assigned(resource: { projectIds?: number[] }, projectId: number): boolean {
  return Array.isArray(resource.projectIds) && resource.projectIds.includes(projectId);
}

/** A list envelope of the rows the app narrowed, paged by the request's offset and limit. */
function page(rows: unknown[], query: Record<string, string>) {
  const offset = Math.max(0, Number(query.offset) || 0);
  const limit = Math.min(500, Math.max(1, Number(query.limit) || 25));
  return {
    data: rows.slice(offset, offset + limit).map((data) => ({ data })),
    pagination: { offset, limit },
  };
}

/** The caller's member record in the project, or null when they are not a member. */
export async function memberOf(
  api: CrowdinClient,
  projectId: number,
  userId: number,
): Promise<Member | null> {
  const members = await api.listAll<Member>(`/projects/${projectId}/members`);
  return members.find((m) => m.id === userId) ?? null;
}
