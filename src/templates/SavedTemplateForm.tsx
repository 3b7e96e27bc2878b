import { lazy, Suspense, useState } from 'react';
import type { TemplateParam } from '../croql/index.ts';
import type { LibraryEntryProps } from '../slots/library.ts';

// Only a saved template needs the form and its pickers: loaded then.
const ParamsForm = lazy(() => import('./ParamsForm.tsx').then((m) => ({ default: m.ParamsForm })));

/** A saved template's parameters as form controls in the Library; opening uses the values shown. */
export default function SavedTemplateForm(props: LibraryEntryProps) {
  const [params, setParams] = useState<TemplateParam[]>(props.setup.params ?? []);
  const update = (name: string, patch: Partial<TemplateParam>) =>
    setParams((all) => all.map((p) => (p.name === name ? { ...p, ...patch } : p)));
  if (params.length === 0) return null;
  return (
    <div className="library-template">
      <Suspense fallback={<p className="hint">Loading the parameters…</p>}>
        <ParamsForm
          params={params}
          showMissing={false}
          onType={(name, type) => update(name, { type })}
          onValue={(name, value) => update(name, { value })}
          label={`Parameters of ${props.name ?? props.label}`}
        />
      </Suspense>
      <button type="button" onClick={() => props.onOpen({ ...props.setup, params })}>
        Open with these values
      </button>
    </div>
  );
}
