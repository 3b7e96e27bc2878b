// Names where the view knows them (ui-walk D22): a step's project and languages as the project calls them,
// read through the playground's own API client (the same cached reads as the query view's pickers). Ids
// stand in until they arrive, and where the project does not name them.
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../connection/api.ts';
import { projectLanguages, projectQuery } from '../connection/queries.ts';
import type { LanguageNames } from './format.ts';

export interface ProjectNames {
  /** "Acme shop (project 1)", or "project 1" before the name is read. */
  project: string;
  language: LanguageNames;
}

export function projectNames(
  projectId: number,
  project: { name: string } | undefined,
  languages: readonly { id: string; name: string }[],
): ProjectNames {
  const byId = new Map(languages.map((l) => [l.id, l.name]));
  return {
    project: project ? `${project.name} (project ${projectId})` : `project ${projectId}`,
    language: (id) => byId.get(id) ?? id,
  };
}

export function useProjectNames(projectId: number): ProjectNames {
  const client = useApiClient();
  const project = useQuery(projectQuery(client, projectId)).data;
  return projectNames(projectId, project, projectLanguages(project));
}
