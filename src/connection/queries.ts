import { itemEnvelopeShape, readListPage, type ItemEnvelope } from '../wire/envelope.ts';
import { arrayOf, number, object, string, type Shape } from '../wire/shape.ts';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveValues } from '../croql/types.ts';
import { malformedAnswer, useApiClient, type ApiClient } from './api.ts';
import { keys } from './keys.ts';

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
  /** The language's code in the editor's addresses (`…/en-{editorCode}#…`), as the service gives it. */
  editorCode?: string;
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
  /** The TM's source language. */
  languageId?: string;
}
export interface Glossary {
  id: number;
  name: string;
}

/** The most the pickers and completion load in one page (the service's maximum). */
const PAGE = 500;
const FIVE_MINUTES = 5 * 60_000;

// What the pickers and completion need of each (src/wire/shape.ts): an answer without it is an error that
// names what is missing, never a picker that breaks.
const named = <T extends { id: number; name: string }>(expected: string) =>
  object<T>(expected, { id: number, name: string } as { [K in keyof T]?: Shape<unknown> }, ['id', 'name']);
const userShape = object<User>(
  'a user (an object)',
  { id: number, username: string, fullName: string, avatarUrl: string },
  ['id', 'username'],
);
const languageShape = object<Language>(
  'a language (an object)',
  { id: string, name: string, editorCode: string },
  ['id', 'name'],
);
const projectShape = object<Project>(
  'a project (an object)',
  {
    id: number,
    name: string,
    identifier: string,
    sourceLanguageId: string,
    targetLanguageIds: arrayOf(string),
    targetLanguages: arrayOf(languageShape),
  },
  ['id', 'name'],
);
const fileShape = object<FileInfo>('a file (an object)', { id: number, name: string, path: string }, [
  'id',
  'name',
]);
const labelShape = object<Label>('a label (an object)', { id: number, title: string }, ['id', 'title']);

async function getList<T>(
  client: ApiClient,
  path: string,
  params: Record<string, string | number | undefined>,
  item: Shape<T>,
  signal: AbortSignal,
): Promise<T[]> {
  const response = await client.get<unknown>(path, { limit: PAGE, ...params }, signal);
  const page = readListPage(response.body, item);
  if (!page.ok) throw malformedAnswer(response.url, response.body, page.problem);
  return page.rows;
}

async function getItem<T>(client: ApiClient, path: string, item: Shape<T>, signal: AbortSignal): Promise<T> {
  const response = await client.get<unknown>(path, {}, signal);
  const problem = itemEnvelopeShape(item).problem(response.body, '');
  if (problem) throw malformedAnswer(response.url, response.body, problem);
  return (response.body as ItemEnvelope<T>).data;
}

/** The base URL of a client's keys; null signed out (the query is idle then). */
const baseOf = (client: ApiClient | null) => client?.baseUrl ?? null;

export const userQuery = (client: ApiClient | null) =>
  queryOptions({
    queryKey: keys.user(baseOf(client)),
    queryFn: client ? ({ signal }) => getItem(client, '/user', userShape, signal) : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const projectsQuery = (client: ApiClient | null) =>
  queryOptions({
    queryKey: keys.projects(baseOf(client)),
    queryFn: client ? ({ signal }) => getList(client, '/projects', {}, projectShape, signal) : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const projectQuery = (client: ApiClient | null, projectId: number | null) =>
  queryOptions({
    queryKey: keys.project(baseOf(client), projectId),
    queryFn:
      client && projectId !== null
        ? ({ signal }) => getItem(client, `/projects/${projectId}`, projectShape, signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const languagesQuery = (client: ApiClient | null) =>
  queryOptions({
    queryKey: keys.languages(baseOf(client)),
    queryFn: client ? ({ signal }) => getList(client, '/languages', {}, languageShape, signal) : skipToken,
    staleTime: Infinity,
  });

export const membersQuery = (client: ApiClient | null, projectId: number | null, search?: string) =>
  queryOptions({
    queryKey: keys.members(baseOf(client), projectId, search ?? ''),
    queryFn:
      client && projectId !== null
        ? ({ signal }) =>
            getList(
              client,
              `/projects/${projectId}/members`,
              { search: search || undefined },
              userShape,
              signal,
            )
        : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const filesQuery = (client: ApiClient | null, projectId: number | null) =>
  queryOptions({
    queryKey: keys.files(baseOf(client), projectId),
    queryFn:
      client && projectId !== null
        ? ({ signal }) => getList(client, `/projects/${projectId}/files`, {}, fileShape, signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const branchesQuery = (client: ApiClient | null, projectId: number | null) =>
  queryOptions({
    queryKey: keys.branches(baseOf(client), projectId),
    queryFn:
      client && projectId !== null
        ? ({ signal }) =>
            getList(
              client,
              `/projects/${projectId}/branches`,
              {},
              named<Branch>('a branch (an object)'),
              signal,
            )
        : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const labelsQuery = (client: ApiClient | null, projectId: number | null) =>
  queryOptions({
    queryKey: keys.labels(baseOf(client), projectId),
    queryFn:
      client && projectId !== null
        ? ({ signal }) => getList(client, `/projects/${projectId}/labels`, {}, labelShape, signal)
        : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const tmsQuery = (client: ApiClient | null) =>
  queryOptions({
    queryKey: keys.tms(baseOf(client)),
    queryFn: client
      ? ({ signal }) => getList(client, '/tms', {}, named<Tm>('a TM (an object)'), signal)
      : skipToken,
    staleTime: FIVE_MINUTES,
  });

export const glossariesQuery = (client: ApiClient | null) =>
  queryOptions({
    queryKey: keys.glossaries(baseOf(client)),
    queryFn: client
      ? ({ signal }) => getList(client, '/glossaries', {}, named<Glossary>('a glossary (an object)'), signal)
      : skipToken,
    staleTime: FIVE_MINUTES,
  });

/** Members matching `search` (server side), for `@user:"` completion. */
export async function searchMembers(
  client: ApiClient,
  projectId: number,
  search: string,
  signal: AbortSignal,
): Promise<Member[]> {
  return getList(
    client,
    `/projects/${projectId}/members`,
    { search: search || undefined, limit: 50 },
    userShape,
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

/** Members, languages, labels and files of a project (the effective target's), for completion and the builder. */
export function useLiveValues(projectId: number | null): LiveValues {
  const client = useApiClient();
  const enabled = client !== null && projectId !== null;
  const project = useQuery(projectQuery(client, projectId));
  const members = useQuery(membersQuery(client, projectId));
  const labels = useQuery(labelsQuery(client, projectId));
  const files = useQuery(filesQuery(client, projectId));
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
