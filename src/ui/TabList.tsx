import type { ReactNode } from 'react';
import { Tab } from './Tab.tsx';
import { tabListKeys } from './tabs.ts';

/** The id of tab `id` in a TabList with `prefix` (for the panel's aria-labelledby). */
export const tabId = (prefix: string, id: string) => `${prefix}-${id}`;

/**
 * A WAI-ARIA tablist: arrow keys, Home and End move and select. Every tab controls `panelId`, or its own
 * panel when `panelIdOf` is given.
 */
export function TabList<T extends string>(props: {
  label: string;
  tabs: readonly { id: T; label: ReactNode }[];
  selected: T;
  onSelect: (id: T) => void;
  prefix: string;
  panelId?: string;
  panelIdOf?: (id: T) => string;
}) {
  const { tabs, selected, onSelect, prefix } = props;
  return (
    <div
      role="tablist"
      aria-label={props.label}
      className="tabs"
      onKeyDown={tabListKeys(
        tabs.map((t) => t.id),
        selected,
        onSelect,
      )}
    >
      {tabs.map((t) => (
        <Tab
          key={t.id}
          id={tabId(prefix, t.id)}
          panelId={props.panelIdOf?.(t.id) ?? props.panelId ?? ''}
          selected={t.id === selected}
          onSelect={() => onSelect(t.id)}
        >
          {t.label}
        </Tab>
      ))}
    </div>
  );
}
