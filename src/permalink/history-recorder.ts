import { useAuthStore } from '../auth/session.ts';
import { useRunStore } from '../results/run-store.ts';
import { useLibraryStore } from './library.ts';

/** Adds every run (each press of Run) to the history. Returns the unsubscribe function. */
export function recordRunsToHistory(): () => void {
  return useRunStore.subscribe((state, previous) => {
    const run = state.current;
    if (!run || run.nonce === previous.current?.nonce) return;
    const session = useAuthStore.getState().session;
    if (!session || run.text.trim() === '') return;
    useLibraryStore.getState().actions.addRun({
      text: run.template?.text ?? run.text,
      ...(run.template ? { params: run.template.params } : {}),
      context: run.context,
      target: run.target,
      connection: session.connection,
      domain: session.domain,
    });
  });
}
