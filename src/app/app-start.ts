// Start-up of app mode (src/auth/app-mode.ts): the page was opened by Crowdin as a module of CroQL
// Playground. The app server says who and where (`/api/context`, checked against the module JWT); the session
// becomes the JWT on the app server's proxy, so the listings, completion and names work unchanged; the
// project is the one the module is opened in; the Library is kept on the app server.
import {
  appApiUrl,
  appRefusalText,
  bridgeUrlFor,
  currentAP,
  useBridge,
  jwtExpiresAt,
  loadBridge,
  useAppMode,
  type AppLaunch,
} from '../auth/app-mode.ts';
import { useAuthStore, type Session } from '../auth/session.ts';
import { keys } from '../connection/keys.ts';
import { keepLibraryOnServer } from '../library/server-kept.ts';
import { useWorkspace } from '../workspace/store.ts';
import { queryClient } from './query-client.ts';
import { PLAYGROUND_APP_API, PLAYGROUND_MODULES, type PlaygroundContext } from '../wire/playground-app.ts';

/** The docs' module JWT lives 900 s (security.mdx); used only when a token names no `exp`. */
const JWT_LIFETIME_FALLBACK_MS = 900_000;

export interface AppStartDeps {
  fetch: typeof fetch;
  /** The page's origin: the app server's (the SPA is served by it). */
  origin: string;
  loadBridge: typeof loadBridge;
  keepLibrary: typeof keepLibraryOnServer;
  now: () => number;
}

const browserDeps = (): AppStartDeps => ({
  fetch: (...args) => fetch(...args),
  origin: location.origin,
  loadBridge,
  keepLibrary: keepLibraryOnServer,
  now: Date.now,
});

/**
 * Asks the app server who and where, then signs the page in with the module JWT. Resolves once the page is
 * ready or refused (`useAppMode` says which, and why); never rejects.
 */
export async function startAppMode(launch: AppLaunch, deps: AppStartDeps = browserDeps()): Promise<void> {
  useAppMode.setState({ status: 'starting', launch });
  let context: PlaygroundContext;
  try {
    const response = await deps.fetch(`${deps.origin}${PLAYGROUND_APP_API.context}`, {
      headers: { Authorization: `Bearer ${launch.jwt}`, Accept: 'application/json' },
    });
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      useAppMode.setState({ status: 'refused', launch, message: appRefusalText(response.status, body) });
      return;
    }
    context = body as PlaygroundContext;
  } catch {
    useAppMode.setState({
      status: 'refused',
      launch,
      message: 'The CroQL Playground app server could not be reached. Reload the page in Crowdin to retry.',
    });
    return;
  }
  const session: Session = {
    connection: context.edition === 'enterprise' ? 'enterprise' : 'standard',
    domain: context.domain,
    apiUrl: appApiUrl(deps.origin),
    clientId: null,
    accessToken: launch.jwt,
    refreshToken: null,
    expiresAt: jwtExpiresAt(launch.jwt, deps.now() + JWT_LIFETIME_FALLBACK_MS),
    scope: '',
    app: true,
  };
  // The project menu lists no other projects (the app server answers only for the JWT's one): the project
  // picker's list is that project, before anything asks for `/projects`.
  queryClient.setQueryData(keys.projects(session.apiUrl), [
    { id: context.projectId, name: context.projectIdentifier ?? `Project ${context.projectId}` },
  ]);
  queryClient.setQueryDefaults(keys.projects(session.apiUrl), { staleTime: Infinity });
  useAuthStore.getState().actions.signedIn(session);
  // The module is opened in one project: every run targets it.
  const workspace = useWorkspace.getState();
  if (workspace.target.projectId !== context.projectId) workspace.actions.setProject(context.projectId);
  // The project menu's Library (the panel has none) is kept per user and organization on the app server.
  if (launch.module.key === PLAYGROUND_MODULES.projectMenu.key) void deps.keepLibrary(deps.origin);
  useAppMode.setState({ status: 'ready', launch, context });
  // Fresh tokens come from the bridge; without one, the page's token serves until it expires.
  const bridge = bridgeUrlFor(launch.origin, context.crowdinBaseUrl);
  if (bridge) void deps.loadBridge(bridge);
  else useBridge.setState({ ap: currentAP(), loaded: true });
}
