// The bridge (`AP`) an app's page loads from `{origin}/apps/dist/iframe.js`, as it loads Crowdin's from its
// CDN. A settings page: `AP.formDataUpdated(data)` tells the parent (the playground's Apps view) about the
// form, and the parent's Save asks it to run `window.formRef.validateForm()` first (the settings page
// contract of spec 000). An editor panel: `AP.editor.*` calls go to the parent (the Apps view's editor
// stand-in, src/standin/), which answers those with a callback, and `AP.events` hears the editor's events.
// `AP.getContext` answers from the page's `jwtToken` until the parent says the context changed, and
// `AP.getJwtToken` asks the parent for a fresh token when the one it holds is about to expire, and
// `AP.redirect` asks the parent to go to a page of Crowdin. The messages
// are the emulator's own protocol (src/wire/ap-bridge.ts): Crowdin's is not published.
//
// `installBridge` runs in the app's page: the emulator serves its source, so it may use nothing but its
// arguments and the browser's globals.
import type {
  BridgeMessage,
  BridgeRequest,
  EditorCall,
  EditorEvent,
  Unwrapped,
} from '../../../wire/ap-bridge.ts';
import {
  BRIDGE_PROTOCOL,
  BRIDGE_VERSION,
  EDITOR_CALLS,
  EDITOR_EVENTS,
  TOKEN_REFRESH_MARGIN_SECONDS,
  TOKEN_WAIT_MS,
} from '../../../wire/ap-bridge.ts';

export interface BridgeConfig {
  protocol: typeof BRIDGE_PROTOCOL;
  version: typeof BRIDGE_VERSION;
  /** The only origins the bridge listens to and posts to: the playground's. */
  parentOrigins: readonly string[];
  /** `AP.editor`'s calls and whether each takes a callback. */
  editorCalls: Readonly<Record<EditorCall, 'answer' | 'none' | 'optional'>>;
  /** The editor's events the parent may fire. */
  editorEvents: readonly EditorEvent[];
  tokenRefreshMarginSeconds: number;
  tokenWaitMs: number;
}

interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

/** What the bridge uses of `window` (a test passes its own). */
export interface BridgeWindow {
  parent: unknown;
  location: { href: string; search: string; ancestorOrigins?: ArrayLike<string> };
  addEventListener(
    type: 'message',
    listener: (event: { source: unknown; origin: string; data: unknown }) => void,
  ): void;
  AP?: unknown;
  formRef?: { validateForm?: () => unknown };
  currentFormData?: unknown;
  /** Absent in a test's window: the bridge then reports no height. */
  ResizeObserver?: new (callback: () => void) => { observe(target: unknown): void };
  document?: { documentElement: { getBoundingClientRect(): { height: number } } };
}

type Outgoing = Unwrapped<BridgeMessage>;
type Callback = (...values: unknown[]) => void;

export function installBridge(win: BridgeWindow, config: BridgeConfig): void {
  const origins = config.parentOrigins;
  const framed = win.parent !== win && typeof win.parent === 'object' && win.parent !== null;
  // The parent's origin once known (Chromium tells it; else the first message from an allowed parent).
  let parentOrigin: string | null = null;
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && origins.includes(ancestor)) parentOrigin = ancestor;
  let lastData: unknown = undefined;
  // The parent's theme once it said it; `AP.getTheme` callbacks wait for it, and hear each change after.
  let theme: string | null = null;
  const themeCallbacks: ((theme: string) => void)[] = [];
  // The calls waiting for the parent's answer, by request id.
  let nextRequest = 0;
  const pending = new Map<string, Callback>();
  // `AP.events`: listeners by event name, and those of every event.
  const listeners = new Map<string, Callback[]>();
  let anyListeners: Callback[] = [];
  // What `AP.getContext` answers once the parent said it (else the token's claims).
  let givenContext: Record<string, unknown> | null = null;
  let jwtToken = new URLSearchParams(win.location.search).get('jwtToken');
  // `AP.getJwtToken` callbacks waiting for a fresh token, and the request asking for it.
  let tokenWaiters: ((token: string | null) => void)[] = [];
  let tokenRequest: string | null = null;

  function post(message: Outgoing): void {
    if (!framed) return;
    const full = { protocol: config.protocol, version: config.version, ...message };
    // Posted to the allowed origins only: a parent on any other origin receives nothing.
    for (const origin of parentOrigin ? [parentOrigin] : origins) {
      try {
        (win.parent as MessageTarget).postMessage(full, origin);
      } catch {
        // A parent that went away; nothing to tell.
      }
    }
  }

  function asJson(value: unknown): { data: unknown; problem: string | null } {
    if (value === undefined) return { data: null, problem: 'The form data is undefined.' };
    try {
      return { data: JSON.parse(JSON.stringify(value)) as unknown, problem: null };
    } catch (e) {
      return {
        data: null,
        problem: `The form data is not JSON: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  }

  function validate(): { valid: boolean; problem: string | null } {
    const check = win.formRef?.validateForm;
    if (typeof check !== 'function') {
      return {
        valid: false,
        problem: 'The page defines no window.formRef.validateForm(), which Save calls first.',
      };
    }
    try {
      const result = check.call(win.formRef);
      if (typeof result !== 'boolean') {
        return {
          valid: false,
          problem: `window.formRef.validateForm() returned ${typeof result}, not a boolean.`,
        };
      }
      return { valid: result, problem: result ? null : 'window.formRef.validateForm() returned false.' };
    } catch (e) {
      return {
        valid: false,
        problem: `window.formRef.validateForm() threw: ${e instanceof Error ? e.message : String(e)}`,
      };
    }
  }

  /** Fires `AP.events` listeners; one that throws does not keep the others from hearing it. */
  function emit(name: string, data: unknown): void {
    for (const listener of [...(listeners.get(name) ?? []), ...anyListeners.map((l) => l.bind(null, name))]) {
      try {
        listener(data);
      } catch (e) {
        console.error(`AP.events listener of "${name}" threw:`, e);
      }
    }
  }

  function claims(token: string | null): { context?: Record<string, unknown>; exp?: number } | null {
    if (!token) return null;
    try {
      const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
      return JSON.parse(new TextDecoder().decode(bytes)) as {
        context?: Record<string, unknown>;
        exp?: number;
      };
    } catch {
      return null;
    }
  }

  /** Seconds the token has left; Infinity when it says no `exp`. */
  function secondsLeft(token: string | null): number {
    const exp = claims(token)?.exp;
    return typeof exp === 'number' ? exp - Date.now() / 1000 : Infinity;
  }

  function answerTokenWaiters(): void {
    const waiters = tokenWaiters;
    tokenWaiters = [];
    tokenRequest = null;
    // A token past its expiry is no token: the app would only get 401s with it.
    const token = secondsLeft(jwtToken) > 0 ? jwtToken : null;
    for (const waiter of waiters) waiter(token);
  }

  win.addEventListener('message', (event) => {
    if (event.source !== win.parent || !origins.includes(event.origin)) return;
    const m = event.data as Partial<BridgeRequest> | null;
    if (!m || typeof m !== 'object' || m.protocol !== config.protocol || m.version !== config.version) return;
    parentOrigin = event.origin;
    if (m.type === 'hello') post({ type: 'ready', href: win.location.href });
    if (m.type === 'theme' && (m.theme === 'light' || m.theme === 'dark')) {
      const changed = theme !== null && theme !== m.theme;
      theme = m.theme;
      for (const callback of themeCallbacks) callback(theme);
      if (changed) emit('theme.changed', theme);
    }
    if (m.type === 'validate' && typeof m.requestId === 'string') {
      const { valid, problem } = validate();
      const form = asJson(win.currentFormData !== undefined ? win.currentFormData : lastData);
      // Save needs a valid form and data it can send: form data that is not JSON fails validation too.
      post({
        type: 'validated',
        requestId: m.requestId,
        valid: valid && form.problem === null,
        data: form.data,
        problem: problem ?? form.problem,
      });
    }
    if (m.type === 'answer' && typeof m.requestId === 'string') {
      const callback = pending.get(m.requestId);
      pending.delete(m.requestId);
      callback?.(m.value);
    }
    if (m.type === 'token' && m.requestId === tokenRequest) {
      if (typeof m.jwtToken === 'string') jwtToken = m.jwtToken;
      else if (m.problem) console.warn(`AP.getJwtToken: no fresh token: ${m.problem}`);
      answerTokenWaiters();
    }
    if (m.type === 'context' && m.context && typeof m.context === 'object') givenContext = m.context;
    if (m.type === 'event' && typeof m.name === 'string' && config.editorEvents.includes(m.name)) {
      emit(m.name, m.data);
    }
  });

  /** `AP.editor[method]`: posted to the parent; a callback hears the parent's answer. */
  function editorCall(method: EditorCall, kind: 'answer' | 'none' | 'optional') {
    return (...args: unknown[]): void => {
      const last = args[args.length - 1];
      const callback = typeof last === 'function' ? (last as Callback) : null;
      if (callback) args = args.slice(0, -1);
      if (kind === 'answer' && !callback) {
        throw new TypeError(
          `AP.editor.${method} needs a callback: AP.editor.${method}(function (value) { … }).`,
        );
      }
      let sent: unknown[];
      try {
        sent = JSON.parse(JSON.stringify(args)) as unknown[];
      } catch (e) {
        throw new TypeError(
          `AP.editor.${method}: its arguments are not JSON (${e instanceof Error ? e.message : String(e)}).`,
          { cause: e },
        );
      }
      let requestId: string | null = null;
      if (callback && kind !== 'none') {
        requestId = `call-${++nextRequest}`;
        pending.set(requestId, callback);
      }
      post({ type: 'call', method, args: sent, requestId });
    };
  }
  const editor: Record<string, unknown> = {};
  for (const method of Object.keys(config.editorCalls) as EditorCall[]) {
    editor[method] = editorCall(method, config.editorCalls[method]);
  }

  const events = {
    on(name: string, callback: Callback): void {
      listeners.set(name, [...(listeners.get(name) ?? []), callback]);
    },
    once(name: string, callback: Callback): void {
      const wrapper: Callback = (...values) => {
        events.off(name, wrapper);
        callback(...values);
      };
      events.on(name, wrapper);
    },
    off(name: string, callback: Callback): void {
      listeners.set(
        name,
        (listeners.get(name) ?? []).filter((l) => l !== callback),
      );
    },
    offAll(name: string): void {
      listeners.delete(name);
    },
    onAny(callback: Callback): void {
      anyListeners = [...anyListeners, callback];
    },
    offAny(callback: Callback): void {
      anyListeners = anyListeners.filter((l) => l !== callback);
    },
    emit(name: string, data?: unknown): void {
      emit(name, data);
    },
  };

  win.AP = {
    formDataUpdated(data: unknown): void {
      lastData = data;
      post({ type: 'formDataUpdated', ...asJson(data) });
    },
    getContext(callback: (context: Record<string, unknown> | null) => void): void {
      callback(givenContext ?? claims(jwtToken)?.context ?? null);
    },
    // A token with more than the margin left is answered at once; one about to expire is renewed by the
    // parent first (it opens the module again). Without an answer in time, what the bridge holds.
    getJwtToken(callback: (token: string | null) => void): void {
      const left = secondsLeft(jwtToken);
      if (!jwtToken || left > config.tokenRefreshMarginSeconds) return callback(jwtToken);
      if (!framed) return callback(left > 0 ? jwtToken : null);
      tokenWaiters.push(callback);
      if (tokenRequest) return;
      const requestId = `token-${++nextRequest}`;
      tokenRequest = requestId;
      post({ type: 'tokenRequest', requestId });
      setTimeout(() => {
        if (tokenRequest === requestId) answerTokenWaiters();
      }, config.tokenWaitMs);
    },
    // Crowdin's AP.getTheme answers "light" or "dark". Here the callback also hears later changes: the
    // playground's theme can be switched while the page is open.
    getTheme(callback: (theme: string) => void): void {
      themeCallbacks.push(callback);
      if (theme !== null) callback(theme);
    },
    // Crowdin sends the whole browser window there (apps-js.mdx, "Navigation"); here the parent does what
    // stands for it (the Apps view opens the module a path names, src/apps/redirect.ts).
    redirect(path: unknown, queryParams?: unknown): void {
      if (typeof path !== 'string' || path.trim() === '') {
        throw new TypeError(
          `AP.redirect needs a path in Crowdin, such as "/u/projects/15/activity"; not ${JSON.stringify(path)}.`,
        );
      }
      const query: Record<string, string> = {};
      if (queryParams !== undefined && queryParams !== null) {
        if (typeof queryParams !== 'object' || Array.isArray(queryParams)) {
          throw new TypeError('AP.redirect: queryParams must be an object of key-value pairs.');
        }
        for (const [key, value] of Object.entries(queryParams)) query[key] = String(value);
      }
      post({ type: 'redirect', path, queryParams: query });
    },
    editor,
    events,
  };
  post({ type: 'ready', href: win.location.href });
  // The parent sizes its frame to the page (the emulator's addition: Crowdin's frame sizing is its own).
  const root = win.document?.documentElement;
  if (win.ResizeObserver && root) {
    let last = -1;
    new win.ResizeObserver(() => {
      // The html box's own height: its content, not the frame's viewport (scrollHeight never shrinks below it).
      const height = Math.ceil(root.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      post({ type: 'height', height });
    }).observe(root);
  }
}

/** The script served at BRIDGE_PATH: `installBridge`'s source, run on `window` with the config. */
export function bridgeScript(parentOrigins: readonly string[]): string {
  const config: BridgeConfig = {
    protocol: BRIDGE_PROTOCOL,
    version: BRIDGE_VERSION,
    parentOrigins,
    editorCalls: EDITOR_CALLS,
    editorEvents: EDITOR_EVENTS,
    tokenRefreshMarginSeconds: TOKEN_REFRESH_MARGIN_SECONDS,
    tokenWaitMs: TOKEN_WAIT_MS,
  };
  // The TypeScript runners (tsx, Vitest) may wrap named functions in `__name(…)`; it is defined here so the
  // served source runs the same under any of them.
  return [
    '// The CroQL emulator\'s AP bridge for app pages (README: "Develop a Crowdin app against the emulator").',
    '(function () {',
    '  "use strict";',
    '  var __name = function (target) { return target; };',
    `  (${installBridge.toString()})(window, ${JSON.stringify(config)});`,
    '})();',
    '',
  ].join('\n');
}
