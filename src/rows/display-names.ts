import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../connection/api.ts';
import {
  projectQuery,
  branchesQuery,
  filesQuery,
  labelsQuery,
  membersQuery,
  tmsQuery,
  userQuery,
} from '../connection/queries.ts';
import type { ListingName } from '../croql/index.ts';
import { fileNames } from './names.ts';
import type { DisplayNames, UserName } from './rows.ts';

/**
 * What a run's ids stand for: file, branch and label names, users (the project's members and the signed-in
 * user), and for TM segments the TM's source language. Each list comes from the same cached query
 * completion and the builder use (same keys, so usually no extra request). A map stays undefined until its
 * list loads (or fails), and the table then shows ids.
 */
export function useDisplayNames(
  client: ApiClient | null,
  target: { projectId: number | null; tmId: number | null },
  listing: ListingName,
): DisplayNames {
  const { projectId, tmId } = target;
  const files = useQuery(filesQuery(client, projectId)).data;
  const branches = useQuery(branchesQuery(client, projectId)).data;
  const labels = useQuery(labelsQuery(client, projectId)).data;
  const members = useQuery(membersQuery(client, projectId)).data;
  const me = useQuery(userQuery(client)).data;
  const tms = useQuery({ ...tmsQuery(client), enabled: listing === 'tmSegments' }).data;
  const project = useQuery(projectQuery(client, projectId)).data;
  const targetLanguages = project?.targetLanguages;
  const sourceLanguage = project?.sourceLanguageId;
  const tmSourceLanguage = tms?.find((tm) => tm.id === tmId)?.languageId;
  return useMemo(() => {
    const users = members && new Map<number, UserName>();
    for (const u of [...(members ?? []), ...(me && members ? [me] : [])]) {
      users?.set(u.id, { username: u.username, ...(u.fullName ? { fullName: u.fullName } : {}) });
    }
    return {
      files: files && fileNames(files),
      branches: branches && new Map(branches.map((b) => [b.id, b.name])),
      labels: labels && new Map(labels.map((l) => [l.id, l.title])),
      users,
      ...(tmSourceLanguage ? { tmSourceLanguage } : {}),
      editorCodes: new Map(
        (targetLanguages ?? []).flatMap((l) => (l.editorCode ? [[l.id, l.editorCode] as const] : [])),
      ),
      languageOrder: [
        ...new Set([
          ...[tmSourceLanguage ?? sourceLanguage].filter((l): l is string => !!l),
          ...(targetLanguages ?? []).map((l) => l.id),
        ]),
      ],
    };
  }, [files, branches, labels, members, me, tmSourceLanguage, targetLanguages, sourceLanguage]);
}
