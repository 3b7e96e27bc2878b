// The settings page's entry (index.html), small on purpose. It starts the host's bridge before the page's
// bundle (React, the playground's editor and the core: nearly all of the page's bytes) is even requested,
// so `AP` is up and the host hears `ready` early however long the bundle takes on a busy machine; the page
// then attaches to this load (mount.tsx). The bridge comes from the `origin` the host gives (bridge.ts).
import { bridgeUrl, followTheme, loadBridge, setFormValidity } from './bridge.ts';
import { loadEditor } from './editor.ts';
import './page.css';

const origin = new URLSearchParams(location.search).get('origin');
// Until the form is up, nothing can be saved: a host that asks before then is told so, not given nothing.
setFormValidity(false);

const bridgeAt = bridgeUrl(origin);
const bridge = bridgeAt
  ? loadBridge(bridgeAt)
  : Promise.reject(new Error(`the page was opened without a web origin (origin=${String(origin)}).`));
// Said on the page once it is up (mount.tsx), not as an unhandled rejection before.
bridge.then(followTheme).catch(() => {});

// The editor is the larger half of the bundle: it downloads beside the rest of the page, not after it.
loadEditor().catch(() => {
  // The rule that needs it says so (SettingsPage.tsx).
});

void (async () => {
  let page: typeof import('./mount.tsx');
  try {
    page = await import('./mount.tsx');
  } catch (e) {
    const problem = document.createElement('p');
    problem.className = 'router-problem';
    problem.setAttribute('role', 'alert');
    problem.textContent = `The settings page could not load (${e instanceof Error ? e.message : String(e)}). Reload it to try again; the step’s saved rules are unchanged.`;
    document.getElementById('root')!.replaceChildren(problem);
    return;
  }
  page.mount(bridge);
})();
