import { useAuthStore, type Session } from '../auth/session.ts';
import { useRunStore, type RunRequest } from '../results/run-store.ts';
import { useLibraryStore, type QuerySetup } from './library.ts';

/** What a run was, as the Library keeps it: a template's text and values rather than the text sent. */
export function setupOfRun(run: RunRequest, session: Pick<Session, 'connection' | 'domain'>): QuerySetup {
  return {
    text: run.template?.text ?? run.text,
    ...(run.template ? { params: run.template.params } : {}),
    context: run.context,
    target: run.target,
    connection: session.connection,
    domain: session.domain,
  };
}

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
