import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isAllowedApiUrl, refusedHostMessage } from '../auth/hosts.ts';
import { useSession, useAuthStore, type Session } from '../auth/session.ts';
import { freshSession, refreshSession } from '../auth/refresh.ts';
import { TokenError } from '../auth/token-relay.ts';
import { EMULATOR_RESTARTED, type AuthConfig } from '../wire/connection.ts';
import { simpleErrorMessage, validationErrorsOf, type ValidationErrorItem } from '../wire/envelope.ts';
import { COMMON_URL_LIMIT } from '../wire/limits.ts';
import { problemText, type Problem } from '../wire/shape.ts';
import { authConfigQuery } from './config.ts';

export interface ApiResponse<T> {
  status: number;
  body: T;
  /** The request URL; it never holds the token (that travels in the Authorization header). */
  url: string;
  elapsedMs: number;
  headers: Headers;
}

export type ApiErrorKind =
  | 'croql'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'network'
  | 'offline'
  | 'tooLong'
  | 'server'
  | 'badRequest'
  | 'malformed';

/** A croql problem as the service reports it (`from`/`to` only from the emulator). */
export type CroqlServerError = ValidationErrorItem;

/** A failed API call. `message` says what happened and what to do next. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly status: number,
    readonly url: string,
    readonly body: unknown,
    readonly retryAfterSeconds?: number,
    readonly croqlErrors?: CroqlServerError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SESSION_EXPIRED_MESSAGE = 'Session expired — sign in again';
/** Inside Crowdin there is no sign-in: Crowdin gives the page a new token when it opens it again. */
export const APP_SESSION_EXPIRED_MESSAGE =
  "The app's access to Crowdin expired. Reload the page in Crowdin to open the app again.";

export interface ApiClient {
  /** API base URL ending in `/api/v2`. */
  baseUrl: string;
  get<T>(
    path: string,
    params: Record<string, string | number | undefined>,
    signal: AbortSignal,
  ): Promise<ApiResponse<T>>;
}

/**
 * The API client of the signed-in session; null when signed out, and until the sign-in settings say the
 * session's host is allowed. Stable while the session's host is.
 */
export function useApiClient(): ApiClient | null {
  const session = useSession();
  // A Crowdin app module's session talks to its own app server, which no sign-in settings describe (and
  // signed out there is nothing to check: the connection bar loads the settings for its Sign in).
  const appBase = session?.app ? session.apiUrl : null;
  const allowList = useQuery({ ...authConfigQuery(), enabled: session !== null && appBase === null }).data;
  const baseUrl = session && allowList && isAllowedApiUrl(session.apiUrl, allowList) ? session.apiUrl : null;
  return useMemo(() => {
    if (appBase) return createApiClient(appBase, SAME_ORIGIN);
    return baseUrl && allowList ? createApiClient(baseUrl, allowList) : null;
  }, [appBase, baseUrl, allowList]);
}

/** The allow-list of app mode (src/auth/app-mode.ts): the page's own origin, where the app server is. */
export const SAME_ORIGIN = 'sameOrigin';

function allowed(url: string, allowList: Pick<AuthConfig, 'emulator'> | typeof SAME_ORIGIN): boolean {
  if (allowList !== SAME_ORIGIN) return isAllowedApiUrl(url, allowList);
  try {
    return new URL(url).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * A client that reads the current token from the auth store on every call. Every request first checks that
 * its URL is on the sign-in's allow-list (in app mode: the page's origin) and belongs to the current
 * session's host; otherwise it is never sent.
 */
export function createApiClient(
  baseUrl: string,
  allowList: Pick<AuthConfig, 'emulator'> | typeof SAME_ORIGIN,
): ApiClient {
  return {
    baseUrl,
    async get<T>(path: string, params: Record<string, string | number | undefined>, signal: AbortSignal) {
      const url = buildUrl(baseUrl, path, params);
      let session = await sessionOrExpired(url);
      if (!allowed(url, allowList) || !url.startsWith(`${session.apiUrl}/`)) {
        throw new ApiError('forbidden', refusedHostMessage(url), 0, url, null);
      }
      let response = await send(url, session, signal);
      if (response.status === 401) {
        session = await refreshOrExpired(url, session);
        response = await send(url, session, signal);
        if (response.status === 401) {
          const text = session.app
            ? `${APP_SESSION_EXPIRED_MESSAGE} Your query is kept.`
            : `${SESSION_EXPIRED_MESSAGE}. Your query is kept.`;
          useAuthStore.getState().actions.signOut({ kind: 'error', text });
          throw new ApiError('unauthorized', SESSION_EXPIRED_MESSAGE, 401, url, response.body);
        }
      }
      if (!response.response.ok) throw errorFor(response.response, url, response.body);
      return {
        status: response.response.status,
        body: response.body as T,
        url,
        elapsedMs: response.elapsedMs,
        headers: response.response.headers,
      };
    },
  };
}

/**
 * A 200 whose body is not what the API sends (`problem`, from the checks in src/wire/envelope.ts): an error
 * that names what was wrong, so nothing reads the body further and the rows already shown stay.
 */
export function malformedAnswer(url: string, body: unknown, problem: Problem): ApiError {
  return new ApiError(
    'malformed',
    `The answer from ${hostOf(url)} is not what the API sends: ${problemText(problem, 'the answer')}. Retry; if it happens again, something between the app and the service (a proxy, a browser extension) is changing the answers.`,
    200,
    url,
    body,
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function buildUrl(
  baseUrl: string,
  path: string,
  params: Record<string, string | number | undefined>,
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const query = search.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${query ? `?${query}` : ''}`;
}

async function sessionOrExpired(url: string): Promise<Session> {
  try {
    const session = await freshSession();
    if (session) return session;
  } catch (error) {
    throw renewalError(error, url);
  }
  throw new ApiError('unauthorized', SESSION_EXPIRED_MESSAGE, 401, url, null);
}

/** A renewal that failed for a passing reason (network, server) keeps the session and says so. */
function renewalError(error: unknown, url: string): ApiError {
  if (error instanceof TokenError && (error.code === 'network' || error.code === 'server_error')) {
    return new ApiError('network', error.message, 0, url, null);
  }
  const restarted = error instanceof TokenError && error.code === EMULATOR_RESTARTED;
  return new ApiError('unauthorized', restarted ? error.message : SESSION_EXPIRED_MESSAGE, 401, url, null);
}

async function refreshOrExpired(url: string, stale: Session): Promise<Session> {
  // Another request may have renewed the token while this one was out.
  const current = useAuthStore.getState().session;
  if (current && current.accessToken !== stale.accessToken) return current;
  try {
    return await refreshSession();
  } catch (error) {
    throw renewalError(error, url);
  }
}

/**
 * How long one request may go without its whole answer before it fails. A legitimate query can take
 * seconds (the emulator refuses one only after 5 s of evaluation, `evaluationBudgetMs` in
 * src/server/emulator/config.ts), so this is far longer; after 1 s without an answer the results already
 * say so and offer Retry and Cancel (src/results/WaitingNotice.tsx).
 */
export const REQUEST_TIMEOUT_MS = 30_000;

async function send(
  url: string,
  session: Session,
  signal: AbortSignal,
): Promise<{ response: Response; body: unknown; status: number; elapsedMs: number }> {
  const started = performance.now();
  // The caller's signal (TanStack Query's, Fetch all's) still cancels; the timeout only adds a bound.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  try {
    const response = await fetch(url, {
      headers: { Authorization: `Bearer ${session.accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.any([signal, timeout.signal]),
    });
    const body = await readBody(response);
    return { response, body, status: response.status, elapsedMs: Math.round(performance.now() - started) };
  } catch (error) {
    if (signal.aborted) throw error;
    const host = new URL(url).host;
    if (timeout.signal.aborted)
      throw new ApiError('network', noAnswerMessage(session.connection, host), 0, url, null);
    throw await failureWithoutAnswer(url, session.connection);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A request that got no answer the browser could read: the browser is offline; or the URL is longer than
 * servers commonly accept and the host answers a short request (so it refused this one without CORS headers,
 * as a proxy's 414 or Node's 431 comes); or the host cannot be reached.
 */
async function failureWithoutAnswer(url: string, connection: Session['connection']): Promise<ApiError> {
  const host = new URL(url).host;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    return new ApiError('offline', offlineMessage(host), 0, url, null);
  }
  if (url.length > COMMON_URL_LIMIT && (await answersAt(new URL(url).origin))) {
    return new ApiError('tooLong', tooLongMessage(url, host, null), 0, url, null);
  }
  return new ApiError('network', unreachableMessage(connection, host), 0, url, null);
}

/**
 * Whether anything answers at `origin`: an opaque request (`no-cors`), which needs no CORS headers from the
 * answer, sends no token and reads nothing.
 */
async function answersAt(origin: string): Promise<boolean> {
  try {
    await fetch(`${origin}/`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(5000) });
    return true;
  } catch {
    return false;
  }
}

/** What to say when the browser has no network: nothing was sent, nothing is lost. */
export function offlineMessage(host: string): string {
  return `You are offline, so the request to ${host} could not be sent. Your query and the rows shown are kept; run again once you are back online.`;
}

/** What to say of a request the server refused for its length (`serverMessage`: its own words, if any). */
function tooLongMessage(url: string, host: string, serverMessage: string | null): string {
  const length = url.length.toLocaleString('en-US');
  const limit = COMMON_URL_LIMIT.toLocaleString('en-US');
  const said = serverMessage
    ? `The request is too long for ${host}, which says: ${serverMessage.replace(/\s*$/, '')}`
    : `The request is too long for ${host}: it answers a short request but refused this one, whose URL is ${length} characters long (servers commonly accept up to ${limit}). Shorten the query.`;
  return `${said} A long \`in (…)\` list or many \`or\` terms can often become one condition on a label, a file or a pattern.`;
}

/** What to say when the API cannot be reached at all (connection refused, DNS, offline). */
export function unreachableMessage(connection: Session['connection'], host: string): string {
  return connection === 'emulator'
    ? `The emulator is not running — start it with \`npm run emulator\` (or \`npm start\`), then retry.`
    : `Could not reach ${host}. Check your network connection and retry.`;
}

/** What to say when a request got no answer within REQUEST_TIMEOUT_MS. */
function noAnswerMessage(connection: Session['connection'], host: string): string {
  const waited = `${REQUEST_TIMEOUT_MS / 1000} s`;
  return connection === 'emulator'
    ? `The emulator at ${host} sent no answer in ${waited}. If it is stuck, restart it with \`npm run emulator\` (or \`npm start\`), then retry.`
    : `${host} sent no answer in ${waited}. The service or your network may be down; retry in a moment.`;
}

/** What to say while a request has had no answer for a while (it goes on until REQUEST_TIMEOUT_MS). */
export function waitingMessage(connection: Session['connection'], host: string): string {
  const goesOn = `A query can take a few seconds; the request stops by itself after ${REQUEST_TIMEOUT_MS / 1000} s.`;
  return connection === 'emulator'
    ? `No answer from the emulator at ${host} yet. ${goesOn} If the emulator is not running, start it with \`npm run emulator\` (or \`npm start\`), then retry.`
    : `No answer from ${host} yet. ${goesOn} Retry, or cancel and check your network connection.`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorFor(response: Response, url: string, body: unknown): ApiError {
  const status = response.status;
  const serverMessage = messageOf(body);
  const croqlErrors = croqlErrorsOf(body);
  if (status === 400 && croqlErrors.length > 0) {
    const first = croqlErrors[0]!;
    return new ApiError(
      'croql',
      `The service rejected the query: ${clause(first.message)}. Fix it in the editor and run again.`,
      status,
      url,
      body,
      undefined,
      croqlErrors,
    );
  }
  if (status === 400) {
    return new ApiError(
      'badRequest',
      `The service rejected the request${serverMessage ? `: ${clause(serverMessage)}` : ''}. Check the chosen target and query and run again.`,
      status,
      url,
      body,
    );
  }
  if (status === 401) return new ApiError('unauthorized', SESSION_EXPIRED_MESSAGE, status, url, body);
  // 414 URI Too Long (the emulator's, a proxy's), 431 (a server's header limit): the request's own length.
  if (status === 414 || status === 431) {
    return new ApiError('tooLong', tooLongMessage(url, hostOf(url), serverMessage), status, url, body);
  }
  if (status === 403) {
    return new ApiError(
      'forbidden',
      `Not allowed${serverMessage ? ` (${serverMessage})` : ''}: your account or the granted scopes do not cover this. Sign in again granting the needed scopes, or pick a project you can access.`,
      status,
      url,
      body,
    );
  }
  if (status === 404) {
    return new ApiError(
      'notFound',
      'Not found: the project, language, TM or glossary does not exist or you cannot see it. Pick another target.',
      status,
      url,
      body,
    );
  }
  if (status === 429) {
    const retryAfter = Number(response.headers.get('Retry-After'));
    const seconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
    return new ApiError(
      'rateLimited',
      `Too many requests at once. ${seconds ? `Wait ${seconds} s` : 'Wait a moment'} and run again.`,
      status,
      url,
      body,
      seconds,
    );
  }
  return new ApiError(
    'server',
    `The service failed (HTTP ${status}${serverMessage ? `, ${serverMessage}` : ''}). Try again in a moment.`,
    status,
    url,
    body,
  );
}

/** A server's sentence set inside ours: without its own full stop, so ours is the only one. */
const clause = (message: string) => message.trimEnd().replace(/\.+$/, '');

function messageOf(body: unknown): string | null {
  const simple = simpleErrorMessage(body);
  if (simple) return simple;
  const first = validationErrorsOf(body).flatMap((e) =>
    e.errors.map((item) => `${e.key}: ${item.message}`),
  )[0];
  return first ?? null;
}

/**
 * The croql problems of a 400, whichever shape the body has: the errors array most listings describe, the
 * single `error` object the TM segments listing describes, or a plain message that names CroQL.
 */
export function croqlErrorsOf(body: unknown): CroqlServerError[] {
  const keyed = validationErrorsOf(body)
    .filter((e) => e.key === 'croql')
    .flatMap((e) => e.errors);
  if (keyed.length) return keyed;
  const message = simpleErrorMessage(body);
  return message && /croql/i.test(message) ? [{ code: 'croqlInvalidLogic', message }] : [];
}
