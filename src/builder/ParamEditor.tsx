// One parameter of an editor filter, with the input its kind needs (date, number, member, labels, …).
import { DATETIME, NUMBER } from './choices.ts';
import { useBuilder } from './context.ts';
import { DATALIST_DATES, DATALIST_USERS } from './datalists.ts';
import { DraftInput } from './DraftInput.tsx';
import type { ParamSpec } from './filters.ts';
import type { FilterNode } from './model.ts';

type ParamValue = FilterNode['params'][string];

export function ParamEditor({
  spec,
  value,
  onChange,
}: {
  spec: ParamSpec;
  value: ParamValue | undefined;
  onChange: (v: ParamValue) => void;
}) {
  const api = useBuilder();
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value.map(String) : [];
  switch (spec.kind) {
    case 'datetime':
      return (
        <DraftInput
          label={`${spec.label} (today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`}
          focusKey={spec.key}
          value={text}
          valid={(v) => DATETIME.test(v)}
          list={DATALIST_DATES}
          className="b-date"
          placeholder="today or YYYY-MM-DD"
          onCommit={onChange}
        />
      );
    case 'number':
      return (
        <DraftInput
          label={spec.label}
          focusKey={spec.key}
          value={text}
          valid={(v) => NUMBER.test(v)}
          className="b-number"
          inputMode="numeric"
          onCommit={onChange}
        />
      );
    case 'user':
      return (
        <input
          data-focus={spec.key}
          aria-label={spec.label}
          placeholder="username"
          list={DATALIST_USERS}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'text':
      return (
        <input
          data-focus={spec.key}
          aria-label={spec.label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'choice':
      return (
        <select
          data-focus={spec.key}
          aria-label={spec.label}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        >
          {spec.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'multiChoice':
      return (
        <fieldset className="b-checks">
          <legend className="visually-hidden">{spec.label}</legend>
          {spec.options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                data-focus={`${spec.key}-${o.value}`}
                checked={list.includes(o.value)}
                onChange={(e) => {
                  const next = e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value);
                  if (next.length > 0) onChange(next);
                }}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    case 'labels': {
      // Labels of the query that the project does not list stay visible (and checked) as `#id`.
      const listed = api.values.labels ?? [];
      const known = [
        ...listed,
        ...list
          .filter((id) => !listed.some((l) => String(l.id) === id))
          .map((id) => ({ id, title: `#${id}` })),
      ];
      if (listed.length === 0)
        return (
          <DraftInput
            label="Label ids, comma separated"
            focusKey={spec.key}
            value={list.join(', ')}
            valid={(v) => /^\s*\d+(\s*,\s*\d+)*\s*$/.test(v)}
            onCommit={(v) => onChange(v.split(',').map((s) => s.trim()))}
          />
        );
      return (
        <fieldset className="b-checks">
          <legend className="visually-hidden">{spec.label}</legend>
          {known.map((l) => (
            <label key={l.id}>
              <input
                type="checkbox"
                data-focus={`${spec.key}-${l.id}`}
                checked={list.includes(String(l.id))}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...list, String(l.id)] : list.filter((v) => v !== String(l.id)),
                  )
                }
              />
              {l.title}
            </label>
          ))}
        </fieldset>
      );
    }
  }
}
