// One emulator instance: the accounts origin (/oauth) and the API origin (/api/v2) in one Hono app.
import { Hono } from 'hono';
import { EmulatorApi } from './api/routes.ts';
import { controlRoutes } from './apps/control.ts';
import { AppsHost } from './apps/host.ts';
import { ScenarioRecorder } from './apps/scenarios/recorder.ts';
import { scenarioRoutes } from './apps/scenarios/routes.ts';
import { ApiError, notFound, respondError, simpleError } from './api/errors.ts';
import { MAX_EMULATOR_URL_LENGTH } from '../../wire/limits.ts';
import { isServiceScope } from '../../wire/scopes.ts';
import { emulatorConfig, type EmulatorConfig, type EmulatorOptions } from './config.ts';
import { cors } from './cors.ts';
import { StringEdits } from './data/edits.ts';
import { editStringHook } from './edit-hook.ts';
import { LoopDelay } from './loop-delay.ts';
import { plantedAnswers } from './answer-hook.ts';
import type { Dataset } from './data/model.ts';
import { PAGE_HEADERS } from './oauth/pages.ts';
import { oauthRoutes } from './oauth/routes.ts';
import { verifyJwt } from './oauth/jwt.ts';
import { OAuthStore, personalAccessToken } from './oauth/store.ts';
import { appsParts } from './state/apps.ts';
import { dataPart } from './state/data.ts';
import { StateKeeper } from './state/keeper.ts';
import { oauthPart } from './state/oauth.ts';
import { stateRoutes } from './state/routes.ts';
import { deliveryFaultPlanner } from './faults/deliveries.ts';
import { accountLimits } from './faults/limits.ts';
import { requestFaults } from './faults/middleware.ts';
import { faultRoutes } from './faults/routes.ts';
import { FaultRules } from './faults/rules.ts';

export interface Emulator {
  app: Hono;
  config: EmulatorConfig;
  store: OAuthStore;
  api: EmulatorApi;
  /** The host of Crowdin apps: installations, steps, deliveries (apps/host.ts). */
  apps: AppsHost;
  /** The changes the API made to the data (data/edits.ts). */
  edits: StringEdits;
  /** Saves, loads and hands out the state (state/keeper.ts). */
  state: StateKeeper;
  /** The fault rules in force (`/__faults`, faults/rules.ts). */
  faults: FaultRules;
  /** A personal access token for a demo user, e.g. for tests and the `token` subcommand. */
  personalToken(username: string, scope?: string): string;
}

const ROOT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>CroQL emulator</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 3em auto; line-height: 1.5">
<h1>CroQL emulator</h1>
<p>This is the local emulator of the service: its API is at <code>/api/v2</code> and its sign-in at
<code>/oauth/authorize</code>. It has no pages of its own.</p>
<p>Open the <strong>CroQL Playground</strong> app instead: <a href="http://127.0.0.1:5173/">http://127.0.0.1:5173</a>
when started with <code>npm start</code> or <code>npm run dev</code>.</p>
</body></html>`;

export function createEmulator(options: EmulatorOptions & { data: Dataset }): Emulator {
  const config = emulatorConfig(options);
  const store = new OAuthStore(config);
  const api = new EmulatorApi(config, store);
  const app = new Hono();
  const apps = new AppsHost(config, store, api, async (path, init) => app.request(path, init));
  const edits = new StringEdits(config.data);
  const state = new StateKeeper({
    parts: [oauthPart(config, store), ...appsParts(apps), dataPart(edits)],
    header: () => ({ organization: config.organization, data: config.dataSource }),
    clock: config.clock,
    ...config.state,
  });
  const faults = new FaultRules(config.clock);
  // Bad rules refuse the start (the caller words the FaultRulesError): nothing runs with half of them.
  if (config.faults) faults.add(config.faults.rules, config.faults.seed);
  // Delivery rules act on the webhook deliveries to apps (faults/deliveries.ts).
  apps.deliveries.faultPlanner = deliveryFaultPlanner(faults);
  const limits = () => accountLimits(config, api);

  let loop: LoopDelay | null = null;
  app.get('/health', (c) => {
    const body: Record<string, unknown> = { ok: true, strings: config.data.strings.length };
    if (config.testHooks) {
      // `?gc`: memory after a full collection (node --expose-gc), which takes a while on big data.
      if (c.req.query('gc') !== undefined) (globalThis as { gc?: () => void }).gc?.();
      body.memory = process.memoryUsage();
      // `?loop=reset` starts measuring the event loop's delay (the bench's measure of what work blocks);
      // each /health after it gives the figures since the last reset.
      const reset = c.req.query('loop') === 'reset';
      if (reset) loop ??= new LoopDelay();
      if (loop) body.eventLoopDelayMs = loop.read(reset);
    }
    return c.json(body);
  });

  // Someone who opens the emulator's address in a browser learns where the app is.
  app.get('/', (c) => c.html(ROOT_PAGE, 200, PAGE_HEADERS));

  // The API answers browsers only on the app's own origins: a page elsewhere that got hold of a token
  // (or guessed the emulator's address) cannot read the user's data through the browser.
  app.use('/api/*', apps.recordCalls());
  app.use('/api/*', cors({ origins: config.allowedOrigins, exposeHeaders: ['Retry-After'], maxAge: 600 }));
  // A URL longer than any query the editor allows gets the service's error shape with the CORS headers
  // above, so the app can tell "too long for the server" from "cannot reach the server".
  app.use('*', async (c, next) => {
    const url = c.req.url;
    const length = url.length - url.indexOf('/', url.indexOf('//') + 2);
    if (length > MAX_EMULATOR_URL_LENGTH) {
      throw simpleError(
        414,
        `The request URL is ${length.toLocaleString('en-US')} characters long; the emulator takes up to ${MAX_EMULATOR_URL_LENGTH.toLocaleString('en-US')}. Shorten the query.`,
      );
    }
    await next();
  });
  // Faults act on the API and OAuth servers only: no rule reaches the control routes.
  const owner = (authorization: string | undefined) => {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    const claims = token ? verifyJwt(token, config.signingKey) : null;
    if (!claims) return { account: [], app: null };
    const user = config.data.users.find((u) => String(u.id) === claims.sub) ?? api.extraUser(claims.sub);
    return { account: [claims.sub, ...(user ? [user.username] : [])], app: claims.app ?? null };
  };
  app.use('/api/*', requestFaults(faults, owner));
  app.use('/oauth/*', requestFaults(faults, owner));
  const planted = config.testHooks ? plantedAnswers() : null;
  if (planted) app.use('/api/v2/*', planted.serve);
  app.route('/api/v2', api.routes());
  app.all('/api/*', () => {
    throw notFound();
  });

  app.route('/', oauthRoutes(config, store, apps.grants()));
  // Record and replay (apps/scenarios/) before the other control routes, whose catch-all answers 404.
  const recorder = new ScenarioRecorder(apps.deliveries, apps.installations, config.clock);
  app.route(
    '/',
    scenarioRoutes(
      { recorder, deliveries: apps.deliveries, installations: apps.installations },
      config.controlOrigins,
    ),
  );
  app.route('/', controlRoutes(apps, config.controlOrigins));
  app.route('/', stateRoutes(state, config.controlOrigins));
  // Whoever follows the apps feed (the Apps view) reads everything again after a snapshot replaced it.
  state.onLoad(() => apps.stream.emit({ type: 'apps' }));
  app.route('/', faultRoutes(faults, limits, config.controlOrigins));

  if (config.testHooks) {
    // With `?token=<access token>`, only that sign-in's access tokens expire; without, every one does.
    app.post('/__emulator/expire-tokens', (c) => {
      const token = c.req.query('token');
      const claims = token === undefined ? null : verifyJwt(token, config.signingKey);
      if (token !== undefined && !claims)
        return c.json({ error: 'not an access token of this emulator' }, 400);
      return c.json({ expired: store.expireAllAccessTokens(claims?.jti) });
    });
    // A restart, for one sign-in (`?token=<access token>`): the emulator forgets it as a restart forgets
    // every sign-in, without ending the sessions of parallel tests.
    app.post('/__emulator/forget-sign-in', (c) => {
      const claims = verifyJwt(c.req.query('token') ?? '', config.signingKey);
      if (!claims) return c.json({ error: 'not an access token of this emulator' }, 400);
      return c.json({ forgotten: store.forgetSignIn(claims.jti) });
    });
    app.post(
      '/__emulator/edit-string',
      editStringHook(edits, config.clock, () => config.data.version),
    );
    if (planted) app.post('/__emulator/plant-answer', planted.plant);
  }

  app.onError((err, c) => {
    if (err instanceof ApiError) return respondError(c, err);
    // The client went away mid-evaluation: nobody reads this answer, and it is no error of ours.
    if (c.req.raw.signal.aborted) return respondError(c, simpleError(400, 'The client closed the request'));
    console.error('emulator: unexpected error', err instanceof Error ? err.message : err);
    return respondError(c, simpleError(500, 'Internal Server Error'));
  });

  return {
    app,
    config,
    store,
    api,
    apps,
    edits,
    state,
    faults,
    personalToken(username, scope = 'project tm glossary') {
      const user = config.data.users.find((u) => u.username.toLowerCase() === username.toLowerCase());
      if (!user) {
        throw new Error(
          `No user "${username}" in the data. Users: ${config.data.users.map((u) => u.username).join(', ')}.`,
        );
      }
      const unknown = scope.split(' ').filter((s) => s && !isServiceScope(s));
      if (unknown.length) {
        throw new Error(
          `Unknown scope: ${unknown.join(', ')}. Use the service's scope names, e.g. project tm glossary.`,
        );
      }
      return personalAccessToken(config, user.id, scope);
    },
  };
}
