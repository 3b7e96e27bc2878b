import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { filesQuery, labelsQuery, SIGNED_OUT_CLIENT } from '../connection/queries.ts';
import type { DisplayNames } from './listings.ts';

/**
 * File names and label titles of a project, from the same cached lists completion and the builder use
 * (the same query keys, so usually no extra request). Empty until they load or without a project.
 */
export function useDisplayNames(client: ApiClient | null, projectId: number | null): DisplayNames {
  const enabled = client !== null && projectId !== null;
  const api = client ?? SIGNED_OUT_CLIENT;
  const id = projectId ?? 0;
  const files = useQuery({ ...filesQuery(api, id), enabled }).data;
  const labels = useQuery({ ...labelsQuery(api, id), enabled }).data;
  return useMemo(
    () => ({
      files: files && new Map(files.map((f) => [f.id, f.name])),
      labels: labels && new Map(labels.map((l) => [l.id, l.title])),
    }),
    [files, labels],
  );
}
