// Workflow steps and the string-status API: the edition rule, the OpenAPI shapes, sending strings by query or
// id, every status transition, and the API's 400/403/404 answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import readme from '../../../../README.md?raw';
import type { ControlErrorBody, SendResponse, StepInfo, StringStatusBody } from '../../../wire/apps.ts';
import type { ValidationErrorsBody } from '../../../wire/envelope.ts';
import { startEmulator, type RunningEmulator } from '../testing.ts';
import { STATUS_PATCH_LIMIT } from '../../../wire/service-limits.ts';
import { control, call, addStep, installStepApp, type TestApp } from './testing.ts';
import { APPS_PATHS, APPS_ROUTES } from '../../../wire/apps-routes.ts';

let em: RunningEmulator;
let s: Awaited<ReturnType<typeof installStepApp>>;
let step: StepInfo;
const opened: TestApp[] = [];

beforeAll(async () => {
  // A long batch interval: these tests look at statuses, not deliveries.
  em = await startEmulator({ organization: 'acme', apps: { batchIntervalSeconds: 3600 } });
  s = await installStepApp(em.url);
  opened.push(s.app);
  step = await addStep(em.url, s.appId, ['uk', 'de']);
});
afterAll(async () => {
  await em.close();
  await Promise.all(opened.map((a) => a.close()));
});

const statusUrl = (languageId: string, query = '', stepId = step.id) =>
  `${em.url}/api/v2/projects/1/workflow-steps/${stepId}/languages/${languageId}/status${query}`;
const get = async (languageId: string, query = '', token = s.token) => {
  const res = await fetch(statusUrl(languageId, query), { headers: { Authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    json: (await res.json()) as StringStatusBody & ValidationErrorsBody & { error?: { message: string } },
  };
};
const patch = async (languageId: string, body: unknown, token = s.token) => {
  const res = await fetch(statusUrl(languageId), {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as StringStatusBody & ValidationErrorsBody & { error?: { message: string } },
  };
};
const send = (body: Record<string, unknown>) =>
  call<typeof APPS_ROUTES.send, SendResponse & ControlErrorBody>(em.url, APPS_ROUTES.send, {
    params: [step.id],
    body,
  });
const statusOf = async (stringId: number, languageId = 'uk') =>
  (await get(languageId, `?stringIds=${stringId}`)).json.data[0]!.data;
const visibleIds = () => em.config.data.strings.filter((x) => !x.isHidden).map((x) => x.id as number);
/** The query the README's app walkthrough sends to the step, as a developer copies it. */
const readmeSendQuery = () => {
  const section = readme.slice(readme.indexOf('## Develop a Crowdin app against the emulator'));
  const body = /-d '(\{"croql": [^']*\})'/.exec(section)?.[1];
  if (!body) throw new Error("no send example with croql in the README's app section");
  return (JSON.parse(body) as { croql: string }).croql;
};

describe('workflow steps', () => {
  it('are Crowdin Enterprise only: on crowdin.com the app installs, but a step is refused with what to do', async () => {
    const standard = await startEmulator({});
    try {
      const t = await installStepApp(standard.url);
      opened.push(t.app);
      const { json } = await call(standard.url, APPS_ROUTES.overview);
      expect(json.apps[0]!.problems.map((p) => p.code)).toEqual(['stepsNotOffered']);
      expect(json.apps[0]!.stepTypes[0]!.offered).toBe(false);
      const r = await call<typeof APPS_ROUTES.addStep, ControlErrorBody>(standard.url, APPS_ROUTES.addStep, {
        params: [t.appId],
        body: {
          projectId: 1,
          moduleKey: 'review',
        },
      });
      expect(r.status).toBe(409);
      expect(r.json.error.message).toContain('--organization DOMAIN');
      const list = await fetch(`${standard.url}/api/v2/projects/1/workflow-steps`, {
        headers: { Authorization: `Bearer ${t.token}` },
      });
      expect(list.status).toBe(404);
    } finally {
      await standard.close();
    }
  });

  it("list and get in the OpenAPI's shapes", async () => {
    const list = await fetch(`${em.url}/api/v2/projects/1/workflow-steps`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    const body = (await list.json()) as { data: { data: unknown }[]; pagination: unknown };
    const resource = {
      id: step.id,
      title: 'Review',
      type: 'Application',
      languages: ['uk', 'de'],
      config: {},
    };
    expect(body).toEqual({ data: [{ data: resource }], pagination: { offset: 0, limit: 25 } });
    const one = await fetch(`${em.url}/api/v2/projects/1/workflow-steps/${step.id}`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(await one.json()).toEqual({ data: resource });
    const missing = await fetch(`${em.url}/api/v2/projects/1/workflow-steps/9999`, {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(missing.status).toBe(404);
  });

  it('refuse an unknown module, project or language', async () => {
    // Bodies wrong on purpose, which the table's types refuse: the raw form.
    const add = (body: Record<string, unknown>) =>
      control<ControlErrorBody>(em.url, 'POST', APPS_PATHS.steps(s.appId), body);
    let r = await add({ projectId: 1, moduleKey: 'nope' });
    expect([r.status, r.json.error.code, r.json.error.message]).toEqual([
      404,
      'unknownModule',
      expect.stringContaining('Its step modules: review'),
    ]);
    r = await add({ projectId: 2, moduleKey: 'review' });
    expect([r.status, r.json.error.code]).toEqual([404, 'unknownProject']);
    r = await add({ projectId: 1, moduleKey: 'review', languages: ['xx'] });
    expect([r.status, r.json.error.code]).toEqual([400, 'unknownLanguage']);
  });

  it('say which field is missing or of the wrong type, not "No project undefined" or "module undefined"', async () => {
    // Bodies wrong on purpose, which the table's types refuse: the raw form.
    const add = (body: Record<string, unknown>) =>
      control<ControlErrorBody>(em.url, 'POST', APPS_PATHS.steps(s.appId), body);
    const example = 'e.g. {"projectId": 1, "moduleKey": "review"}.';
    expect(await add({ moduleKey: 'review' })).toEqual({
      status: 400,
      json: {
        error: {
          code: 'invalidRequest',
          message: `projectId is required: the project whose workflow gets the step, ${example}`,
        },
      },
    });
    // "1" is not the project 1 it names; the message said "No project 1: the emulator serves project 1".
    expect((await add({ projectId: '1', moduleKey: 'review' })).json.error).toEqual({
      code: 'invalidRequest',
      message: `projectId must be an integer, not "1": ${example}`,
    });
    expect((await add({ projectId: 1 })).json.error).toEqual({
      code: 'invalidRequest',
      message: `moduleKey is required: the key of the app's workflow-step-type module, ${example}`,
    });
  });
});

describe('sending strings to a step', () => {
  it("by CroQL: exactly the strings the emulator's own listing returns for the query", async () => {
    // The README's example query, which must match strings of the demo data (it once matched none).
    const croql = readmeSendQuery();
    const listed: number[] = [];
    for (let offset = 0; ; offset += 500) {
      const res = await fetch(
        `${em.url}/api/v2/projects/1/strings?limit=500&offset=${offset}&croql=${encodeURIComponent(croql)}`,
        {
          headers: { Authorization: `Bearer ${em.personalToken('alice')}` },
        },
      );
      const page = ((await res.json()) as { data: { data: { id: number } }[] }).data.map((d) => d.data.id);
      listed.push(...page);
      if (page.length < 500) break;
    }
    expect(listed.length).toBeGreaterThan(0);
    const r = await send({ croql, languages: ['de'] });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ strings: listed.length, languages: ['de'] });
    const onStep = (await get('de', '?limit=500')).json.data.map((d) => d.data.stringId);
    expect(onStep.sort((a, b) => a - b)).toEqual([...listed].sort((a, b) => a - b));
  });

  it('a query the listing refuses comes back with its message', async () => {
    const r = await send({ croql: 'identifier contains' });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('croqlInvalid');
  });

  it('by id: NEED_PROCESS, and INCOMPLETE for a hidden string (not routed to the step)', async () => {
    const hidden = em.config.data.strings.find((x) => x.isHidden)!.id as number;
    const [shown] = visibleIds();
    const r = await send({ stringIds: [shown, hidden], languages: ['uk'] });
    expect(r.json).toMatchObject({ strings: 2, needProcess: 1, incomplete: 1 });
    expect(await statusOf(shown!)).toEqual({
      stringId: shown,
      languageId: 'uk',
      stepId: step.id,
      status: 'NEED_PROCESS',
      output: '',
    });
    expect((await statusOf(hidden)).status).toBe('INCOMPLETE');
    // The Apps view lists them by what they are, not by id alone; a plural's forms are joined.
    const { json: rows } = await call(em.url, APPS_ROUTES.stepStrings, {
      params: [step.id],
      query: { languageId: 'uk' },
    });
    const string = em.config.data.strings.find((x) => x.id === shown)!;
    expect(rows.data.find((r) => r.stringId === shown)).toMatchObject({
      status: 'NEED_PROCESS',
      identifier: string.identifier,
      text: typeof string.text === 'string' ? string.text : expect.stringContaining(' | '),
    });
  });

  it('refuses unknown ids, both or neither of croql and stringIds, and languages the step lacks', async () => {
    expect((await send({ stringIds: [99_999_999] })).json.error.code).toBe('unknownString');
    expect((await send({ stringIds: [1], croql: 'is hidden' })).status).toBe(400);
    expect((await send({})).status).toBe(400);
    const r = await send({ stringIds: [1], languages: ['fr'] });
    expect([r.status, r.json.error.message]).toEqual([
      400,
      expect.stringContaining('not among the languages of step'),
    ]);
  });
});

describe('the string-status API', () => {
  it('PATCH to a declared port is DONE; "" is TODO; a TODO string can still be routed', async () => {
    const [a, b] = visibleIds().slice(10, 12) as [number, number];
    await send({ stringIds: [a, b], languages: ['uk'] });
    const r = await patch('uk', [
      { op: 'replace', path: `/${a}/output`, value: 'untranslated' },
      { op: 'replace', path: `/${b}/output`, value: '' },
    ]);
    expect(r).toEqual({
      status: 200,
      json: {
        data: [
          {
            data: { stringId: a, languageId: 'uk', stepId: step.id, status: 'DONE', output: 'untranslated' },
          },
          { data: { stringId: b, languageId: 'uk', stepId: step.id, status: 'TODO', output: '' } },
        ],
      },
    });
    await patch('uk', [{ op: 'replace', path: `/${b}/output`, value: 'translated' }]);
    expect(await statusOf(b)).toMatchObject({ status: 'DONE', output: 'translated' });
    // Sent again, a string is back on the step.
    await send({ stringIds: [a], languages: ['uk'] });
    expect(await statusOf(a)).toMatchObject({ status: 'NEED_PROCESS', output: '' });
  });

  it('a FAILED string goes back to NEED_PROCESS when re-triggered, and can be routed', async () => {
    const [c] = visibleIds().slice(20, 21) as [number];
    await send({ stringIds: [c], languages: ['uk'] });
    em.apps.steps.fail([{ stepId: step.id, stringId: c, languageId: 'uk' }]);
    expect((await statusOf(c)).status).toBe('FAILED');
    expect((await get('uk', '?status=FAILED')).json.data.map((d) => d.data.stringId)).toEqual([c]);
    const r = await call(em.url, APPS_ROUTES.retrigger, { params: [step.id], body: {} });
    expect(r.json).toEqual({ stepId: step.id, retriggered: 1 });
    expect((await statusOf(c)).status).toBe('NEED_PROCESS');
    // An app that learns of a FAILED string some other way may still route it.
    em.apps.steps.fail([{ stepId: step.id, stringId: c, languageId: 'uk' }]);
    await patch('uk', [{ op: 'replace', path: `/${c}/output`, value: 'translated' }]);
    expect(await statusOf(c)).toMatchObject({ status: 'DONE', output: 'translated' });
  });

  it('refuses a bad operation with a 400 that names it, and applies none of the body', async () => {
    const [d] = visibleIds().slice(30, 31) as [number];
    await send({ stringIds: [d], languages: ['uk'] });
    const good = { op: 'replace', path: `/${d}/output`, value: 'translated' };
    const cases: [unknown, string, string][] = [
      [[good, { op: 'add', path: `/${d}/output`, value: 'translated' }], '1/op', 'opNotSupported'],
      [[good, { op: 'replace', path: `/${d}/status`, value: 'translated' }], '1/path', 'pathInvalid'],
      [[good, { op: 'replace', path: `/${d}/output`, value: 'approved' }], '1/value', 'valueNotAllowed'],
      [[good, { op: 'replace', path: '/424242/output', value: 'translated' }], '1/path', 'stringNotOnStep'],
      [{ op: 'replace' }, 'body', 'notArray'],
      ['[{"op":', 'body', 'notJson'],
    ];
    for (const [body, key, code] of cases) {
      const r = await patch('uk', body);
      expect([r.status, r.json.errors[0]!.error.key, r.json.errors[0]!.error.errors[0]!.code]).toEqual([
        400,
        key,
        code,
      ]);
    }
    const r = await patch('uk', [good, { op: 'replace', path: `/${d}/output`, value: 'approved' }]);
    expect(r.json.errors[0]!.error.errors[0]!.message).toMatch(
      /^Operation #1 .*"translated", "untranslated"/,
    );
    expect((await statusOf(d)).status).toBe('NEED_PROCESS');
  });

  it(`refuses more than ${STATUS_PATCH_LIMIT} operations in one PATCH, saying how many`, async () => {
    const ops = Array.from({ length: 10_000 }, (_, i) => ({
      op: 'replace',
      path: `/${i + 1}/output`,
      value: 'translated',
    }));
    const r = await patch('uk', ops);
    expect(r.status).toBe(400);
    expect(r.json.errors[0]!.error.errors[0]!.message).toContain(
      `10000 operations; at most ${STATUS_PATCH_LIMIT}`,
    );
  });

  it('GET filters by stringIds (at most 500), status, limit and offset', async () => {
    const ids = visibleIds().slice(40, 46);
    await send({ stringIds: ids, languages: ['de'] });
    const all = (await get('de', `?stringIds=${ids.join(',')}`)).json.data.map((d) => d.data.stringId);
    expect(all).toEqual(ids);
    const paged = (await get('de', `?stringIds=${ids.join(',')}&limit=2&offset=1`)).json.data.map(
      (d) => d.data.stringId,
    );
    expect(paged).toEqual(ids.slice(1, 3));
    expect((await get('de', `?stringIds=424242`)).json.data[0]!.data.status).toBe('INCOMPLETE');
    const tooMany = await get('de', `?stringIds=${Array.from({ length: 501 }, (_, i) => i + 1).join(',')}`);
    expect([tooMany.status, tooMany.json.errors[0]!.error.key]).toEqual([400, 'stringIds']);
    expect((await get('de', '?status=done')).status).toBe(400);
    expect(
      (await get('de', '?status=NEED_PROCESS&limit=500')).json.data.every(
        (d) => d.data.status === 'NEED_PROCESS',
      ),
    ).toBe(true);
  });

  it('warns at install when the tokens of a step app without its own scopes lack the project scope, and the PATCH is refused', async () => {
    const narrow = await installStepApp(em.url, {
      name: 'Narrow',
      scopes: 'project.source',
      extra: { identifier: 'narrow-step-app', agent: { username: 'narrow-agent' }, scopes: undefined },
    });
    opened.push(narrow.app);
    const { json } = await call(em.url, APPS_ROUTES.overview);
    const app = json.apps.find((a) => a.appId === 'narrow-step-app')!;
    expect(app.problems.map((p) => [p.code, p.message])).toContainEqual([
      'stepScopeMissing',
      expect.stringContaining('Its tokens carry project.source, without the "project" scope'),
    ]);
    // Its sibling with the project scope gets no such warning.
    expect(json.apps.find((a) => a.appId === 'test-step-app')!.problems.map((p) => p.code)).not.toContain(
      'stepScopeMissing',
    );
    const refused = await patch(
      'uk',
      [{ op: 'replace', path: '/1/output', value: 'translated' }],
      narrow.token,
    );
    expect(refused.status).toBe(403);
    await call(em.url, APPS_ROUTES.uninstall, { params: ['narrow-step-app'] });
  });

  it("answers 403 to any token but the step app's agent, and 404 for an unknown step or a language the step lacks", async () => {
    const user = await get('uk', '', em.personalToken('alice', 'project'));
    expect(user.status).toBe(403);
    expect(user.json.error!.message).toContain('crowdin_agent');
    const other = await installStepApp(em.url, {
      name: 'Other',
      extra: { identifier: 'other-step-app', agent: { username: 'other-agent' } },
    });
    opened.push(other.app);
    const foreign = await patch(
      'uk',
      [{ op: 'replace', path: '/1/output', value: 'translated' }],
      other.token,
    );
    expect([foreign.status, foreign.json.error!.message]).toEqual([
      403,
      expect.stringContaining('belongs to app "test-step-app"'),
    ]);
    expect((await get('fr')).status).toBe(404);
    const unknown = await fetch(statusUrl('uk', '', 9999), {
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(unknown.status).toBe(404);
  });
});
