import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  emulatorOnlyAuthConfig,
  jwtForDomain,
  memoryStorage,
  testSession as session,
} from '../testing/fixtures.ts';
import { endSessionOutsideAllowList, onSignOut, useAuthStore } from './session.ts';

describe('signing out', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    useAuthStore.getState().actions.signedIn(session());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('forgets the tokens, asks the relay to revoke the refresh token, and tells every listener', async () => {
    const listener = vi.fn();
    const off = onSignOut(listener);
    useAuthStore.getState().actions.signOut({ kind: 'error', text: 'Session expired' });
    off();
    expect(useAuthStore.getState()).toMatchObject({ session: null, notice: { text: 'Session expired' } });
    expect(sessionStorage.getItem('croql.session')).toBeNull();
    expect(listener).toHaveBeenCalledOnce();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/revoke');
    expect(JSON.parse(init.body as string)).toEqual({
      connection: 'emulator',
      token: 'refresh-1',
      token_type_hint: 'refresh_token',
    });
  });

  it('revokes the access token when the session has no refresh token, and never fails on the network', async () => {
    useAuthStore.getState().actions.signedIn(session({ refreshToken: null }));
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    useAuthStore.getState().actions.signOut();
    expect(useAuthStore.getState().session).toBeNull();
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toMatchObject({
      token: 'access-1',
      token_type_hint: 'access_token',
    });
  });
});

describe('a session outside the allow-list', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is ended with a message as soon as the sign-in settings are known; an allowed one stays', () => {
    useAuthStore.getState().actions.signedIn(session());
    endSessionOutsideAllowList(emulatorOnlyAuthConfig);
    expect(useAuthStore.getState().session).not.toBeNull();

    for (const apiUrl of [
      'https://evil.example/api/v2',
      'http://api.crowdin.com/api/v2',
      'http://127.0.0.1:9999/api/v2',
    ]) {
      useAuthStore.getState().actions.signedIn(session({ apiUrl }));
      endSessionOutsideAllowList(emulatorOnlyAuthConfig);
      expect(useAuthStore.getState().session, apiUrl).toBeNull();
      expect(useAuthStore.getState().notice?.text).toMatch(/Refusing to send your token/);
    }
  });
});

describe("an enterprise session's organization", () => {
  const acme = (accessToken: string, apiUrl = 'https://acme.api.crowdin.com/api/v2') =>
    session({ connection: 'enterprise', domain: 'acme', apiUrl, accessToken });
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('is checked against the stored token and API address before the session is restored', async () => {
    for (const [stored, kept] of [
      [acme(jwtForDomain('acme')), true],
      [acme(jwtForDomain('umbrella')), false],
      [acme('not-a-jwt'), false],
      [acme(jwtForDomain('acme'), 'https://umbrella.api.crowdin.com/api/v2'), false],
      [
        session({
          connection: 'standard',
          apiUrl: 'https://api.crowdin.com/api/v2',
          accessToken: jwtForDomain('acme'),
        }),
        false,
      ],
    ] as const) {
      const storage = memoryStorage();
      storage.setItem('croql.session', JSON.stringify(stored));
      vi.stubGlobal('sessionStorage', storage);
      vi.resetModules();
      const fresh = await import('./session.ts');
      expect(fresh.useAuthStore.getState().session !== null, JSON.stringify(stored)).toBe(kept);
    }
  });

  it('ends the session when a refresh returns a token for another organization', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    const { actions } = useAuthStore.getState();
    actions.signedIn(acme(jwtForDomain('acme')));
    actions.tokensRefreshed({
      accessToken: jwtForDomain('acme'),
      refreshToken: 'r2',
      expiresAt: Date.now() + 1e6,
      scope: '',
    });
    expect(useAuthStore.getState().session?.refreshToken).toBe('r2');
    actions.tokensRefreshed({
      accessToken: jwtForDomain('umbrella'),
      refreshToken: 'r3',
      expiresAt: Date.now() + 1e6,
      scope: '',
    });
    expect(useAuthStore.getState().session).toBeNull();
    expect(useAuthStore.getState().notice?.text).toMatch(
      /organization "umbrella", not for the organization "acme"/,
    );
  });
});

describe('a tab whose storage is full', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the sign-in in memory, and what the storage threw for the shell to word', () => {
    const full = memoryStorage();
    const quota = new DOMException('quota', 'QuotaExceededError');
    full.setItem = () => {
      throw quota;
    };
    vi.stubGlobal('sessionStorage', full);
    useAuthStore.getState().actions.signedIn(session());
    const state = useAuthStore.getState();
    expect(state.session?.accessToken).toBe('access-1');
    expect(state.unkept?.error).toBe(quota);
    expect(state.notice).toBeNull();
  });

  it('forgets the failure once a write works, and when the session ends', () => {
    const full = memoryStorage();
    const setItem = full.setItem.bind(full);
    full.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    vi.stubGlobal('sessionStorage', full);
    useAuthStore.getState().actions.signedIn(session());
    full.setItem = setItem;
    useAuthStore.getState().actions.tokensRefreshed({
      accessToken: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: Date.now() + 3_600_000,
      scope: 'project',
    });
    expect(useAuthStore.getState().unkept).toBeNull();
    expect(JSON.parse(sessionStorage.getItem('croql.session')!)).toMatchObject({ accessToken: 'access-2' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}')),
    );
    useAuthStore.getState().actions.signOut();
    expect(useAuthStore.getState().unkept).toBeNull();
  });

  it('says nothing when the sign-in is kept', () => {
    vi.stubGlobal('sessionStorage', memoryStorage());
    useAuthStore.getState().actions.signedIn(session());
    expect(useAuthStore.getState()).toMatchObject({ notice: null, unkept: null });
  });
});
