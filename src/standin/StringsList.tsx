// The stand-in's strings list: one listbox, the selected string its active option. Arrow keys, Home and
// End move the selection, as in the editor's list; a click selects too.
import { useEffect, useId, useRef } from 'react';
import type { StringData } from '../wire/ap-bridge.ts';

/** The most options the list renders; the count above it says how many the listing answered. */
export const SHOWN_STRINGS = 200;

export function StringsList(props: {
  strings: readonly StringData[];
  selected: number | null;
  onSelect: (id: number) => void;
  label: string;
  /** The listing is being read: assistive technology hears the list is not final yet. */
  busy: boolean;
}) {
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const shown = props.strings.slice(0, SHOWN_STRINGS);
  const at = shown.findIndex((s) => s.id === props.selected);
  useEffect(() => {
    if (at >= 0) document.getElementById(`${id}-${props.selected}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [at, id, props.selected]);
  const move = (to: number) => {
    const target = shown[Math.max(0, Math.min(shown.length - 1, to))];
    if (target) props.onSelect(target.id);
  };
  return (
    <ul
      ref={list}
      role="listbox"
      tabIndex={0}
      aria-label={props.label}
      aria-busy={props.busy}
      aria-activedescendant={at >= 0 ? `${id}-${props.selected}` : undefined}
      className="standin-strings"
      data-testid="standin-strings"
      onKeyDown={(e) => {
        const keys: Record<string, number> = {
          ArrowDown: at + 1,
          ArrowUp: at < 0 ? 0 : at - 1,
          Home: 0,
          End: shown.length - 1,
        };
        if (!(e.key in keys)) return;
        e.preventDefault();
        move(keys[e.key]!);
      }}
    >
      {shown.map((s) => (
        <li
          key={s.id}
          id={`${id}-${s.id}`}
          role="option"
          aria-selected={s.id === props.selected}
          data-string-id={s.id}
          onClick={() => props.onSelect(s.id)}
        >
          <span className="standin-string-text">{s.text || '(empty)'}</span>{' '}
          <span className="hint">
            #{s.id}
            {s.identifier ? ` · ${s.identifier}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
