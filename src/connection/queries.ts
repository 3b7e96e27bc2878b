import type { ItemEnvelope, ListEnvelope } from '../wire/envelope.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveValues } from '../croql/types.ts';
import { useApiClient, type ApiClient } from './api.ts';

// Shapes of the service's resources, limited to the fields the app reads.
/** A user of the service: the signed-in account (`/user`) and each project member alike. */
export interface User {
  id: number;
  username: string;
  fullName?: string;
  avatarUrl?: string;
}
export interface Project {
  id: number;
  name: string;
  identifier?: string;
  sourceLanguageId?: string;
  targetLanguageIds?: string[];
  targetLanguages?: Language[];
}
export interface Language {
  id: string;
  name: string;
}
/** A project member (`/projects/{id}/members`) is a user. */
export type Member = User;
export interface FileInfo {
  id: number;
  name: string;
  path?: string;
}
export interface Branch {
  id: number;
  name: string;
}
export interface Label {
  id: number;
  title: string;
}
export interface Tm {
  id: number;
  name: string;
}
export interface Glossary {
  id: number;
  name: string;
}

/** The most the pickers and completion load in one page (the service's maximum). */
const PAGE = 500;
const FIVE_MINUTES = 5 * 60_000;

async function getList<T>(
  client: ApiClient,
  path: string,
  params: Record<string, string | number | undefined>,
  signal: AbortSignal,
): Promise<T[]> {
  const response = await client.get<ListEnvelope<T>>(path, { limit: PAGE, ...params }, signal);
  return (response.body?.data ?? []).map((item) => item.data);
}

async function getItem<T>(client: ApiClient, path: string, signal: AbortSignal): Promise<T> {
  const response = await client.get<ItemEnvelope<T>>(path, {}, signal);
  return response.body.data;
}

/** Query keys start with the API base URL, so two connections never share cached data. */
const key = (client: ApiClient, ...rest: unknown[]) => ['api', client.baseUrl, ...rest] as const;

export const userQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: key(client, 'user'),
    queryFn: ({ signal }) => getItem<User>(client, '/user', signal),
    staleTime: FIVE_MINUTES,
  });

export const projectsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: key(client, 'projects'),
    queryFn: ({ signal }) => getList<Project>(client, '/projects', {}, signal),
    staleTime: FIVE_MINUTES,
  });

export const projectQuery = (client: ApiClient, projectId: number) =>
  queryOptions({
    queryKey: key(client, 'project', projectId),
    queryFn: ({ signal }) => getItem<Project>(client, `/projects/${projectId}`, signal),
    staleTime: FIVE_MINUTES,
  });

export const languagesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: key(client, 'languages'),
    queryFn: ({ signal }) => getList<Language>(client, '/languages', {}, signal),
    staleTime: Infinity,
  });

export const membersQuery = (client: ApiClient, projectId: number, search?: string) =>
  queryOptions({
    queryKey: key(client, 'members', projectId, search ?? ''),
    queryFn: ({ signal }) =>
      getList<Member>(client, `/projects/${projectId}/members`, { search: search || undefined }, signal),
    staleTime: FIVE_MINUTES,
  });

export const filesQuery = (client: ApiClient, projectId: number) =>
  queryOptions({
    queryKey: key(client, 'files', projectId),
    queryFn: ({ signal }) => getList<FileInfo>(client, `/projects/${projectId}/files`, {}, signal),
    staleTime: FIVE_MINUTES,
  });

export const branchesQuery = (client: ApiClient, projectId: number) =>
  queryOptions({
    queryKey: key(client, 'branches', projectId),
    queryFn: ({ signal }) => getList<Branch>(client, `/projects/${projectId}/branches`, {}, signal),
    staleTime: FIVE_MINUTES,
  });

export const labelsQuery = (client: ApiClient, projectId: number) =>
  queryOptions({
    queryKey: key(client, 'labels', projectId),
    queryFn: ({ signal }) => getList<Label>(client, `/projects/${projectId}/labels`, {}, signal),
    staleTime: FIVE_MINUTES,
  });

export const tmsQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: key(client, 'tms'),
    queryFn: ({ signal }) => getList<Tm>(client, '/tms', {}, signal),
    staleTime: FIVE_MINUTES,
  });

export const glossariesQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: key(client, 'glossaries'),
    queryFn: ({ signal }) => getList<Glossary>(client, '/glossaries', {}, signal),
    staleTime: FIVE_MINUTES,
  });

/** Members matching `search` (server side), for `@user:"` completion. */
export async function searchMembers(
  client: ApiClient,
  projectId: number,
  search: string,
  signal: AbortSignal,
): Promise<Member[]> {
  return getList<Member>(
    client,
    `/projects/${projectId}/members`,
    { search: search || undefined, limit: 50 },
    signal,
  );
}

/** The project's target languages with names (from `targetLanguages`, else the ids). */
export function projectLanguages(project: Project | undefined): Language[] {
  if (!project) return [];
  if (project.targetLanguages?.length) return project.targetLanguages.map(({ id, name }) => ({ id, name }));
  return (project.targetLanguageIds ?? []).map((id) => ({ id, name: id }));
}

const NO_VALUES: LiveValues = {};

/** Stands in for the client in disabled queries (hooks cannot be called conditionally). */
export const SIGNED_OUT_CLIENT: ApiClient = {
  baseUrl: 'signed-out',
  get: () => Promise.reject(new Error('Sign in first.')),
};

/** Members, languages, labels and files of a project (the effective target's), for completion and the builder. */
export function useLiveValues(projectId: number | null): LiveValues {
  const client = useApiClient();
  const enabled = client !== null && projectId !== null;
  const id = projectId ?? 0;
  const api = client ?? SIGNED_OUT_CLIENT;
  const project = useQuery({ ...projectQuery(api, id), enabled });
  const members = useQuery({ ...membersQuery(api, id), enabled });
  const labels = useQuery({ ...labelsQuery(api, id), enabled });
  const files = useQuery({ ...filesQuery(api, id), enabled });
  const projectData = project.data;
  const memberData = members.data;
  const labelData = labels.data;
  const fileData = files.data;
  return useMemo(() => {
    if (!enabled) return NO_VALUES;
    return {
      users: memberData?.map(({ id: userId, username, fullName }) => ({ id: userId, username, fullName })),
      languages: projectData ? projectLanguages(projectData) : undefined,
      labels: labelData,
      files: fileData,
    };
  }, [enabled, projectData, memberData, labelData, fileData]);
}
