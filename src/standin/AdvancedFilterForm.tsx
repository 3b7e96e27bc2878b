// The Advanced Filter as the stand-in sets it: the CustomFilterObject keys the docs give values for
// (translations, comments, labels, a CroQL expression), applied together as the editor's dialog applies them.
import { useId, useState } from 'react';
import type { Label } from '../connection/queries.ts';
import { EMPTY_CUSTOM_FILTER, type CustomFilter } from '../wire/ap-bridge.ts';

export function AdvancedFilterForm(props: {
  initial: CustomFilter | null;
  labels: readonly Label[];
  onApply: (filter: CustomFilter) => void;
}) {
  const [filter, setFilter] = useState<CustomFilter>(props.initial ?? { ...EMPTY_CUSTOM_FILTER });
  const id = useId();
  const set = (change: Partial<CustomFilter>) => setFilter((f) => ({ ...f, ...change }));
  const toggleLabel = (labelId: number, on: boolean) =>
    set({ labels: on ? [...filter.labels, labelId] : filter.labels.filter((l) => l !== labelId) });
  return (
    <form
      className="standin-advanced"
      aria-label="Advanced Filter"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply(filter);
      }}
    >
      <label>
        Translations{' '}
        <select value={filter.translations} onChange={(e) => set({ translations: e.target.value })}>
          <option value="">any</option>
          <option value="translated">translated</option>
          <option value="untranslated">untranslated</option>
        </select>
      </label>
      <label>
        Comments{' '}
        <select value={filter.comments} onChange={(e) => set({ comments: e.target.value })}>
          <option value="">any</option>
          <option value="have_comments">with comments</option>
          <option value="no_comments">without comments</option>
        </select>
      </label>
      {props.labels.length > 0 && (
        <fieldset>
          <legend>Labels</legend>
          {props.labels.map((label) => (
            <label key={label.id}>
              <input
                type="checkbox"
                checked={filter.labels.includes(label.id)}
                onChange={(e) => toggleLabel(label.id, e.target.checked)}
              />{' '}
              {label.title}
            </label>
          ))}
          <label>
            Match{' '}
            <select
              value={filter.label_match_rule}
              onChange={(e) => set({ label_match_rule: e.target.value })}
            >
              <option value="any">any of them</option>
              <option value="all">all of them</option>
            </select>
          </label>
        </fieldset>
      )}
      <label htmlFor={`${id}-croql`}>CroQL expression</label>
      <input
        id={`${id}-croql`}
        value={filter.croql_expression}
        onChange={(e) => set({ croql_expression: e.target.value })}
        spellCheck={false}
      />
      <button type="submit" className="button-primary">
        Apply the Advanced Filter
      </button>
    </form>
  );
}
