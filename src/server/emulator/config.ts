// Configuration of one emulator instance. Everything has a default so tests only pass what they vary.
import type { Dataset } from './data/model.ts';

export interface OAuthClient {
  id: string;
  secret: string;
  name: string;
  redirectUris: readonly string[];
}

/** The playground's own client (see the brief's fixed contracts). */
export const DEMO_CLIENT: OAuthClient = {
  id: 'croql-playground',
  secret: 'croql-playground-demo-secret',
  name: 'CroQL Playground',
  redirectUris: [5173, 4173, 4317].flatMap((port) => [
    `http://127.0.0.1:${port}/callback`,
    `http://localhost:${port}/callback`,
  ]),
};

/**
 * Key that signs the emulator's tokens. Fixed by default, so `npm run emulator -- token` run in another
 * process makes tokens the running emulator accepts; set CROQL_EMULATOR_SIGNING_KEY to change it.
 */
export const DEFAULT_SIGNING_KEY = 'croql-emulator-local-signing-key-not-a-secret';

export interface EmulatorConfig {
  data: Dataset;
  /** Access token lifetime in seconds (the service's is 7200). */
  tokenTtl: number;
  /** Milliseconds since the epoch; tests inject a clock they move. */
  clock: () => number;
  /** Enables `POST /__emulator/expire-tokens` and the `X-Emulator-Delay-Ms` request header. */
  testHooks: boolean;
  clients: readonly OAuthClient[];
  signingKey: string;
  /** Enterprise organization domain put in every token's `domain` claim; null for the standard edition. */
  organization: string | null;
  /** Simultaneous requests per token before 429 (the service's is 20). */
  maxInFlight: number;
  /**
   * A demo username approved without the consent page (one-click sign-in for `npm start`); null shows
   * the page. A request with `prompt=consent` always gets the page.
   */
  autoApproveUser: string | null;
}

export function emulatorConfig(partial: Partial<EmulatorConfig> & { data: Dataset }): EmulatorConfig {
  return {
    tokenTtl: 7200,
    clock: Date.now,
    testHooks: false,
    clients: [DEMO_CLIENT],
    signingKey: process.env.CROQL_EMULATOR_SIGNING_KEY || DEFAULT_SIGNING_KEY,
    organization: null,
    maxInFlight: 20,
    autoApproveUser: null,
    ...partial,
  };
}
