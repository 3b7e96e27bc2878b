// Every TanStack Query key of the app, built here. Account data starts with ['api', base URL], so two
// connections never share cached data; a prefix for cancelQueries or invalidation is built by the same
// function as the keys under it, so a change of shape cannot leave a partial key that matches nothing.
// `base` is the API base URL, null while signed out (such a query is idle: skipToken).

type Base = string | null;

const api = (base: Base) => ['api', base ?? 'signed-out'] as const;

export const keys = {
  /** The app server's sign-in settings: no account's data (sign-out keeps them). */
  authConfig: () => ['auth-config'] as const,
  api,
  user: (base: Base) => [...api(base), 'user'] as const,
  projects: (base: Base) => [...api(base), 'projects'] as const,
  project: (base: Base, projectId: number | null) => [...api(base), 'project', projectId] as const,
  languages: (base: Base) => [...api(base), 'languages'] as const,
  members: (base: Base, projectId: number | null, search = '') =>
    [...api(base), 'members', projectId, search] as const,
  files: (base: Base, projectId: number | null) => [...api(base), 'files', projectId] as const,
  branches: (base: Base, projectId: number | null) => [...api(base), 'branches', projectId] as const,
  labels: (base: Base, projectId: number | null) => [...api(base), 'labels', projectId] as const,
  tms: (base: Base) => [...api(base), 'tms'] as const,
  glossaries: (base: Base) => [...api(base), 'glossaries'] as const,
  /** The pages of one run (each press of Run has its nonce). */
  run: (base: Base, path: string | null, text: string, nonce: number) =>
    [...api(base), 'run', path, text, nonce] as const,
  /** The source strings of a translations run's rows, walked in id order (src/rows/sources.ts). */
  sourceStrings: (base: Base, projectId: number | null, croql: string) =>
    [...api(base), 'source-strings', projectId, croql] as const,
  /** Which clause empties a run's result. */
  emptyWhy: (base: Base, path: string, text: string, nonce: number) =>
    [...api(base), 'empty-why', path, text, nonce] as const,
  /** Every row set (compare, a snapshot's diff). */
  rowSets: (base: Base) => [...api(base), 'row-set'] as const,
  /** Every row of `text` on `path`; `fresh` makes a run of its own (a diff's new run each time it opens). */
  rowSet: (base: Base, path: string, text: string, fresh?: number) =>
    [...keys.rowSets(base), path, text, ...(fresh === undefined ? [] : [fresh])] as const,
  /** Every count on `path` (the funnel's). */
  counts: (base: Base, path: string) => [...api(base), 'count', path] as const,
  count: (base: Base, path: string, text: string, limit: number) =>
    [...keys.counts(base, path), text, limit] as const,
  /** Every cell of the languages matrix. */
  matrix: (base: Base) => [...api(base), 'insight-matrix'] as const,
  matrixCell: (base: Base, projectId: number | null, text: string, language: string, state: string) =>
    [...keys.matrix(base), projectId, text, language, state] as const,
  /** Snapshots in this browser (IndexedDB), whoever is signed in. */
  snapshots: () => ['snapshots'] as const,
  snapshotList: () => [...keys.snapshots(), 'list'] as const,
  snapshotRows: (id: string) => [...keys.snapshots(), 'rows', id] as const,
  /** Everything the Apps view reads from an emulator's control routes (`origin`: the emulator's). */
  apps: (origin: string | null) => ['apps', origin ?? 'none'] as const,
  appsOverview: (origin: string | null) => [...keys.apps(origin), 'overview'] as const,
  /** The delivery log: its pages and each delivery's detail. */
  appsDeliveries: (origin: string | null) => [...keys.apps(origin), 'deliveries'] as const,
  appsDeliveryList: (origin: string | null, filters: Readonly<Record<string, string>>, limit: number) =>
    [...keys.appsDeliveries(origin), 'list', filters, limit] as const,
  appsDelivery: (origin: string | null, id: number | null) =>
    [...keys.appsDeliveries(origin), 'detail', id] as const,
  /** A delivery's request as sent: it never changes. */
  appsFixture: (origin: string | null, id: number) => [...keys.apps(origin), 'fixture', id] as const,
  appsCalls: (origin: string | null) => [...keys.apps(origin), 'calls'] as const,
  /** Where the emulator keeps its state (`GET /__state/info`). */
  appsState: (origin: string | null) => [...keys.apps(origin), 'state'] as const,
  /** The fault rules in force, and the meter of the limit of simultaneous requests per account. */
  appsFaults: (origin: string | null) => [...keys.apps(origin), 'faults'] as const,
  appsLimits: (origin: string | null) => [...keys.apps(origin), 'limits'] as const,
  /** A step's strings: every page of it, then one page. */
  appsStepStrings: (origin: string | null, stepId: number) =>
    [...keys.apps(origin), 'step-strings', stepId] as const,
  appsStepStringsPage: (
    origin: string | null,
    stepId: number,
    languageId: string,
    status: string,
    offset: number,
  ) => [...keys.appsStepStrings(origin, stepId), languageId, status, offset] as const,
  /**
   * A step's settings page URL (a JWT minted on each read). Outside the `apps` prefix on purpose: what
   * refreshes the Apps view must not reload the form being edited.
   */
  appsSettingsPage: (origin: string | null, appId: string, stepId: number) =>
    ['apps-settings-page', origin ?? 'none', appId, stepId] as const,
};
