// Starts an emulator in-process on a free loopback port (tests and the bench), and the OAuth fixtures its
// tests share.
import type { ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { AccountLimit, LimitsResponse } from '../../wire/faults.ts';
import { createEmulator, type Emulator } from './app.ts';
import { DEMO_CLIENT, type EmulatorOptions } from './config.ts';
import { generateDemoDataset } from './data/demo.ts';
import type { Dataset } from './data/model.ts';
import { serveEmulator } from './serve.ts';

export interface RunningEmulator extends Emulator {
  url: string;
  close(): Promise<void>;
}

let demo: Dataset | null = null;

/** The 2,000-string demo data, generated once per process. */
export function demoData(): Dataset {
  return (demo ??= generateDemoDataset());
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = createEmulator({ data: demoData(), ...options });
  const server: ServerType = await new Promise((resolve) => {
    const s = serveEmulator(emulator, 0, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    ...emulator,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        emulator.apps.close();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An account's line of the limits meter (`GET /__limits`), over HTTP as a client reads it; zeros when it has none. */
export async function limitsOf(emulator: RunningEmulator, account: string): Promise<AccountLimit> {
  const limits = (await (await fetch(`${emulator.url}/__limits`)).json()) as LimitsResponse;
  return (
    limits.accounts.find((a) => a.account === account) ?? {
      account,
      domain: null,
      inFlight: 0,
      refused: 0,
      peak: 0,
    }
  );
}

/** The demo client's e2e redirect URI. */
export const DEMO_REDIRECT = 'http://127.0.0.1:4317/callback';
/** RFC 7636, appendix B: a verifier and its S256 challenge. */
export const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** The demo client's authorize URL at `base`; an undefined parameter is left out, `repeat` is appended. */
export function authorizeUrl(
  base: string,
  params: Record<string, string | undefined>,
  repeat: [string, string][] = [],
): string {
  const url = new URL('/oauth/authorize', base);
  const all = {
    client_id: DEMO_CLIENT.id,
    redirect_uri: DEMO_REDIRECT,
    response_type: 'code',
    scope: 'project tm glossary',
    state: 'xyz',
    ...params,
  };
  for (const [k, v] of Object.entries(all)) if (v) url.searchParams.set(k, v);
  for (const [k, v] of repeat) url.searchParams.append(k, v);
  return url.toString();
}

/** The consent page's form at `base` for the authorization request `params`: its hidden fields. */
export async function consentForm(
  base: string,
  params: Record<string, string | undefined>,
): Promise<URLSearchParams> {
  const page = await fetch(authorizeUrl(base, params));
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}`);
  const form = new URLSearchParams();
  for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    form.set(
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    );
  }
  return form;
}

/** Posts a consent form as the browser would; resolves to the answer (a 303 to the client when good). */
export function postConsent(base: string, form: URLSearchParams, headers: Record<string, string> = {}) {
  return fetch(new URL('/oauth/authorize', base), {
    method: 'POST',
    body: form,
    headers,
    redirect: 'manual',
  });
}

/**
 * Opens the consent page at `base` for the authorization request `params` and submits its form: its hidden
 * fields (the request and the anti-forgery token), the user and the decision.
 */
export async function submitConsent(
  base: string,
  params: Record<string, string | undefined>,
  choice: { decision?: string; user?: string } = {},
): Promise<Response> {
  const form = await consentForm(base, params);
  form.set('decision', choice.decision ?? 'approve');
  form.set('user', choice.user ?? '1');
  return postConsent(base, form);
}
