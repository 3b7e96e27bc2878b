// `npm run emulator -- [options]` starts the emulator; `npm run emulator -- token --user NAME` prints a
// personal access token for the emulator running on --port. Run with --help for the options.
import type { ServerType } from '@hono/node-server';
import { parseArgs } from 'node:util';
import { createEmulator } from './app.ts';
import { argsProblem } from '../../wire/cli-args.ts';
import { APPS_FLAGS, APPS_HELP, appsCommand, readAppsFlags } from './apps/cli.ts';
import { persistentAppsKey } from './apps/secrets.ts';
import { appEnvironment, tlsHosts, tlsInfo, tlsMaterial } from './apps/tls.ts';
import type { EmulatorOptions } from './config.ts';
import type { Dataset } from './data/model.ts';
import { keyFilePath, readKeyFile, writeKeyFile } from './key-file.ts';
import { LaunchError, launchEmulator, loadData, type DataChoice, type Launched } from './launch.ts';
import { serveEmulator } from './serve.ts';
import { STATE_FLAGS, STATE_HELP, stateCommand } from './state/cli.ts';
import { readFaultsFile } from './faults/file.ts';
import { FaultRulesError } from './faults/rules.ts';
import type { SetFaultsRequest } from '../../wire/faults.ts';

const HELP = `Local emulator of the localization service: OAuth server, API and demo data.

Usage:
  npm run emulator -- [options]
  npm run emulator -- token --user NAME [--scopes "project tm glossary"] [--port N] [data options]

The token command signs with the key of the emulator running on --port (it reads the key file that
emulator keeps in a private folder), so start the emulator first. The key is random per start; set
CROQL_EMULATOR_SIGNING_KEY to fix it (repeatable tests).

Options:
  --port N            port on 127.0.0.1 (default 8787; 0 picks a free one)
  --data FILE         serve this Context JSON data file instead of the demo data
  --scale N           number of demo strings (default 2000)
  --seed N            seed of the demo data (default 1)
  --token-ttl SECONDS access token lifetime (default 7200)
  --organization DOM  act as an enterprise organization: tokens carry domain=DOM
  --auto-approve USER sign in as this demo user without the consent page (prompt=consent still shows it)
  --test-hooks        enable POST /__emulator/expire-tokens, /__emulator/edit-string and
                      /__emulator/plant-answer, and the X-Emulator-Delay-Ms header
  --faults FILE       fault rules in force from the start, as POST /__faults takes them
  --playground-origin URL  the one origin whose pages may use the control routes, and
                      where the playground signs in from as well as its usual ports
                      (default http://127.0.0.1:5173, the playground's dev server)
  -h, --help          show this help

${STATE_HELP}

${APPS_HELP}`;

function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string', default: '8787' },
      data: { type: 'string' },
      scale: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'token-ttl': { type: 'string', default: '7200' },
      organization: { type: 'string' },
      'test-hooks': { type: 'boolean', default: false },
      faults: { type: 'string' },
      'playground-origin': { type: 'string' },
      'auto-approve': { type: 'string' },
      user: { type: 'string' },
      scopes: { type: 'string', default: 'project tm glossary' },
      help: { type: 'boolean', short: 'h', default: false },
      ...APPS_FLAGS,
      ...STATE_FLAGS,
    },
  });
}

function main(): void {
  if (process.argv[2] === 'apps') {
    void appsCommand(process.argv.slice(3)).then((code) => process.exit(code));
    return;
  }
  if (process.argv[2] === 'state') {
    void stateCommand(process.argv.slice(3)).then((code) => process.exit(code));
    return;
  }
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (e) {
    const problem = argsProblem(e, 'npm run emulator -- --help');
    if (problem) fail(problem);
    throw e;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return;
  }
  const number = (name: string, raw: string, min: number) => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) fail(`--${name} must be an integer ≥ ${min}; got "${raw}".`);
    return n;
  };
  const data: DataChoice = values.data
    ? { file: values.data }
    : {
        // A token only needs the users, so the token command skips generating the strings.
        scale: positionals[0] === 'token' ? 1 : values.scale ? number('scale', values.scale, 1) : 2000,
        seed: number('seed', values.seed, 0),
      };
  const options = {
    faults: faultsFrom(values.faults),
    ...(values['playground-origin'] ? { controlOrigins: [origin(values['playground-origin'])] } : {}),
    tokenTtl: number('token-ttl', values['token-ttl'], 1),
    testHooks: values['test-hooks'],
    organization: values.organization ?? null,
    autoApproveUser: values['auto-approve'] ?? null,
    apps: { ...readAppsFlags(values, fail), ...appsKey(positionals[0] === 'token') },
  };
  const port = number('port', values.port, 0);
  if (positionals[0] === 'token') return token(data, options, port, values.user, values.scopes);
  if (positionals.length) fail(`Unknown command "${positionals[0]}". Run with --help.`);
  if ((values['state-readonly'] || values['state-interval'] !== undefined) && !values.state) {
    fail('--state-readonly and --state-interval need --state FILE.');
  }
  const state = {
    file: values.state ?? null,
    readonly: values['state-readonly'],
    intervalSeconds:
      values['state-interval'] === undefined ? null : number('state-interval', values['state-interval'], 1),
  };
  void launchEmulator({ port, data, state, emulator: options }).then(serve, (e: unknown) =>
    fail(e instanceof LaunchError ? e.message : String(e)),
  );

  function serve(launched: Launched): void {
    const { emulator } = launched;
    const autoApprove = values['auto-approve'];
    const users = emulator.config.data.users;
    if (autoApprove && !users.some((u) => u.username.toLowerCase() === autoApprove.toLowerCase())) {
      fail(`--auto-approve: there is no user "${autoApprove}" in the data.`);
    }
    let removeKeyFile = () => {};
    const writeKey = () => {
      removeKeyFile();
      try {
        removeKeyFile = writeKeyFile(launched.port, emulator.config.signingKey);
      } catch (e) {
        console.warn(
          `emulator: \`token\` will not find this emulator: ${e instanceof Error ? e.message : e}`,
        );
      }
    };
    writeKey();
    // A snapshot loaded while it runs may bring its own signing key.
    emulator.state.onLoad(writeKey);
    const base = launched.url;
    console.log(
      `Emulator: API ${base}/api/v2, OAuth ${base}/oauth/authorize (${emulator.config.data.strings.length} strings)`,
    );
    if (state.file) {
      const file = emulator.state.info().file;
      console.log(
        launched.loaded
          ? `State: loaded ${file} (saved at ${launched.loaded.savedAt}${launched.loaded.migratedFrom === null ? '' : `, migrated from version ${launched.loaded.migratedFrom}`})${state.readonly ? '; read-only, never written' : ''}`
          : `State: ${file} does not exist yet; it is written at the first save`,
      );
      for (const w of launched.loaded?.warnings ?? []) console.warn(`emulator: ${w}`);
    }
    const servers: ServerType[] = [launched.server];
    if (values.tls) {
      const tlsPort = number('tls-port', values['tls-port'], 0);
      void tlsMaterial(tlsHosts(emulator.config.organization)).then(
        (material) => {
          const secure = serveEmulator(
            emulator,
            tlsPort,
            (info) => {
              const tls = (emulator.apps.tls = tlsInfo(material, info.port));
              const env = appEnvironment(tls);
              console.log(
                [
                  `Emulator: HTTPS ${material.hosts
                    .filter((h) => h.endsWith('localhost'))
                    .map((h) => `https://${h}:${info.port}`)
                    .join(', ')} for apps on the official framework. Start the app with:`,
                  `  ${Object.entries(env)
                    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
                    .join(' ')}`,
                  `  and crowdinUrls ${JSON.stringify(tls.crowdinUrls)}`,
                ].join('\n'),
              );
            },
            material,
          );
          secure.on('error', (e: NodeJS.ErrnoException) => {
            fail(
              e.code === 'EADDRINUSE'
                ? `Port ${tlsPort} is in use. Pick another with --tls-port N.`
                : e.message,
            );
          });
          servers.push(secure);
        },
        (e: unknown) => fail(`--tls: could not make the certificate: ${e instanceof Error ? e.message : e}`),
      );
    }
    process.on('exit', () => removeKeyFile());
    let stopping = false;
    const stop = () => {
      if (stopping) return;
      stopping = true;
      for (const s of servers.slice(1)) {
        s.close();
        if ('closeAllConnections' in s) s.closeAllConnections();
      }
      // The state is saved (with a writable --state) before the process ends; a failed save leaves the
      // file as the last save wrote it.
      launched.stop().then(
        () => process.exit(0),
        (e: unknown) => {
          console.error(
            `emulator: could not save the state to ${state.file}: ${e instanceof Error ? e.message : e}. The file keeps the last save.`,
          );
          process.exit(1);
        },
      );
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }
}

/** `token`: a personal access token signed with the key of the emulator running on `port`. */
function token(
  choice: DataChoice,
  options: Omit<EmulatorOptions, 'data'>,
  port: number,
  user: string | undefined,
  scopes: string,
): void {
  if (!user) fail('token needs --user NAME, e.g. `npm run emulator -- token --user alice`.');
  let data: Dataset;
  try {
    data = loadData(choice).data;
  } catch (e) {
    if (e instanceof LaunchError) fail(e.message);
    throw e;
  }
  const emulator = createEmulator({ ...options, data });
  if (!process.env.CROQL_EMULATOR_SIGNING_KEY) {
    const running = readKeyFile(port);
    if (!running) {
      fail(
        `No emulator is running on port ${port} (no key at ${keyFilePath(port)}). Start it with \`npm run emulator\` (pass the same --port), then ask again.`,
      );
    }
    emulator.config.signingKey = running.key;
  }
  try {
    console.log(emulator.personalToken(user, scopes));
  } catch (e) {
    fail(e instanceof Error ? e.message : String(e));
  } finally {
    emulator.apps.close();
  }
}

/** The key app secrets derive from, kept across restarts; a key for this run when the folder is unusable. */
function appsKey(skip: boolean): { secretKey?: string } {
  if (skip) return {};
  try {
    return { secretKey: persistentAppsKey().key };
  } catch (e) {
    console.warn(
      `emulator: app secrets will change at the next start: ${e instanceof Error ? e.message : e}`,
    );
    return {};
  }
}

/** `--faults FILE`: its rules, or the start refused with the file's problems. */
function faultsFrom(file: string | undefined): SetFaultsRequest | null {
  try {
    return file ? readFaultsFile(file) : null;
  } catch (e) {
    if (e instanceof FaultRulesError) fail(e.problems.join('\n  '));
    throw e;
  }
}

/** `--playground-origin`: an http(s) origin, as a browser sends it in `Origin`. */
function origin(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // worded below
  }
  fail(`--playground-origin must be an http(s) origin like http://127.0.0.1:5173; got "${raw}".`);
}

function fail(message: string): never {
  console.error(`emulator: ${message}`);
  process.exit(2);
}

main();
