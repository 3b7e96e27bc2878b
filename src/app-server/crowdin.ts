// An app's calls to the service for one installation: the installation's token (`crowdin_agent` for an app
// with a bot user, as CroQL Router; `crowdin_app`, acting as the installing user, otherwise; taken at
// install, cached, renewed before it expires and once on a 401), and API requests that wait and retry on
// 429 and 5xx (honouring Retry-After) and on a dropped connection. What still fails after the retries is an
// ApiError saying whether trying later may help (`transient`): the router's engine keeps those strings for
// later and never routes on a guess.
import type { AppInstallation as Installation } from './installation.ts';
import { PAGE_LIMIT } from '../wire/service-limits.ts';

export interface Endpoints {
  /** The accounts host: the token endpoint is `{accountsUrl}/oauth/token`. */
  accountsUrl: string;
  /** The API host; `{domain}` stands for the organization's domain (`https://{domain}.api.crowdin.com`). */
  apiUrl: string;
}

export const CROWDIN_ENDPOINTS: Endpoints = {
  accountsUrl: 'https://accounts.crowdin.com',
  apiUrl: 'https://{domain}.api.crowdin.com',
};

/** The API's base for an organization: Enterprise at its domain's host, crowdin.com at api.crowdin.com. */
export function apiBase(apiUrl: string, domain: string | null): string {
  const host = apiUrl.includes('{domain}')
    ? domain
      ? apiUrl.replace('{domain}', domain)
      : apiUrl.replace('{domain}.', '')
    : apiUrl;
  return `${host.replace(/\/+$/, '')}/api/v2`;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Trying again later may succeed (429, 5xx, no answer). */
    readonly transient: boolean,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** At most `max` holders at once; the others wait in order. */
export class Limiter {
  private active = 0;
  private waiting: (() => void)[] = [];
  /** The most ever held at once (tests read it). */
  peak = 0;

  constructor(readonly max: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    this.peak = Math.max(this.peak, this.active);
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line.
      if (next) next();
      else this.active--;
    }
  }
}

export interface ClientOptions {
  endpoints: Endpoints;
  clientId: string;
  clientSecret: string;
  fetch?: Fetch;
  /** Attempts per request before giving up (the engine tries the batch again later). */
  attempts?: number;
  /** Longest wait between attempts; a longer Retry-After ends the attempts (the engine waits instead). */
  maxWaitMs?: number;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Shared by the organization's requests: each attempt holds a slot, a wait between attempts none. */
  limiter?: Limiter;
}

/** Renew this long before the token expires, so no request carries one that lapses on the way. */
const EXPIRY_MARGIN_MS = 60_000;

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The service's error text, from either of its error shapes. */
export function errorMessage(body: unknown, status: number): string {
  const b = body as {
    error?: { message?: string } | string;
    error_description?: string;
    errors?: { error?: { key?: string; errors?: { message?: string }[] } }[];
  } | null;
  if (b && typeof b === 'object') {
    if (typeof b.error === 'object' && b.error?.message) return b.error.message;
    if (typeof b.error_description === 'string') return b.error_description;
    if (typeof b.error === 'string') return b.error;
    const first = b.errors?.[0]?.error;
    const message = first?.errors
      ?.map((e) => e.message)
      .filter(Boolean)
      .join('; ');
    if (message) return first?.key ? `${first.key}: ${message}` : message;
  }
  return `HTTP ${status}`;
}

/** Seconds or an HTTP date → milliseconds to wait; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A request with a deadline was not answered within it, and was not tried again. Whether the service applied
 * it is unknown: the caller's claim on the work has ended, and whoever takes the work over checks first.
 */
export class DeadlinePassed extends Error {}

export class CrowdinClient {
  readonly base: string;
  private token: { value: string; expiresAt: number } | null = null;
  private pendingToken: Promise<string> | null = null;
  private fetch: Fetch;
  private sleep: (ms: number) => Promise<void>;
  private now: () => number;

  constructor(
    readonly installation: Installation,
    private options: ClientOptions,
  ) {
    this.base = apiBase(options.endpoints.apiUrl, installation.domain);
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? sleepFor;
    this.now = options.now ?? Date.now;
  }

  /** The installation's access token: cached, renewed before expiry; one grant in flight at a time. */
  async accessToken(renew = false): Promise<string> {
    if (!renew && this.token && this.token.expiresAt - EXPIRY_MARGIN_MS > this.now()) return this.token.value;
    this.pendingToken ??= this.grant().finally(() => (this.pendingToken = null));
    return this.pendingToken;
  }

  private async grant(): Promise<string> {
    const i = this.installation;
    // An installed event with an agentId is a crowdin_agent app's (installation.mdx; the functions library's
    // fetchAgentToken adds agent_id to fetchAppToken's fields).
    const body = {
      grant_type: i.agentId === undefined ? 'crowdin_app' : 'crowdin_agent',
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
      app_id: i.appId,
      app_secret: i.appSecret,
      domain: i.domain,
      user_id: i.userId,
      ...(i.agentId === undefined ? {} : { agent_id: i.agentId }),
    };
    const url = `${this.options.endpoints.accountsUrl.replace(/\/+$/, '')}/oauth/token`;
    const json = (await this.send('POST', url, { body, auth: false })) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof json.access_token !== 'string') {
      throw new ApiError('The token endpoint answered without an access_token.', 502, true, json);
    }
    const ttl = typeof json.expires_in === 'number' ? json.expires_in : 3600;
    this.token = { value: json.access_token, expiresAt: this.now() + ttl * 1000 };
    return json.access_token;
  }

  /** An API call (`path` under /api/v2), JSON in and out. */
  request<T>(
    method: string,
    path: string,
    init: {
      query?: Record<string, string | number>;
      body?: unknown;
      /**
       * When (Date.now() ms, asked before each attempt) the answer must have come by: an attempt is not
       * started after it, is aborted at it, and is not tried again past it (DeadlinePassed).
       */
      deadline?: () => number;
    } = {},
  ) {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, String(v));
    return this.send(method, url.toString(), {
      body: init.body,
      auth: true,
      deadline: init.deadline,
    }) as Promise<T>;
  }

  /** Every row of a list endpoint, page by page (PAGE_LIMIT a page, the service's most). */
  async listAll<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
    const rows: T[] = [];
    const limit = PAGE_LIMIT;
    for (let offset = 0; ; offset += limit) {
      const page = await this.request<{ data?: { data: T }[] }>('GET', path, {
        query: { ...query, limit, offset },
      });
      const data = page.data ?? [];
      for (const row of data) rows.push(row.data);
      if (data.length < limit) return rows;
    }
  }

  private async send(
    method: string,
    url: string,
    init: { body?: unknown; auth: boolean; deadline?: () => number },
  ): Promise<unknown> {
    const left = () => (init.deadline ? init.deadline() - Date.now() : Infinity);
    const passed = () =>
      new DeadlinePassed(`${method} ${new URL(url).pathname} was not answered within its deadline`);
    const attempts = this.options.attempts ?? 5;
    const maxWait = this.options.maxWaitMs ?? 30_000;
    let renewed = false;
    for (let attempt = 1; ; attempt++) {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (init.body !== undefined) headers['Content-Type'] = 'application/json';
      if (init.auth) headers.Authorization = `Bearer ${await this.accessToken()}`;
      let response: Response;
      let text: string;
      try {
        const call = async () => {
          // Asked once a slot is held: the wait for one counts against the deadline.
          const within = left();
          if (within <= 0) throw passed();
          const r = await this.fetch(url, {
            method,
            headers,
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
            signal: AbortSignal.timeout(Math.min(this.options.timeoutMs ?? 30_000, within)),
            redirect: 'error',
          });
          return { r, text: await r.text() };
        };
        const answered = await (this.options.limiter ? this.options.limiter.run(call) : call());
        response = answered.r;
        text = answered.text;
      } catch (e) {
        if (e instanceof DeadlinePassed || left() <= 0) throw passed();
        if (attempt >= attempts)
          throw new ApiError(`No answer from ${new URL(url).host}: ${(e as Error).message}`, 0, true);
        await this.sleep(backoff(attempt));
        continue;
      }
      const body = parseBody(text);
      if (response.ok) return body;
      if (response.status === 401 && init.auth && !renewed) {
        renewed = true;
        await this.accessToken(true);
        continue;
      }
      const transient = response.status === 429 || response.status >= 500;
      const error = new ApiError(errorMessage(body, response.status), response.status, transient, body);
      if (!transient || attempt >= attempts) throw error;
      const wait = retryAfterMs(response.headers.get('retry-after'), this.now()) ?? backoff(attempt);
      if (wait > maxWait) throw error;
      if (wait >= left()) throw passed();
      await this.sleep(wait);
    }
  }
}

function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text.slice(0, 200);
  }
}

/** 0.5 s, 1 s, 2 s, … with jitter, at most 15 s. */
function backoff(attempt: number): number {
  const base = Math.min(15_000, 500 * 2 ** (attempt - 1));
  return base / 2 + Math.random() * (base / 2);
}
