// The Apps view's requests to the emulator's control routes: the shared client (src/wire/apps-control.ts)
// over the browser's fetch, with the playground's words for an emulator that is gone. An `/__apps…` route is
// called by its row of the table (callApps), so its method, path and types come from src/wire/apps-routes.ts.
import { callRoute, ControlRequestError, controlClient, type RouteRequest } from '../wire/apps-control.ts';
import type { AnswerOf, AnyRoute } from '../wire/apps-routes.ts';

export { ControlRequestError };

export const control = controlClient(
  (input, init) => fetch(input, init),
  (origin) =>
    `The emulator at ${origin} did not answer. Is it still running? Start it with \`npm run emulator\`, then try again.`,
);

/** Calls `route` of the `/__apps` table on the emulator at `origin`. */
export function callApps<R extends AnyRoute>(
  origin: string,
  route: R,
  request: RouteRequest<R> = {},
): Promise<AnswerOf<R>> {
  return callRoute(control, origin, route, request);
}

/** What to tell the user about a failed request, in one sentence. */
export function failureMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
