// The bridge (`AP`) an app's settings page loads from `{origin}/apps/dist/iframe.js`, as it loads Crowdin's
// from its CDN: `AP.formDataUpdated(data)` tells the parent (the playground's Apps view) about the form, and
// the parent's Save asks it to run `window.formRef.validateForm()` first (the settings page contract of
// spec 000). `AP.getContext` and `AP.getJwtToken` answer from the page's `jwtToken`. The messages are the
// emulator's own protocol (src/wire/apps.ts BridgeMessage, BridgeRequest): Crowdin's is not published.
//
// `installBridge` runs in the app's page: the emulator serves its source, so it may use nothing but its
// arguments and the browser's globals.
import type { BridgeMessage, BridgeRequest } from '../../../wire/ap-bridge.ts';
import { BRIDGE_PROTOCOL, BRIDGE_VERSION } from '../../../wire/ap-bridge.ts';

export interface BridgeConfig {
  protocol: typeof BRIDGE_PROTOCOL;
  version: typeof BRIDGE_VERSION;
  /** The only origins the bridge listens to and posts to: the playground's. */
  parentOrigins: readonly string[];
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

type Outgoing = BridgeMessage extends infer M
  ? M extends unknown
    ? Omit<M, 'protocol' | 'version'>
    : never
  : never;

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

  win.addEventListener('message', (event) => {
    if (event.source !== win.parent || !origins.includes(event.origin)) return;
    const m = event.data as Partial<BridgeRequest> | null;
    if (!m || typeof m !== 'object' || m.protocol !== config.protocol || m.version !== config.version) return;
    parentOrigin = event.origin;
    if (m.type === 'hello') post({ type: 'ready', href: win.location.href });
    if (m.type === 'theme' && (m.theme === 'light' || m.theme === 'dark')) {
      theme = m.theme;
      for (const callback of themeCallbacks) callback(theme);
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
  });

  const jwtToken = new URLSearchParams(win.location.search).get('jwtToken');
  function context(): Record<string, unknown> | null {
    if (!jwtToken) return null;
    try {
      const part = jwtToken.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
      const bytes = Uint8Array.from(atob(part), (c) => c.charCodeAt(0));
      const claims = JSON.parse(new TextDecoder().decode(bytes)) as { context?: Record<string, unknown> };
      return claims.context ?? null;
    } catch {
      return null;
    }
  }

  win.AP = {
    formDataUpdated(data: unknown): void {
      lastData = data;
      post({ type: 'formDataUpdated', ...asJson(data) });
    },
    getContext(callback: (context: Record<string, unknown> | null) => void): void {
      callback(context());
    },
    getJwtToken(callback: (token: string | null) => void): void {
      callback(jwtToken);
    },
    // Crowdin's AP.getTheme answers "light" or "dark". Here the callback also hears later changes: the
    // playground's theme can be switched while the page is open.
    getTheme(callback: (theme: string) => void): void {
      themeCallbacks.push(callback);
      if (theme !== null) callback(theme);
    },
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
  const config: BridgeConfig = { protocol: BRIDGE_PROTOCOL, version: BRIDGE_VERSION, parentOrigins };
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
