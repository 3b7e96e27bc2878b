// The one sign-out path: whichever way the session ends, the account's data leaves the screen and memory.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore, type Session } from '../auth/session.ts';
import { createApiClient } from '../connection/api.ts';
import { authConfigQuery } from '../connection/config.ts';
import { useInspectorStore } from '../rows/requests.ts';
import { useRunStore } from '../workspace/run.ts';
import { emulatorOnlyAuthConfig, memoryStorage } from '../testing/fixtures.ts';
import { queryClient } from './query-client.ts';

const BASE = emulatorOnlyAuthConfig.emulator.apiUrl;

const session: Session = {
  connection: 'emulator',
  domain: null,
  apiUrl: BASE,
  clientId: null,
  accessToken: 'dead-token',
  refreshToken: 'refresh-1',
  expiresAt: Date.now() + 3_600_000,
  scope: 'project',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API refuses every token; the relay renews (or not). */
function network({ refreshWorks }: { refreshWorks: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/auth/revoke') return json(200, {});
      if (url === '/auth/token') {
        return refreshWorks
          ? json(200, { access_token: 'also-dead', refresh_token: 'refresh-2', expires_in: 7200 })
          : json(400, { error: 'invalid_grant' });
      }
      return json(401, { error: { message: 'Unauthorized', code: 401 } });
    }),
  );
}

function accountDataOnScreen() {
  queryClient.setQueryData(['projects', BASE], [{ id: 1, name: 'Previous account’s project' }]);
  queryClient.setQueryData(authConfigQuery().queryKey, emulatorOnlyAuthConfig);
  useRunStore.getState().actions.run({ projectId: 1, languageId: null, tmId: null, glossaryId: null });
  const { send, settle } = useInspectorStore.getState().actions;
  settle(send(`${BASE}/x`), { status: 200, elapsedMs: 1, size: 2, body: {} });
}

describe('the one sign-out path', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    useAuthStore.setState({ session, notice: null });
    accountDataOnScreen();
  });
  afterEach(() => vi.unstubAllGlobals());

  const expectNothingLeft = () => {
    expect(useAuthStore.getState().session).toBeNull();
    // Only the sign-in settings stay: they belong to no account, and "Sign in again" needs them at once.
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => q.queryKey),
    ).toEqual([authConfigQuery().queryKey]);
    expect(useRunStore.getState().current).toBeNull();
    expect(useInspectorStore.getState().requests).toEqual([]);
  };

  it('a refresh that fails clears the tokens, the cached data and the rows', async () => {
    network({ refreshWorks: false });
    await expect(
      createApiClient(BASE, emulatorOnlyAuthConfig).get('/projects', {}, new AbortController().signal),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    expectNothingLeft();
  });

  it('a 401 after a successful refresh clears them too', async () => {
    network({ refreshWorks: true });
    await expect(
      createApiClient(BASE, emulatorOnlyAuthConfig).get('/projects', {}, new AbortController().signal),
    ).rejects.toMatchObject({ kind: 'unauthorized' });
    expectNothingLeft();
  });

  it('the Sign out button’s action clears them', () => {
    network({ refreshWorks: true });
    useAuthStore.getState().actions.signOut();
    expectNothingLeft();
  });
});
