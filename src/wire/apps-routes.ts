// The emulator's app-hosting control routes (`/__apps…`) as one typed table: each route's method, its path
// pattern (`:name` segments, as Hono's router takes them), the status of its success, and the types of what
// it takes and answers. The emulator mounts its handlers by this table (src/server/emulator/apps/routes/),
// and every client builds its requests from it (apps-control.ts's callRoute, or APPS_PATHS for a path), so
// a path or a method cannot differ between the server and a client.
import type {
  AddStepRequest,
  AppCallsResponse,
  AppInfo,
  AppsOverview,
  CreateClientRequest,
  CreateClientResponse,
  DeleteStepResponse,
  DeliveriesResponse,
  DeliveryDetail,
  DeliverySummary,
  Fixture,
  FlushRequest,
  FlushResponse,
  InstallRequest,
  RetriggerRequest,
  RetriggerResponse,
  SaveSettingsRequest,
  SaveSettingsResponse,
  SendRequest,
  SendResponse,
  SettingsPageResponse,
  StepInfo,
  StepStringsResponse,
  TriggerRequest,
  TriggerResponse,
  UninstallResponse,
} from './apps.ts';
import type { ModuleCallRequest, ModuleCallResponse } from './app-module-calls.ts';
import type { ModuleAccessRequest, ModulePageResponse, UiModuleInfo } from './app-modules.ts';
import type { RecordRequest, RecordResponse, ReplayRequest, ReplayResponse, Scenario } from './scenarios.ts';

export type RouteMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One control route. `Params` are the values of its `:name` segments in order, `Body` what it takes
 * (undefined: nothing), `Answer` the JSON of its success.
 */
export interface Route<Params extends readonly (string | number)[], Body, Answer> {
  readonly method: RouteMethod;
  readonly pattern: string;
  /** The status of a success. */
  readonly status: 200 | 201 | 202;
  /** Carries the types only; never set. */
  readonly types?: { params: Params; body: Body; answer: Answer };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route, whatever its phantom types
export type AnyRoute = Route<any, any, any>;
type Types<R extends AnyRoute> = NonNullable<R['types']>;
export type AnswerOf<R extends AnyRoute> = Types<R>['answer'];
export type ParamsOf<R extends AnyRoute> = Types<R>['params'];
export type BodyOf<R extends AnyRoute> = Types<R>['body'];

const route =
  <Answer, Body = undefined, Params extends readonly (string | number)[] = []>() =>
  (method: RouteMethod, pattern: string, status: 200 | 201 | 202 = 200): Route<Params, Body, Answer> => ({
    method,
    pattern,
    status,
  });

type AppId = [appId: string];
type StepId = [stepId: number];
type AppStep = [appId: string, stepId: number];
type DeliveryId = [id: number];
type AppModule = [appId: string, moduleKey: string];

export const APPS_ROUTES = {
  overview: route<AppsOverview>()('GET', '/__apps'),
  install: route<AppInfo, InstallRequest>()('POST', '/__apps/install', 201),
  clients: route<CreateClientResponse, CreateClientRequest>()('POST', '/__apps/clients', 201),
  flush: route<FlushResponse, FlushRequest>()('POST', '/__apps/flush'),
  /** `?app&state&event&kind&limit&offset`, newest first. */
  deliveries: route<DeliveriesResponse>()('GET', '/__apps/deliveries'),
  delivery: route<DeliveryDetail, undefined, DeliveryId>()('GET', '/__apps/deliveries/:id'),
  fixture: route<Fixture, undefined, DeliveryId>()('GET', '/__apps/deliveries/:id/fixture'),
  redeliver: route<DeliverySummary, object, DeliveryId>()('POST', '/__apps/deliveries/:id/redeliver', 201),
  /** `?app&limit`, newest first. */
  calls: route<AppCallsResponse>()('GET', '/__apps/calls'),
  /** Server-sent events (AppsStreamEvent), not JSON: read it with an EventSource or a streaming fetch. */
  stream: route<never>()('GET', '/__apps/stream'),
  send: route<SendResponse, SendRequest, StepId>()('POST', '/__apps/steps/:stepId/send'),
  retrigger: route<RetriggerResponse, RetriggerRequest, StepId>()('POST', '/__apps/steps/:stepId/retrigger'),
  /** `?languageId&status&limit&offset` */
  stepStrings: route<StepStringsResponse, undefined, StepId>()('GET', '/__apps/steps/:stepId/strings'),
  uninstall: route<UninstallResponse, object, AppId>()('POST', '/__apps/:appId/uninstall'),
  addStep: route<StepInfo, AddStepRequest, AppId>()('POST', '/__apps/:appId/steps', 201),
  trigger: route<TriggerResponse, TriggerRequest, AppId>()('POST', '/__apps/:appId/trigger', 202),
  saveSettings: route<SaveSettingsResponse, SaveSettingsRequest, AppStep>()(
    'POST',
    '/__apps/:appId/steps/:stepId/settings',
  ),
  deleteStep: route<DeleteStepResponse, undefined, AppStep>()('DELETE', '/__apps/:appId/steps/:stepId'),
  settingsPage: route<SettingsPageResponse, undefined, AppStep>()(
    'GET',
    '/__apps/:appId/steps/:stepId/settings-page',
  ),
  moduleCall: route<ModuleCallResponse, ModuleCallRequest, [appId: string, moduleKey: string]>()(
    'POST',
    '/__apps/:appId/modules/:key/call',
  ),
  /** `?projectId&user&languageId&stringId`: a UI module's page, opened as that user (src/wire/app-modules.ts). */
  modulePage: route<ModulePageResponse, undefined, AppModule>()('GET', '/__apps/:appId/modules/:key/page'),
  moduleAccess: route<UiModuleInfo, ModuleAccessRequest, AppModule>()(
    'POST',
    '/__apps/:appId/modules/:key/access',
  ),
  /** Record and replay deliveries (src/wire/scenarios.ts). */
  scenarioRecord: route<RecordResponse, RecordRequest>()('POST', '/__apps/scenarios/record', 201),
  scenarioStop: route<Scenario, object>()('POST', '/__apps/scenarios/record/stop'),
  scenarioReplay: route<ReplayResponse, ReplayRequest>()('POST', '/__apps/scenarios/replay'),
} as const;

/** Query parameters; undefined and empty ones are left out. */
export type RouteQuery = Record<string, string | number | undefined>;

/** The path of a route with its segments filled in (each URI-encoded), and its query. */
export function routePath(
  route: AnyRoute,
  params: readonly (string | number)[] = [],
  query: RouteQuery = {},
) {
  let i = 0;
  const path = route.pattern.replace(/:[A-Za-z]+/g, (name) => {
    if (i >= params.length) throw new Error(`${route.pattern}: no value for ${name}.`);
    return encodeURIComponent(String(params[i++]));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

const R = APPS_ROUTES;
/** Each route's path, filled in: for a client that needs only the path (an EventSource, a link, a test). */
export const APPS_PATHS = {
  overview: routePath(R.overview),
  install: routePath(R.install),
  clients: routePath(R.clients),
  flush: routePath(R.flush),
  deliveries: routePath(R.deliveries),
  calls: routePath(R.calls),
  stream: routePath(R.stream),
  uninstall: (appId: string) => routePath(R.uninstall, [appId]),
  steps: (appId: string) => routePath(R.addStep, [appId]),
  trigger: (appId: string) => routePath(R.trigger, [appId]),
  send: (stepId: number) => routePath(R.send, [stepId]),
  retrigger: (stepId: number) => routePath(R.retrigger, [stepId]),
  stepStrings: (stepId: number) => routePath(R.stepStrings, [stepId]),
  delivery: (id: number) => routePath(R.delivery, [id]),
  redeliver: (id: number) => routePath(R.redeliver, [id]),
  fixture: (id: number) => routePath(R.fixture, [id]),
  step: (appId: string, stepId: number) => routePath(R.deleteStep, [appId, stepId]),
  stepSettings: (appId: string, stepId: number) => routePath(R.saveSettings, [appId, stepId]),
  settingsPage: (appId: string, stepId: number) => routePath(R.settingsPage, [appId, stepId]),
  moduleCall: (appId: string, moduleKey: string) => routePath(R.moduleCall, [appId, moduleKey]),
  modulePage: (appId: string, moduleKey: string) => routePath(R.modulePage, [appId, moduleKey]),
  moduleAccess: (appId: string, moduleKey: string) => routePath(R.moduleAccess, [appId, moduleKey]),
  scenarioRecord: routePath(R.scenarioRecord),
  scenarioStop: routePath(R.scenarioStop),
  scenarioReplay: routePath(R.scenarioReplay),
} as const;
