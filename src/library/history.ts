import { useAuthStore } from '../auth/session.ts';
import { setupOfRun, useRunStore } from '../workspace/run.ts';
import { useLibraryStore } from './library.ts';

/** Adds every run (each press of Run) to the history. Returns the unsubscribe function. */
export function recordRunsToHistory(): () => void {
  return useRunStore.subscribe((state, previous) => {
    const run = state.current;
    if (!run || run.nonce === previous.current?.nonce) return;
    const session = useAuthStore.getState().session;
    if (!session || run.text.trim() === '') return;
    useLibraryStore.getState().actions.addRun(setupOfRun(run, session));
  });
}
