import { useState } from 'react';
import type { QuerySetup } from '../workspace/setup.ts';
import { ParamsForm } from './ParamsForm.tsx';
import type { TemplateParam } from '../croql/index.ts';

/** A saved template's parameters as form controls in the Library; opening uses the values shown. */
export function SavedTemplateForm(props: {
  setup: QuerySetup;
  name: string;
  onOpen: (setup: QuerySetup) => void;
}) {
  const [params, setParams] = useState<TemplateParam[]>(props.setup.params ?? []);
  const update = (name: string, patch: Partial<TemplateParam>) =>
    setParams((all) => all.map((p) => (p.name === name ? { ...p, ...patch } : p)));
  if (params.length === 0) return null;
  return (
    <div className="library-template">
      <ParamsForm
        params={params}
        showMissing={false}
        onType={(name, type) => update(name, { type })}
        onValue={(name, value) => update(name, { value })}
        label={`Parameters of ${props.name}`}
      />
      <button type="button" onClick={() => props.onOpen({ ...props.setup, params })}>
        Open with these values
      </button>
    </div>
  );
}
