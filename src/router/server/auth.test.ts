import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { headerCases, SIGNING_VECTORS } from '../../wire/signature-vectors.ts';
import { signatureOf, tokenOf, verifyServiceJwt, verifySignature } from './auth.ts';

const body = new TextEncoder().encode('{"events":[]}');
const secret = 'app-secret';

describe('verifySignature', () => {
  const good = signatureOf(body, secret);

  it('accepts the lowercase hex HMAC-SHA256 of the raw body, with or without sha256=', () => {
    expect(good).toMatch(/^[0-9a-f]{64}$/);
    expect(verifySignature(body, good, secret)).toBe(true);
    expect(verifySignature(body, `sha256=${good}`, secret)).toBe(true);
  });

  it('refuses a missing, short, foreign or stale signature', () => {
    expect(verifySignature(body, undefined, secret)).toBe(false);
    expect(verifySignature(body, '', secret)).toBe(false);
    expect(verifySignature(body, good.slice(0, 63), secret)).toBe(false);
    expect(verifySignature(body, signatureOf(body, 'other-secret'), secret)).toBe(false);
    expect(verifySignature(new TextEncoder().encode('{"events":[1]}'), good, secret)).toBe(false);
    expect(verifySignature(body, `${good.slice(0, 63)}z`, secret)).toBe(false);
  });
});

describe.each(SIGNING_VECTORS)('the shared signature vector: $name', (v) => {
  const raw = new TextEncoder().encode(v.body);
  it('signs it as the vector says', () => expect(signatureOf(raw, v.secret)).toBe(v.signature));
  it.each(headerCases(v))('takes $name: $valid', ({ header, valid }) => {
    expect(verifySignature(raw, header, v.secret)).toBe(valid);
  });
});

describe('verifyServiceJwt', () => {
  const client = { clientId: 'router-client', clientSecret: 'client-secret' };
  const now = 1_750_000_000;
  const claims = {
    aud: 'router-client',
    sub: '7',
    domain: 'acme',
    context: { project_id: 1, organization_id: 200, user_id: 7 },
    iat: now,
    exp: now + 900,
  };

  it("reads the service's claims", async () => {
    const token = await sign(claims, client.clientSecret, 'HS256');
    expect(await verifyServiceJwt(token, client, now)).toMatchObject({
      organization: 'acme',
      organizationId: 200,
      projectId: 1,
      userId: '7',
      module: null,
    });
    const standard = await sign({ ...claims, domain: null }, client.clientSecret, 'HS256');
    expect((await verifyServiceJwt(standard, client, now)).organization).toBe('200');
  });

  it('refuses another key, another audience, an expired token, and one naming no organization', async () => {
    await expect(verifyServiceJwt(await sign(claims, 'other', 'HS256'), client, now)).rejects.toThrow(
      /not the service's/,
    );
    await expect(
      verifyServiceJwt(
        await sign({ ...claims, aud: 'someone-else' }, client.clientSecret, 'HS256'),
        client,
        now,
      ),
    ).rejects.toThrow(/not the service's/);
    await expect(
      verifyServiceJwt(await sign(claims, client.clientSecret, 'HS256'), client, now + 900 + 61),
    ).rejects.toThrow(/expired/);
    // A minute of clock drift is tolerated.
    await expect(
      verifyServiceJwt(await sign(claims, client.clientSecret, 'HS256'), client, now + 930),
    ).resolves.toBeTruthy();
    const orphan = await sign({ ...claims, domain: null, context: {} }, client.clientSecret, 'HS256');
    await expect(verifyServiceJwt(orphan, client, now)).rejects.toThrow(/no organization/);
  });

  it('takes the Bearer header, else the page’s jwtToken', () => {
    expect(tokenOf('Bearer abc', 'def')).toBe('abc');
    expect(tokenOf(undefined, 'def')).toBe('def');
    expect(tokenOf('Basic x', undefined)).toBe(null);
  });
});
