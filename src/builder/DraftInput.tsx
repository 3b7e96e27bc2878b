import { useState } from 'react';

/** A text input that writes only valid values; an invalid draft stays visible, marked, until fixed. */
export function DraftInput({
  label,
  focusKey,
  value,
  valid,
  onCommit,
  list,
  className,
  inputMode,
  placeholder,
}: {
  label: string;
  focusKey: string;
  value: string;
  valid: (v: string) => boolean;
  onCommit: (v: string) => void;
  list?: string;
  className?: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const ok = valid(draft.trim());
  return (
    <input
      data-focus={focusKey}
      aria-label={label}
      aria-invalid={ok ? undefined : true}
      title={ok ? label : `Not valid: ${label}`}
      className={className}
      list={list}
      inputMode={inputMode}
      placeholder={placeholder}
      value={draft}
      onChange={(e) => {
        setDraft(e.target.value);
        const v = e.target.value.trim();
        if (valid(v) && v !== value) {
          setSeen(v);
          onCommit(v);
        }
      }}
    />
  );
}
