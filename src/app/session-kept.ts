// A session this tab's storage refused (src/auth/session.ts keeps what it threw) is reported as any store's
// failed write is (src/ui/stored.ts owns the wording and the notice): the sign-in works on this page, and a
// reload will sign the user out. The auth layer cannot import ui (.ci/eslint.config.js LAYERS), so the
// shell joins them.
import { SESSION_KEY, useAuthStore } from '../auth/session.ts';
import { storageFailure, writeFailed, writeSucceeded, type WriteSpec } from '../ui/stored.ts';

export const SESSION_STORE: WriteSpec = {
  area: 'session',
  key: SESSION_KEY,
  label: 'Your sign-in',
  unsaved:
    "You are signed in on this page, but reloading the page will sign you out. Free some of this site's storage to keep it.",
};

/** Shows, then takes away, the notice of a session that could not be kept. Returns the unsubscribe function. */
export function reportUnkeptSession(): () => void {
  return useAuthStore.subscribe(({ unkept }, previous) => {
    if (unkept === previous.unkept) return;
    if (unkept) writeFailed(SESSION_STORE, storageFailure(unkept.error, SESSION_STORE.area));
    else writeSucceeded(SESSION_STORE);
  });
}
