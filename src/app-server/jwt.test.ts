// The synchronous service-JWT check and its cache of verified tokens: what a page's repeated calls rely on.
// The refusals as the router sees them are in src/router/server/auth.test.ts.
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { checkServiceJwt, JwtError } from './jwt.ts';

const client = { clientId: 'app-client', clientSecret: 'client-secret' };
const now = 1_760_000_000;
const claims = {
  aud: 'app-client',
  sub: '7',
  domain: null,
  module: 'croql-playground-editor',
  context: { project_id: 1, organization_id: 200, user_id: 7 },
  iat: now,
  exp: now + 900,
};
const reason = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof JwtError ? `${e.problem}: ${e.message}` : `not a JwtError: ${String(e)}`;
  }
  return 'accepted';
};

describe('checkServiceJwt', () => {
  it('reads the same claims again from a token it verified, until the token expires', async () => {
    const token = await sign(claims, client.clientSecret, 'HS256');
    const first = checkServiceJwt(token, client, now);
    expect(first).toMatchObject({ organization: '200', projectId: 1, userId: '7' });
    expect(checkServiceJwt(token, client, now + 900)).toEqual(first);
    expect(reason(() => checkServiceJwt(token, client, now + 900 + 61))).toBe(
      'expired: The token has expired: reload the page.',
    );
  });

  it('does not take a token verified for one client as verified for another with the same id', async () => {
    const token = await sign(claims, client.clientSecret, 'HS256');
    checkServiceJwt(token, client, now);
    expect(reason(() => checkServiceJwt(token, { ...client, clientSecret: 'another' }, now))).toBe(
      "invalid: The token is not the service's for this app (JwtTokenSignatureMismatched).",
    );
    expect(reason(() => checkServiceJwt(token, { ...client, clientId: 'another' }, now))).toBe(
      "invalid: The token is not the service's for this app (JwtTokenAudience).",
    );
  });

  it('refuses a changed payload, another algorithm, no signature and what is not a JWT, saying which', async () => {
    const token = await sign(claims, client.clientSecret, 'HS256');
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, context: { project_id: 2 } })).toString(
      'base64url',
    );
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const cases: [string, string][] = [
      [`${header}.${payload}.${signature}`, 'JwtTokenSignatureMismatched'],
      [await sign(claims, client.clientSecret, 'HS512'), 'JwtAlgorithmMismatch'],
      [`${none}.${token.split('.')[1]}.`, 'JwtHeaderInvalid'],
      [`${header}.${token.split('.')[1]}.`, 'JwtTokenSignatureMismatched'],
      ['not-a-jwt', 'JwtTokenInvalid'],
      [`${header}.e30.${signature}`, 'JwtPayloadRequiresAud'],
    ];
    for (const [bad, name] of cases) {
      expect({ name, got: reason(() => checkServiceJwt(bad, client, now)) }).toEqual({
        name,
        got: `invalid: The token is not the service's for this app (${name}).`,
      });
    }
  });
});
