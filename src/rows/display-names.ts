import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { branchesQuery, filesQuery, labelsQuery, SIGNED_OUT_CLIENT } from '../connection/queries.ts';
import type { DisplayNames } from './rows.ts';

/**
 * File, branch and label names of a project. Files and labels come from the same cached lists completion
 * and the builder use (same query keys, so usually no extra request); branches are loaded here. Each map
 * stays undefined until its list loads (or fails), and the table then shows ids.
 */
export function useDisplayNames(client: ApiClient | null, projectId: number | null): DisplayNames {
  const enabled = client !== null && projectId !== null;
  const api = client ?? SIGNED_OUT_CLIENT;
  const id = projectId ?? 0;
  const files = useQuery({ ...filesQuery(api, id), enabled }).data;
  const branches = useQuery({ ...branchesQuery(api, id), enabled }).data;
  const labels = useQuery({ ...labelsQuery(api, id), enabled }).data;
  return useMemo(
    () => ({
      files: files && new Map(files.map((f) => [f.id, f.name])),
      branches: branches && new Map(branches.map((b) => [b.id, b.name])),
      labels: labels && new Map(labels.map((l) => [l.id, l.title])),
    }),
    [files, branches, labels],
  );
}
