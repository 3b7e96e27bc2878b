import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { branchesQuery, filesQuery, labelsQuery } from '../connection/queries.ts';
import type { DisplayNames } from './rows.ts';

/**
 * File, branch and label names of a project. Files and labels come from the same cached lists completion
 * and the builder use (same query keys, so usually no extra request); branches are loaded here. Each map
 * stays undefined until its list loads (or fails), and the table then shows ids.
 */
export function useDisplayNames(client: ApiClient | null, projectId: number | null): DisplayNames {
  const files = useQuery(filesQuery(client, projectId)).data;
  const branches = useQuery(branchesQuery(client, projectId)).data;
  const labels = useQuery(labelsQuery(client, projectId)).data;
  return useMemo(
    () => ({
      files: files && new Map(files.map((f) => [f.id, f.name])),
      branches: branches && new Map(branches.map((b) => [b.id, b.name])),
      labels: labels && new Map(labels.map((l) => [l.id, l.title])),
    }),
    [files, branches, labels],
  );
}
