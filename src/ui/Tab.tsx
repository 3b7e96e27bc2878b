import type { ReactNode } from 'react';

/**
 * One tab of a WAI-ARIA tablist: only the selected tab is in the Tab order (the list's arrow keys,
 * `tabListKeys`, move between them).
 */
export function Tab(props: {
  id: string;
  panelId: string;
  selected: boolean;
  onSelect: () => void;
  children: ReactNode;
}) {
  return (
    <button
      id={props.id}
      type="button"
      role="tab"
      className="tab"
      aria-selected={props.selected}
      aria-controls={props.panelId}
      tabIndex={props.selected ? 0 : -1}
      onClick={props.onSelect}
    >
      {props.children}
    </button>
  );
}
