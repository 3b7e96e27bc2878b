import { lazy, Suspense } from 'react';
import { useTemplateParams, useText, useWorkspace, useWorkspaceActions } from '../workspace/store.ts';

// Only a query with `{{…}}` needs the form and its pickers: loaded then, outside the first screen's JS.
const ParamsForm = lazy(() => import('./ParamsForm.tsx').then((m) => ({ default: m.ParamsForm })));

/** The current query's parameters under the editor; nothing for a query without `{{…}}`. */
export function TemplateParamsBar({ onRun }: { onRun: () => void }) {
  const text = useText();
  const params = useTemplateParams(text);
  const runRefused = useWorkspace((s) => s.runRefused);
  const actions = useWorkspaceActions();
  if (params.length === 0) return null;
  return (
    <section className="template-bar" aria-label="Template parameters">
      <Suspense fallback={null}>
        <ParamsForm
          params={params}
          showMissing={runRefused}
          onType={actions.setParamType}
          onValue={actions.setParamValue}
          label="Template parameters"
          onRun={onRun}
        />
      </Suspense>
      {runRefused && (
        <p className="inline-error" role="alert">
          Not run: give every parameter a valid value first. Your query is kept.
        </p>
      )}
    </section>
  );
}
