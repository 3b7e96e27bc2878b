import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emulatorOnlyAuthConfig, jwtForDomain, memoryStorage } from '../testing/fixtures.ts';
import { completeSignIn, PendingNotKept, prepareSignIn, startSignIn } from './flow.ts';
import { codeChallengeS256 } from './pkce.ts';
import { useAuthStore } from './session.ts';

const config = emulatorOnlyAuthConfig;
const loadConfig = () => Promise.resolve(config);

describe('sign-in flow', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173' });
    useAuthStore.setState({ session: null, notice: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends client id, redirect URI, scopes, state and an S256 challenge of the stored verifier', async () => {
    const url = new URL(
      await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null }),
    );
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8787/oauth/authorize');
    const pending = JSON.parse(storage.getItem('croql.oauth.pending')!) as {
      verifier: string;
      state: string;
    };
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'croql-playground',
      redirect_uri: 'http://127.0.0.1:5173/callback',
      response_type: 'code',
      scope: 'project tm glossary',
      state: pending.state,
      code_challenge: await codeChallengeS256(pending.verifier),
      code_challenge_method: 'S256',
    });
    expect(pending.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('asks for a client id when none is configured, and refuses an enterprise domain that is a host', async () => {
    await expect(
      prepareSignIn(config, { connection: 'standard', domain: null, clientId: null }),
    ).rejects.toThrow(/CROQL_CLIENT_ID/);
    await expect(
      prepareSignIn(config, { connection: 'enterprise', domain: 'evil.example', clientId: 'x' }),
    ).rejects.toThrow(/organization domain/);
    const ok = await prepareSignIn(config, { connection: 'enterprise', domain: 'acme', clientId: 'mine' });
    expect(new URL(ok).searchParams.get('client_id')).toBe('mine');
  });

  it('exchanges the code with the verifier through the relay, stores the session and forgets the verifier', async () => {
    const url = new URL(
      await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null }),
    );
    const pending = JSON.parse(storage.getItem('croql.oauth.pending')!) as { verifier: string };
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) => {
      expect(JSON.parse(String(init.body))).toEqual({
        connection: 'emulator',
        grant_type: 'authorization_code',
        code: 'the-code',
        code_verifier: pending.verifier,
        redirect_uri: 'http://127.0.0.1:5173/callback',
      });
      return new Response(
        JSON.stringify({
          access_token: 'a',
          refresh_token: 'r',
          expires_in: 7200,
          token_type: 'bearer',
          scope: 'project',
        }),
        { status: 200 },
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    await completeSignIn(
      new URLSearchParams({ code: 'the-code', state: url.searchParams.get('state')! }),
      loadConfig,
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useAuthStore.getState().session).toMatchObject({
      accessToken: 'a',
      refreshToken: 'r',
      scope: 'project',
    });
    expect(storage.getItem('croql.oauth.pending')).toBeNull();
  });

  it('refuses a mismatched state and explains a decline, deleting the verifier either way', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null });
    await expect(completeSignIn(new URLSearchParams({ code: 'c', state: 'forged' }))).rejects.toThrow(
      /security check/,
    );
    expect(storage.getItem('croql.oauth.pending')).toBeNull();

    const url = new URL(
      await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null }),
    );
    await expect(
      completeSignIn(new URLSearchParams({ error: 'access_denied', state: url.searchParams.get('state')! })),
    ).rejects.toThrow(/You declined access/);
    expect(storage.getItem('croql.oauth.pending')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns a token error into a clear message', async () => {
    const url = new URL(
      await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })),
    );
    await expect(
      completeSignIn(new URLSearchParams({ code: 'old', state: url.searchParams.get('state')! }), loadConfig),
    ).rejects.toThrow(/expired or was already used/);
    expect(useAuthStore.getState().session).toBeNull();
  });

  it('refuses to finish a sign-in whose stored API URL is outside the allow-list, before exchanging the code', async () => {
    const url = new URL(
      await prepareSignIn(config, { connection: 'emulator', domain: null, clientId: null }),
    );
    const pending = JSON.parse(storage.getItem('croql.oauth.pending')!) as Record<string, unknown>;
    storage.setItem(
      'croql.oauth.pending',
      JSON.stringify({ ...pending, apiUrl: 'https://evil.example/api/v2' }),
    );
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      completeSignIn(new URLSearchParams({ code: 'c', state: url.searchParams.get('state')! }), loadConfig),
    ).rejects.toThrow(/Refusing to send your token to evil\.example/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAuthStore.getState().session).toBeNull();
  });

  it('keeps an enterprise sign-in only when the token names the organization signed in to', async () => {
    const finish = async (tokenDomain: string | null) => {
      const url = new URL(
        await prepareSignIn(config, { connection: 'enterprise', domain: 'Acme', clientId: 'mine' }),
      );
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json({ access_token: jwtForDomain(tokenDomain), expires_in: 7200, scope: 'project' }),
        ),
      );
      return completeSignIn(
        new URLSearchParams({ code: 'c', state: url.searchParams.get('state')! }),
        loadConfig,
      );
    };
    for (const [domain, told] of [
      ['umbrella', /token for the organization "umbrella", not for the organization "acme"/],
      [null, /token for crowdin\.com, not for the organization "acme"/],
    ] as const) {
      await expect(finish(domain)).rejects.toThrow(told);
      expect(useAuthStore.getState().session).toBeNull();
    }
    await expect(finish('acme')).resolves.toMatchObject({
      domain: 'acme',
      apiUrl: 'https://acme.api.crowdin.com/api/v2',
    });
  });

  describe("when this tab's storage refuses", () => {
    const choice = { connection: 'emulator', domain: null, clientId: null } as const;

    it('does not start: it throws what the storage threw, stores nothing and does not leave the page', async () => {
      const quota = new DOMException('exceeded the quota', 'QuotaExceededError');
      storage.setItem = () => {
        throw quota;
      };
      const assign = vi.fn();
      vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173', assign });
      const started = startSignIn(config, choice);
      await expect(started).rejects.toBeInstanceOf(PendingNotKept);
      await expect(started).rejects.toMatchObject({ error: quota });
      expect(assign).not.toHaveBeenCalled();
      expect(storage.length).toBe(0);
    });

    it('throws PendingNotKept for a storage the browser blocks, even on reaching it', async () => {
      const blocked = new DOMException('access denied', 'SecurityError');
      Object.defineProperty(globalThis, 'sessionStorage', {
        configurable: true,
        get: () => {
          throw blocked;
        },
      });
      await expect(prepareSignIn(config, choice)).rejects.toMatchObject({ error: blocked });
    });
  });

  describe('a callback that finds no sign-in of this tab', () => {
    const missing =
      /is not in this tab's storage \(it was used already, the tab's storage was cleared or blocked, or the sign-in began in another tab\)\. Sign in again\./;

    it('says so, and exchanges nothing, when the storage holds none', async () => {
      const fetchMock = vi.fn();
      vi.stubGlobal('fetch', fetchMock);
      await expect(
        completeSignIn(new URLSearchParams({ code: 'c', state: 's' }), loadConfig),
      ).rejects.toThrow(missing);
      expect(fetchMock).not.toHaveBeenCalled();
    });

    it('says the same, not what the browser threw, when the storage cannot be read', async () => {
      storage.getItem = () => {
        throw new DOMException('access denied', 'SecurityError');
      };
      await expect(
        completeSignIn(new URLSearchParams({ code: 'c', state: 's' }), loadConfig),
      ).rejects.toThrow(missing);
    });
  });
});
