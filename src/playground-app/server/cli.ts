// `npm run crowdin-app -- [options]` starts CroQL Playground's app server: the Crowdin app a crowdin.com
// account or Crowdin Enterprise organization (or the local emulator) installs from its manifest. Run with
// --help for the options.
import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { checkWritable, fail, readPort } from '../../app-server/cli.ts';
import { jsonLogger } from '../../app-server/log.ts';
import { waitForEmulator } from '../../app-server/emulator.ts';
import { CROWDIN_ENDPOINTS } from '../../app-server/crowdin.ts';
import { argsProblem } from '../../wire/cli-args.ts';
import { PLAYGROUND_MODULES } from '../../wire/playground-app.ts';
import { createPlaygroundApp, type PlaygroundAppConfig } from './app.ts';
import { playgroundClient, setUpInEmulator } from './emulator-setup.ts';
import { ROUTES } from './manifest.ts';
import { pageServer } from './pages.ts';
import { PlaygroundStore, StoreError } from './store.ts';

const DEFAULT_STORE = join(
  process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'),
  'croql-playground-app',
  'store',
);
const DEFAULT_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../dist');

const HELP = `CroQL Playground as a Crowdin app: the playground in the project menu, a CroQL filter beside the editor.

Usage:
  npm run crowdin-app -- --base-url URL --client-id ID --client-secret S [options]

The OAuth app (client id and secret) is the one the manifest names: create it in Crowdin (Account settings →
OAuth, or the organization's settings on Enterprise) with the scopes the manifest lists, or with
\`npm run emulator -- apps client --name "CroQL Playground" --scopes "project.settings project.member project.source project.translation tm glossary"\`.
The secret may come from CROQL_APP_CLIENT_SECRET instead (it then stays out of the process list).

Options:
  --port N                  port (default 8791; 0 picks a free one)
  --host H                  address to listen on (default 127.0.0.1)
  --store PATH|URL          where installations and libraries are kept: a folder for the embedded store
                            (default ${DEFAULT_STORE}), or postgres://… (or CROQL_APP_STORE_URL)
  --secret-key KEY          seals app secrets at rest, AES-256-GCM (or CROQL_SECRET_KEY)
  --base-url URL            what the manifest announces as baseUrl: the https:// address Crowdin reaches
                            this server at (default: this server's own address)
  --dist DIR                the built playground (\`npx vite build\`; default ${DEFAULT_DIST})
  --accounts URL            the accounts host (default ${CROWDIN_ENDPOINTS.accountsUrl})
  --api URL                 the API host; {domain} stands for the organization's domain
                            (default ${CROWDIN_ENDPOINTS.apiUrl})
  --emulator URL            try it against a local emulator (npm run emulator): accounts and API there,
                            its OAuth app registered there, then it installs itself
  --client-id ID            the OAuth app's client id (or CROQL_APP_CLIENT_ID)
  --client-secret S         the OAuth app's client secret (or CROQL_APP_CLIENT_SECRET)
  -h, --help                show this help`;

function parseOptions() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '8791' },
      host: { type: 'string', default: '127.0.0.1' },
      store: { type: 'string', default: process.env.CROQL_APP_STORE_URL || DEFAULT_STORE },
      'secret-key': { type: 'string', default: process.env.CROQL_SECRET_KEY },
      'base-url': { type: 'string' },
      dist: { type: 'string', default: DEFAULT_DIST },
      accounts: { type: 'string', default: CROWDIN_ENDPOINTS.accountsUrl },
      api: { type: 'string', default: CROWDIN_ENDPOINTS.apiUrl },
      emulator: { type: 'string' },
      'client-id': { type: 'string', default: process.env.CROQL_APP_CLIENT_ID },
      'client-secret': { type: 'string', default: process.env.CROQL_APP_CLIENT_SECRET },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

async function main(): Promise<void> {
  let values: ReturnType<typeof parseOptions>['values'];
  try {
    values = parseOptions().values;
  } catch (e) {
    fail(argsProblem(e, 'npm run crowdin-app -- --help') ?? String(e));
  }
  if (values.help) {
    console.log(HELP);
    return;
  }
  const port = readPort(values.port);
  const emulator = values.emulator?.replace(/\/+$/, '');
  if (emulator) {
    if (!URL.canParse(emulator)) fail(`--emulator must be the emulator's URL; got "${emulator}".`);
    values.accounts = values.api = emulator;
    await waitForEmulator(emulator, (m) => console.log(m)).catch((e: Error) => fail(e.message));
    if (!values['client-id']) {
      const client = await playgroundClient(emulator).catch((e: Error) => fail(e.message));
      values['client-id'] = client.clientId;
      values['client-secret'] = client.clientSecret;
    }
  }
  if (!values['client-id'] || !values['client-secret']) {
    fail('CroQL Playground needs its OAuth app: --client-id ID and --client-secret S (see --help).');
  }
  for (const [name, url] of [
    ['accounts', values.accounts],
    ['api', values.api],
    ['base-url', values['base-url']],
  ] as const) {
    if (url !== undefined && !URL.canParse(url.replace('{domain}', 'domain')))
      fail(`--${name} must be a URL; got "${url}".`);
  }
  if (!existsSync(join(values.dist, 'index.html'))) {
    console.warn(
      `The playground is not built in ${values.dist}: its pages answer 503 until \`npx vite build\` has run.`,
    );
  }

  await checkWritable(values.store);
  let store: PlaygroundStore;
  try {
    store = await PlaygroundStore.open(values.store, { secretKey: values['secret-key'] });
  } catch (e) {
    if (e instanceof StoreError) fail(e.message);
    throw e;
  }
  const log = jsonLogger();
  const config: PlaygroundAppConfig = {
    baseUrl: values['base-url'] ?? '',
    clientId: values['client-id'],
    clientSecret: values['client-secret'],
    endpoints: { accountsUrl: values.accounts, apiUrl: values.api },
    emulator: emulator ?? null,
  };
  const app = createPlaygroundApp({
    config,
    store,
    log,
    pages: pageServer(values.dist, { emulator: emulator ?? null }),
  });
  const server = serve({ fetch: app.fetch, port, hostname: values.host }, (info) => {
    const own = `http://${values.host.includes(':') ? `[${values.host}]` : values.host}:${info.port}`;
    config.baseUrl ||= own;
    console.log(`CroQL Playground app listening on ${own}`);
    console.log(`  manifest  ${config.baseUrl}${ROUTES.manifest}`);
    console.log(
      `  pages     ${PLAYGROUND_MODULES.projectMenu.path} (project menu), ${PLAYGROUND_MODULES.editorPanel.path} (editor panel)`,
    );
    console.log(`  store     ${store.location} (${store.kind})`);
    if (!values['secret-key']) {
      console.log(
        '            app secrets in plain text: give --secret-key (or CROQL_SECRET_KEY) to seal them',
      );
    }
    console.log(`  accounts  ${config.endpoints.accountsUrl}   API ${config.endpoints.apiUrl}`);
    if (emulator) {
      setUpInEmulator(emulator, `${config.baseUrl}${ROUTES.manifest}`, (m) => console.log(m)).catch(
        (e: Error) => log.error(`Could not set up in the emulator: ${e.message}`),
      );
    }
  });
  server.on('error', (e) => fail(`Cannot listen on ${values.host}:${port}: ${e.message}`));
  const stop = () => {
    server.close();
    void store.close().finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
