// What the Apps view reads from the emulator, as TanStack Query factories. `origin` is the emulator's, null
// when the playground is not connected to one (every query is idle then: skipToken). The keys come from the
// project's one factory (src/connection/keys.ts); the stream (./stream.ts) says when they are stale.
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import type { Session } from '../auth/session.ts';
import { keys } from '../connection/keys.ts';
import type { StepStatus } from '../wire/apps.ts';
import { APPS_ROUTES } from '../wire/apps-routes.ts';
import { callApps, ControlRequestError } from './client.ts';

/** The log's filters, as the `GET /__apps/deliveries` query takes them ("" for any). */
export interface DeliveryFilters {
  app: string;
  state: string;
  event: string;
  kind: string;
}

/** How many of the app's own calls the view keeps beside the log. */
export const CALLS_LIMIT = 500;

/** Step strings shown a page at a time. */
export const STEP_STRINGS_PAGE = 25;

export const overviewQuery = (origin: string | null) =>
  queryOptions({
    queryKey: keys.appsOverview(origin),
    queryFn: origin ? ({ signal }) => callApps(origin, APPS_ROUTES.overview, { signal }) : skipToken,
  });

export const deliveriesQuery = (origin: string | null, filters: DeliveryFilters, limit: number) =>
  queryOptions({
    queryKey: keys.appsDeliveryList(origin, { ...filters }, limit),
    queryFn: origin
      ? ({ signal }) =>
          callApps(origin, APPS_ROUTES.deliveries, { query: { ...filters, limit, offset: 0 }, signal })
      : skipToken,
    // The next page of the log keeps the rows on screen until it arrives.
    placeholderData: (previous) => previous,
  });

export const deliveryQuery = (origin: string | null, id: number | null) =>
  queryOptions({
    queryKey: keys.appsDelivery(origin, id),
    queryFn:
      origin && id !== null
        ? ({ signal }) => callApps(origin, APPS_ROUTES.delivery, { params: [id], signal })
        : skipToken,
  });

/** `GET /__apps/deliveries/{id}/fixture`: the request exactly as sent (Download fixture). */
export const fixtureQuery = (origin: string | null, id: number) =>
  queryOptions({
    queryKey: keys.appsFixture(origin, id),
    queryFn: origin
      ? ({ signal }) => callApps(origin, APPS_ROUTES.fixture, { params: [id], signal })
      : skipToken,
    staleTime: Infinity,
  });

export const callsQuery = (origin: string | null) =>
  queryOptions({
    queryKey: keys.appsCalls(origin),
    queryFn: origin
      ? ({ signal }) => callApps(origin, APPS_ROUTES.calls, { query: { limit: CALLS_LIMIT }, signal })
      : skipToken,
  });

export const stepStringsQuery = (
  origin: string | null,
  stepId: number,
  languageId: string | null,
  status: StepStatus | '',
  offset: number,
) =>
  queryOptions({
    queryKey: keys.appsStepStringsPage(origin, stepId, languageId ?? '', status, offset),
    queryFn:
      origin && languageId
        ? ({ signal }) =>
            callApps(origin, APPS_ROUTES.stepStrings, {
              params: [stepId],
              query: { languageId, status, offset, limit: STEP_STRINGS_PAGE },
              signal,
            })
        : skipToken,
    placeholderData: (previous) => previous,
  });

/** Where a step's settings page opens, with a fresh JWT (minted by the emulator at each read). */
export const settingsPageQuery = (origin: string | null, appId: string, stepId: number) =>
  queryOptions({
    queryKey: keys.appsSettingsPage(origin, appId, stepId),
    queryFn: origin
      ? ({ signal }) => callApps(origin, APPS_ROUTES.settingsPage, { params: [appId, stepId], signal })
      : skipToken,
    // Read only when the user opens the page (SettingsPanel.tsx): a new URL would reload the form being edited
    // and log another opening. Kept while the view is closed, so the page comes back as it was left.
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The emulator's origin (its control routes live there) while signed in to it; null otherwise. */
export function emulatorOrigin(session: Session | null): string | null {
  if (session?.connection !== 'emulator') return null;
  try {
    return new URL(session.apiUrl).origin;
  } catch {
    return null;
  }
}

/** Whether a read failed because the emulator does not answer (stopped, or not where it was). */
export function emulatorGone(error: unknown): boolean {
  return error instanceof ControlRequestError && error.code === 'unreachable';
}

/**
 * Drops what was read from the emulator's previous run but the overview: a delivery, a fixture (kept for
 * good once read), a step's strings or settings page under an id that now names something else.
 */
export function forgetPreviousRun(queryClient: QueryClient, origin: string): void {
  const overview = keys.appsOverview(origin);
  const apps = keys.apps(origin);
  const page = keys.appsSettingsPage(origin, '', 0);
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      (queryKey[0] === apps[0] && queryKey[1] === apps[1] && queryKey[2] !== overview[2]) ||
      (queryKey[0] === page[0] && queryKey[1] === page[1]),
  });
  void queryClient.invalidateQueries({ queryKey: apps });
}
