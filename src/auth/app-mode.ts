// App mode: the playground opened by Crowdin as one of its app's modules (src/wire/playground-app.ts).
// Crowdin opens a module's page at `{baseUrl}{module.url}?jwtToken=…&origin=…&clientId=…` (the emulator's
// settings page follows the same form, src/server/emulator/apps/settings.ts). There is no OAuth sign-in: the
// module JWT is the bearer of every request to the app server (same origin), and `AP.getJwtToken` (Crowdin's
// app JS bridge, docs `developer/crowdin-apps/apps-js.mdx`) gives a fresh one before it expires.
import { create } from 'zustand';
import {
  PLAYGROUND_APP_API,
  PLAYGROUND_APP_IDENTIFIER,
  PLAYGROUND_MODULES,
  type PlaygroundContext,
  type PlaygroundModule,
} from '../wire/playground-app.ts';
import { decodeJwtPayload } from './session.ts';

/** What the page's address says when Crowdin opened it as a module. */
export interface AppLaunch {
  module: PlaygroundModule;
  /** The module JWT from `?jwtToken=`. */
  jwt: string;
  /** `?origin=`: the Crowdin (or emulator) page that frames this one; null when absent. */
  origin: string | null;
}

/** The launch when `url` is one of the app's module pages with a `jwtToken`; null otherwise (the playground). */
export function readAppLaunch(url: URL): AppLaunch | null {
  const path = url.pathname.replace(/\/+$/, '');
  const module = Object.values(PLAYGROUND_MODULES).find((m) => m.path === path);
  const jwt = url.searchParams.get('jwtToken');
  if (!module || !jwt) return null;
  return { module, jwt, origin: url.searchParams.get('origin') };
}

/** Crowdin's own hosts: crowdin.com and an Enterprise organization's `{domain}.crowdin.com`. */
function isCrowdinHost(hostname: string): boolean {
  return hostname === 'crowdin.com' || hostname.endsWith('.crowdin.com');
}

/** Where Crowdin serves its app bridge (apps-js.mdx: "connect it on the module page"). */
export const CROWDIN_BRIDGE_URL = 'https://cdn.crowdin.com/apps/dist/iframe.js';
/** Where the emulator serves its own bridge (src/wire/apps.ts BRIDGE_PATH). */
const EMULATOR_BRIDGE_PATH = '/apps/dist/iframe.js';

/**
 * Which bridge script to load: Crowdin's CDN when the page is framed by Crowdin; the emulator's when the
 * page's `origin` is the Crowdin the app server is installed on (its `crowdinBaseUrl`, which the server
 * vouches for). Any other `origin` loads nothing: the address is anyone's to write, and a script from it
 * would run with the module's token.
 */
export function bridgeUrlFor(origin: string | null, crowdinBaseUrl: string): string | null {
  if (!origin) return null;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return null;
  }
  if (from.protocol === 'https:' && isCrowdinHost(from.hostname)) return CROWDIN_BRIDGE_URL;
  let installed: string | null = null;
  try {
    installed = new URL(crowdinBaseUrl).origin;
  } catch {
    // an unreadable base URL vouches for nothing
  }
  return installed === from.origin ? `${from.origin}${EMULATOR_BRIDGE_PATH}` : null;
}

/** The part of Crowdin's `AP` the playground uses (apps-js.mdx); every member may be missing on a host. */
export interface CrowdinAP {
  getJwtToken?: (callback: (token: string | null) => void) => void;
  getContext?: (callback: (context: Record<string, unknown> | null) => void) => void;
  editor?: {
    getCroqlFilter?: (callback: (croql: string | null) => void) => void;
    setCroqlFilter?: (croql: string) => void;
    resetCroqlFilter?: () => void;
    getCustomFilter?: (callback: (filter: Record<string, unknown> | null) => void) => void;
    getString?: (callback: (string: Record<string, unknown> | null) => void) => void;
  };
  redirect?: (path: string, queryParams?: Record<string, string>) => void;
  events?: {
    on?: (event: string, listener: (data: unknown) => void) => void;
    off?: (event: string, listener: (data: unknown) => void) => void;
  };
}

/** The page's `AP` once the bridge script has run; null before (or outside Crowdin). */
export function currentAP(): CrowdinAP | null {
  const ap = (globalThis as { AP?: unknown }).AP;
  return ap && typeof ap === 'object' ? (ap as CrowdinAP) : null;
}

/** The bridge once loaded (`loaded: false` while it loads or when there is none), for components. */
export const useBridge = create<{ ap: CrowdinAP | null; loaded: boolean }>()(() => ({
  ap: null,
  loaded: false,
}));

/** Loads the bridge script once; resolves with `AP`, or null when it cannot load. */
export function loadBridge(src: string): Promise<CrowdinAP | null> {
  const present = currentAP();
  const settle = (ap: CrowdinAP | null) => {
    useBridge.setState({ ap, loaded: true });
    return ap;
  };
  if (present) return Promise.resolve(settle(present));
  return new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => resolve(settle(currentAP()));
    script.onerror = () => resolve(settle(null));
    document.head.appendChild(script);
  });
}

/** Milliseconds since the epoch at which a JWT expires (its `exp`); `fallback` when it names none. */
export function jwtExpiresAt(token: string, fallback: number): number {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' ? exp * 1000 : fallback;
}

type AppModeState =
  | { status: 'off' }
  | { status: 'starting'; launch: AppLaunch }
  | { status: 'ready'; launch: AppLaunch; context: PlaygroundContext }
  | { status: 'refused'; launch: AppLaunch; message: string };

/** Whether (and how far) the page runs as a Crowdin app module. */
export const useAppMode = create<AppModeState>()(() => ({ status: 'off' }));

export const useAppContext = () => useAppMode((s) => (s.status === 'ready' ? s.context : null));

/** The API base URL of app mode: the app server's read-only proxy of Crowdin's API v2, same origin. */
export function appApiUrl(origin: string): string {
  return `${origin}${PLAYGROUND_APP_API.proxy}/api/v2`;
}

/** A fresh module JWT from `AP.getJwtToken`; null when there is no bridge or it gives none. */
export function jwtFromBridge(ap: CrowdinAP | null = currentAP()): Promise<string | null> {
  const get = ap?.getJwtToken;
  if (!get) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      get((token) => resolve(typeof token === 'string' && token ? token : null));
    } catch {
      resolve(null);
    }
  });
}

/** The words for a refusal of the app server (its `{error: {code, message}}` envelope, or the status). */
export function appRefusalText(status: number, body: unknown): string {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const said = typeof error?.message === 'string' ? error.message : null;
  const code = typeof error?.code === 'string' ? error.code : null;
  const advice =
    code === 'jwtExpired' || code === 'jwtInvalid' || code === 'jwtMissing'
      ? ' Reload the page in Crowdin to open the app again.'
      : code === 'notInstalled'
        ? ' Ask an organization admin to install CroQL Playground again.'
        : '';
  return `${said ?? `The app server refused (HTTP ${status}).`}${advice}`;
}

/**
 * The address of a module of this app in Crowdin, carrying `croql` (the playground reads `?croql=` at
 * start-up, src/permalink/startup.ts). Crowdin's docs give no address for a module page; the form they do
 * give is `AP.redirect(path, queryParams)` (apps-js.mdx: a project's pages are `/project/{identifier}/…` on
 * crowdin.com and `/u/projects/{id}/…` on Enterprise, and `queryParams` become the address's search
 * parameters), so the link is the project's page of the module with `croql` as a search parameter.
 */
export function moduleLink(
  context: Pick<PlaygroundContext, 'crowdinBaseUrl' | 'edition' | 'projectId' | 'projectIdentifier'>,
  module: PlaygroundModule,
  croql: string,
): { path: string; query: Record<string, string>; url: string } {
  const project =
    context.edition === 'enterprise' || !context.projectIdentifier
      ? `/u/projects/${context.projectId}`
      : `/project/${encodeURIComponent(context.projectIdentifier)}`;
  const path = `${project}/apps/${PLAYGROUND_APP_IDENTIFIER}/${module.key}`;
  const query: Record<string, string> = croql.trim() ? { croql } : {};
  const search = new URLSearchParams(query).toString();
  const url = `${context.crowdinBaseUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`;
  return { path, query, url };
}
