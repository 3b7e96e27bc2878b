// Installing and uninstalling an app, as the service does: read and check its manifest from its URL, refuse
// what the service refuses (with what to do instead), send the installed event and remove the installation
// when the app does not accept it; at uninstall, send the uninstall event and revoke the app's grants.
import type { InstallRequest, UninstallResponse } from '../../../wire/apps.ts';
import { problemLine } from '../../../wire/manifest-words.ts';
import { grants } from '../../../wire/scopes.ts';
import type { Dataset } from '../data/model.ts';
import { outcomeWords } from './attempts.ts';
import { ControlError } from './errors.ts';
import { readAccessCategory } from './ui-module-access.ts';
import { webOrigin } from '../data/web-urls.ts';
import type { HostParts } from './host-parts.ts';
import { scopesBeyond, type Installation } from './installations.ts';
import { SCOPES_EXCEED_ERROR, validateManifest } from './manifest.ts';
import { unknownClient } from './manifest-problems.ts';
import { ManifestSourceError, readManifest } from './manifest-source.ts';
import { ORGANIZATION_ID } from './options.ts';

export class Installing {
  constructor(private p: HostParts) {}

  private get data(): Dataset {
    return this.p.config.data;
  }

  async install(request: InstallRequest): Promise<Installation> {
    const { manifestUrl } = request;
    if (typeof manifestUrl !== 'string' || !/^https?:\/\//i.test(manifestUrl)) {
      throw new ControlError(
        400,
        'invalidRequest',
        typeof manifestUrl === 'string' && manifestUrl.trim() !== ''
          ? `manifestUrl must be the http(s) URL the app serves its manifest at, e.g. http://127.0.0.1:3000/manifest.json, not ${JSON.stringify(manifestUrl)}: the service installs an app from its URL (apps validate also reads a file).`
          : "manifestUrl is required: the http(s) URL of the app's manifest.json, e.g. http://127.0.0.1:3000/manifest.json.",
      );
    }
    const projects = this.readProjects(request.projects);
    const access = readAccessCategory(request.access, 'access');
    const refuse = (error: ControlError): never => {
      this.p.installations.problem(null, {
        severity: 'error',
        code: error.code,
        message: `Install of ${manifestUrl}: ${error.message}`,
      });
      throw error;
    };

    let value: unknown;
    try {
      value = await readManifest(manifestUrl, this.p.caller);
    } catch (e) {
      if (!(e instanceof ManifestSourceError)) throw e;
      const status = e.code === 'notJson' || e.code === 'tooLarge' ? 422 : 502;
      return refuse(
        new ControlError(status, `manifest${e.code[0]!.toUpperCase()}${e.code.slice(1)}`, e.message),
      );
    }
    const { report, manifest } = validateManifest(value);
    if (!manifest) {
      return refuse(
        new ControlError(
          422,
          'manifestInvalid',
          `The manifest has ${report.errors.length} error${report.errors.length === 1 ? '' : 's'}: ${problemLine(report.errors[0]!)}`,
          {
            problems: [...report.errors, ...report.warnings],
          },
        ),
      );
    }
    if (!manifest.baseUrl) {
      return refuse(
        new ControlError(
          422,
          'serverless',
          'A serverless app (no baseUrl) has nothing the emulator can call; give the manifest a baseUrl.',
        ),
      );
    }
    const existing = this.p.installations.get(manifest.identifier);
    if (existing) {
      return refuse(
        new ControlError(
          409,
          'alreadyInstalled',
          `"${manifest.identifier}" is already installed (from ${existing.manifestUrl}). Uninstall it first: POST /__apps/${manifest.identifier}/uninstall.`,
          { appId: manifest.identifier },
        ),
      );
    }
    const baseUrl = manifest.baseUrl.replace(/\/+$/, '');
    const sameBase = this.p.installations.list().find((a) => a.baseUrl === baseUrl);
    if (sameBase) {
      return refuse(
        new ControlError(
          409,
          'baseUrlTaken',
          `Each app must have a unique baseUrl; "${sameBase.appId}" already uses ${baseUrl}.`,
        ),
      );
    }
    const refusal = this.p.caller.refusal(baseUrl);
    if (refusal) return refuse(new ControlError(422, 'notLoopback', `baseUrl ${refusal}`));
    const authType = manifest.authentication.type ?? 'none';
    if (authType !== 'none') {
      const clientId = manifest.authentication.clientId!;
      const client = this.p.installations.client(clientId);
      if (!client) {
        const { message, inView } = unknownClient(clientId, manifest.name, manifest.scopes);
        return refuse(new ControlError(422, 'unknownClient', message, { inView }));
      }
      const beyond = scopesBeyond(manifest.scopes, client.scopes);
      if (beyond.length) {
        return refuse(
          new ControlError(
            422,
            'scopesExceed',
            `${SCOPES_EXCEED_ERROR} (${beyond.join(', ')} beyond ${client.scopes.join(' ')}).`,
          ),
        );
      }
    }

    const installer = this.data.users[0]!;
    const app = this.p.installations.create({
      manifest,
      manifestUrl,
      installer,
      projects,
      warnings: report.warnings,
      access,
    });
    const steps = manifest.modules?.['workflow-step-type'] ?? [];
    if (steps.length && !this.p.enterprise()) {
      app.problems.push({
        at: new Date(this.p.config.clock()).toISOString(),
        severity: 'warning',
        code: 'stepsNotOffered',
        message:
          'Workflow steps are Crowdin Enterprise only: on crowdin.com the service installs the app but does not offer its step. Start the emulator with --organization DOMAIN to add the step to a workflow.',
      });
    }
    // The manifest's own check (rule step-scope) sees only the scopes it lists; one that lists none gets
    // the OAuth app's, which may lack the scope too.
    if (
      steps.length &&
      !grants(app.scopes.join(' '), 'project') &&
      !report.warnings.some((w) => w.rule === 'step-scope')
    ) {
      app.problems.push({
        at: new Date(this.p.config.clock()).toISOString(),
        severity: 'warning',
        code: 'stepScopeMissing',
        message: `Its tokens carry ${app.scopes.join(' ') || 'no scope'}, without the "project" scope the string-status API needs: every PATCH of its agent is refused (403). Register the OAuth app again with that scope (\`npm run emulator -- apps client --name "${app.client?.name ?? 'NAME'}" --scopes "project"\`) and install the app again.`,
      });
    }
    const installed = manifest.events?.installed;
    if (installed) {
      const payload: Record<string, unknown> = {
        appId: app.appId,
        appSecret: app.secret,
        clientId: manifest.authentication.clientId ?? null,
        userId: installer.id,
        organizationId: ORGANIZATION_ID,
        domain: this.p.config.organization,
        baseUrl: webOrigin(this.p.config.organization),
      };
      if (app.agent) payload.agentId = app.agent.id;
      const { result, record } = await this.p.deliveries.sendOnce({
        kind: 'installed',
        app,
        event: 'installed',
        method: 'POST',
        url: `${app.baseUrl}${installed}`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(payload)),
      });
      const attempt = record.attempts[0]!;
      if (!attempt.ok) {
        this.removeInstallation(app);
        const why = result.error
          ? result.error.message
          : `it answered ${result.status}${attempt.answerStart ? `: ${attempt.answerStart.slice(0, 200)}` : ''}`;
        return refuse(
          new ControlError(
            502,
            'installRefused',
            `The app did not accept the installed event at ${record.url} (${why}); the installation was removed. Any 2xx completes an install.`,
            { answer: attempt },
          ),
        );
      }
    }
    app.state = 'installed';
    this.p.stream.emit({ type: 'apps' });
    return app;
  }

  private readProjects(raw: InstallRequest['projects']): number[] | 'all' {
    if (raw === undefined || raw === 'all') return 'all';
    if (!Array.isArray(raw) || raw.length === 0 || raw.some((p) => !Number.isInteger(p))) {
      throw new ControlError(
        400,
        'invalidRequest',
        `projects must be "all" or a non-empty list of project ids, e.g. [${this.data.project.id}]; an app installed for no project could not be used.`,
      );
    }
    const unknown = raw.filter((p) => p !== this.data.project.id);
    if (unknown.length) {
      throw new ControlError(
        404,
        'unknownProject',
        `No project ${unknown.join(', ')}: the emulator serves project ${this.data.project.id}.`,
      );
    }
    return raw;
  }

  private removeInstallation(app: Installation): void {
    for (const grantId of app.grantIds) this.p.store.revokeGrant(grantId);
    this.p.deliveries.cancelApp(app.appId);
    this.p.steps.deactivate(app.appId);
    this.p.installations.remove(app.appId);
  }

  async uninstall(appId: string): Promise<UninstallResponse> {
    const app = this.p.installations.require(appId);
    const m = app.manifest;
    let answer = null;
    if (m.events?.uninstall) {
      // The docs' payload, plus appSecret: the official framework refuses an uninstall without it.
      const payload = {
        appId: app.appId,
        appSecret: app.secret,
        clientId: m.authentication.clientId ?? null,
        organizationId: ORGANIZATION_ID,
        domain: this.p.config.organization,
        baseUrl: webOrigin(this.p.config.organization),
      };
      const { record } = await this.p.deliveries.sendOnce({
        kind: 'uninstall',
        app,
        event: 'uninstall',
        method: 'POST',
        url: `${app.baseUrl}${m.events.uninstall}`,
        headers: { 'Content-Type': 'application/json' },
        body: Buffer.from(JSON.stringify(payload)),
      });
      answer = record.attempts[0]!;
      if (!answer.ok) {
        this.p.installations.problem(null, {
          severity: 'warning',
          code: 'uninstallRefused',
          deliveryId: record.id,
          message: `"${appId}" did not accept the uninstall event (${outcomeWords(answer)}); it was uninstalled anyway.`,
        });
      }
    }
    this.removeInstallation(app);
    return { appId, answer };
  }
}
