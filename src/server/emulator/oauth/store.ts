// Authorization codes, refresh tokens and revoked access tokens, in memory.
import { randomToken, signJwt, type TokenClaims } from './jwt.ts';
import type { EmulatorConfig } from '../config.ts';

export const CODE_LIFETIME_MS = 10 * 60 * 1000;

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

interface RefreshRecord {
  clientId: string;
  userId: number;
  scope: string;
  grantId: string;
  active: boolean;
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
  /** Access token ids per grant, for revocation when a code is reused. */
  private accessByGrant = new Map<string, string[]>();
  private allAccess: string[] = [];
  private revoked = new Set<string>();

  constructor(private config: EmulatorConfig) {}

  issueCode(grant: Omit<CodeGrant, 'expiresAt' | 'used' | 'grantId'>): string {
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
    return this.refreshTokens.get(token);
  }

  issueTokens(clientId: string, userId: number, scope: string, grantId: string): TokenResponse {
    const now = this.config.clock();
    const jti = randomToken(12);
    const claims: TokenClaims = {
      sub: String(userId),
      scope,
      iat: Math.floor(now / 1000),
      exp: Math.floor(now / 1000) + this.config.tokenTtl,
      jti,
      aud: clientId,
    };
    if (this.config.organization) claims.domain = this.config.organization;
    const list = this.accessByGrant.get(grantId) ?? [];
    list.push(jti);
    this.accessByGrant.set(grantId, list);
    this.allAccess.push(jti);
    const refreshToken = randomToken();
    this.refreshTokens.set(refreshToken, { clientId, userId, scope, grantId, active: true });
    return {
      access_token: signJwt(claims, this.config.signingKey),
      token_type: 'bearer',
      expires_in: this.config.tokenTtl,
      refresh_token: refreshToken,
      scope,
    };
  }

  /** A reused code: every access and refresh token it led to stops working. */
  revokeGrant(grantId: string): void {
    for (const jti of this.accessByGrant.get(grantId) ?? []) this.revoked.add(jti);
    for (const record of this.refreshTokens.values()) if (record.grantId === grantId) record.active = false;
  }

  /** The test hook: every access token issued so far counts as expired. */
  expireAllAccessTokens(): number {
    for (const jti of this.allAccess) this.revoked.add(jti);
    const n = this.allAccess.length;
    this.allAccess = [];
    return n;
  }

  isRevoked(jti: string): boolean {
    return this.revoked.has(jti);
  }
}

/** A personal access token: no expiry, usable with curl or any outside tool. */
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
