// An editor-filter condition: the filter picker, its parameters, the language pin, and the note saying
// when the filter is approximated or not expressible in CroQL.
import { useBuilder } from './context.ts';
import { FILTERS, defaultParams, filterDef, filterToCroql, type FilterCategory } from './filters.ts';
import type { FilterNode } from './model.ts';
import { useSet } from './node-commands.ts';
import { ParamEditor } from './ParamEditor.tsx';

const CATEGORIES = [...new Set(FILTERS.map((f) => f.category))] as FilterCategory[];

export function FilterControls({ node }: { node: FilterNode }) {
  const api = useBuilder();
  const set = useSet(node);
  const def = filterDef(node.filter);
  const languages = api.values.languages ?? [];
  return (
    <>
      <select
        data-focus="first"
        aria-label="Editor filter"
        value={node.filter}
        onChange={(e) => {
          const next = filterDef(e.target.value);
          if (next)
            set((n) => ({
              ...n,
              filter: next.id,
              params: defaultParams(next),
              pinLanguage: next.pinnable ? n.pinLanguage : null,
            }));
        }}
      >
        {node.filter === '' && (
          <option value="" disabled>
            choose a filter…
          </option>
        )}
        {CATEGORIES.map((cat) => (
          <optgroup key={cat} label={cat}>
            {FILTERS.filter((f) => f.category === cat).map((f) => {
              const unavailable = f.convert({ ...defaultParams(f) }, undefined).kind === 'notExpressible';
              const enterprise = f.enterpriseOnly && api.edition !== 'enterprise';
              return (
                <option
                  key={f.id}
                  value={f.id}
                  disabled={(unavailable || enterprise) && f.id !== node.filter}
                >
                  {f.label}
                  {unavailable ? ' (not expressible)' : enterprise ? ' (enterprise)' : ''}
                </option>
              );
            })}
          </optgroup>
        ))}
      </select>
      {def?.params.map((p) => (
        <ParamEditor
          key={p.key}
          spec={p}
          value={node.params[p.key]}
          onChange={(v) => set((n) => ({ ...n, params: { ...n.params, [p.key]: v } }))}
        />
      ))}
      {def?.pinnable && (
        <select
          data-focus="pin"
          aria-label="Language (pin)"
          value={node.pinLanguage ?? ''}
          onChange={(e) => set((n) => ({ ...n, pinLanguage: e.target.value || null }))}
        >
          <option value="">in any language</option>
          {node.pinLanguage && !languages.some((l) => l.id === node.pinLanguage) && (
            <option value={node.pinLanguage}>in {node.pinLanguage}</option>
          )}
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              in {l.name ?? l.id}
            </option>
          ))}
        </select>
      )}
    </>
  );
}

export function FilterNote({ node }: { node: FilterNode }) {
  if (node.filter === '') return null;
  const r = filterToCroql(
    node.filter,
    node.params,
    node.pinLanguage ? { pinLanguage: node.pinLanguage } : {},
  );
  if (r.kind === 'exact') return null;
  return (
    <p className={`b-note ${r.kind === 'notExpressible' ? 'b-note-error' : ''}`} role="note">
      {r.kind === 'approximation' ? `≈ ${r.note}` : `Not in the query: ${r.reason}`}
    </p>
  );
}
