// An app of this project against a local emulator in one command (`--emulator URL`): its OAuth app
// registered there (the same name gives the same credentials after a restart) and itself installed from its
// manifest. Only the emulator's control routes (src/wire/apps-routes.ts), over HTTP.
import type { AppInfo, AppsOverview, CreateClientResponse } from '../wire/apps.ts';
import { APPS_ROUTES, routePath, type AnswerOf, type AnyRoute } from '../wire/apps-routes.ts';
import { ControlRequestError, callRoute, controlClient, type RouteRequest } from '../wire/apps-control.ts';

const control = controlClient(
  (input, init) => fetch(input, init),
  (base) => `No emulator answers at ${base}. Start it with \`npm run emulator -- --organization acme\`.`,
);

/** A control route of the emulator at `base`; a refusal names the route it came from. */
export async function emulatorCall<R extends AnyRoute>(
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

/** The app's OAuth app at the emulator, by name. */
export function emulatorClient(
  base: string,
  name: string,
  scopes: readonly string[],
): Promise<CreateClientResponse> {
  return emulatorCall(base, APPS_ROUTES.clients, { body: { name, scopes: [...scopes] } });
}

/** What the emulator hosts (its edition, OAuth apps, installations); says so when `base` is no emulator. */
export function emulatorOverview(base: string): Promise<AppsOverview> {
  return emulatorCall(base, APPS_ROUTES.overview).catch((e: unknown) => {
    if (e instanceof ControlRequestError && e.status === 404) {
      throw new Error(`${base} does not host apps: is it the emulator?`);
    }
    throw e;
  });
}

/**
 * Installs the app from its manifest and answers the installation. Installed from this very manifest (the
 * app restarted on its port): kept as it is. Installed from another address: uninstalled, then installed
 * from this one.
 */
export async function installInEmulator(
  base: string,
  manifestUrl: string,
  identifier: string,
  before?: AppsOverview,
): Promise<AppInfo> {
  const overview = before ?? (await emulatorOverview(base));
  const current = overview.apps.find((a) => a.manifestUrl === manifestUrl);
  if (current) return current;
  const stale = overview.apps.find((a) => a.appId === identifier);
  if (stale) await emulatorCall(base, APPS_ROUTES.uninstall, { params: [stale.appId] });
  await emulatorCall(base, APPS_ROUTES.install, { body: { manifestUrl } });
  const installed = (await emulatorCall(base, APPS_ROUTES.overview)).apps.find(
    (a) => a.manifestUrl === manifestUrl,
  );
  if (!installed) throw new Error('The emulator did not keep the installation.');
  return installed;
}

/**
 * Waits until the emulator at `base` answers its health check, so an app started beside it in one command
 * (`npm run crowdin-app:try`, or two terminals started together) does not fail because it was first. Says
 * once that it waits; gives up after `seconds` with what to do.
 */
export async function waitForEmulator(
  base: string,
  say: (message: string) => void,
  { seconds = 60, everyMs = 250 } = {},
): Promise<void> {
  const until = Date.now() + seconds * 1000;
  let said = false;
  for (;;) {
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > until) {
      throw new Error(
        `No emulator answered at ${base} within ${seconds} s. Start it with \`npm run emulator\` (or give --emulator its address).`,
      );
    }
    if (!said) say(`Waiting for the emulator at ${base}…`);
    said = true;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
