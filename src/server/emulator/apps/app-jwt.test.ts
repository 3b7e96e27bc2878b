// The JWT of calls to apps verifies with the OAuth client's secret and carries the documented claims.
import { createHmac } from 'node:crypto';
import { expect, it } from 'vitest';
import { appJwt } from './app-jwt.ts';
import { setUpStepApp } from './testing-step-app.ts';

const s = setUpStepApp({ organization: 'acme' });

it('is HS256 over the client secret, with aud, sub, domain, module, context, iat and exp (900 s)', () => {
  const app = s.em.apps.installations.get(s.appId)!;
  const token = appJwt(app, {
    moduleKey: 'review',
    project: { id: 1, identifier: 'acme-shop' },
    domain: 'acme',
    now: 1_700_000_000_000,
  });
  const [header, payload, signature] = token.split('.') as [string, string, string];
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
  expect(signature).toBe(
    createHmac('sha256', s.clientSecret).update(`${header}.${payload}`).digest('base64url'),
  );
  expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toEqual({
    aud: s.clientId,
    sub: '1',
    domain: 'acme',
    module: 'review',
    context: {
      project_id: 1,
      project_identifier: 'acme-shop',
      organization_id: 1,
      organization_domain: 'acme',
      user_id: 1,
      user_login: 'alice',
    },
    iat: 1_700_000_000,
    exp: 1_700_000_900,
  });
});
