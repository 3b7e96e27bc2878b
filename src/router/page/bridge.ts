// The host's bridge (`AP`), which the settings page tells about every change (`AP.formDataUpdated`). It is
// loaded from the origin the page is given: Crowdin's own CDN for a Crowdin origin (Crowdin's apps-js page
// requires that copy), `<origin>/apps/dist/iframe.js` for any other host (the emulator serves one there).

export const CROWDIN_BRIDGE = 'https://cdn.crowdin.com/apps/dist/iframe.js';

/** Where the bridge comes from for `origin`, or null for an origin that is not a web origin. */
export function bridgeUrl(origin: string | null): string | null {
  if (!origin) return null;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname;
  if (url.protocol === 'https:' && (host === 'crowdin.com' || host.endsWith('.crowdin.com')))
    return CROWDIN_BRIDGE;
  return `${url.origin}/apps/dist/iframe.js`;
}

export interface Bridge {
  formDataUpdated(settings: unknown): void;
  /** Crowdin's apps-js: the host's theme, "light" or "dark" (the emulator's bridge also tells changes). */
  getTheme?(callback: (theme: string) => void): void;
}

declare global {
  interface Window {
    AP?: Partial<Bridge>;
    formRef?: { validateForm: () => boolean };
    currentFormData?: unknown;
  }
}

/** Loads the bridge script; resolves with `AP` once it is there. */
export function loadBridge(url: string): Promise<Bridge> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => {
      const ap = window.AP;
      if (ap && typeof ap.formDataUpdated === 'function') resolve(ap as Bridge);
      else reject(new Error(`${url} loaded but defines no AP.formDataUpdated.`));
    };
    script.onerror = () => reject(new Error(`Could not load ${url}.`));
    document.head.append(script);
  });
}

/** Tells the host about the form: its data (read when it saves), and that it changed (the bridge). */
export function publishForm(data: unknown, changed: Bridge | null): void {
  window.currentFormData = data;
  changed?.formDataUpdated(data);
}

/** The page follows the host's theme (base.css reads `<html data-theme>`), as far as the bridge tells it. */
export function followTheme(bridge: Bridge, root: HTMLElement = document.documentElement): void {
  bridge.getTheme?.((theme) => {
    if (theme !== 'light' && theme !== 'dark') return;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
  });
}

/** What the host calls before it saves. */
export function setFormValidity(valid: boolean): void {
  window.formRef = { validateForm: () => valid };
}
