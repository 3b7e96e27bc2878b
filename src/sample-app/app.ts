// The README's example Crowdin app ("Develop a Crowdin app against the emulator"): the least an app needs
// for a workflow step and UI modules, on plain Hono. Its step, "Length check", routes each string that
// reaches it by its source text's length: at most `maxLength` characters to the output "Fits" (port
// `true`), longer ones to "Too long" (port `false`). Its project-menu page shows who opened it and what the
// step routed. What the service sends and takes is in src/wire/apps.ts; this file only plays the app's part:
//   - the manifest, with crowdin_agent authentication (the step needs it) and the step's companion webhook;
//   - the installed event, whose appSecret and agentId it keeps (in memory: an example, not a product);
//   - the webhook: checks X-Crowdin-Signature, takes an agent token, PATCHes each string's output;
//   - the project-menu page: opened with `?jwtToken=…`, verified with the OAuth client secret;
//   - the editor-right-panel page (./panel.ts): the same check, then the editor driven through `AP`.
import { Hono } from 'hono';
import { verify } from 'hono/jwt';
import { createHmac } from 'node:crypto';
import type { StatusPatchOp } from '../wire/apps.ts';
import { STEP_EVENT, WEBHOOK_HEADERS } from '../wire/apps.ts';
import { signatureMatches } from '../wire/signature.ts';
import { panelPage } from './panel.ts';

export const EXAMPLE_APP_ID = 'example-step';
export const STEP_KEY = 'length-check';
export const MENU_KEY = 'example-menu';
export const PANEL_KEY = 'example-panel';
export const PORTS = { fits: 'true', tooLong: 'false' } as const;

export interface ExampleConfig {
  /** Where the app is reached: the manifest's baseUrl. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The token endpoint's host and the API's: the emulator's address here. */
  accountsUrl: string;
  apiUrl: string;
  maxLength: number;
  log: (line: string) => void;
}

/** What the installed event gave: enough to ask for the agent's token. */
interface Installation {
  appSecret: string;
  domain: string | null;
  userId: number;
  agentId: number;
}

/** A step event's parts this app reads (the payload has many more). */
interface StepEvent {
  event: string;
  stringStatus: {
    translation: { id: number; text: string; project: { id: number } };
    workflowStep: { id: number };
    affectedLanguage: { id: string };
  };
}

export function manifest(config: ExampleConfig) {
  return {
    identifier: EXAMPLE_APP_ID,
    name: 'Example step',
    description: `Routes strings of at most ${config.maxLength} characters to Fits, longer ones to Too long.`,
    baseUrl: config.baseUrl,
    authentication: { type: 'crowdin_agent', clientId: config.clientId },
    agent: { username: 'example-step-bot', name: 'Example step' },
    events: { installed: '/installed', uninstall: '/uninstall' },
    scopes: ['project'],
    modules: {
      webhook: [{ key: 'example-webhook', url: '/webhooks', events: [STEP_EVENT] }],
      'workflow-step-type': [
        {
          key: STEP_KEY,
          name: 'Length check',
          description: `Source text of at most ${config.maxLength} characters: Fits; longer: Too long.`,
          boundaries: {
            input: { title: 'Strings', ports: ['all'] },
            outputs: [
              { title: 'Fits', port: PORTS.fits },
              { title: 'Too long', port: PORTS.tooLong },
            ],
          },
        },
      ],
      'project-menu': [{ key: MENU_KEY, name: 'Example step', url: '/project-menu' }],
      'editor-right-panel': [
        { key: PANEL_KEY, name: 'Example panel', url: '/editor-panel', modes: ['translate'] },
      ],
    },
  };
}

export function exampleApp(config: ExampleConfig) {
  const installations = new Map<string, Installation>();
  /** What the step routed, per port, since the app started. */
  const routed: Record<string, number> = { [PORTS.fits]: 0, [PORTS.tooLong]: 0 };
  const app = new Hono();

  app.get('/manifest.json', (c) => c.json(manifest(config)));

  app.post('/installed', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    if (body.clientId !== config.clientId || typeof body.appSecret !== 'string') {
      return c.json({ error: 'Not an installation of this app.' }, 403);
    }
    installations.set(String(body.domain ?? body.organizationId), {
      appSecret: body.appSecret,
      domain: typeof body.domain === 'string' ? body.domain : null,
      userId: Number(body.userId),
      agentId: Number(body.agentId),
    });
    config.log(`installed for ${String(body.domain ?? body.organizationId)}`);
    return c.body(null, 204);
  });

  app.post('/uninstall', async (c) => {
    const body = await c.req.json<Record<string, unknown>>();
    const key = String(body.domain ?? body.organizationId);
    if (installations.get(key)?.appSecret !== body.appSecret) return c.json({ error: 'Unknown app.' }, 403);
    installations.delete(key);
    return c.body(null, 204);
  });

  app.post('/webhooks', async (c) => {
    const raw = new Uint8Array(await c.req.arrayBuffer());
    const key = c.req.header(WEBHOOK_HEADERS.domain) || c.req.header(WEBHOOK_HEADERS.id) || '';
    const installation = installations.get(key);
    const expected = installation && createHmac('sha256', installation.appSecret).update(raw).digest('hex');
    if (!expected || !signatureMatches(c.req.header(WEBHOOK_HEADERS.signature), expected)) {
      return c.json({ error: 'The signature is not this installation’s.' }, 401);
    }
    const { events } = JSON.parse(new TextDecoder().decode(raw)) as { events: StepEvent[] };
    // One PATCH per project, step and language: the status API's path names all three.
    const batches = new Map<string, { path: string; ops: StatusPatchOp[] }>();
    for (const { event, stringStatus: s } of events) {
      if (event !== STEP_EVENT) continue;
      const path = `/projects/${s.translation.project.id}/workflow-steps/${s.workflowStep.id}/languages/${s.affectedLanguage.id}/status`;
      const port = [...s.translation.text].length <= config.maxLength ? PORTS.fits : PORTS.tooLong;
      const batch = batches.get(path) ?? { path, ops: [] };
      batch.ops.push({ op: 'replace', path: `/${s.translation.id}/output`, value: port });
      batches.set(path, batch);
    }
    if (!batches.size) return c.body(null, 200);
    const token = await agentToken(installation);
    for (const { path, ops } of batches.values()) {
      const res = await fetch(`${config.apiUrl}/api/v2${path}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(ops),
      });
      if (!res.ok) throw new Error(`PATCH ${path} answered ${res.status}: ${await res.text()}`);
      for (const op of ops) routed[op.value] = (routed[op.value] ?? 0) + 1;
      config.log(`routed ${ops.length} string(s) on ${path}`);
    }
    return c.body(null, 200);
  });

  /** The page's JWT claims, checked with the OAuth client secret; null when it is not Crowdin's. */
  async function pageClaims(jwtToken: string | undefined): Promise<Record<string, unknown> | null> {
    try {
      return (await verify(jwtToken ?? '', config.clientSecret, {
        alg: 'HS256',
        aud: config.clientId,
      })) as Record<string, unknown>;
    } catch {
      return null;
    }
  }
  const NOT_FROM_CROWDIN =
    'Open this page from Crowdin (or the emulator): it needs the jwtToken Crowdin gives it.';

  app.get('/project-menu', async (c) => {
    const claims = await pageClaims(c.req.query('jwtToken'));
    if (!claims) return c.text(NOT_FROM_CROWDIN, 401);
    const context = (claims.context ?? {}) as Record<string, unknown>;
    return c.html(
      menuPage(String(context.project_id ?? '?'), String(context.user_login ?? claims.sub), routed),
    );
  });

  app.get('/editor-panel', async (c) => {
    const claims = await pageClaims(c.req.query('jwtToken'));
    const origin = c.req.query('origin');
    if (!claims || !origin || !URL.canParse(origin)) return c.text(NOT_FROM_CROWDIN, 401);
    const context = (claims.context ?? {}) as Record<string, unknown>;
    return c.html(panelPage(new URL(origin).origin, String(context.user_login ?? claims.sub)));
  });

  async function agentToken(i: Installation): Promise<string> {
    const res = await fetch(`${config.accountsUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'crowdin_agent',
        client_id: config.clientId,
        client_secret: config.clientSecret,
        app_id: EXAMPLE_APP_ID,
        app_secret: i.appSecret,
        domain: i.domain,
        user_id: i.userId,
        agent_id: i.agentId,
      }),
    });
    if (!res.ok) throw new Error(`The token request answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  return { app, routed };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function menuPage(projectId: string, user: string, routed: Record<string, number>): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Example step</title></head>
<body>
<main>
<h1>Example step</h1>
<p>Project ${escape(projectId)}, opened by ${escape(user)}.</p>
<p>Routed since the app started: ${routed[PORTS.fits]} to Fits, ${routed[PORTS.tooLong]} to Too long.</p>
</main>
</body>
</html>`;
}
