// The state's `oauth` part: sign-ins (authorization codes, grants, refresh tokens, revocations) and the key
// that signs the emulator's tokens, so a token issued before a restart still works after it. A fixed key
// (CROQL_EMULATOR_SIGNING_KEY) wins over the saved one.
import type { EmulatorConfig } from '../config.ts';
import type { CodeGrant, OAuthRecords, OAuthStore, RefreshRecord } from '../oauth/store.ts';
import { Reader, type StatePart } from './part.ts';

export function oauthPart(config: EmulatorConfig, store: OAuthStore): StatePart {
  return {
    key: 'oauth',
    save: () => ({ signingKey: config.signingKey, ...store.records() }),
    restore(value) {
      const empty: OAuthRecords = { codes: [], grants: [], refreshTokens: [], revoked: [] };
      if (value === undefined) return () => store.replaceRecords(empty);
      const r = new Reader(value, 'oauth');
      const key = r.get('signingKey').string();
      const records: OAuthRecords = {
        codes: r
          .get('codes')
          .list(true)
          .map((e) => {
            const [code, g] = e.tuple(2);
            return [code!.string(), codeGrant(g!)];
          }),
        grants: r
          .get('grants')
          .list(true)
          .map((g) => ({
            id: g.get('id').string(),
            expiresAt: g.get('expiresAt').number(),
            access: g
              .get('access')
              .list()
              .map((a) => {
                const [jti, exp] = a.tuple(2);
                return [jti!.string(), exp!.number()];
              }),
            refreshTokens: g.get('refreshTokens').strings(),
          })),
        refreshTokens: r
          .get('refreshTokens')
          .list(true)
          .map((e) => {
            const [token, rec] = e.tuple(2);
            return [token!.string(), refreshRecord(rec!)];
          }),
        revoked: r
          .get('revoked')
          .list(true)
          .map((e) => {
            const [jti, at] = e.tuple(2);
            return [jti!.string(), at!.numberOrNull()];
          }),
      };
      return () => {
        if (!process.env.CROQL_EMULATOR_SIGNING_KEY) config.signingKey = key;
        store.replaceRecords(records);
      };
    },
  };
}

function codeGrant(g: Reader): CodeGrant {
  const method = g.get('method').stringOrNull();
  return {
    clientId: g.get('clientId').string(),
    redirectUri: g.get('redirectUri').string(),
    userId: g.get('userId').int(),
    scope: g.get('scope').string(),
    challenge: g.get('challenge').stringOrNull(),
    method: method === null ? null : g.get('method').oneOf(['S256', 'plain'] as const),
    expiresAt: g.get('expiresAt').number(),
    used: g.get('used').boolean(),
    grantId: g.get('grantId').string(),
  };
}

function refreshRecord(r: Reader): RefreshRecord {
  const extra = r.get('extra');
  return {
    clientId: r.get('clientId').string(),
    userId: r.get('userId').int(),
    scope: r.get('scope').string(),
    grantId: r.get('grantId').string(),
    active: r.get('active').boolean(),
    expiresAt: r.get('expiresAt').number(),
    ...(extra.value === undefined
      ? {}
      : {
          extra: {
            ...(extra.get('typ').value === undefined ? {} : { typ: extra.get('typ').string() }),
            ...(extra.get('app').value === undefined ? {} : { app: extra.get('app').string() }),
          },
        }),
  };
}
