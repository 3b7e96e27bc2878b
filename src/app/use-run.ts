import { useCallback, useState } from 'react';
import type { Edition, LiveValues } from '../croql/index.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { prepareRun, useRunActions } from '../workspace/run.ts';
import { useTarget } from '../workspace/target.ts';

/** What stops a run until the user confirms it: the query's problems as lint shows them. */
export interface PendingRun {
  problems: number;
  first: string;
}

/**
 * Run, from the editor, the builder, the Run button or "Run again": a query the editor already knows is
 * invalid is not sent silently; the user is told and asked (`pending`), and may run it anyway. The check
 * is the run's checked model (prepareRun: lint's own while the text and values are unchanged), which the
 * run then carries.
 */
export function useGuardedRun(values: LiveValues, edition: Edition) {
  const target = useTarget();
  const { run } = useRunActions();
  const [pending, setPending] = useState<PendingRun | null>(null);

  const request = useCallback(() => {
    const prepared = prepareRun(analyzeOptions({ edition, values }));
    // Missing or wrong template values are not asked about: Run refuses them and their form says why.
    const errors = prepared.model.diagnostics.filter(
      (d) => d.severity === 'error' && d.reason !== 'templateParameter',
    );
    if (errors.length > 0) {
      const first = [...errors].sort((a, b) => a.from - b.from)[0]!;
      setPending({ problems: errors.length, first: first.message });
      return;
    }
    setPending(null);
    run(target, prepared);
  }, [edition, values, run, target]);

  const runAnyway = useCallback(() => {
    setPending(null);
    run(target, prepareRun(analyzeOptions({ edition, values })));
  }, [edition, values, run, target]);

  const cancel = useCallback(() => setPending(null), []);
  return { request, pending, runAnyway, cancel };
}
