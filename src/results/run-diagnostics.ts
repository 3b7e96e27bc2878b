import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError, type ApiClient } from '../connection/api.ts';
import type { Diagnostic } from '../croql/types.ts';
import { runQueryOptions } from './run-query.ts';
import { useCurrentRun } from '../workspace/run.ts';
import { toServerDiagnostics } from './server-diagnostics.ts';

/** Croql errors the service gave for the current run, with the text they are about. */
export interface ServerDiagnostics {
  text: string;
  diagnostics: Diagnostic[];
}

/**
 * The service's croql errors of the current run, derived from the run query's error (the same query the
 * results panel shows; one cache entry). The editor shows them while its text is still the one that ran.
 */
export function useServerDiagnostics(client: ApiClient | null): ServerDiagnostics | null {
  const run = useCurrentRun();
  const { error } = useInfiniteQuery(runQueryOptions(client, run));
  return useMemo(() => {
    if (!run || !(error instanceof ApiError) || error.kind !== 'croql') return null;
    return { text: run.text, diagnostics: toServerDiagnostics(error.croqlErrors ?? [], run.text) };
  }, [run, error]);
}
