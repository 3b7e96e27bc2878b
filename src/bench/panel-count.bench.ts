// The editor panel's live count after a keystroke (issue #29 §2): the count the panel shows, from the new
// text to its number, against the same count in the playground, p95 of each (target ≤ 1.2). Both run the
// same counting code (src/rows/row-sets.ts fetchRowSet, as countQuery does) on the strings listing of the
// real emulator; the panel's requests go through CroQL Playground's app server (module JWT checked, the
// proxy forwarding with the installation's token), the playground's straight to the emulator with that
// token. So the figure is what being inside Crowdin costs the count. Each keystroke is a new query (a clause
// of its own that every string meets); the two sides alternate in paired rounds, and the ratio is the median
// of the rounds' p95 ratios, so load weighs on both alike (a single p95 of 60 samples moved from 0.94 to
// 1.71 between runs of the same code).
//
// Each side sends what the browser sends. The panel's page calls its own origin (src/auth/app-mode.ts
// appApiUrl): a plain GET. The playground calls the API from another origin with an Authorization header,
// which is not a CORS-safelisted header, so the browser first sends a preflight (OPTIONS) — and its preflight
// cache is keyed by the request's URL (Fetch standard, "CORS-preflight cache"), so the emulator's max-age
// (src/server/emulator/app.ts) spares no preflight when every keystroke and every page is a new URL. The
// baseline used to skip that round trip, which the real playground pays on every request.
import { sign } from 'hono/jwt';
import { CrowdinClient } from '../app-server/crowdin.ts';
import { organizationKey } from '../app-server/installation.ts';
import { playgroundClient, setUpInEmulator } from '../playground-app/server/emulator-setup.ts';
import { startPlaygroundApp } from '../playground-app/server/testing.ts';
import type { ApiClient } from '../connection/api.ts';
import { fetchRowSet } from '../rows/row-sets.ts';
import { croqlParam } from '../rows/pages.ts';
import { ORGANIZATION_ID } from '../server/emulator/apps/options.ts';
import { PLAYGROUND_ORIGIN } from '../server/emulator/config.ts';
import { startEmulator } from '../server/emulator/testing.ts';
import { PLAYGROUND_APP_API, PLAYGROUND_MODULES } from '../wire/playground-app.ts';
import { pairedP95, row, type BenchRow } from './stats.ts';

/**
 * Five rounds of 100 keystrokes on each side, after 200 unrecorded: an app server that has been running has
 * its proxy path compiled. After 6 warm keystrokes the first round still ran the panel's path warming up (its
 * p95 ratio 1.1-1.8 where later rounds read about 1.0), and with 40 a round, one slow request in either side
 * decided its p95: the row read 0.88-1.25 between runs of the same code, the medians of both sides level.
 */
const ROUNDS = { rounds: 5, perRound: 100, warm: 200 };
const TARGET_RATIO = 1.2;
/** The panel's cap (src/panel/Panel.tsx PANEL_COUNT_LIMIT). */
const LIMIT = 1000;
const PATH = '/projects/1/strings';

/**
 * The browser client's request as the panel and the playground send it: GET with the bearer, JSON back.
 * From `crossOrigin`, as the browser does: a preflight first for each URL it has not preflighted yet.
 */
function client(baseUrl: string, token: string, crossOrigin?: string): ApiClient {
  const preflighted = new Set<string>();
  return {
    baseUrl,
    async get<T>(path: string, params: Record<string, string | number | undefined>, signal: AbortSignal) {
      const url = new URL(`${baseUrl}${path}`);
      for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
      const started = performance.now();
      if (crossOrigin && !preflighted.has(url.href)) {
        const preflight = await fetch(url, {
          method: 'OPTIONS',
          headers: {
            Origin: crossOrigin,
            'Access-Control-Request-Method': 'GET',
            'Access-Control-Request-Headers': 'authorization',
          },
          signal,
        });
        await preflight.arrayBuffer();
        if (preflight.headers.get('access-control-allow-origin') !== crossOrigin)
          throw new Error(`${url.pathname}: the preflight from ${crossOrigin} was refused`);
        preflighted.add(url.href);
      }
      const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
      if (crossOrigin) headers.Origin = crossOrigin;
      const response = await fetch(url, { headers, signal });
      const body = (await response.json()) as T;
      if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
      return {
        status: response.status,
        body,
        url: url.toString(),
        elapsedMs: performance.now() - started,
        headers: response.headers,
      };
    },
  };
}

async function countMs(api: ApiClient, text: string): Promise<number> {
  const started = performance.now();
  await fetchRowSet({ client: api, context: 'strings', path: PATH, croql: croqlParam(text), limit: LIMIT });
  return performance.now() - started;
}

export default async function panelCount(): Promise<BenchRow[]> {
  const em = await startEmulator();
  const oauth = await playgroundClient(em.url);
  const app = await startPlaygroundApp({ service: em.url, ...oauth, emulator: em.url });
  try {
    await setUpInEmulator(em.url, `${app.url}/manifest.json`, () => {});
    const installation = app.store.installation(organizationKey(null, ORGANIZATION_ID))!;
    const serviceToken = await new CrowdinClient(installation, {
      endpoints: { accountsUrl: em.url, apiUrl: em.url },
      ...oauth,
    }).accessToken();
    const now = Math.floor(Date.now() / 1000);
    const jwt = await sign(
      {
        aud: oauth.clientId,
        sub: '1',
        domain: null,
        module: PLAYGROUND_MODULES.editorPanel.key,
        context: { project_id: 1, organization_id: ORGANIZATION_ID, user_id: 1, user_login: 'alice' },
        iat: now,
        exp: now + 900,
      },
      oauth.clientSecret,
      'HS256',
    );
    const panel = client(`${app.url}${PLAYGROUND_APP_API.proxy}/api/v2`, jwt);
    const playground = client(`${em.url}/api/v2`, serviceToken, PLAYGROUND_ORIGIN);
    // Paired rounds (stats.ts pairedP95): the warm samples also make the connections and the app server's
    // membership look-up. Each keystroke is a new text (no cache answers it), of about the same rows.
    const { ours, base, ratio } = await pairedP95(ROUNDS, async (i) => {
      const text = `text contains "e" and max length >= ${Math.abs(i) % 60} and identifier != "k${i}"`;
      // In alternating order: whatever the second of a pair gains, each side gains it half the time.
      if (i % 2 === 0) {
        const p = await countMs(panel, text);
        return [p, await countMs(playground, text)];
      }
      const b = await countMs(playground, text);
      return [await countMs(panel, text), b];
    });
    return [
      row(
        'editor panel: live count after a keystroke, p95 (via the app server vs the playground direct)',
        ours,
        'ms',
        base,
        TARGET_RATIO,
        ratio,
      ),
    ];
  } finally {
    await app.close();
    await em.close();
  }
}
