// A small Crowdin workflow-step app for the e2e specs, written as an app developer would write one with
// nothing but node:http: it serves its manifest, takes a crowdin_agent token when installed, verifies each
// delivery's signature over the raw body, and (once told to route) sets every delivered string's output by
// PATCH through the string-status API. It listens on 127.0.0.1, on a free port.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SIGNATURE_HEADER, signatureMatches } from '../../src/wire/signature.ts';

const STEP_EVENT = 'string.status_on_step.recalculation_triggered';

export interface ReceivedDelivery {
  signatureValid: boolean;
  events: number;
  redelivery: boolean;
}

interface Installed {
  appId: string;
  appSecret: string;
  agentId: number;
  userId: number;
  domain: string | null;
}

export interface StepAppOptions {
  /** The app's identifier (unique per test: installs of one identifier exclude each other). */
  identifier: string;
  /** The emulator the app talks to: its token endpoint and API. */
  emulatorUrl: string;
  clientId: string;
  clientSecret: string;
  /** The output port the app routes every string to. */
  port?: string;
}

export class StepApp {
  url = '';
  readonly deliveries: ReceivedDelivery[] = [];
  readonly patches: { status: number; ops: number }[] = [];
  /** The settings callbacks the app accepted (their JWT verified with the OAuth client's secret). */
  readonly settingsCalls: { method: string; stepId: number; settings?: unknown }[] = [];
  /** Route the strings of the next deliveries (until then it only acknowledges them). */
  routing = false;
  /** Never answer a webhook (an app stuck on a delivery) until closed. */
  hangWebhooks = false;
  /** What the app answers the installed event instead of taking its token (an app with a fault). */
  installedAnswer: { status: number; body: string } | null = null;
  private installed: Installed | null = null;
  private token: string | null = null;
  private server: Server;
  private sockets = new Set<Socket>();
  private seen = new Set<string>();

  private constructor(private options: StepAppOptions) {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body, type }) => {
          res.writeHead(status, type ? { 'Content-Type': type } : {});
          res.end(body);
        },
        (e: unknown) => {
          res.writeHead(500);
          res.end(String(e));
        },
      );
    });
    this.server.on('connection', (s: Socket) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
  }

  static async start(options: StepAppOptions): Promise<StepApp> {
    const app = new StepApp(options);
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
    app.url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    return app;
  }

  get manifestUrl(): string {
    return `${this.url}/manifest.json`;
  }

  /** A manifest the service refuses (an unknown key, `authentication` missing). */
  get refusedManifestUrl(): string {
    return `${this.url}/refused/manifest.json`;
  }

  get appSecret(): string | null {
    return this.installed?.appSecret ?? null;
  }

  manifest(): Record<string, unknown> {
    return {
      identifier: this.options.identifier,
      name: `E2E ${this.options.identifier}`,
      baseUrl: this.url,
      authentication: { type: 'crowdin_agent', clientId: this.options.clientId },
      agent: { username: `${this.options.identifier}-agent`, name: 'E2E Reviewer' },
      events: { installed: '/installed', uninstall: '/uninstall' },
      scopes: ['project'],
      modules: {
        'workflow-step-type': [
          {
            key: 'review',
            name: 'Review',
            boundaries: {
              input: { title: 'To review', ports: ['all'] },
              outputs: [{ title: 'Reviewed', port: this.options.port ?? 'translated' }],
            },
            url: '/settings',
            updateSettingsUrl: '/settings/save',
            deleteSettingsUrl: '/settings/delete',
          },
        ],
        webhook: [{ key: 'hook', url: '/webhooks', events: [STEP_EVENT] }],
      },
    };
  }

  close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body?: string; type?: string }> {
    const raw = await readBody(req);
    const route = `${req.method} ${(req.url ?? '/').split('?')[0]}`;
    switch (route) {
      case 'GET /manifest.json':
        return { status: 200, body: JSON.stringify(this.manifest()), type: 'application/json' };
      case 'GET /refused/manifest.json': {
        // A mistake a real app made (crowdin-apps-notes.md): `authenticationType` for `authentication.type`.
        const { authentication, ...rest } = this.manifest();
        const refused = { ...rest, authenticationType: (authentication as { type: string }).type };
        return { status: 200, body: JSON.stringify(refused), type: 'application/json' };
      }
      case 'POST /installed':
        if (this.installedAnswer) return this.installedAnswer;
        return this.onInstalled(JSON.parse(raw.toString('utf8')) as Installed);
      case 'POST /uninstall':
        this.installed = null;
        this.token = null;
        return { status: 204 };
      case 'POST /webhooks':
        if (this.hangWebhooks) return new Promise(() => {});
        return this.onWebhook(req, raw);
      case 'GET /settings':
        // As an app reads its context to fill the form: one API call while the page loads.
        if (this.token) await this.readWorkflowSteps();
        return this.settingsPage(req.url ?? '/');
      case 'POST /settings/save':
      case 'DELETE /settings/delete': {
        if (!this.verifiedJwt(req.headers.authorization)) return { status: 403, body: 'bad JWT' };
        const body = JSON.parse(raw.toString('utf8')) as { stepId: number; settings?: unknown };
        this.settingsCalls.push({ method: req.method!, stepId: body.stepId, settings: body.settings });
        return { status: 204 };
      }
      default:
        return { status: 404, body: 'not found' };
    }
  }

  private async onInstalled(event: Installed) {
    this.installed = event;
    const response = await fetch(`${this.options.emulatorUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        grant_type: 'crowdin_agent',
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
        app_id: event.appId,
        app_secret: event.appSecret,
        domain: event.domain,
        user_id: event.userId,
        agent_id: event.agentId,
      }),
    });
    if (!response.ok) return { status: 500, body: `token request answered ${response.status}` };
    this.token = ((await response.json()) as { access_token: string }).access_token;
    return { status: 204 };
  }

  private async onWebhook(req: IncomingMessage, raw: Buffer) {
    const secret = this.installed?.appSecret;
    const given = req.headers[SIGNATURE_HEADER.toLowerCase()];
    const signatureValid =
      secret !== undefined &&
      typeof given === 'string' &&
      signatureMatches(given, createHmac('sha256', secret).update(raw).digest('hex'));
    const body = JSON.parse(raw.toString('utf8')) as { events: StepEvent[] };
    const key = raw.toString('base64');
    this.deliveries.push({ signatureValid, events: body.events.length, redelivery: this.seen.has(key) });
    this.seen.add(key);
    if (!signatureValid)
      return { status: 403, body: '{"error":"Invalid signature"}', type: 'application/json' };
    if (this.routing) await this.route(body.events);
    return { status: 200, body: '{}', type: 'application/json' };
  }

  /**
   * The step's settings page: one field, the port to route to. It loads the bridge from the origin it is
   * given, says it is valid only with a port, and reports every change (the settings page contract).
   */
  private settingsPage(url: string) {
    const origin = new URL(new URL(url, this.url).searchParams.get('origin') ?? '').origin;
    const body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Review settings</title><script src="${origin}/apps/dist/iframe.js"></script></head>
<body>
<main>
<label for="port">Route every string to the port</label>
<input id="port" value="${this.options.port ?? 'translated'}">
<p id="problem" role="alert"></p>
</main>
<script>
const input = document.getElementById('port');
function publish() {
  window.currentFormData = { port: input.value.trim() };
  AP.formDataUpdated(window.currentFormData);
}
window.formRef = {
  validateForm() {
    const ok = input.value.trim() !== '';
    document.getElementById('problem').textContent = ok ? '' : 'Choose a port.';
    return ok;
  },
};
input.addEventListener('input', publish);
publish();
</script>
</body>
</html>`;
    return { status: 200, body, type: 'text/html; charset=utf-8' };
  }

  /** An HS256 JWT signed with the OAuth client's secret, not expired. */
  private verifiedJwt(authorization: string | undefined): boolean {
    const [header, payload, signature] = (authorization ?? '').replace(/^Bearer /, '').split('.');
    if (!header || !payload || !signature) return false;
    const expected = createHmac('sha256', this.options.clientSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
    return expected === signature && claims.exp * 1000 > Date.now();
  }

  private async readWorkflowSteps() {
    await fetch(`${this.options.emulatorUrl}/api/v2/projects/1/workflow-steps`, {
      headers: { Authorization: `Bearer ${this.token}` },
    });
  }

  /** One PATCH per (project, step, language), every string to the output port. */
  private async route(events: StepEvent[]) {
    const groups = new Map<string, StepEvent['stringStatus'][]>();
    for (const e of events) {
      if (e.event !== STEP_EVENT) continue;
      const s = e.stringStatus;
      const key = `${s.translation.project.id}/${s.workflowStep.id}/${s.affectedLanguage.id}`;
      groups.set(key, [...(groups.get(key) ?? []), s]);
    }
    for (const [key, statuses] of groups) {
      const ops = statuses.map((s) => ({
        op: 'replace',
        path: `/${s.translation.id}/output`,
        value: this.options.port ?? 'translated',
      }));
      const [projectId, stepId, languageId] = key.split('/');
      const response = await fetch(
        `${this.options.emulatorUrl}/api/v2/projects/${projectId}/workflow-steps/${stepId}/languages/${languageId}/status`,
        {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(ops),
        },
      );
      this.patches.push({ status: response.status, ops: ops.length });
    }
  }
}

interface StepEvent {
  event: string;
  stringStatus: {
    translation: { id: number; project: { id: number } };
    workflowStep: { id: number };
    affectedLanguage: { id: string };
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
