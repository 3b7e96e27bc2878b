import { useEffect, useState } from 'react';
import { create } from 'zustand';
import { completeSignIn, isCallbackUrl } from '../auth/flow.ts';
import { useAuthStore } from '../auth/session.ts';
import { CONNECTION_LABELS } from '../connection/config.ts';
import { autosaveDraft } from '../library/draft.ts';
import { recordRunsToHistory } from '../library/history.ts';
import { restoreAtStartup, type StartupNotice } from '../permalink/startup.ts';
import { announce } from '../ui/announce.ts';
import { reportUnkeptSession } from './session-kept.ts';

interface Startup {
  /** Settles when the sign-in callback (if this load is one) is finished. */
  callback: Promise<void> | null;
}

/** What opening the page (or a permalink pasted into an open tab) loaded, for the notice bar. */
export const useLinkNotice = create<{ notice: StartupNotice | null; dismiss: () => void }>()((set) => ({
  notice: null,
  dismiss: () => set({ notice: null }),
}));

let startup: Startup | null = null;

/** `#v1/…`: the fragment of a permalink of any version (src/permalink/codec.ts). */
const PERMALINK_FRAGMENT = /^#v\d+\//;

/**
 * Runs once per page load (StrictMode renders twice; the OAuth code can be used only once): restores the
 * query (permalink, `?croql=`, or the draft), starts autosaving it, recording runs and reporting a session
 * this tab cannot keep, and finishes a sign-in when the page is the OAuth callback.
 */
function boot(): Startup {
  if (startup) return startup;
  const url = new URL(location.href);
  useLinkNotice.setState({ notice: restoreAtStartup(url) });
  // A permalink pasted into the address bar of an open tab changes only the fragment. Other fragments (an
  // in-page link such as "Skip to the query") are not permalinks and are left alone.
  window.addEventListener('hashchange', () => {
    if (PERMALINK_FRAGMENT.test(location.hash)) {
      useLinkNotice.setState({ notice: restoreAtStartup(new URL(location.href)) });
    }
  });
  autosaveDraft();
  reportUnkeptSession();
  recordRunsToHistory();
  let callback: Promise<void> | null = null;
  if (isCallbackUrl(url)) {
    callback = completeSignIn(url.searchParams)
      .then((session) => {
        announce(`Signed in to ${CONNECTION_LABELS[session.connection]}.`);
      })
      .catch((error: unknown) => {
        useAuthStore.getState().actions.setNotice({
          kind: 'error',
          text: error instanceof Error ? error.message : 'Signing in failed. Sign in again.',
        });
      })
      .finally(() => history.replaceState(null, '', '/'));
  }
  startup = { callback };
  return startup;
}

export function useStartup(): { finishingSignIn: boolean } {
  const [{ callback }] = useState(boot);
  const [finishingSignIn, setFinishing] = useState(callback !== null);
  useEffect(() => {
    let live = true;
    void callback?.then(() => {
      if (live) setFinishing(false);
    });
    return () => {
      live = false;
    };
  }, [callback]);
  return { finishingSignIn };
}
