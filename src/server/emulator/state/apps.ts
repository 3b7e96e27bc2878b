// The state's parts of the apps host (apps/host.ts), each read from and put back into its store through
// the store's records() and replaceRecords():
// - `apps`: OAuth apps registered with the emulator, installed apps (manifest, secret, agent, scopes,
//   projects, problems, token grants) and the problems of no app;
// - `steps`: workflow steps (their settings too) and each string's status and output per language;
// - `log`: the delivery log (each request's bytes, within the log's own bounds, and every attempt), what
//   waits for its batch, and the apps' own calls.
import type { AppApiCall, AppProblem, ManifestProblem } from '../../../wire/apps.ts';
import { STEP_STATUSES } from '../../../wire/apps.ts';
import { MODULE_ACCESS_CATEGORIES, type ModuleAccess } from '../../../wire/app-modules.ts';
import { DELIVERY_KINDS, DELIVERY_STATES } from '../../../wire/delivery-kinds.ts';
import { DELIVERY_FAULTS } from '../../../wire/faults.ts';
import type { DemoUser } from '../data/model.ts';
import type { AppsHost } from '../apps/host.ts';
import type { PendingEvent, SavedQueue } from '../apps/batch-queues.ts';
import type { DeliveryRecord } from '../apps/delivery-log.ts';
import type { Installation, RegisteredClient } from '../apps/installations.ts';
import { validateManifest } from '../apps/manifest.ts';
import type { SavedEntry, SavedStep, Step } from '../apps/steps.ts';
import { Reader, StateShapeError, type StatePart } from './part.ts';

export function appsParts(host: AppsHost): StatePart[] {
  return [installationsPart(host), stepsPart(host), logPart(host)];
}

function installationsPart(host: AppsHost): StatePart {
  return {
    key: 'apps',
    save() {
      const { clients, apps, problems } = host.installations.records();
      return {
        clients: clients.map((c) => ({ ...c, scopes: [...c.scopes] })),
        installations: apps.map(({ client, grantIds, problems, ...app }) => ({
          ...app,
          clientId: client?.id ?? null,
          problems: [...problems],
          grantIds: [...grantIds],
        })),
        problems: [...problems],
      };
    },
    restore(value) {
      const r = new Reader(value ?? {}, 'apps');
      const clients: RegisteredClient[] = r
        .get('clients')
        .list(true)
        .map((c) => ({
          id: c.get('id').string(),
          secret: c.get('secret').string(),
          name: c.get('name').string(),
          scopes: c.get('scopes').strings(),
        }));
      const byId = new Map(clients.map((c) => [c.id, c]));
      const apps = r
        .get('installations')
        .list(true)
        .map((a): Installation => {
          const { manifest, report } = validateManifest(a.get('manifest').value);
          if (!manifest) {
            throw new StateShapeError(
              `${a.at}.manifest`,
              `not a valid manifest (${report.errors[0]?.message})`,
            );
          }
          const clientId = a.get('clientId').stringOrNull();
          const projects = a.get('projects');
          return {
            appId: a.get('appId').string(),
            manifest,
            manifestUrl: a.get('manifestUrl').string(),
            baseUrl: a.get('baseUrl').string(),
            secret: a.get('secret').string(),
            authType: a.get('authType').oneOf(['none', 'crowdin_app', 'crowdin_agent'] as const),
            client: clientId === null ? null : (byId.get(clientId) ?? null),
            scopes: a.get('scopes').strings(),
            installedAt: a.get('installedAt').number(),
            installer: user(a.get('installer')),
            projects: projects.value === 'all' ? 'all' : projects.list().map((p) => p.int()),
            agent: a.get('agent').value === null ? null : user(a.get('agent')),
            state: a.get('state').oneOf(['installing', 'installed'] as const),
            problems: problems(a.get('problems')),
            warnings: a
              .get('warnings')
              .list(true)
              .map((w) => w.json<ManifestProblem>()),
            grantIds: new Set(a.get('grantIds').strings()),
            moduleAccess: moduleAccess(a.get('moduleAccess')),
          };
        });
      const global = problems(r.get('problems'));
      return () => host.installations.replaceRecords({ clients, apps, problems: global });
    },
  };
}

/** Who may open each UI module; a state saved before modules had access has none (each gets its default). */
function moduleAccess(r: Reader): Record<string, ModuleAccess> {
  if (r.value === undefined) return {};
  return Object.fromEntries(
    Object.entries(r.object()).map(([key, value]) => {
      const m = new Reader(value, `${r.at}.${key}`);
      return [
        key,
        { category: m.get('category').oneOf(MODULE_ACCESS_CATEGORIES), users: m.get('users').strings() },
      ];
    }),
  );
}

function user(r: Reader): DemoUser {
  return {
    id: r.get('id').int(),
    username: r.get('username').string(),
    fullName: r.get('fullName').string(),
    avatarUrl: r.get('avatarUrl').string(),
    role: r.get('role').string(),
  };
}

function problems(r: Reader): AppProblem[] {
  return r.list(true).map((p) => {
    p.get('message').string();
    p.get('code').string();
    return p.json<AppProblem>();
  });
}

function stepsPart(host: AppsHost): StatePart {
  return {
    key: 'steps',
    save: () => host.steps.records(),
    restore(value) {
      const r = new Reader(value ?? {}, 'steps');
      const steps = r
        .get('steps')
        .list(true)
        .map((s): SavedStep => {
          const step = s.get('step');
          const savedAt = step.get('settingsSavedAt');
          const full: Step = {
            id: step.get('id').int(),
            projectId: step.get('projectId').int(),
            appId: step.get('appId').string(),
            moduleKey: step.get('moduleKey').string(),
            title: step.get('title').string(),
            languages: step.get('languages').strings(),
            outputs: step
              .get('outputs')
              .list()
              .map((o) => o.json()),
            active: step.get('active').boolean(),
            createdAt: step.get('createdAt').number(),
            settings: step.get('settings').value ?? null,
            settingsSavedAt: savedAt.numberOrNull(),
          };
          const strings: Record<string, SavedEntry[]> = {};
          for (const [languageId, list] of Object.entries(s.get('strings').object())) {
            strings[languageId] = new Reader(list, `${s.at}.strings.${languageId}`).list().map((e) => {
              const [id, status, output, origin] = e.tuple(4);
              return [id!.int(), status!.oneOf(STEP_STATUSES), output!.string(), origin!.string()];
            });
          }
          return { step: full, strings };
        });
      const nextId = r.get('nextId').value === undefined ? 101 : r.get('nextId').int();
      return () => host.steps.replaceRecords({ nextId, steps });
    },
  };
}

/** A body as saved: its text when it is UTF-8 (every JSON body is), else base64. */
function bodyValue(body: Buffer): { body: string } | { bodyBase64: string } {
  const text = body.toString('utf8');
  return Buffer.byteLength(text) === body.length && Buffer.from(text).equals(body)
    ? { body: text }
    : { bodyBase64: body.toString('base64') };
}

function logPart(host: AppsHost): StatePart {
  return {
    key: 'log',
    save() {
      const { nextId, log, queues } = host.deliveries.records();
      return {
        nextId,
        deliveries: log.map(({ timer: _timer, body, ...record }) => ({ ...record, ...bodyValue(body) })),
        queued: queues,
        calls: host.calls.records(),
      };
    },
    restore(value) {
      const r = new Reader(value ?? {}, 'log');
      const log = r
        .get('deliveries')
        .list(true)
        .map((d): DeliveryRecord => {
          const text = d.get('body');
          const method = d.get('method').oneOf(['GET', 'POST', 'DELETE'] as const);
          return {
            id: d.get('id').int(),
            kind: d.get('kind').oneOf(DELIVERY_KINDS),
            appId: d.get('appId').string(),
            moduleKey: d.get('moduleKey').stringOrNull(),
            events: d.get('events').strings(),
            eventCount: d.get('eventCount').int(),
            url: d.get('url').string(),
            state: d.get('state').oneOf(DELIVERY_STATES),
            redeliveryOf: d.get('redeliveryOf').numberOrNull(),
            signature: d.get('signature').stringOrNull(),
            method,
            headers: Object.fromEntries(
              Object.entries(d.get('headers').object()).map(([k, v]) => [
                k,
                new Reader(v, `${d.at}.headers.${k}`).string(),
              ]),
            ),
            body:
              text.value === undefined
                ? Buffer.from(d.get('bodyBase64').string(), 'base64')
                : Buffer.from(text.string()),
            createdAt: d.get('createdAt').number(),
            attempts: d
              .get('attempts')
              .list()
              .map((a) => {
                a.get('ok').boolean();
                return a.json();
              }),
            nextAttemptAt: d.get('nextAttemptAt').numberOrNull(),
            stepPairs: d
              .get('stepPairs')
              .list(true)
              .map((p) => ({
                stepId: p.get('stepId').int(),
                stringId: p.get('stringId').int(),
                languageId: p.get('languageId').string(),
                originEvent: p.get('originEvent').string(),
              })),
            timeoutMs: d.get('timeoutMs').number(),
            maxAnswerBytes: d.get('maxAnswerBytes').number(),
            timer: null,
            // A state saved before delivery faults existed has neither.
            faults: d
              .get('faults')
              .list(true)
              .map((f) => ({
                rule: f.get('rule').string(),
                fault: f.get('fault').oneOf([...DELIVERY_FAULTS, 'retrySchedule'] as const),
              })),
            retrySchedule:
              d.get('retrySchedule').value == null
                ? null
                : d
                    .get('retrySchedule')
                    .list()
                    .map((x) => x.number()),
          };
        });
      const queues = r
        .get('queued')
        .list(true)
        .map((q): SavedQueue => ({
          appId: q.get('appId').string(),
          moduleKey: q.get('moduleKey').string(),
          sendsAt: q.get('sendsAt').number(),
          items: q
            .get('items')
            .list()
            .map((i) => {
              i.get('type').oneOf(['step', 'event'] as const);
              return i.json<PendingEvent>();
            }),
        }));
      const calls = new Reader(r.get('calls').value ?? {}, 'log.calls');
      const callList = calls
        .get('calls')
        .list(true)
        .map((c) => {
          c.get('id').int();
          c.get('appId').string();
          return c.json<AppApiCall>();
        });
      const nextDelivery = r.get('nextId').value === undefined ? 1 : r.get('nextId').int();
      const nextCall = calls.get('nextId').value === undefined ? 1 : calls.get('nextId').int();
      return () => {
        host.deliveries.replaceRecords({ nextId: nextDelivery, log, queues });
        host.calls.replaceRecords({ nextId: nextCall, calls: callList });
      };
    },
  };
}
