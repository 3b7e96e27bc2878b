// The emulator for another project's tests, without a clone of this repository: the package's main entry
// (package-entry.mjs loads this file) gives `startEmulator`, which starts an emulator in the calling
// process as `npm run emulator` does (launch.ts) and says where it listens. See the README, "The local
// emulator", for an example.
import type { AppsOptions } from './apps/options.ts';
import { launchEmulator } from './launch.ts';

export interface StartEmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Play this Crowdin Enterprise organization (workflow steps exist only there); default crowdin.com. */
  organization?: string | null;
  /** A Context JSON data file, or the demo data's size and seed (default 2,000 strings, seed 1). */
  data?: string | { scale?: number; seed?: number };
  /**
   * Keep the state in this file (loaded at start when it exists, saved at stop()), or start from a snapshot
   * and never write it (`readonly`), as `--state`, `--state-readonly` and `--state-interval` do.
   */
  state?: string | { file: string; readonly?: boolean; intervalSeconds?: number };
  /** Fault rules, put in force at start as `POST /__faults {"rules": [...]}` would (see the README). */
  faults?: readonly object[] | { rules: readonly object[] };
  /** Seconds app events wait for their batch (default 60, as the service; 0 sends at once). */
  batchInterval?: number;
  /** Any other app-hosting choice (timeouts, retry schedule, batch size). */
  apps?: Partial<Omit<AppsOptions, 'secretKey'>>;
  /** Sign in as this demo user without the consent page. */
  autoApprove?: string;
  /** The test routes (`/__emulator/…`). */
  testHooks?: boolean;
}

export interface StartedEmulator {
  /** http://127.0.0.1:PORT: `/health`, the control routes `/__apps`, `/__state`. */
  url: string;
  /** The API's base URL, e.g. the official client's `baseUrl`. */
  apiUrl: string;
  /** The OAuth server: `/authorize`, `/token` (an app's `accountUrl`) and `/revoke` under it. */
  oauthUrl: string;
  port: number;
  /** A personal access token of a demo user (alice, bob, carol, dmitro, emma), scopes "project tm glossary" by default. */
  token(user?: string, scopes?: string): string;
  /** Saves the state (with a writable `state` file) and stops; resolves once the port is free. */
  stop(): Promise<void>;
}

export async function startEmulator(options: StartEmulatorOptions = {}): Promise<StartedEmulator> {
  const state =
    typeof options.state === 'string' ? { file: options.state } : (options.state ?? { file: null });
  const launched = await launchEmulator({
    port: options.port ?? 0,
    data: typeof options.data === 'string' ? { file: options.data } : { ...options.data },
    state: {
      file: state.file,
      readonly: 'readonly' in state ? state.readonly === true : false,
      intervalSeconds: ('intervalSeconds' in state ? state.intervalSeconds : undefined) ?? null,
    },
    emulator: {
      organization: options.organization ?? null,
      autoApproveUser: options.autoApprove ?? null,
      testHooks: options.testHooks ?? false,
      apps: {
        ...options.apps,
        ...(options.batchInterval === undefined ? {} : { batchIntervalSeconds: options.batchInterval }),
      },
    },
  });
  const { url, emulator } = launched;
  try {
    if (options.faults) await putFaults(url, options.faults);
  } catch (e) {
    await launched.stop();
    throw e;
  }
  return {
    url,
    apiUrl: `${url}/api/v2`,
    oauthUrl: `${url}/oauth`,
    port: launched.port,
    token: (user = 'alice', scopes) => emulator.personalToken(user, scopes),
    stop: () => launched.stop(),
  };
}

/** The fault rules, through the same route and checks as any other client's. */
async function putFaults(url: string, faults: NonNullable<StartEmulatorOptions['faults']>): Promise<void> {
  const rules = Array.isArray(faults) ? faults : (faults as { rules: readonly object[] }).rules;
  const res = await fetch(`${url}/__faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
    throw new Error(
      `startEmulator: the faults were refused (${res.status}): ${body?.error?.message ?? 'no reason given'}`,
    );
  }
}
