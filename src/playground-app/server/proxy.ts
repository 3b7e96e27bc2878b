// The read-only window onto Crowdin's API v2 the playground gets inside Crowdin (`GET /api/crowdin/api/v2/…`):
// with the installation's token, only GET, only the four listings (src/wire/listings.ts) and what completion
// and names need, only under the project of the caller's JWT. TMs and glossaries answer only when assigned
// to that project (their `projectIds`). `/projects` lists that project alone and `/user` is the caller, not
// the installing user whose token the app holds. What the service answers passes through unchanged, as bytes.
import { ApiError, type CrowdinClient } from '../../app-server/crowdin.ts';
import { refusal, type Refusal } from './module-jwt.ts';
import { getBytes, type Fetch, type UpstreamAnswer } from './upstream.ts';

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

/** An answer to send: a status and the app's JSON (in Crowdin's envelope), or Crowdin's own bytes. */
export type ProxyAnswer =
  | { status: number; body: unknown }
  | { status: number; passThrough: Uint8Array<ArrayBuffer>; headers: Record<string, string> };

/** Crowdin's answer headers the browser's client reads (src/connection/api.ts: the type, Retry-After). */
const PASSED_HEADERS = ['content-type', 'retry-after'];

/**
 * A read forwarded as it is: Crowdin's status and bytes go back unparsed and unserialised (a strings page is
 * hundreds of KB of JSON; parsing it and writing it again was most of what the proxy added to a count). A
 * 429 or 5xx goes back too, with its Retry-After, for the browser's client to wait on as it does without the
 * app server, rather than the app server holding the request through retries. A 401 means the installation's
 * token lapsed: it is renewed once.
 */
async function passThrough(
  api: CrowdinClient,
  path: string,
  query: Record<string, string>,
  fetchWith?: Fetch,
): Promise<ProxyAnswer> {
  const url = new URL(api.base + path);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  for (let renew = false; ; renew = true) {
    const token = await api.accessToken(renew);
    let answer: UpstreamAnswer;
    try {
      answer = await getBytes(
        url,
        { Accept: 'application/json', Authorization: `Bearer ${token}` },
        30_000,
        fetchWith,
      );
    } catch (e) {
      throw new ApiError(`No answer from ${url.host}: ${(e as Error).message}`, 0, true);
    }
    if (answer.status === 401 && !renew) continue;
    const headers: Record<string, string> = {};
    for (const name of PASSED_HEADERS) {
      const value = answer.headers(name);
      if (value !== null) headers[name] = value;
    }
    return { status: answer.status, passThrough: answer.bytes, headers };
  }
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
  fetchWith?: Fetch,
): Promise<ProxyAnswer> {
  try {
    switch (plan.kind) {
      case 'forward':
        return await passThrough(api, plan.path, query, fetchWith);
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
        return await passThrough(api, plan.path, query, fetchWith);
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
