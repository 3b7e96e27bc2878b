// The emulator's tokens are plain HS256 JWTs: the JWT library CroQL Router verifies with (hono/jwt) reads
// them, and the emulator reads that library's, so the two sides share one scheme and these vectors.
import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt, type TokenClaims } from './jwt.ts';

const KEY = 'a signing key of the emulator';
const claims: TokenClaims = { sub: '1', scope: 'project', iat: 1_700_000_000, jti: 'vector-1', typ: 'pat' };

describe('HS256 tokens', () => {
  it('are the same bytes the router’s JWT library writes, and each side verifies the other’s', async () => {
    const ours = signJwt(claims, KEY);
    expect(await sign({ ...claims }, KEY, 'HS256')).toBe(ours);
    expect(await verify(ours, KEY, { alg: 'HS256', iat: false })).toEqual(claims);
    expect(verifyJwt(await sign({ ...claims, jti: 'vector-2' }, KEY, 'HS256'), KEY)).toEqual({
      ...claims,
      jti: 'vector-2',
    });
  });

  it('are refused by both with another key or a changed payload', async () => {
    const ours = signJwt(claims, KEY);
    expect(verifyJwt(ours, 'another key')).toBeNull();
    await expect(verify(ours, 'another key', { alg: 'HS256', iat: false })).rejects.toThrow();
    const [header, , signature] = ours.split('.');
    const changed = `${header}.${Buffer.from(JSON.stringify({ ...claims, scope: 'all' })).toString('base64url')}.${signature}`;
    expect(verifyJwt(changed, KEY)).toBeNull();
    await expect(verify(changed, KEY, { alg: 'HS256', iat: false })).rejects.toThrow();
  });
});
