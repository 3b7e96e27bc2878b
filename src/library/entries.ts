// What the Library's tabs share: the saved queries of the current project, how an entry is described, and
// opening one in the editor.
import { announce } from '../ui/announce.ts';
import { currentConnection, openSetup, type QuerySetup } from '../workspace/setup.ts';
import { NO_TARGET } from '../workspace/store.ts';
import { useTarget } from '../workspace/target.ts';
import { projectKey, useLibraryStore } from './library.ts';

/** The ids of the Library's own tabs, for the shell's registry (src/app/library-area.tsx). */
export const SAVED_TAB = 'saved';
export const HISTORY_TAB = 'history';

/** The saved queries of the project the pickers show, on the current connection. */
export function useSavedQueries() {
  const { projectId } = useTarget();
  const saved = useLibraryStore((s) => s.library.saved);
  return saved[projectKey({ ...currentConnection(), target: { ...NO_TARGET, projectId } })] ?? [];
}

/** Opens an entry in the editor and says so. */
export function openEntry(setup: QuerySetup, what: string): void {
  openSetup(setup);
  announce(`${what} opened in the editor.`);
}
