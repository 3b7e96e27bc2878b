// `npm run example-app -- --port N --emulator URL`: the README's example app against a local emulator. It
// registers its OAuth app there (the same name gives the same credentials after a restart), then serves its
// manifest; installing it, adding its step and sending strings are the walkthrough's commands.
import { serve } from '@hono/node-server';
import { parseArgs } from 'node:util';
import type { CreateClientResponse } from '../wire/apps.ts';
import { APPS_PATHS } from '../wire/apps-routes.ts';
import { controlClient } from '../wire/apps-control.ts';
import { argsProblem } from '../wire/cli-args.ts';
import { exampleApp } from './app.ts';

const HELP = `The example Crowdin app of the README: a workflow step ("Length check") and a project-menu page.

Usage:
  npm run example-app -- --emulator URL [--port N] [--host H] [--max-length N]

Options:
  --emulator URL    the emulator (npm run emulator -- --organization acme): its OAuth app is registered
                    there, and its token endpoint and API are used
  --port N          port (default 3000; 0 picks a free one)
  --host H          address to listen on (default 127.0.0.1)
  --max-length N    strings whose source text has at most N characters go to Fits (default 40)
  -h, --help        show this help`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({
      options: {
        emulator: { type: 'string' },
        port: { type: 'string', default: '3000' },
        host: { type: 'string', default: '127.0.0.1' },
        'max-length': { type: 'string', default: '40' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (e) {
    fail(argsProblem(e, 'npm run example-app -- --help') ?? String(e));
  }
}

async function main(): Promise<void> {
  const values = options();
  if (values.help) {
    console.log(HELP);
    return;
  }
  const emulator = values.emulator?.replace(/\/+$/, '');
  if (!emulator || !URL.canParse(emulator)) {
    fail('The example app needs the emulator: --emulator http://127.0.0.1:8787 (see --help).');
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    fail(`--port must be a port number; got "${values.port}".`);
  }
  const maxLength = Number(values['max-length']);
  if (!Number.isInteger(maxLength) || maxLength < 0) {
    fail(`--max-length must be a whole number of characters; got "${values['max-length']}".`);
  }
  const control = controlClient(
    (input, init) => fetch(input, init),
    (base) => `No emulator answers at ${base}. Start it with \`npm run emulator -- --organization acme\`.`,
  );
  const client = await control<CreateClientResponse>(emulator, APPS_PATHS.clients, {
    body: { name: 'Example step', scopes: 'project' },
  }).catch((e: Error) => fail(e.message));

  const host = values.host.includes(':') ? `[${values.host}]` : values.host;
  const config = {
    baseUrl: '',
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    accountsUrl: emulator,
    apiUrl: emulator,
    maxLength,
    log: (line: string) => console.log(`${new Date().toISOString()} ${line}`),
  };
  const { app } = exampleApp(config);
  const server = serve({ fetch: app.fetch, port, hostname: values.host }, (info) => {
    config.baseUrl = `http://${host}:${info.port}`;
    console.log(`Example app listening on ${config.baseUrl}`);
    console.log(`  manifest  ${config.baseUrl}/manifest.json`);
    console.log(`  OAuth app ${client.clientId} (registered at ${emulator})`);
  });
  server.on('error', (e) => fail(`Cannot listen on ${values.host}:${port}: ${e.message}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
