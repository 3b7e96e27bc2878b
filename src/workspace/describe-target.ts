// Where a query setup runs, in words: the connection, the project's name, the listing and the language.
// The Library's entries and the compare dialog say it the same way (ui-walk D32: not an API path).
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../connection/api.ts';
import { CONNECTION_LABELS } from '../connection/config.ts';
import { projectsQuery } from '../connection/queries.ts';
import { currentConnection, type QuerySetup } from './setup.ts';

const LISTING_SHORT = {
  strings: 'strings',
  translations: 'translations',
  tmSegments: 'TM',
  glossaryTerms: 'terms',
};

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
