// Authorization codes, grants, refresh tokens and revoked access tokens, in memory. Every record carries
// its expiry, and the store forgets what has expired, so sign-ins do not accumulate.
import { randomToken, signJwt, type TokenClaims } from './jwt.ts';
import type { EmulatorConfig } from '../config.ts';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** How often (by the store's clock) expired records are swept. */
const PRUNE_EVERY_MS = 60 * 1000;

export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  userId: number;
  scope: string;
  challenge: string | null;
  method: 'S256' | 'plain' | null;
  expiresAt: number;
  used: boolean;
  /** Everything issued from this code (and its refreshes) shares the grant id, so it can be revoked at once. */
  grantId: string;
}

export interface RefreshRecord {
  clientId: string;
  userId: number;
  scope: string;
  grantId: string;
  /** False once rotated: presenting it again is a replay, and revokes the whole grant. */
  active: boolean;
  expiresAt: number;
  /** Claims every token of the grant carries (an installed app's `typ` and `app`). */
  extra?: AppClaims;
}

export type AppClaims = Pick<TokenClaims, 'typ' | 'app'>;

/** Everything the store holds, as plain records (the state file's `oauth` part: ../state/oauth.ts). */
export interface OAuthRecords {
  codes: [string, CodeGrant][];
  grants: { id: string; expiresAt: number; access: [string, number][]; refreshTokens: string[] }[];
  refreshTokens: [string, RefreshRecord][];
  /** Revoked token ids and when they expire anyway (null: never, a personal access token). */
  revoked: [string, number | null][];
}

interface Grant {
  refreshTokens: Set<string>;
  /** Access token ids issued in this grant, with their expiry (ms). */
  access: Map<string, number>;
  expiresAt: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
}

export class OAuthStore {
  private codes = new Map<string, CodeGrant>();
  private refreshTokens = new Map<string, RefreshRecord>();
  private grants = new Map<string, Grant>();
  /** Every live OAuth access token id → its grant. */
  private accessGrant = new Map<string, string>();
  /** Revoked token ids → when they would have expired anyway (Infinity for personal access tokens). */
  private revoked = new Map<string, number>();
  private lastPrune = -Infinity;
  /**
   * This run's mark on its refresh tokens: the store lives in memory, so after a restart a refresh token
   * of an earlier run is unknown, and its mark tells "the emulator restarted" from "invalid or expired".
   */
  private readonly run = randomToken(6);
  /** Refresh tokens of sign-ins the test hook made this run forget, as a restart would. */
  private forgotten = new Set<string>();

  constructor(private config: EmulatorConfig) {}

  /** Whether a refresh token this store does not know was issued by an earlier run of the emulator. */
  fromEarlierRun(token: string): boolean {
    if (this.forgotten.has(token)) return true;
    const dot = token.indexOf('.');
    return dot > 0 && token.slice(0, dot) !== this.run;
  }

  /** The test hook: the sign-in of one access token is forgotten as a restart forgets every sign-in. */
  forgetSignIn(jti: string): boolean {
    const grantId = this.accessGrant.get(jti);
    const grant = grantId === undefined ? undefined : this.grants.get(grantId);
    if (!grant) return false;
    for (const token of grant.refreshTokens) this.forgotten.add(token);
    this.revokeGrant(grantId!);
    return true;
  }

  issueCode(grant: Omit<CodeGrant, 'expiresAt' | 'used' | 'grantId'>): string {
    this.prune();
    const code = randomToken();
    this.codes.set(code, {
      ...grant,
      expiresAt: this.config.clock() + CODE_LIFETIME_MS,
      used: false,
      grantId: randomToken(12),
    });
    return code;
  }

  code(code: string): CodeGrant | undefined {
    return this.codes.get(code);
  }

  refresh(token: string): RefreshRecord | undefined {
    const record = this.refreshTokens.get(token);
    return record && record.expiresAt > this.config.clock() ? record : undefined;
  }

  issueTokens(
    clientId: string,
    userId: number,
    scope: string,
    grantId: string,
    extra?: AppClaims,
  ): TokenResponse {
    this.prune();
    const now = this.config.clock();
    const jti = randomToken(12);
    const exp = Math.floor(now / 1000) + this.config.tokenTtl;
    const claims: TokenClaims = {
      sub: String(userId),
      scope,
      iat: Math.floor(now / 1000),
      exp,
      jti,
      aud: clientId,
      ...extra,
    };
    if (this.config.organization) claims.domain = this.config.organization;
    let grant = this.grants.get(grantId);
    if (!grant) {
      grant = { refreshTokens: new Set(), access: new Map(), expiresAt: now + this.config.refreshTtl * 1000 };
      this.grants.set(grantId, grant);
    }
    grant.access.set(jti, exp * 1000);
    this.accessGrant.set(jti, grantId);
    const refreshToken = `${this.run}.${randomToken()}`;
    grant.refreshTokens.add(refreshToken);
    this.refreshTokens.set(refreshToken, {
      clientId,
      userId,
      scope,
      grantId,
      active: true,
      expiresAt: grant.expiresAt,
      extra,
    });
    return {
      access_token: signJwt(claims, this.config.signingKey),
      token_type: 'bearer',
      expires_in: this.config.tokenTtl,
      refresh_token: refreshToken,
      scope,
    };
  }

  /** A reused code or refresh token, or a revocation: every token of the grant stops working. */
  revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (!grant) return;
    for (const [jti, expiresAt] of grant.access) {
      this.revoked.set(jti, expiresAt);
      this.accessGrant.delete(jti);
    }
    for (const token of grant.refreshTokens) this.refreshTokens.delete(token);
    this.grants.delete(grantId);
  }

  /** RFC 7009: a refresh token or an OAuth access token ends its grant; a personal token ends itself. */
  revokeRefreshToken(token: string, clientId: string): boolean {
    const record = this.refreshTokens.get(token);
    if (!record || record.clientId !== clientId) return false;
    this.revokeGrant(record.grantId);
    return true;
  }

  revokeAccessToken(claims: TokenClaims): void {
    const grantId = this.accessGrant.get(claims.jti);
    if (grantId) this.revokeGrant(grantId);
    else this.revoked.set(claims.jti, claims.exp === undefined ? Infinity : claims.exp * 1000);
  }

  /**
   * The test hook: every access token issued so far counts as expired, or, given the `jti` of one access
   * token, only those of its sign-in (so parallel tests do not expire each other's sessions).
   */
  expireAllAccessTokens(onlyGrantOf?: string): number {
    const only = onlyGrantOf === undefined ? undefined : this.accessGrant.get(onlyGrantOf);
    if (onlyGrantOf !== undefined && only === undefined) return 0;
    let n = 0;
    for (const [grantId, grant] of this.grants) {
      if (only !== undefined && grantId !== only) continue;
      for (const [jti, expiresAt] of grant.access) {
        this.revoked.set(jti, expiresAt);
        this.accessGrant.delete(jti);
        n++;
      }
      grant.access.clear();
    }
    return n;
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }

  /** Copies of every record, for a save: later changes to the store do not reach them. */
  records(): OAuthRecords {
    return {
      codes: [...this.codes].map(([code, grant]) => [code, { ...grant }]),
      grants: [...this.grants].map(([id, g]) => ({
        id,
        expiresAt: g.expiresAt,
        access: [...g.access],
        refreshTokens: [...g.refreshTokens],
      })),
      refreshTokens: [...this.refreshTokens].map(([token, r]) => [token, { ...r }]),
      revoked: [...this.revoked].map(([jti, at]) => [jti, at === Infinity ? null : at]),
    };
  }

  /** Replaces every record with those given (a restored state); what has expired since goes at once. */
  replaceRecords(records: OAuthRecords): void {
    this.codes = new Map(records.codes.map(([code, grant]) => [code, { ...grant }]));
    this.refreshTokens = new Map(records.refreshTokens.map(([token, r]) => [token, { ...r }]));
    this.grants = new Map();
    this.accessGrant = new Map();
    for (const g of records.grants) {
      this.grants.set(g.id, {
        expiresAt: g.expiresAt,
        access: new Map(g.access),
        refreshTokens: new Set(g.refreshTokens),
      });
      for (const [jti] of g.access) this.accessGrant.set(jti, g.id);
    }
    this.revoked = new Map(records.revoked.map(([jti, at]) => [jti, at ?? Infinity]));
    this.forgotten.clear();
    this.prune(true);
  }

  /** How many records the store holds (tests check that expired ones go). */
  size(): { codes: number; grants: number; refreshTokens: number; accessTokens: number; revoked: number } {
    return {
      codes: this.codes.size,
      grants: this.grants.size,
      refreshTokens: this.refreshTokens.size,
      accessTokens: this.accessGrant.size,
      revoked: this.revoked.size,
    };
  }

  /** Forgets expired codes, grants, access token ids and revocations (at most once a minute). */
  prune(force = false): void {
    const now = this.config.clock();
    if (!force && now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    for (const [code, grant] of this.codes) if (grant.expiresAt <= now) this.codes.delete(code);
    for (const [grantId, grant] of this.grants) {
      if (grant.expiresAt <= now) {
        for (const jti of grant.access.keys()) this.accessGrant.delete(jti);
        for (const token of grant.refreshTokens) this.refreshTokens.delete(token);
        this.grants.delete(grantId);
        continue;
      }
      for (const [jti, expiresAt] of grant.access) {
        if (expiresAt <= now) {
          grant.access.delete(jti);
          this.accessGrant.delete(jti);
        }
      }
    }
    // A revoked token that has expired is refused for its expiry anyway.
    for (const [jti, expiresAt] of this.revoked) if (expiresAt <= now) this.revoked.delete(jti);
  }
}

/** A personal access token: no expiry (valid until revoked), usable with curl or any outside tool. */
export function personalAccessToken(config: EmulatorConfig, userId: number, scope: string): string {
  const claims: TokenClaims = {
    sub: String(userId),
    scope,
    iat: Math.floor(config.clock() / 1000),
    jti: randomToken(12),
    typ: 'pat',
  };
  if (config.organization) claims.domain = config.organization;
  return signJwt(claims, config.signingKey);
}
