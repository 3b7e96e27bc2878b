// What the Library's tabs share: the saved queries of the current project, how an entry is described, and
// opening one in the editor.
import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../connection/api.ts';
import { CONNECTION_LABELS } from '../connection/config.ts';
import { projectsQuery } from '../connection/queries.ts';
import { announce } from '../ui/announce.ts';
import { currentConnection, openSetup, type QuerySetup } from '../workspace/setup.ts';
import { NO_TARGET } from '../workspace/store.ts';
import { useTarget } from '../workspace/target.ts';
import { projectKey, useLibraryStore } from './library.ts';

const LISTING_SHORT = {
  strings: 'strings',
  translations: 'translations',
  tmSegments: 'TM',
  glossaryTerms: 'terms',
};

/** The ids of the Library's own tabs, for the shell's registry (src/app/library-area.tsx). */
export const SAVED_TAB = 'saved';
export const HISTORY_TAB = 'history';

/** Projects by id, for naming them; a project it lacks reads "project 1". */
type ProjectNames = readonly { id: number; name: string }[] | undefined;

/** "Local emulator · Acme Shop · translations · uk": where a setup runs. */
export function describeTarget(setup: QuerySetup, projects?: ProjectNames): string {
  const parts = [CONNECTION_LABELS[setup.connection]];
  const { projectId } = setup.target;
  if (projectId !== null) {
    parts.push(projects?.find((p) => p.id === projectId)?.name ?? `project ${projectId}`);
  }
  parts.push(LISTING_SHORT[setup.context]);
  if (setup.context === 'translations' && setup.target.languageId) parts.push(setup.target.languageId);
  return parts.join(' · ');
}

/**
 * describeTarget with the signed-in connection's project names, for entries of that connection; an entry
 * of another connection or organization keeps its project id (those names are not known here).
 */
export function useDescribeTarget(): (setup: QuerySetup) => string {
  const projects = useQuery(projectsQuery(useApiClient())).data;
  return useCallback(
    (setup: QuerySetup) => {
      const here = currentConnection();
      const same = setup.connection === here.connection && setup.domain === here.domain;
      return describeTarget(setup, same ? projects : undefined);
    },
    [projects],
  );
}

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
