// `npm run router -- [options]` starts CroQL Router: the app server a Crowdin Enterprise organization (or the
// local emulator) installs from its manifest. Run with --help for the options.
import { serve } from '@hono/node-server';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { checkWritable, fail, readPort } from '../../app-server/cli.ts';
import { argsProblem } from '../../wire/cli-args.ts';
import { appHosts } from '../../app-server/security-headers.ts';
import { createRouter, emulatorOf, type RouterConfig } from './app.ts';
import { CROWDIN_ENDPOINTS } from '../../app-server/crowdin.ts';
import { jsonLogger } from '../../app-server/log.ts';
import { emulatorClient, setUpInEmulator } from './emulator-setup.ts';
import { ROUTES } from './manifest.ts';
import { ensurePage, pageHandler } from './page.ts';
import { RouterStore, StoreError } from './store.ts';

const DEFAULT_STORE = join(
  process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'),
  'croql-router',
  'store.json',
);

const HELP = `CroQL Router: a Crowdin Enterprise workflow step that routes strings by CroQL rules.

Usage:
  npm run router -- --client-id ID --client-secret S [options]

The OAuth app (client id and secret) is the one the manifest names: create it in the organization's
settings (Crowdin Enterprise) or with \`npm run emulator -- apps client --name "CroQL Router" --scopes project\`.
The secret may come from CROQL_ROUTER_CLIENT_SECRET instead (it then stays out of the process list).

Options:
  --port N                  port (default 8790; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1)
  --store PATH|URL          where installations and step settings are kept: a folder for the embedded
                            store (default ${DEFAULT_STORE}), or postgres://… for a PostgreSQL
                            server that several instances share (or CROQL_STORE_URL)
  --secret-key KEY          seals app secrets at rest, AES-256-GCM (or CROQL_SECRET_KEY); 64 hex digits
                            or a passphrase of 16+ characters
  --previous-secret-key KEY the key the store was sealed with until now: re-sealed with --secret-key at
                            start (or CROQL_PREVIOUS_SECRET_KEY)
  --accounts URL            the accounts host (default ${CROWDIN_ENDPOINTS.accountsUrl}; the emulator's own
                            address when testing against it)
  --api URL                 the API host; {domain} stands for the organization's domain
                            (default ${CROWDIN_ENDPOINTS.apiUrl})
  --base-url URL            what the manifest announces as baseUrl (default: this server's own address);
                            the address Crowdin reaches the router at, https:// for the real service
  --emulator URL            try it against a local emulator (npm run emulator -- --organization acme):
                            accounts and API there, its OAuth app registered there, then it installs
                            itself, adds its step to project 1 and saves starter rules
  --client-id ID            the OAuth app's client id (or CROQL_ROUTER_CLIENT_ID)
  --client-secret S         the OAuth app's client secret (or CROQL_ROUTER_CLIENT_SECRET)
  --identifier ID           the manifest's identifier (default croql-router)
  --host-origin URL         another origin that frames the settings page and serves its bridge (repeat for
                            more); Crowdin's and the emulator's (--emulator, --accounts) are always allowed
  --reconcile-interval SEC  how often strings stuck on a step are looked for (default 300; 0: never)
  --api-concurrency N       API requests in flight at once per organization (default 4; the service
                            allows 20 per account, shared with everything else the customer runs)
  --lease SEC               how long a batch claimed from the inbox is held before another instance on
                            the same PostgreSQL may take it over (default 30; renewed while routing)
  -h, --help                show this help`;

function parseOptions() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '8790' },
      host: { type: 'string', default: '127.0.0.1' },
      store: { type: 'string', default: process.env.CROQL_STORE_URL || DEFAULT_STORE },
      'secret-key': { type: 'string', default: process.env.CROQL_SECRET_KEY },
      'previous-secret-key': { type: 'string', default: process.env.CROQL_PREVIOUS_SECRET_KEY },
      accounts: { type: 'string', default: CROWDIN_ENDPOINTS.accountsUrl },
      api: { type: 'string', default: CROWDIN_ENDPOINTS.apiUrl },
      'base-url': { type: 'string' },
      'client-id': { type: 'string', default: process.env.CROQL_ROUTER_CLIENT_ID },
      'client-secret': { type: 'string', default: process.env.CROQL_ROUTER_CLIENT_SECRET },
      identifier: { type: 'string', default: 'croql-router' },
      'reconcile-interval': { type: 'string', default: '300' },
      'api-concurrency': { type: 'string', default: '4' },
      lease: { type: 'string', default: '30' },
      emulator: { type: 'string' },
      'host-origin': { type: 'string', multiple: true, default: [] },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parseOptions>['values'];
  try {
    values = parseOptions().values;
  } catch (e) {
    fail(argsProblem(e, 'npm run router -- --help') ?? String(e));
  }
  if (values.help) {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const port = readPort(values.port);
  const reconcileS = Number(values['reconcile-interval']);
  if (!Number.isFinite(reconcileS) || reconcileS < 0)
    fail('--reconcile-interval must be a number of seconds ≥ 0.');
  const apiConcurrency = Number(values['api-concurrency']);
  if (!Number.isInteger(apiConcurrency) || apiConcurrency < 1 || apiConcurrency > 20)
    fail('--api-concurrency must be a whole number from 1 to 20 (the service allows 20 per account).');
  const leaseS = Number(values.lease);
  if (!Number.isFinite(leaseS) || leaseS < 1) fail('--lease must be a number of seconds ≥ 1.');
  const emulator = values.emulator?.replace(/\/+$/, '');
  if (emulator) {
    if (!URL.canParse(emulator)) fail(`--emulator must be the emulator's URL; got "${emulator}".`);
    values.accounts = values.api = emulator;
    if (!values['client-id']) {
      const client = await emulatorClient(emulator).catch((e: Error) => fail(e.message));
      values['client-id'] = client.clientId;
      values['client-secret'] = client.clientSecret;
    }
  }
  if (!values['client-id'] || !values['client-secret']) {
    fail('CroQL Router needs its OAuth app: --client-id ID and --client-secret S (see --help).');
  }
  for (const [name, url] of [
    ['accounts', values.accounts],
    ['api', values.api],
    ['base-url', values['base-url']],
  ] as const) {
    if (url !== undefined && !URL.canParse(url.replace('{domain}', 'domain')))
      fail(`--${name} must be a URL; got "${url}".`);
  }
  for (const origin of values['host-origin']) {
    if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol))
      fail(`--host-origin must be an http(s) origin; got "${origin}".`);
  }
  if (!/^[a-z0-9-._]+$/.test(values.identifier))
    fail('--identifier takes lowercase letters, digits, "-", "." and "_".');

  await checkWritable(values.store);
  let store: RouterStore;
  try {
    store = await RouterStore.open(values.store, {
      secretKey: values['secret-key'],
      previousSecretKey: values['previous-secret-key'],
    });
  } catch (e) {
    if (e instanceof StoreError) fail(e.message);
    throw e;
  }
  const log = jsonLogger();
  const endpoints = { accountsUrl: values.accounts, apiUrl: values.api };
  const config: RouterConfig = {
    identifier: values.identifier,
    baseUrl: values['base-url'] ?? '',
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    endpoints,
    hosts: appHosts({ emulator: emulatorOf(endpoints), extra: values['host-origin'] }),
  };
  // The page is built (when its sources changed) while the server already answers; until then its route
  // says so.
  let page: ReturnType<typeof pageHandler> | null = null;
  let pageProblem = 'The settings page is being built; reload in a few seconds.';
  const router = createRouter({
    config,
    store,
    log,
    apiConcurrency,
    engine: { leaseMs: leaseS * 1000 },
    page: (c) => (page ? page(c) : c.text(pageProblem, 503, { 'Retry-After': '5' })),
  });
  ensurePage(undefined, (m) => log.info(m)).then(
    (dir) => (page = pageHandler(dir)),
    (e: Error) => {
      pageProblem = `The settings page could not be built: ${e.message}`;
      log.error(pageProblem);
    },
  );
  // Settled once the router is listening and, with --emulator, set up there: the first pass waits for it,
  // since a kept store names the step of an earlier emulator, which this one has only after the set-up.
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const server = serve({ fetch: router.app.fetch, port, hostname: values.host }, (info) => {
    const own = `http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${info.port}`;
    config.baseUrl ||= own;
    log.info(`CroQL Router listening on ${own} (manifest ${config.baseUrl}${ROUTES.manifest})`, {
      url: own,
      manifest: `${config.baseUrl}${ROUTES.manifest}`,
      store: store.location,
      storeKind: store.kind,
      migratedFrom: store.migratedJson,
      accounts: config.endpoints.accountsUrl,
      api: config.endpoints.apiUrl,
    });
    if (store.resealed) {
      const { from, to } = store.resealed;
      log.info(
        `App secrets re-sealed: ${to ? `now under the key ${to}` : 'now in plain text'}, ` +
          `${from ? `until now under ${from}` : 'until now in plain text'}. ` +
          (values['previous-secret-key'] ? 'From now on, start without --previous-secret-key.' : ''),
        { resealedFrom: from, resealedTo: to },
      );
    }
    if (!values['secret-key']) {
      log.warn('App secrets are kept in plain text: give --secret-key (or CROQL_SECRET_KEY) to seal them.');
    }
    if (emulator) {
      setUpInEmulator(emulator, `${config.baseUrl}${ROUTES.manifest}`, config.identifier, (m) => log.info(m))
        .catch((e: Error) => log.error(`Could not set up in the emulator: ${e.message}`))
        .finally(started);
    } else started();
  });
  server.on('error', (e) => fail(`Cannot listen on ${values.host}:${port}: ${e.message}`));
  // A first pass at start notes what waits on the steps (say, batches a stopped router never finished); the
  // next pass routes what is still waiting then.
  const timer = reconcileS > 0 ? setInterval(() => void router.engine.reconcile(), reconcileS * 1000) : null;
  if (timer) void ready.then(() => router.engine.reconcile());
  // On a stop, no new batch is claimed and those being routed finish (for a few seconds at most); what is
  // left stays in the inbox for the next start (embedded) or the other instances (PostgreSQL, after the lease).
  const stop = () => {
    if (timer) clearInterval(timer);
    server.close();
    const drained = Promise.race([router.engine.stop(), new Promise((r) => setTimeout(r, 5000))]);
    void drained.then(() => store.close()).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
