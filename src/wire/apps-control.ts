// Requests to the emulator's app-hosting control routes (`/__apps…`, shapes in src/wire/apps.ts), for every
// client of them: the Apps view (src/apps/client.ts), `npm run emulator -- apps …` and CroQL Router's set-up.
// Each client calls a route of the table (apps-routes.ts) with callRoute. They need no token: the emulator answers them only on a loopback host and to the playground's origins. A
// refusal is a ControlRequestError carrying what the emulator said (its code, the manifest's problems, the
// app's answer). The wire makes no request itself: each client hands in its `fetch`.
import type { AttemptInfo, ControlErrorBody, ManifestProblem } from './apps.ts';
import {
  routePath,
  type AnswerOf,
  type AnyRoute,
  type BodyOf,
  type ParamsOf,
  type RouteQuery,
} from './apps-routes.ts';
import { isRecord } from './json.ts';

export class ControlRequestError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when the emulator did not answer at all. */
    readonly status: number,
    readonly code: string,
    readonly problems: readonly ManifestProblem[] = [],
    /** The app's answer, when the emulator called the app and it refused (an install, a settings save). */
    readonly answer: AttemptInfo | null = null,
    /** The call in the delivery log, when the emulator called the app. */
    readonly deliveryId: number | null = null,
    /** The app the refusal is about, when the request named it only by its manifest (alreadyInstalled). */
    readonly appId: string | null = null,
    /** The message for the Apps view, when its fix there is a form rather than a command. */
    readonly inView: string | null = null,
  ) {
    super(message);
    this.name = 'ControlRequestError';
  }
}

export interface ControlRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls a control route of the emulator at `origin` and returns its JSON answer. */
export type ControlCall = <T>(origin: string, path: string, request?: ControlRequest) => Promise<T>;

/**
 * A control client over `send` (the environment's fetch). `unreachable` words an emulator that does not
 * answer at all: each client knows how its user starts one.
 */
export function controlClient(send: typeof fetch, unreachable: (origin: string) => string): ControlCall {
  return async function control<T>(origin: string, path: string, request: ControlRequest = {}): Promise<T> {
    const { method = request.body === undefined ? 'GET' : 'POST', body, signal } = request;
    let response: Response;
    try {
      response = await sendControl(send, `${origin}${path}`, method, body, signal);
    } catch (e) {
      if (signal?.aborted) throw e;
      throw new ControlRequestError(unreachable(origin), 0, 'unreachable');
    }
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: reported below
    }
    if (!response.ok) throw controlError(response.status, json, text);
    if (json === undefined) {
      throw new ControlRequestError(
        `The emulator answered ${method} ${path} with something that is not JSON.`,
        response.status,
        'notJson',
      );
    }
    return json as T;
  };
}

/**
 * One request to a control route as the emulator takes it. Every state-changing request says JSON, even
 * without a body: the emulator refuses one that does not (src/server/emulator/control/guard.ts), as a page
 * elsewhere could send it without a preflight.
 */
export function sendControl(
  send: typeof fetch,
  url: string,
  method: 'GET' | 'POST' | 'DELETE',
  body?: unknown,
  signal?: AbortSignal,
): Promise<Response> {
  return send(url, {
    method,
    headers: method === 'GET' ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
}

/** What a call of a route takes: its segments' values, its query, its body. */
export interface RouteRequest<R extends AnyRoute> {
  params?: ParamsOf<R>;
  query?: RouteQuery;
  body?: BodyOf<R>;
  signal?: AbortSignal;
}

/** Calls `route` of the table through `control`: the method and the path from the table, the answer typed. */
export function callRoute<R extends AnyRoute>(
  control: ControlCall,
  origin: string,
  route: R,
  request: RouteRequest<R> = {},
): Promise<AnswerOf<R>> {
  const { params = [], query, body, signal } = request;
  return control<AnswerOf<R>>(origin, routePath(route, params, query), {
    method: route.method,
    // A POST without a body still sends `{}`: the routes read a missing body as an empty object.
    body: body ?? (route.method === 'POST' ? {} : undefined),
    signal,
  });
}

function controlError(status: number, json: unknown, text: string): ControlRequestError {
  const error = isRecord(json) && isRecord(json.error) ? (json as unknown as ControlErrorBody).error : null;
  if (!error || typeof error.message !== 'string') {
    const start = text.trim().slice(0, 200);
    return new ControlRequestError(
      `The emulator answered ${status}${start ? `: ${start}` : ''}.`,
      status,
      status >= 500 ? 'server' : 'unknown',
    );
  }
  return new ControlRequestError(
    error.message,
    status,
    String(error.code),
    Array.isArray(error.problems) ? error.problems : [],
    error.answer ?? null,
    typeof error.deliveryId === 'number' ? error.deliveryId : null,
    typeof error.appId === 'string' ? error.appId : null,
    typeof error.inView === 'string' ? error.inView : null,
  );
}
