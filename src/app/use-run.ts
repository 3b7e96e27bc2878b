import { useCallback, useState } from 'react';
import type { Edition, LiveValues } from '../croql/index.ts';
import { analyzeTemplate } from '../croql/index.ts';
import { templateParamsOf } from '../templates/store.ts';
import { analyzeOptions, DEFAULT_CONFIG } from '../editor/config.ts';
import { useTarget } from '../connection/use-target.ts';
import { useQueryStore } from '../query/store.ts';
import { useRunActions } from '../results/run-store.ts';

/** What stops a run until the user confirms it: the query's problems as lint shows them. */
export interface PendingRun {
  problems: number;
  first: string;
}

/**
 * Run, from the editor, the builder, the Run button or "Run again": a query the editor already knows is
 * invalid is not sent silently; the user is told and asked (`pending`), and may run it anyway.
 */
export function useGuardedRun(values: LiveValues, edition: Edition) {
  const target = useTarget();
  const { run } = useRunActions();
  const [pending, setPending] = useState<PendingRun | null>(null);

  const request = useCallback(() => {
    const { text, context } = useQueryStore.getState();
    const options = analyzeOptions({ ...DEFAULT_CONFIG, context, edition, values });
    // Missing or wrong template values are not asked about: Run refuses them and their form says why.
    const errors = analyzeTemplate(text, context, options, templateParamsOf(text)).diagnostics.filter(
      (d) => d.severity === 'error' && d.reason !== 'templateParameter',
    );
    if (errors.length > 0) {
      const first = [...errors].sort((a, b) => a.from - b.from)[0]!;
      setPending({ problems: errors.length, first: first.message });
      return;
    }
    setPending(null);
    run(target);
  }, [edition, values, run, target]);

  const runAnyway = useCallback(() => {
    setPending(null);
    run(target);
  }, [run, target]);

  const cancel = useCallback(() => setPending(null), []);
  return { request, pending, runAnyway, cancel };
}
