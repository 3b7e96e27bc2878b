import { describe, expect, it } from 'vitest';
import { base64UrlEncode, codeChallengeS256, randomToken } from './pkce.ts';

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B example', async () => {
    const verifierBytes = new Uint8Array([
      116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105, 214,
      191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
    ]);
    const verifier = base64UrlEncode(verifierBytes);
    expect(verifier).toBe('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(await codeChallengeS256(verifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('draws a 43-character base64url verifier from 32 random bytes, different every time', () => {
    const a = randomToken();
    const b = randomToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });
});
