// The example app's own checks, as a reader copying it relies on them: a webhook whose signature is not the
// installation's is refused, and the project-menu page opens only with the service's JWT. The whole app
// against the emulator: walkthrough.test.ts.
import { createHmac } from 'node:crypto';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { validateManifest } from '../server/emulator/apps/manifest.ts';
import { exampleApp, manifest } from './app.ts';

const config = {
  baseUrl: 'http://127.0.0.1:3000',
  clientId: 'client-1',
  clientSecret: 'secret-1',
  accountsUrl: 'http://127.0.0.1:1',
  apiUrl: 'http://127.0.0.1:1',
  maxLength: 40,
  log: () => {},
};

describe('the example app', () => {
  it("serves a manifest the emulator's rules find no error in", () => {
    const { report } = validateManifest(manifest(config));
    expect(report.errors).toEqual([]);
  });

  it('refuses a webhook signed with another secret, and one from an organization it was not installed in', async () => {
    const { app } = exampleApp(config);
    const installed = await app.request('/installed', {
      method: 'POST',
      body: JSON.stringify({
        clientId: 'client-1',
        appSecret: 'app-secret',
        domain: 'acme',
        userId: 1,
        agentId: 9,
      }),
    });
    expect(installed.status).toBe(204);
    const body = JSON.stringify({ events: [] });
    const post = (secret: string, domain: string) =>
      app.request('/webhooks', {
        method: 'POST',
        headers: {
          'X-Crowdin-Domain': domain,
          'X-Crowdin-Signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
        body,
      });
    expect((await post('not-the-secret', 'acme')).status).toBe(401);
    expect((await post('app-secret', 'other')).status).toBe(401);
    expect((await post('app-secret', 'acme')).status).toBe(200);
  });

  it("opens the project-menu page only with a JWT signed with the OAuth app's secret", async () => {
    const { app } = exampleApp(config);
    const claims = {
      aud: 'client-1',
      sub: '1',
      domain: 'acme',
      context: { project_id: 7, user_login: 'alice', organization_id: 1 },
      exp: Math.floor(Date.now() / 1000) + 600,
    };
    const none = await app.request('/project-menu');
    expect(none.status).toBe(401);
    expect(await none.text()).toContain('jwtToken');
    const forged = await app.request(`/project-menu?jwtToken=${await sign(claims, 'other', 'HS256')}`);
    expect(forged.status).toBe(401);
    const page = await app.request(`/project-menu?jwtToken=${await sign(claims, 'secret-1', 'HS256')}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Project 7, opened by alice.');
  });
});
