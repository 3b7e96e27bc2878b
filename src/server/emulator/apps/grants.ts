// The token grants of installed apps at /oauth/token: `crowdin_app` (acts as the installing user) and
// `crowdin_agent` (acts as the app's bot user). JSON or form bodies; every field is checked against the
// installation (docs: installation.mdx step 8, workflow-step-type.mdx "Obtaining an API Token").
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { OAuthClient } from '../config.ts';
import type { ExtraGrant, Fail } from '../oauth/routes.ts';
import type { OAuthStore } from '../oauth/store.ts';
import type { CallLog } from './calls.ts';
import type { Installations } from './installations.ts';

type Body = Record<string, unknown>;

async function readGrantBody(c: Context): Promise<Body> {
  try {
    if ((c.req.header('content-type') ?? '').includes('application/json')) {
      const json = (await c.req.json()) as unknown;
      return json && typeof json === 'object' && !Array.isArray(json) ? (json as Body) : {};
    }
    return Object.fromEntries(new URLSearchParams(await c.req.text()));
  } catch {
    return {};
  }
}

/** An integer given as a JSON number or as digits (form bodies). */
function integer(v: unknown): number | null {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v)) return Number(v);
  return null;
}

export function appGrants(deps: {
  installations: Installations;
  store: OAuthStore;
  calls: CallLog;
  /** The organization domain; null on crowdin.com. */
  organization: () => string | null;
}): Record<string, ExtraGrant> {
  const grant =
    (type: 'crowdin_app' | 'crowdin_agent'): ExtraGrant =>
    async (c, client, fail) => {
      const started = deps.calls.now();
      const body = await readGrantBody(c);
      const response = await issue(type, body, client, fail);
      const appId = typeof body.app_id === 'string' ? body.app_id : '';
      if (deps.installations.get(appId)) {
        deps.calls.record(
          {
            appId,
            kind: 'token',
            method: 'POST',
            path: `/oauth/token (${type})`,
            status: response.status,
            durationMs: deps.calls.now() - started,
          },
          started,
        );
      }
      return response;
    };

  async function issue(type: 'crowdin_app' | 'crowdin_agent', body: Body, client: OAuthClient, fail: Fail) {
    for (const name of ['app_id', 'app_secret'] as const) {
      if (typeof body[name] !== 'string' || body[name] === '')
        return fail('invalid_request', `${name} is required.`);
    }
    if (!('domain' in body)) {
      return fail(
        'invalid_request',
        'domain is required: the organization domain from the installed event (null on crowdin.com).',
      );
    }
    if (body.domain !== null && typeof body.domain !== 'string') {
      return fail('invalid_request', 'domain must be a string or null.');
    }
    const userId = integer(body.user_id);
    if (userId === null)
      return fail('invalid_request', 'user_id is required: the integer userId from the installed event.');
    const agentId = type === 'crowdin_agent' ? integer(body.agent_id) : null;
    if (type === 'crowdin_agent' && agentId === null) {
      return fail('invalid_request', 'agent_id is required: the integer agentId from the installed event.');
    }

    const appId = body.app_id as string;
    const app = deps.installations.get(appId);
    if (!app)
      return fail(
        'invalid_grant',
        `No app "${appId}" is installed: app_id must be the manifest's identifier.`,
      );
    if (app.client?.id !== client.id) {
      return fail(
        'invalid_client',
        `client_id "${client.id}" is not the OAuth app of "${appId}" (its manifest names "${app.manifest.authentication.clientId ?? ''}").`,
        401,
      );
    }
    if (body.app_secret !== app.secret) {
      return fail(
        'invalid_grant',
        `app_secret is not the secret "${appId}" received in its installed event.`,
      );
    }
    if (app.authType !== type) {
      return fail(
        'invalid_grant',
        `"${appId}" uses ${app.authType} authentication; ask for grant_type "${app.authType}".`,
      );
    }
    const domain = deps.organization();
    const given = body.domain === '' ? null : body.domain;
    if (given !== domain) {
      return fail(
        'invalid_grant',
        domain
          ? `domain must be "${domain}", the organization the app is installed in.`
          : `domain must be null (or "") on crowdin.com; got ${JSON.stringify(body.domain)}.`,
      );
    }
    if (userId !== app.installer.id) {
      return fail('invalid_grant', `user_id must be ${app.installer.id}, the user who installed "${appId}".`);
    }
    if (type === 'crowdin_agent' && agentId !== app.agent?.id) {
      return fail('invalid_grant', `agent_id must be ${app.agent?.id}, the agentId of "${appId}".`);
    }
    const grantId = randomBytes(12).toString('base64url');
    app.grantIds.add(grantId);
    const sub = type === 'crowdin_agent' ? app.agent!.id : userId;
    const tokens = deps.store.issueTokens(client.id, sub, app.scopes.join(' '), grantId, {
      typ: type,
      app: appId,
    });
    return new Response(JSON.stringify(tokens), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    });
  }

  return { crowdin_app: grant('crowdin_app'), crowdin_agent: grant('crowdin_agent') };
}
