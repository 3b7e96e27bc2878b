// `npm run router -- --emulator URL`: CroQL Router ready against a local emulator in one command. It registers
// its OAuth app there (the same name gives the same credentials after a restart), and once listening installs
// itself, adds its step to project 1 unless one is there, and saves starter rules when the step has none.
// Only the emulator's control routes (src/wire/apps-routes.ts), over HTTP.
import type { CreateClientResponse, StepInfo } from '../../wire/apps.ts';
import { APPS_PATHS, APPS_ROUTES, routePath, type AnswerOf, type AnyRoute } from '../../wire/apps-routes.ts';
import { ControlRequestError, callRoute, controlClient, type RouteRequest } from '../../wire/apps-control.ts';
import type { RouterSettings } from '../settings.ts';
import { SCOPES, STEP_MODULE_KEY } from './manifest.ts';

/** Rules to start from: the "labelled legal", and one the delivery cannot answer. */
export const STARTER_SETTINGS: RouterSettings = {
  rules: [
    { query: 'count of labels where (title = "legal") > 0', output: 'true' },
    { query: 'count of comments where (has unresolved issue) > 0', output: 'true' },
  ],
  default: 'false',
};

const control = controlClient(
  (input, init) => fetch(input, init),
  (base) => `No emulator answers at ${base}. Start it with \`npm run emulator -- --organization acme\`.`,
);

/** A control route of the emulator at `base`; a refusal names the route it came from. */
async function call<R extends AnyRoute>(
  base: string,
  route: R,
  request: RouteRequest<R> = {},
): Promise<AnswerOf<R>> {
  try {
    return await callRoute(control, base, route, request);
  } catch (e) {
    if (!(e instanceof ControlRequestError) || e.status === 0) throw e;
    throw new ControlRequestError(
      `The emulator answered ${route.method} ${routePath(route, request.params)} with ${e.status}: ${e.message}`,
      e.status,
      e.code,
      e.problems,
      e.answer,
      e.deliveryId,
    );
  }
}

/** The router's OAuth app at the emulator. */
export async function emulatorClient(base: string): Promise<CreateClientResponse> {
  return call(base, APPS_ROUTES.clients, { body: { name: 'CroQL Router', scopes: SCOPES } });
}

/**
 * Installs the router from its manifest, adds its step to project 1 if none, and saves starter rules as the
 * workflow editor's Save does (the emulator calls the router's settings callback).
 */
export async function setUpInEmulator(
  base: string,
  /** The router's manifest, and the identifier it gives. */
  manifestUrl: string,
  identifier: string,
  log: (m: string) => void,
): Promise<void> {
  const before = await call(base, APPS_ROUTES.overview).catch((e: unknown) => {
    if (e instanceof ControlRequestError && e.status === 404) {
      throw new Error(`${base} does not host apps: is it the emulator?`);
    }
    throw e;
  });
  if (before.settings.edition !== 'crowdin-enterprise') {
    throw new Error(
      'Workflow steps are Crowdin Enterprise only: start the emulator with --organization acme.',
    );
  }
  // Installed from this very manifest (the router restarted on its port): keep it and its step. Installed
  // from another address: uninstall, then install from this one.
  let current = before.apps.find((a) => a.manifestUrl === manifestUrl);
  if (!current) {
    const stale = before.apps.find((a) => a.appId === identifier);
    if (stale) await call(base, APPS_ROUTES.uninstall, { params: [stale.appId] });
    await call(base, APPS_ROUTES.install, { body: { manifestUrl } });
    current = (await call(base, APPS_ROUTES.overview)).apps.find((a) => a.manifestUrl === manifestUrl);
    if (!current) throw new Error('The emulator did not keep the installation.');
  }
  const appId = current.appId;
  let step: StepInfo | undefined = current.steps.find((s) => s.active && s.projectId === 1);
  if (!step) {
    step = await call(base, APPS_ROUTES.addStep, {
      params: [appId],
      body: { projectId: 1, moduleKey: STEP_MODULE_KEY },
    });
  }
  if (step.settings === null) {
    await call(base, APPS_ROUTES.saveSettings, {
      params: [appId, step.id],
      body: { settings: STARTER_SETTINGS },
    });
    log(`Step ${step.id} starts with two rules: labelled "legal", or with an unresolved issue → Matched.`);
  }
  log(
    `Installed in the emulator; step ${step.id} of project 1 routes ${step.languages.join(', ')}. Send it strings:`,
  );
  log(
    `  curl -H 'Content-Type: application/json' -d '{"croql": "count of labels > 0"}' ${base}${APPS_PATHS.send(step.id)}`,
  );
}
