// A sign-in whose request this tab's storage refused (src/auth/flow.ts throws PendingNotKept with what the
// storage threw) is worded as any store's failed write is (src/ui/stored.ts), where the user clicked Sign
// in. The auth layer cannot import ui (.ci/eslint.config.js LAYERS), so this layer joins them.
import { PENDING_KEY, PendingNotKept } from '../auth/flow.ts';
import { storageFailure, storageRefusal, writeFailed, type WriteSpec } from '../ui/stored.ts';

/** Why the request must be kept in this tab: nothing in memory outlives the redirect. */
const WHY =
  'Signing in needs a little room there: the sign-in page comes back to a new load of the playground, which can finish only with the request this tab kept (memory does not outlive that load). You are still on this page, and your query is kept.';

/** What to do, by what the storage threw. */
const TODO = {
  full: 'Open the playground in a new tab (it has storage of its own and opens on your latest query) and sign in there.',
  blocked: "Allow this site to store data (in the browser's site settings), then sign in again.",
  other: 'Sign in again; if it fails again, open the playground in a new tab and sign in there.',
};

const pendingStore = (error: unknown): WriteSpec => ({
  area: 'session',
  key: PENDING_KEY,
  label: 'Your sign-in request',
  unsaved: `${WHY} ${TODO[storageRefusal(error)]}`,
});

/** What stopped a sign-in from starting, for the person who clicked Sign in. */
export function signInFailureText(error: unknown): string {
  if (error instanceof PendingNotKept) {
    const spec = pendingStore(error.error);
    return writeFailed(spec, storageFailure(error.error, spec.area), { quiet: true }).message;
  }
  return error instanceof Error ? error.message : String(error);
}
