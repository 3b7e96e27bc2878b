// The bridge as served, run on a stand-in window whose parent records what it is sent: shared by the
// bridge's unit tests (bridge.test.ts, bridge-editor.test.ts).
import vm from 'node:vm';
import type { BridgeMessage, BridgeRequest, Unwrapped } from '../../../wire/ap-bridge.ts';
import { wrapBridge } from '../../../wire/ap-bridge.ts';
import { bridgeScript, type BridgeWindow } from './bridge.ts';

export const ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:5173'];
export const PAGE = 'http://127.0.0.1:3000/workflow-step/review';

export interface Posted {
  message: BridgeMessage;
  origin: string;
}

/** A JWT with these claims (unsigned: the bridge only reads it). */
export function jwtWith(claims: object): string {
  return `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
}
export const JWT = jwtWith({
  context: { project_id: 1, organization_id: 1, user_id: 1, user_login: 'alice' },
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the page's AP, called as an app calls it
type AnyAP = Record<string, any>;

/** Runs the served script on a window whose parent records what it is sent. */
export function load(
  options: {
    framed?: boolean;
    ancestor?: string;
    jwt?: string;
    extra?: Pick<BridgeWindow, 'ResizeObserver' | 'document'>;
  } = {},
) {
  const jwt = options.jwt ?? JWT;
  const posted: Posted[] = [];
  const parent = {
    postMessage(message: BridgeMessage, origin: string) {
      posted.push({ message, origin });
    },
  };
  const listeners: ((e: { source: unknown; origin: string; data: unknown }) => void)[] = [];
  const win: BridgeWindow & { AP?: AnyAP } = {
    parent,
    location: {
      href: `${PAGE}?jwtToken=${jwt}`,
      search: `?jwtToken=${jwt}&origin=http%3A%2F%2F127.0.0.1%3A8787`,
      ...(options.ancestor ? { ancestorOrigins: [options.ancestor] } : {}),
    },
    addEventListener: (_type, listener) => listeners.push(listener),
    ...options.extra,
  };
  if (options.framed === false) win.parent = win;
  // The script compiled as the body of a function of `window`, so the fake page is its only window.
  const run = vm.compileFunction(bridgeScript(ORIGINS), ['window']) as (w: typeof win) => void;
  run(win);
  const send = (data: unknown, origin = ORIGINS[0]!, source: unknown = win.parent) =>
    listeners.forEach((l) => l({ data, origin, source }));
  /** The parent's request, in its envelope, from the first playground origin. */
  const tell = (request: Unwrapped<BridgeRequest>, origin?: string) =>
    send(wrapBridge<BridgeRequest>(request), origin);
  const validate = (requestId: string, origin?: string, source?: unknown) =>
    send(wrapBridge<BridgeRequest>({ type: 'validate', requestId }), origin, source);
  return { win, AP: win.AP as AnyAP, posted, send, tell, validate };
}
