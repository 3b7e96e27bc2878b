// Configuration of one emulator instance. Everything has a default so tests only pass what they vary.
import { randomBytes } from 'node:crypto';
import { defaultAppsOptions, type AppsOptions } from './apps/options.ts';
import type { Dataset } from './data/model.ts';
import type { DataSource } from './state/format.ts';
import type { SetFaultsRequest } from '../../wire/faults.ts';

export interface OAuthClient {
  id: string;
  secret: string;
  name: string;
  redirectUris: readonly string[];
}

/**
 * The playground's own client: the app's dev (5173), preview (4173) and e2e origins (4317, and 4320 beside
 * the e2e's Enterprise emulator for the app developers' specs: e2e/playwright.config.ts).
 */
export const DEMO_CLIENT: OAuthClient = {
  id: 'croql-playground',
  secret: 'croql-playground-demo-secret',
  name: 'CroQL Playground',
  redirectUris: [5173, 4173, 4317, 4320].flatMap((port) => [
    `http://127.0.0.1:${port}/callback`,
    `http://localhost:${port}/callback`,
  ]),
};

export interface EmulatorConfig {
  data: Dataset;
  /** Access token lifetime in seconds (the service's is 7200). */
  tokenTtl: number;
  /** Refresh token (and so grant) lifetime in seconds; the store forgets a grant after it. */
  refreshTtl: number;
  /** Milliseconds since the epoch; tests inject a clock they move. */
  clock: () => number;
  /** Enables `POST /__emulator/expire-tokens` and the `X-Emulator-Delay-Ms` request header. */
  testHooks: boolean;
  clients: readonly OAuthClient[];
  /**
   * Key that signs the emulator's tokens: random per start, so no page on the web can forge one. Tests
   * that want repeatable tokens pass one (or set CROQL_EMULATOR_SIGNING_KEY).
   */
  signingKey: string;
  /** Origins whose pages may call the API (CORS): by default the origins of the clients' redirect URIs. */
  allowedOrigins: readonly string[];
  /** Enterprise organization domain put in every token's `domain` claim; null for the standard edition. */
  organization: string | null;
  /** Simultaneous requests per token before 429 (the service's is 20). */
  maxInFlight: number;
  /**
   * Milliseconds of evaluation one listing request may spend before it is refused with a 400, so a
   * pathological query cannot hold the emulator.
   */
  evaluationBudgetMs: number;
  /**
   * A demo username approved without the consent page (one-click sign-in for `npm start`); null shows
   * the page. A request with `prompt=consent` always gets the page.
   */
  autoApproveUser: string | null;
  /** Hosting apps: batching, timeouts, retries, remote hosts (apps/options.ts). */
  apps: AppsOptions;
  /** Where the state is kept (--state, --state-readonly, --state-interval: state/keeper.ts). */
  state: StateOptions;
  /** Where the data came from (--data or the demo's scale and seed), recorded in a saved state. */
  dataSource: DataSource | null;
  /**
   * The one origin whose pages may read and drive the control routes (`/__apps`, `/__faults`, `/__limits`):
   * the playground's (`--playground-origin`, default its dev server). Not every origin the API answers:
   * those routes answer with app secrets.
   */
  controlOrigins: readonly string[];
  /** Fault rules in force from the start (`--faults FILE`, faults/rules.ts checks them). */
  faults: SetFaultsRequest | null;
}

export interface StateOptions {
  /** The state file, or null: the state lives in memory only (snapshots still work). */
  file: string | null;
  /** Read the file at start, never write it. */
  readonly: boolean;
  /** Save every this many seconds, or null: on request and at shutdown only. */
  intervalSeconds: number | null;
}

/** Where `npm run dev` serves the playground (vite.config.ts). */
export const PLAYGROUND_ORIGIN = 'http://127.0.0.1:5173';

/** The origins of the clients' registered redirect URIs: where the app runs. */
export function redirectOrigins(clients: readonly OAuthClient[]): string[] {
  return [...new Set(clients.flatMap((c) => c.redirectUris.map((uri) => new URL(uri).origin)))];
}

/** What a caller may set: any part of the configuration, and any of the app-hosting options. */
export type EmulatorOptions = Partial<Omit<EmulatorConfig, 'apps' | 'state'>> & {
  apps?: Partial<AppsOptions>;
  state?: Partial<StateOptions>;
};

/**
 * The playground's client as an emulator serving the playground at `origins` (`--playground-origin`) has
 * it: a playground served elsewhere than the usual ports signs in too.
 */
export function playgroundClient(origins: readonly string[]): OAuthClient {
  const callbacks = origins.map((origin) => `${origin}/callback`);
  return { ...DEMO_CLIENT, redirectUris: [...new Set([...DEMO_CLIENT.redirectUris, ...callbacks])] };
}

export function emulatorConfig(partial: EmulatorOptions & { data: Dataset }): EmulatorConfig {
  const clients = partial.clients ?? [playgroundClient(partial.controlOrigins ?? [])];
  return {
    tokenTtl: 7200,
    refreshTtl: 30 * 24 * 3600,
    clock: Date.now,
    testHooks: false,
    clients,
    signingKey: process.env.CROQL_EMULATOR_SIGNING_KEY || randomBytes(32).toString('base64url'),
    allowedOrigins: redirectOrigins(clients),
    organization: null,
    maxInFlight: 20,
    evaluationBudgetMs: 5000,
    autoApproveUser: null,
    dataSource: null,
    controlOrigins: [PLAYGROUND_ORIGIN],
    faults: null,
    ...partial,
    apps: { ...defaultAppsOptions(), ...partial.apps },
    state: { file: null, readonly: false, intervalSeconds: null, ...partial.state },
  };
}
