import { afterEach, describe, expect, it, vi } from 'vitest';
import { freshSession } from '../auth/refresh.ts';
import { useAppMode, useBridge, type AppLaunch, type CrowdinAP } from '../auth/app-mode.ts';
import { useAuthStore } from '../auth/session.ts';
import { useWorkspace } from '../workspace/store.ts';
import { PLAYGROUND_MODULES, type PlaygroundContext, type PlaygroundModule } from '../wire/playground-app.ts';
import { startAppMode, type AppStartDeps } from './app-start.ts';

const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
/** A JWT as Crowdin's reads (the app server checks the signature; the browser reads only `exp`). */
const jwt = (exp: number) => `${b64({ alg: 'HS256' })}.${b64({ exp, context: { project_id: 7 } })}.sig`;

const CONTEXT: PlaygroundContext = {
  projectId: 7,
  projectIdentifier: 'umbrella',
  userId: 3,
  userLogin: 'alice',
  organizationId: 1,
  domain: null,
  edition: 'crowdin',
  moduleKey: 'croql-playground',
  crowdinBaseUrl: 'http://127.0.0.1:8787',
};

const ORIGIN = 'http://127.0.0.1:5555';

function deps(answer: { status: number; body: unknown }, over: Partial<AppStartDeps> = {}) {
  const requests: { url: string; auth: string | null }[] = [];
  const d: AppStartDeps = {
    fetch: async (input, init) => {
      requests.push({ url: String(input), auth: new Headers(init?.headers).get('Authorization') });
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    },
    origin: ORIGIN,
    loadBridge: vi.fn(async () => null),
    keepLibrary: vi.fn(async () => {}),
    now: () => 1_000_000,
    ...over,
  };
  return { deps: d, requests };
}

const launch = (module: PlaygroundModule = PLAYGROUND_MODULES.projectMenu, token = jwt(2000)): AppLaunch => ({
  module,
  jwt: token,
  origin: 'http://127.0.0.1:8787',
});

afterEach(() => {
  useAuthStore.setState({ session: null, notice: null });
  useAppMode.setState({ status: 'off' });
  useBridge.setState({ ap: null, loaded: false });
  delete (globalThis as { AP?: unknown }).AP;
});

describe('app mode start-up', () => {
  it('signs in with the module JWT on the app server proxy, no OAuth, in the project of the JWT', async () => {
    const { deps: d, requests } = deps({ status: 200, body: CONTEXT });
    const token = jwt(2000);
    await startAppMode(launch(PLAYGROUND_MODULES.projectMenu, token), d);
    expect(requests).toEqual([{ url: `${ORIGIN}/api/context`, auth: `Bearer ${token}` }]);
    expect(useAuthStore.getState().session).toMatchObject({
      app: true,
      connection: 'standard',
      apiUrl: `${ORIGIN}/api/crowdin/api/v2`,
      accessToken: token,
      refreshToken: null,
      expiresAt: 2_000_000,
    });
    expect(useWorkspace.getState().target.projectId).toBe(7);
    expect(useAppMode.getState()).toMatchObject({ status: 'ready', context: CONTEXT });
    expect(d.keepLibrary).toHaveBeenCalledWith(ORIGIN);
    // The emulator the app server is installed on serves the bridge.
    expect(d.loadBridge).toHaveBeenCalledWith('http://127.0.0.1:8787/apps/dist/iframe.js');
  });

  it('an Enterprise context is an enterprise session; the panel keeps no Library', async () => {
    const { deps: d } = deps({ status: 200, body: { ...CONTEXT, edition: 'enterprise', domain: 'acme' } });
    await startAppMode(launch(PLAYGROUND_MODULES.editorPanel), d);
    expect(useAuthStore.getState().session).toMatchObject({ connection: 'enterprise', domain: 'acme' });
    expect(d.keepLibrary).not.toHaveBeenCalled();
  });

  it("a refusal of the app server is the page's message, and nothing is signed in", async () => {
    const { deps: d } = deps({
      status: 403,
      body: { error: { code: 'notProjectMember', message: 'alice is not a member of project 7.' } },
    });
    await startAppMode(launch(), d);
    expect(useAppMode.getState()).toMatchObject({
      status: 'refused',
      message: 'alice is not a member of project 7.',
    });
    expect(useAuthStore.getState().session).toBeNull();
  });

  it('an expired token says to reopen the page in Crowdin', async () => {
    const { deps: d } = deps({
      status: 401,
      body: { error: { code: 'jwtExpired', message: 'The token expired.' } },
    });
    await startAppMode(launch(), d);
    expect(useAppMode.getState()).toMatchObject({
      message: 'The token expired. Reload the page in Crowdin to open the app again.',
    });
  });

  it('renews the JWT from AP.getJwtToken before it expires', async () => {
    const { deps: d } = deps({ status: 200, body: CONTEXT });
    // A token that is about to expire (inside the refresh margin).
    await startAppMode(launch(PLAYGROUND_MODULES.projectMenu, jwt(Date.now() / 1000 + 5)), d);
    const renewed = jwt(Math.floor(Date.now() / 1000) + 900);
    const ap: CrowdinAP = { getJwtToken: (cb) => cb(renewed) };
    (globalThis as { AP?: unknown }).AP = ap;
    const session = await freshSession();
    expect(session).toMatchObject({ app: true, accessToken: renewed });
    expect(useAuthStore.getState().session?.accessToken).toBe(renewed);
  });
});
