// The one store of what is installed: OAuth apps registered with the emulator, installed apps (manifest,
// secret, agent, projects, the token grants issued to them) and the problems seen while installing. Every
// other part (grants, steps, deliveries, settings and module calls) looks installations up here.
import { randomBytes } from 'node:crypto';
import type { AppProblem, ManifestProblem, OAuthAppInfo } from '../../../wire/apps.ts';
import { grants as covers, isServiceScope } from '../../../wire/scopes.ts';
import type { EmulatorConfig } from '../config.ts';
import type { DemoUser } from '../data/model.ts';
import type { ModuleAccess, ModuleAccessCategory } from '../../../wire/app-modules.ts';
import { ControlError } from './errors.ts';
import { initialAccess } from './ui-module-access.ts';
import { uiModulesOf } from './ui-module-types.ts';
import type { Manifest } from './manifest.ts';
import { agentUserId, appSecret, clientCredentials } from './secrets.ts';

export interface RegisteredClient {
  id: string;
  secret: string;
  name: string;
  scopes: string[];
}

export interface Installation {
  appId: string;
  manifest: Manifest;
  manifestUrl: string;
  baseUrl: string;
  secret: string;
  authType: 'none' | 'crowdin_app' | 'crowdin_agent';
  client: RegisteredClient | null;
  /** What its tokens carry: the manifest's scopes within the OAuth app's. */
  scopes: string[];
  installedAt: number;
  installer: DemoUser;
  projects: number[] | 'all';
  agent: DemoUser | null;
  /** Installing until the app answered the installed event with a 2xx. */
  state: 'installing' | 'installed';
  problems: AppProblem[];
  warnings: ManifestProblem[];
  /** Token grants issued to it; revoked at uninstall. */
  grantIds: Set<string>;
  /** Who may open each UI module, by module key (ui-module-access.ts). */
  moduleAccess: Record<string, ModuleAccess>;
}

const MAX_PROBLEMS = 50;

export class Installations {
  private clients = new Map<string, RegisteredClient>();
  private apps = new Map<string, Installation>();
  /** Problems not tied to an installed app (refused installs), newest first. */
  readonly problems: AppProblem[] = [];

  constructor(
    private config: EmulatorConfig,
    private onChange: () => void = () => {},
  ) {}

  /** Registers an OAuth app; the same name gives the same credentials (and takes the new scopes). */
  registerClient(name: string, scopes: string[]): RegisteredClient {
    if (!name.trim()) throw new ControlError(400, 'invalidClient', "name is required: the OAuth app's name.");
    if (scopes.length === 0) {
      throw new ControlError(
        400,
        'invalidClient',
        'scopes is required, e.g. "project" (space-separated scope names).',
      );
    }
    const unknown = scopes.filter((s) => !isServiceScope(s));
    if (unknown.length) {
      throw new ControlError(
        400,
        'invalidScope',
        `Unknown scope: ${unknown.join(', ')}. Use the service's scope names, e.g. project, project.source, tm, glossary.`,
      );
    }
    const { clientId, clientSecret } = clientCredentials(this.config.apps.secretKey, name.trim());
    const client: RegisteredClient = { id: clientId, secret: clientSecret, name: name.trim(), scopes };
    this.clients.set(clientId, client);
    // The OAuth server authenticates clients from the configuration's list.
    this.config.clients = [
      ...this.config.clients.filter((c) => c.id !== clientId),
      { id: clientId, secret: clientSecret, name: client.name, redirectUris: [] },
    ];
    this.onChange();
    return client;
  }

  client(id: string): RegisteredClient | undefined {
    return this.clients.get(id);
  }

  clientList(): OAuthAppInfo[] {
    return [...this.clients.values()].map((c) => ({
      clientId: c.id,
      clientSecret: c.secret,
      name: c.name,
      scopes: c.scopes,
    }));
  }

  get(appId: string): Installation | undefined {
    return this.apps.get(appId);
  }

  /** The installed app, or a 404 that lists the installed ones. */
  require(appId: string): Installation {
    const app = this.apps.get(appId);
    if (app) return app;
    const installed = [...this.apps.keys()];
    throw new ControlError(
      404,
      'unknownApp',
      `No app "${appId}" is installed. ${installed.length ? `Installed: ${installed.join(', ')}.` : 'None is installed: `npm run emulator -- apps install <manifestUrl>`.'}`,
    );
  }

  list(): Installation[] {
    return [...this.apps.values()];
  }

  /** The agent user with this id (the API resolves token holders the data does not list). */
  agentUser(id: string): DemoUser | undefined {
    for (const app of this.apps.values()) if (app.agent && String(app.agent.id) === id) return app.agent;
    return undefined;
  }

  /** Creates an installation in state `installing`: its secret, and its agent for crowdin_agent. */
  create(args: {
    manifest: Manifest;
    manifestUrl: string;
    installer: DemoUser;
    projects: number[] | 'all';
    warnings: ManifestProblem[];
    /** The install's `access`: each UI module that offers it gets it. */
    access?: ModuleAccessCategory;
  }): Installation {
    const m = args.manifest;
    const authType = m.authentication.type ?? 'none';
    const client = m.authentication.clientId ? (this.clients.get(m.authentication.clientId) ?? null) : null;
    const scopes = grantedScopes(m.scopes, client?.scopes ?? []);
    const key = this.config.apps.secretKey;
    const baseUrl = m.baseUrl!.replace(/\/+$/, '');
    const app: Installation = {
      appId: m.identifier,
      manifest: m,
      manifestUrl: args.manifestUrl,
      baseUrl,
      secret: appSecret(key, m.identifier),
      authType,
      client,
      scopes,
      installedAt: this.config.clock(),
      installer: args.installer,
      projects: args.projects,
      agent: null,
      state: 'installing',
      problems: [],
      warnings: args.warnings,
      grantIds: new Set(),
      moduleAccess: Object.fromEntries(
        uiModulesOf(m).map(({ type, entry }) => [
          entry.key,
          initialAccess(type, this.config.organization ? 'crowdin-enterprise' : 'crowdin', m, args.access),
        ]),
      ),
    };
    if (authType === 'crowdin_agent' && m.agent) {
      const taken = (username: string) =>
        this.config.data.users.some((u) => u.username.toLowerCase() === username.toLowerCase()) ||
        this.list().some((a) => a.agent?.username.toLowerCase() === username.toLowerCase());
      // The service appends a random suffix to a username that is taken.
      let username = m.agent.username;
      while (taken(username)) username = `${m.agent.username}-${randomBytes(2).toString('hex')}`;
      const id = agentUserId(
        key,
        m.identifier,
        (n) => this.config.data.users.some((u) => u.id === n) || this.list().some((a) => a.agent?.id === n),
      );
      const logo = m.agent.avatarUrl ?? m.logo;
      app.agent = {
        id,
        username,
        fullName: `${m.agent.name ?? m.name} Agent`,
        avatarUrl: logo ? `${baseUrl}${logo}` : '',
        role: 'bot',
      };
    }
    this.apps.set(app.appId, app);
    this.onChange();
    return app;
  }

  remove(appId: string): Installation | undefined {
    const app = this.apps.get(appId);
    this.apps.delete(appId);
    if (app) this.onChange();
    return app;
  }

  /** Records a problem beside an app, or globally when it is not (or no longer) installed. */
  problem(appId: string | null, problem: Omit<AppProblem, 'at'>): void {
    const full: AppProblem = { at: new Date(this.config.clock()).toISOString(), ...problem };
    const list = (appId && this.apps.get(appId)?.problems) || this.problems;
    list.unshift(full);
    if (list.length > MAX_PROBLEMS) list.length = MAX_PROBLEMS;
    this.onChange();
  }

  /** What the store holds, for a save (../state/apps.ts copies it at once). */
  records(): { clients: RegisteredClient[]; apps: Installation[]; problems: AppProblem[] } {
    return { clients: [...this.clients.values()], apps: this.list(), problems: this.problems };
  }

  /** Replaces everything with a restored state's records; the OAuth server then knows its clients. */
  replaceRecords(records: {
    clients: RegisteredClient[];
    apps: Installation[];
    problems: AppProblem[];
  }): void {
    const registered = new Set(this.clients.keys());
    this.clients = new Map(records.clients.map((c) => [c.id, c]));
    this.apps = new Map(records.apps.map((a) => [a.appId, a]));
    this.problems.splice(0, this.problems.length, ...records.problems);
    this.config.clients = [
      ...this.config.clients.filter((c) => !registered.has(c.id) && !this.clients.has(c.id)),
      ...records.clients.map((c) => ({ id: c.id, secret: c.secret, name: c.name, redirectUris: [] })),
    ];
    this.onChange();
  }

  /** Whether the app may reach the project (the install's project choice). */
  static reaches(app: Installation, projectId: number): boolean {
    return app.projects === 'all' || app.projects.includes(projectId);
  }
}

/** Manifest scopes the OAuth app does not cover (the framework's `all` means every scope). */
export function scopesBeyond(manifestScopes: string[] | undefined, clientScopes: string[]): string[] {
  const granted = clientScopes.join(' ');
  return (manifestScopes ?? []).filter((s) => !covers(granted, s === 'all' ? '*' : s));
}

/** A token's scopes: the manifest's (all of the OAuth app's when it names none), within the OAuth app's. */
export function grantedScopes(manifestScopes: string[] | undefined, clientScopes: string[]): string[] {
  if (!manifestScopes?.length) return clientScopes;
  const beyond = new Set(scopesBeyond(manifestScopes, clientScopes));
  return manifestScopes.filter((s) => !beyond.has(s)).map((s) => (s === 'all' ? '*' : s));
}
