// The bridge as served (the script's text, run on a stand-in window): AP.formDataUpdated reaches the parent,
// Save's validate runs window.formRef.validateForm(), and the bridge talks only to the playground's origins.
import { describe, expect, it } from 'vitest';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION } from '../../../wire/ap-bridge.ts';
import type { BridgeWindow } from './bridge.ts';
import { JWT, load, ORIGINS, PAGE } from './bridge-testing.ts';

describe('the bridge', () => {
  it('says it is ready to the playground origins only, never to "*"', () => {
    const { posted } = load();
    expect(posted.map((p) => p.origin)).toEqual(ORIGINS);
    expect(posted[0]!.message).toEqual({
      protocol: BRIDGE_PROTOCOL,
      version: BRIDGE_VERSION,
      type: 'ready',
      href: `${PAGE}?jwtToken=${JWT}`,
    });
  });

  it('AP.formDataUpdated sends the data to the parent as JSON; data that is not JSON is a problem, not a crash', () => {
    const { win, posted } = load();
    posted.length = 0;
    win.AP!.formDataUpdated!({ rules: [{ croql: 'is hidden' }] });
    expect(posted[0]!.message).toMatchObject({
      type: 'formDataUpdated',
      data: { rules: [{ croql: 'is hidden' }] },
      problem: null,
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    win.AP!.formDataUpdated!(cyclic);
    expect(posted.at(-1)!.message).toMatchObject({ type: 'formDataUpdated', data: null });
    expect((posted.at(-1)!.message as { problem: string }).problem).toContain('not JSON');
  });

  it("answers validate with formRef.validateForm() and currentFormData, then talks to that parent's origin alone", () => {
    const { win, posted, validate } = load();
    win.formRef = { validateForm: () => true };
    win.currentFormData = { rules: [] };
    posted.length = 0;
    validate('r1', ORIGINS[1]);
    expect(posted).toEqual([
      {
        origin: ORIGINS[1],
        message: {
          protocol: BRIDGE_PROTOCOL,
          version: BRIDGE_VERSION,
          type: 'validated',
          requestId: 'r1',
          valid: true,
          data: { rules: [] },
          problem: null,
        },
      },
    ]);
    win.AP!.formDataUpdated!({ rules: [1] });
    expect(posted.at(-1)!.origin).toBe(ORIGINS[1]);
  });

  it('a form that is invalid, has no formRef, throws or answers a non-boolean fails validation with the reason', () => {
    const cases: [BridgeWindow['formRef'], string][] = [
      [{ validateForm: () => false }, 'returned false'],
      [undefined, 'defines no window.formRef.validateForm()'],
      [
        {
          validateForm: () => {
            throw new Error('rule 2 is empty');
          },
        },
        'threw: rule 2 is empty',
      ],
      [{ validateForm: () => 'yes' }, 'returned string, not a boolean'],
    ];
    for (const [formRef, problem] of cases) {
      const { win, posted, validate } = load();
      win.formRef = formRef;
      validate('r');
      expect(posted.at(-1)!.message).toMatchObject({ type: 'validated', valid: false });
      expect((posted.at(-1)!.message as { problem: string }).problem).toContain(problem);
    }
  });

  it('without currentFormData, Save gets what the page last gave AP.formDataUpdated', () => {
    const { win, posted, validate } = load();
    win.formRef = { validateForm: () => true };
    win.AP!.formDataUpdated!({ default: 'true' });
    validate('r');
    expect(posted.at(-1)!.message).toMatchObject({ valid: true, data: { default: 'true' } });
  });

  it('ignores messages from other origins, from windows other than its parent, and of other protocols', () => {
    const { win, posted, validate, send } = load();
    win.formRef = { validateForm: () => true };
    posted.length = 0;
    validate('evil', 'http://evil.example');
    validate('sibling', ORIGINS[0], {});
    send({ protocol: 'other', version: 1, type: 'validate', requestId: 'x' });
    send({ protocol: BRIDGE_PROTOCOL, version: 2, type: 'validate', requestId: 'y' });
    send('validate');
    expect(posted).toEqual([]);
  });

  it("posts only to the parent's origin when the browser tells it (location.ancestorOrigins)", () => {
    const { posted } = load({ ancestor: ORIGINS[1] });
    expect(posted.map((p) => p.origin)).toEqual([ORIGINS[1]]);
    const foreign = load({ ancestor: 'http://evil.example' });
    expect(foreign.posted.map((p) => p.origin)).toEqual(ORIGINS);
  });

  it("answers hello with ready again, to that parent's origin alone", () => {
    const { posted, send } = load();
    posted.length = 0;
    send({ protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, type: 'hello' }, ORIGINS[1]);
    expect(posted).toEqual([
      {
        origin: ORIGINS[1],
        message: {
          protocol: BRIDGE_PROTOCOL,
          version: BRIDGE_VERSION,
          type: 'ready',
          href: `${PAGE}?jwtToken=${JWT}`,
        },
      },
    ]);
  });

  it('AP.getContext and AP.getJwtToken answer from the jwtToken of the page; unframed, it posts nothing', () => {
    const { win, posted } = load({ framed: false });
    expect(posted).toEqual([]);
    let context: unknown;
    win.AP!.getContext!((c: unknown) => (context = c));
    expect(context).toEqual({ project_id: 1, organization_id: 1, user_id: 1, user_login: 'alice' });
    let token: unknown;
    win.AP!.getJwtToken!((t: unknown) => (token = t));
    expect(token).toBe(JWT);
    win.AP!.formDataUpdated!({});
    expect(posted).toEqual([]);
  });

  it("answers AP.getTheme with the parent's theme once told, then each change; others may not set it", () => {
    const { win, send } = load();
    const heard: string[] = [];
    win.AP!.getTheme!((theme: unknown) => heard.push(String(theme)));
    expect(heard).toEqual([]);
    const theme = (value: string, origin?: string) =>
      send({ protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, type: 'theme', theme: value }, origin);
    theme('dark', 'http://evil.example');
    theme('purple');
    theme('dark');
    theme('light');
    expect(heard).toEqual(['dark', 'light']);
  });

  it("reports the page's height to the parent when it changes", () => {
    const observers: (() => void)[] = [];
    let height = 640;
    const { posted } = load({
      extra: {
        ResizeObserver: class {
          constructor(callback: () => void) {
            observers.push(callback);
          }
          observe() {}
        },
        document: { documentElement: { getBoundingClientRect: () => ({ height }) } },
      },
    });
    observers.forEach((o) => o());
    height = 640.4;
    observers.forEach((o) => o());
    height = 900;
    observers.forEach((o) => o());
    const heights = posted.filter((p) => p.message.type === 'height' && p.origin === ORIGINS[0]);
    expect(heights.map((p) => (p.message as { height: number }).height)).toEqual([640, 641, 900]);
  });
});
