// The value of a field condition, with the input its type needs (number, datetime, member, language, text).
import { DATETIME, NUMBER } from './choices.ts';
import { useBuilder } from './context.ts';
import { DATALIST_DATES, DATALIST_USERS } from './datalists.ts';
import { DraftInput } from './DraftInput.tsx';
import type { ValueLiteral } from './model.ts';

export function ValueEditor({
  label,
  focusKey,
  value,
  enumValues,
  onChange,
}: {
  label: string;
  focusKey: string;
  value: ValueLiteral | null;
  enumValues: string[] | undefined;
  onChange: (v: ValueLiteral) => void;
}) {
  const api = useBuilder();
  const v = value ?? { kind: 'string' as const, value: '' };
  switch (v.kind) {
    case 'number':
      return (
        <DraftInput
          label={label}
          focusKey={focusKey}
          value={v.value}
          valid={(s) => NUMBER.test(s)}
          className="b-number"
          inputMode="decimal"
          onCommit={(s) => onChange({ kind: 'number', value: s })}
        />
      );
    case 'datetime':
      return (
        <DraftInput
          label={`${label} (today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`}
          focusKey={focusKey}
          value={v.value}
          valid={(s) => DATETIME.test(s)}
          list={DATALIST_DATES}
          className="b-date"
          placeholder="today or YYYY-MM-DD"
          onCommit={(s) => onChange({ kind: 'datetime', value: s })}
        />
      );
    case 'user':
      return (
        <input
          data-focus={focusKey}
          aria-label={`${label} (member)`}
          placeholder="username"
          list={DATALIST_USERS}
          value={v.value}
          onChange={(e) => onChange({ kind: 'user', value: e.target.value })}
        />
      );
    case 'language': {
      const languages = api.values.languages ?? [];
      if (languages.length === 0)
        return (
          <input
            data-focus={focusKey}
            aria-label={`${label} (language code)`}
            value={v.value}
            onChange={(e) => onChange({ kind: 'language', value: e.target.value })}
          />
        );
      return (
        <select
          data-focus={focusKey}
          aria-label={`${label} (language)`}
          value={v.value}
          onChange={(e) => onChange({ kind: 'language', value: e.target.value })}
        >
          {!languages.some((l) => l.id === v.value) && <option value={v.value}>{v.value || '—'}</option>}
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              {l.name ? `${l.name} (${l.id})` : l.id}
            </option>
          ))}
        </select>
      );
    }
    case 'string': {
      const listId = enumValues
        ? `croql-builder-enum-${focusKey}-${enumValues.length}-${enumValues[0]}`
        : undefined;
      return (
        <>
          <input
            data-focus={focusKey}
            aria-label={label}
            value={v.value}
            list={listId}
            onChange={(e) => onChange({ kind: 'string', value: e.target.value })}
          />
          {listId && (
            <datalist id={listId}>
              {enumValues!.map((e) => (
                <option key={e} value={e} />
              ))}
            </datalist>
          )}
        </>
      );
    }
  }
}
