// `npm run emulator -- apps …`: validate a manifest (locally), and talk to the running emulator's control
// routes to register an OAuth app, install or uninstall an app, flush batches and follow deliveries. Also
// the emulator's own app-hosting flags (`--batch-interval`, `--retry-schedule`, …), read by ../cli.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type {
  AppsOverview,
  AppsStreamEvent,
  AttemptInfo,
  DeliverySummary,
  InstallRequest,
  ManifestProblem,
} from '../../../wire/apps.ts';
import type { ModuleCallRequest, ModuleCallResponse } from '../../../wire/app-module-calls.ts';
import { DELIVERY_KIND_FACTS } from '../../../wire/delivery-kinds.ts';
import { APPS_PATHS, APPS_ROUTES, type AnswerOf, type AnyRoute } from '../../../wire/apps-routes.ts';
import {
  ControlRequestError,
  callRoute,
  controlClient,
  type RouteRequest,
} from '../../../wire/apps-control.ts';
import { argsProblem } from '../../../wire/cli-args.ts';
import { deliveryFaultsText } from '../../../wire/faults.ts';
import { problemLine } from '../../../wire/manifest-words.ts';
import { validateManifest } from './manifest.ts';
import { ManifestSourceError, readManifest } from './manifest-source.ts';
import { defaultAppsOptions, type AppsOptions } from './options.ts';
import { AppCaller } from './outgoing.ts';
import { recordCommand, replayCommand, SCENARIO_HELP } from './scenarios/cli.ts';
import { accessCommand, openCommand, UI_MODULES_HELP } from './ui-modules-cli.ts';

export const APPS_HELP = `Apps (Crowdin apps hosted by the emulator; see the README, "Develop a Crowdin app against the emulator"):
  npm run emulator -- apps validate <file|url> [--allow-remote-apps]
  npm run emulator -- apps client --name NAME --scopes "project"   [--port N]
  npm run emulator -- apps install <manifestUrl> [--project N | --all] [--access CATEGORY]   [--port N]
                     (--access: who may open its UI modules, where a module offers it; default owner)
  npm run emulator -- apps uninstall <appId>   [--port N]
  npm run emulator -- apps flush [--app ID]   [--port N]   (queued batches and waiting retries, now)
  npm run emulator -- apps call <appId> <moduleKey> [--job parse-file|build-file|…] [--file ID | --content PATH]
                     [--language L]… [--url] [--out PATH]   [--port N]
                     (a file-processing module call; --out saves the built file or the strings)
${UI_MODULES_HELP}
  npm run emulator -- apps listen [--app ID]   [--port N]
${SCENARIO_HELP}

App-hosting options of the emulator (the emulator's choices where the service is silent):
  --batch-interval SECONDS  step events are batched this long per app and webhook module (default 60,
                            as the service; 0 sends at once)
  --batch-max N             a batch is sent early at N events (default 500)
  --webhook-timeout SECONDS a delivery or settings callback waits this long for the app's answer (default 30)
  --install-timeout SECONDS the installed and uninstall events wait this long (default 30)
  --module-timeout SECONDS  a file-processing module call waits this long (default 120, the service's)
  --retry-schedule LIST     seconds before each retry of a failed delivery (default 10,30,60: 3 retries),
                            after the last one its strings become FAILED; "" for no retries
  --allow-remote-apps       call apps on other hosts too (default: loopback hosts only)
  --tls                     also serve HTTPS on --tls-port, for apps on the official framework: a local CA
                            made at first use signs a certificate for localhost and {organization}.localhost;
                            the start-up lines say how to point the app at it
  --tls-port N              the HTTPS port (default 8443; 0 picks a free one)`;

/** The emulator's parseArgs options for the app-hosting flags. */
export const APPS_FLAGS = {
  'batch-interval': { type: 'string' },
  'batch-max': { type: 'string' },
  'webhook-timeout': { type: 'string' },
  'install-timeout': { type: 'string' },
  'module-timeout': { type: 'string' },
  'retry-schedule': { type: 'string' },
  'allow-remote-apps': { type: 'boolean', default: false },
  tls: { type: 'boolean', default: false },
  'tls-port': { type: 'string', default: '8443' },
} as const;

/** Reads the app-hosting flags; `fail` ends the process with the message. */
export function readAppsFlags(
  values: Record<string, string | boolean | undefined>,
  fail: (message: string) => never,
): Omit<AppsOptions, 'secretKey'> {
  const d = defaultAppsOptions();
  const seconds = (name: string, fallback: number, min: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const n = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || !Number.isFinite(n) || n < min) {
      fail(`--${name} must be a number ≥ ${min}; got "${String(raw)}".`);
    }
    return n;
  };
  const schedule = values['retry-schedule'];
  let retryScheduleSeconds = d.retryScheduleSeconds;
  if (typeof schedule === 'string') {
    const parts = schedule
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parts.some((p) => !Number.isFinite(Number(p)) || Number(p) < 0)) {
      fail(`--retry-schedule must be seconds separated by commas, e.g. 10,30,60; got "${schedule}".`);
    }
    retryScheduleSeconds = parts.map(Number);
  }
  const batchMax = seconds('batch-max', d.batchMaxEvents, 1);
  if (!Number.isInteger(batchMax)) fail('--batch-max must be an integer.');
  return {
    batchIntervalSeconds: seconds('batch-interval', d.batchIntervalSeconds, 0),
    batchMaxEvents: batchMax,
    webhookTimeoutSeconds: seconds('webhook-timeout', d.webhookTimeoutSeconds, 0.001),
    installTimeoutSeconds: seconds('install-timeout', d.installTimeoutSeconds, 0.001),
    moduleTimeoutSeconds: seconds('module-timeout', d.moduleTimeoutSeconds, 0.001),
    retryScheduleSeconds,
    allowRemoteApps: values['allow-remote-apps'] === true,
  };
}

const DEFAULT_PORT = '8787';

function parseAppsArgs(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      port: { type: 'string', default: DEFAULT_PORT },
      name: { type: 'string' },
      scopes: { type: 'string' },
      project: { type: 'string', multiple: true },
      all: { type: 'boolean', default: false },
      app: { type: 'string' },
      job: { type: 'string' },
      file: { type: 'string' },
      content: { type: 'string' },
      language: { type: 'string', multiple: true },
      url: { type: 'boolean', default: false },
      out: { type: 'string' },
      seconds: { type: 'string' },
      speed: { type: 'string' },
      user: { type: 'string' },
      users: { type: 'string' },
      string: { type: 'string' },
      access: { type: 'string' },
      'allow-remote-apps': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

/** Runs `apps <command> …`; resolves with the exit code. */
export async function appsCommand(args: string[], out = console.log, err = console.error): Promise<number> {
  let parsed: ReturnType<typeof parseAppsArgs>;
  try {
    parsed = parseAppsArgs(args);
  } catch (e) {
    const problem = argsProblem(e, 'npm run emulator -- apps --help');
    if (!problem) throw e;
    err(problem);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, target, moduleKey, category] = positionals;
  // Asked for, the help is an answer (exit 0); without a command it says what was missing (exit 2).
  if (values.help) {
    out(APPS_HELP);
    return 0;
  }
  if (!command) {
    err(APPS_HELP);
    return 2;
  }
  const base = `http://127.0.0.1:${values.port}`;
  const control = controlClient(
    (input, init) => fetch(input, init),
    () =>
      `No emulator answers on port ${values.port}. Start it with \`npm run emulator\` (pass the same --port).`,
  );
  /** A control route; a refusal prints the emulator's message, then each problem and the app's answer. */
  const call = async <R extends AnyRoute>(route: R, request: RouteRequest<R> = {}): Promise<AnswerOf<R>> => {
    try {
      return await callRoute(control, base, route, request);
    } catch (e) {
      if (!(e instanceof ControlRequestError)) throw e;
      throw new Error(
        [
          terminalWording(e, values.port!),
          ...e.problems.map(formatProblem),
          ...(e.answer ? [`  the app's answer: ${formatAttempt(e.answer)}`] : []),
        ].join('\n'),
        { cause: e },
      );
    }
  };

  try {
    switch (command) {
      case 'validate':
        return await validate(target, values['allow-remote-apps'], out, err);
      case 'client': {
        if (!values.name || !values.scopes) {
          err('apps client needs --name NAME and --scopes "project …" (the service\'s scope names).');
          return 2;
        }
        const client = await call(APPS_ROUTES.clients, {
          body: { name: values.name, scopes: values.scopes },
        });
        out(`OAuth app "${values.name}" (scopes: ${values.scopes})`);
        out(`clientId:     ${client.clientId}`);
        out(`clientSecret: ${client.clientSecret}`);
        out(
          "Put the clientId in the manifest's authentication.clientId; the same name gives the same credentials after a restart.",
        );
        return 0;
      }
      case 'install': {
        if (!target) {
          err(
            'apps install needs the manifest URL, e.g. `npm run emulator -- apps install http://127.0.0.1:3000/manifest.json`.',
          );
          return 2;
        }
        if (values.all && values.project) {
          err('Give --project N (repeatable) or --all, not both.');
          return 2;
        }
        const projects = values.project?.map(Number);
        if (projects?.some((p) => !Number.isInteger(p))) {
          err('--project takes a project id, e.g. --project 1.');
          return 2;
        }
        const app = await call(APPS_ROUTES.install, {
          body: {
            manifestUrl: target,
            projects: projects ?? 'all',
            ...(values.access ? { access: values.access as InstallRequest['access'] } : {}),
          },
        });
        out(`Installed "${app.appId}" (${app.name}) from ${app.manifestUrl}`);
        out(`  appSecret: ${app.appSecret}`);
        if (app.agent) out(`  agent: ${app.agent.username} (id ${app.agent.id})`);
        out(
          `  scopes: ${app.scopes.join(' ') || '(none)'}; projects: ${app.projects === 'all' ? 'all' : app.projects.join(', ')}`,
        );
        for (const m of app.uiModules) {
          out(
            `  ${m.type} "${m.key}": ${m.offered ? `access ${m.access.category}; apps open ${app.appId} ${m.key}` : m.notOffered}`,
          );
        }
        for (const p of [...app.warnings, ...app.problems]) out(`  ${p.severity}: ${p.message}`);
        return 0;
      }
      case 'uninstall': {
        if (!target) {
          err('apps uninstall needs the app id (its manifest identifier).');
          return 2;
        }
        const result = await call(APPS_ROUTES.uninstall, { params: [target] });
        out(
          `Uninstalled "${result.appId}"${result.answer ? `; its answer to the uninstall event: ${formatAttempt(result.answer)}` : ''}`,
        );
        return 0;
      }
      case 'flush': {
        const result = await call(APPS_ROUTES.flush, { body: values.app ? { app: values.app } : {} });
        out(
          `Sent ${result.deliveries} batch${result.deliveries === 1 ? '' : 'es'} and ${result.retries} waiting retr${result.retries === 1 ? 'y' : 'ies'}${values.app ? ` of "${values.app}"` : ''}.`,
        );
        return 0;
      }
      case 'open':
        return await openCommand(call, target, moduleKey, values, out, err);
      case 'access':
        return await accessCommand(call, target, moduleKey, category, values, out, err);
      case 'listen':
        return await listen(base, values.port!, values.app, out);
      case 'record':
        return await recordCommand(call, values, out, err);
      case 'replay':
        return await replayCommand(call, target, values, out, err);
      case 'call': {
        if (!target || !moduleKey) {
          err(
            'apps call needs the app id and the module key, e.g. `apps call my-app my-format --job parse-file --content ./x.xyz`.',
          );
          return 2;
        }
        if (values.file !== undefined && !/^\d+$/.test(values.file)) {
          err(`--file takes the id of a file of the project, e.g. --file 3, not "${values.file}".`);
          return 2;
        }
        const request: ModuleCallRequest = {
          ...(values.job ? { jobType: values.job as ModuleCallRequest['jobType'] } : {}),
          ...(values.file ? { fileId: Number(values.file) } : {}),
          ...(values.content
            ? {
                contentBase64: readContent(values.content).toString('base64'),
                fileName: values.content.split('/').pop()!,
              }
            : {}),
          ...(values.language ? { languages: values.language } : {}),
          ...(values.url ? { transport: 'url' as const } : {}),
        };
        const result = await call(APPS_ROUTES.moduleCall, { params: [target, moduleKey], body: request });
        out(moduleCallLine(result));
        for (const p of result.problems) out(`  ${p.severity} ${p.pointer || '/'} ${p.message}`);
        if (values.out && result.result) {
          const data =
            result.result.content !== undefined
              ? Buffer.from(result.result.content, 'base64')
              : `${JSON.stringify(result.result.strings, null, 2)}\n`;
          writeFileSync(values.out, data);
          out(`  saved ${result.result.content !== undefined ? 'the file' : 'the strings'} to ${values.out}`);
        }
        return result.ok ? 0 : 1;
      }
      default:
        err(`Unknown apps command "${command}".\n${APPS_HELP}`);
        return 2;
    }
  } catch (e) {
    err(`emulator: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
}

async function validate(
  source: string | undefined,
  allowRemote: boolean,
  out: (line: string) => void,
  err: (line: string) => void,
): Promise<number> {
  if (!source) {
    err('apps validate needs a manifest file or URL.');
    return 2;
  }
  const caller = new AppCaller(() => allowRemote);
  try {
    const value = await readManifest(source, caller);
    const { report } = validateManifest(value);
    for (const p of report.errors) out(formatProblem(p));
    for (const p of report.warnings) out(formatProblem(p));
    const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
    out(
      `${source}: ${report.ok ? 'valid' : 'invalid'}, ${count(report.errors.length, 'error')}, ${count(report.warnings.length, 'warning')}`,
    );
    return report.ok ? 0 : 1;
  } catch (e) {
    if (!(e instanceof ManifestSourceError)) throw e;
    err(e.message);
    return 1;
  } finally {
    caller.close();
  }
}

/** The file `--content` names, or an error that says what is wrong with the path. */
function readContent(path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `No file at ${path}: --content takes the path of the file to send.`
        : code === 'EISDIR'
          ? `${path} is a folder: --content takes the path of the file to send.`
          : `Cannot read ${path} (${code ?? (e instanceof Error ? e.message : String(e))}).`,
      { cause: e },
    );
  }
}

/**
 * The emulator's refusal as a terminal user acts on it: where the HTTP answer names a control route to call,
 * the CLI names its own command instead.
 */
function terminalWording(e: ControlRequestError, port: string): string {
  if (e.code === 'alreadyInstalled' && e.appId) {
    const portFlag = port === DEFAULT_PORT ? '' : ` --port ${port}`;
    return `"${e.appId}" is already installed. Uninstall it first: npm run emulator -- apps uninstall ${e.appId}${portFlag}`;
  }
  return e.message;
}

function formatProblem(p: ManifestProblem): string {
  return `  ${p.severity} ${problemLine(p)} [${p.rule}]`;
}

/** The outcome of a module call in one line: the job, the module, and what came back or went wrong. */
export function moduleCallLine(r: ModuleCallResponse): string {
  const sent = `${(r.request.bytes / 1024).toFixed(1)} KB ${r.request.transport === 'url' ? 'with URLs' : 'inline'}`;
  const head = `${r.jobType} → ${r.appId}/${r.moduleKey} (delivery #${r.deliveryId}, sent ${sent}; answer ${formatAttempt(r.answer)})`;
  if (!r.ok) return `${head}\n  failed: ${r.failure}`;
  const got = r.result?.strings
    ? `${r.result.strings.length} string${r.result.strings.length === 1 ? '' : 's'}${r.result.preview === undefined ? '' : ' and a preview'}`
    : `a file of ${r.result?.contentBytes ?? 0} bytes`;
  return `${head}\n  ok: ${got}`;
}

export function formatAttempt(a: AttemptInfo): string {
  // No status: no HTTP answer came (refused, timed out, or bytes that are not HTTP); the error says which.
  const what = a.status === null ? (a.error ? 'failed' : 'no answer') : String(a.status);
  return `${what} in ${Math.round(a.durationMs)} ms${a.error ? ` (${a.error})` : ''}`;
}

/** One line per attempt: when, which delivery, what, where, and how it went. */
export function attemptLine(d: DeliverySummary, a: AttemptInfo): string {
  const time = a.startedAt.slice(11, 19);
  const what =
    d.kind === 'webhook' ? `${d.events.join(',')} ×${d.eventCount}` : DELIVERY_KIND_FACTS[d.kind].title;
  const outcome = a.ok
    ? 'ok'
    : d.state === 'retrying'
      ? `retry at ${d.nextAttemptAt?.slice(11, 19)}`
      : d.state === 'failed'
        ? 'FAILED'
        : d.state;
  const redelivery = d.redeliveryOf === null ? '' : ` (redelivery of #${d.redeliveryOf})`;
  return `${time}  #${d.id} try ${a.n}  ${d.appId}${d.moduleKey ? `/${d.moduleKey}` : ''}  ${what}${redelivery}${faultsWords(d)}  → ${formatAttempt(a)}  ${outcome}`;
}

/** A delivery a fault rule dropped: it has no attempt to show, so `apps listen` says it was never sent. */
export function droppedLine(d: DeliverySummary): string {
  return `${d.createdAt.slice(11, 19)}  #${d.id}  ${d.appId}/${d.moduleKey}  ${d.events.join(',')} ×${d.eventCount}${faultsWords(d)}  → never sent  DROPPED`;
}

function faultsWords(d: DeliverySummary): string {
  const words = deliveryFaultsText(d.faults);
  return words ? ` (${words})` : '';
}

async function listen(
  base: string,
  port: string,
  appId: string | undefined,
  out: (line: string) => void,
): Promise<number> {
  let res: Response;
  try {
    res = await fetch(`${base}${APPS_PATHS.stream}`, { headers: { Accept: 'text/event-stream' } });
  } catch {
    throw new Error(
      `No emulator answers on port ${port}. Start it with \`npm run emulator\` (pass the same --port).`,
    );
  }
  if (!res.ok || !res.body) throw new Error(`The emulator answered ${res.status} to ${APPS_PATHS.stream}.`);
  out(`Listening to deliveries on ${base}${appId ? ` for ${appId}` : ''} (Ctrl+C to stop)…`);
  if (appId) {
    // Listening before the install is fine; a typo in --app would otherwise print nothing, ever.
    const overview = (await fetch(`${base}${APPS_PATHS.overview}`)
      .then((r) => r.json())
      .catch(() => null)) as AppsOverview | null;
    const installed = overview?.apps.map((a) => a.appId) ?? [];
    if (overview && !installed.includes(appId)) {
      out(
        `No app "${appId}" is installed ${installed.length ? `(installed: ${installed.join(', ')})` : '(none is)'}; its attempts show here once it is.`,
      );
    }
  }
  const decoder = new TextDecoder();
  let buffer = '';
  const chunks = async function* () {
    try {
      yield* res.body as unknown as AsyncIterable<Uint8Array>;
    } catch {
      // The emulator stopped: the stream ends here.
    }
  };
  for await (const chunk of chunks()) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('\n');
      if (!data) continue;
      const event = JSON.parse(data) as AppsStreamEvent;
      if (event.type === 'attempt' && (!appId || event.delivery.appId === appId))
        out(attemptLine(event.delivery, event.attempt));
      if (
        event.type === 'delivery' &&
        event.delivery.state === 'dropped' &&
        (!appId || event.delivery.appId === appId)
      )
        out(droppedLine(event.delivery));
    }
  }
  out('The emulator stopped; no more deliveries to show.');
  return 0;
}
