// What the browser and the CroQL Playground app server (`npm run crowdin-app`) speak when the playground runs
// inside Crowdin as an app. Both sides read this file: the server mounts these paths, the browser calls them.
//
// Inside Crowdin there is no OAuth sign-in: Crowdin opens a module's page with `?jwtToken=…` (signed with the
// app's OAuth client secret), the browser sends that token (or a fresh one from `AP.getJwtToken`) on every
// request as `Authorization: Bearer <jwt>`, and the app server calls Crowdin with the installation's token.
// The app server answers only for the project and user the JWT names.

/** The app's identifier in its manifest. */
export const PLAYGROUND_APP_IDENTIFIER = 'croql-playground';

/** The UI modules the app declares, by manifest key. */
export const PLAYGROUND_MODULES = {
  /** `project-menu`: the whole playground on the project it is opened in. */
  projectMenu: { type: 'project-menu', key: 'croql-playground', path: '/project-menu' },
  /** `editor-right-panel`: the CroQL filter panel beside Crowdin's editor. */
  editorPanel: { type: 'editor-right-panel', key: 'croql-filter', path: '/editor-panel' },
} as const;

export type PlaygroundModule = (typeof PLAYGROUND_MODULES)[keyof typeof PLAYGROUND_MODULES];

/** The app server's routes for the browser. Every one needs the module JWT. */
export const PLAYGROUND_APP_API = {
  /** GET → PlaygroundContext: who and where the JWT says the page is. */
  context: '/api/context',
  /**
   * GET only. `{proxy}/api/v2/…` is Crowdin's API v2 path as the browser would call it on the service; the
   * app server forwards the allowed reads (the four listings and what completion and names need, only under
   * the JWT's project) with the installation's token and passes Crowdin's answer through unchanged.
   */
  proxy: '/api/crowdin',
  /** GET → LibraryDocument; PUT LibraryWrite → LibraryDocument (409 `libraryConflict` when stale). */
  library: '/api/library',
} as const;

/** Which Crowdin the installation is on. */
export type PlaygroundEdition = 'crowdin' | 'enterprise';

export interface PlaygroundContext {
  projectId: number;
  projectIdentifier: string | null;
  userId: number;
  userLogin: string | null;
  organizationId: number;
  /** The Enterprise organization's domain; null on crowdin.com. */
  domain: string | null;
  edition: PlaygroundEdition;
  /** The module key the JWT was issued for. */
  moduleKey: string;
  /** Where Crowdin's own pages live (for links into Crowdin), e.g. `https://acme.crowdin.com`. */
  crowdinBaseUrl: string;
}

/** The playground's library (saved queries and history) of one user in one organization, kept server-side. */
export interface LibraryDocument {
  /** The library as the playground stores it (src/library/library.ts LibraryV2); null when never saved. */
  library: unknown;
  /** Grows by one with each write; a write names the revision it was based on. */
  revision: number;
}

export interface LibraryWrite {
  library: unknown;
  baseRevision: number;
}

/** The refusals the app server gives, by code, in Crowdin's error envelope `{error: {code, message}}`. */
export type PlaygroundRefusal =
  | 'jwtMissing'
  | 'jwtInvalid'
  | 'jwtExpired'
  | 'notInstalled'
  | 'notProjectMember'
  | 'outsideProject'
  | 'readOnly'
  | 'libraryConflict';

/**
 * The body of a refusal. A `libraryConflict` also carries the library as it is now, to merge with and save
 * on its revision. Refusals the app server gives outside this list (a body too large, a malformed write)
 * use the same envelope.
 */
export interface PlaygroundErrorBody {
  error: { code: PlaygroundRefusal | (string & {}); message: string };
  current?: LibraryDocument;
}
