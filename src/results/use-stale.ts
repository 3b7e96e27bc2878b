// Whether the rows on screen still answer what the user has in front of them.
import { sameEdit, type RunRequest } from '../workspace/run.ts';
import { useListing, useTemplateParams, useText } from '../workspace/store.ts';
import { sameListingTarget, useTarget } from '../workspace/target.ts';

/**
 * Whether what the user now sees in the editor, the template's values and the pickers is no longer what
 * this run ran. A template compares as written, with its values: the text it sent had them substituted.
 */
export function useStale(run: RunRequest | null): boolean {
  const text = useText();
  const params = useTemplateParams(text);
  const context = useListing();
  const target = useTarget();
  if (!run) return false;
  return (
    !sameEdit(run, text, params) || context !== run.context || !sameListingTarget(context, target, run.target)
  );
}
