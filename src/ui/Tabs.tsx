import { useId, type ReactNode } from 'react';
import { TabList, tabId } from './TabList.tsx';

/**
 * A tablist and the one panel all its tabs control, holding the selected tab's content (`children`). The ids
 * that tie tabs and panel together are made here, so a panel cannot point at the wrong tab.
 */
export function Tabs<T extends string>(props: {
  label: string;
  tabs: readonly { id: T; label: ReactNode }[];
  selected: T;
  onSelect: (id: T) => void;
  panelClassName?: string;
  children: ReactNode;
}) {
  const prefix = useId();
  const panelId = useId();
  return (
    <>
      <TabList
        label={props.label}
        tabs={props.tabs}
        selected={props.selected}
        onSelect={props.onSelect}
        prefix={prefix}
        panelId={panelId}
      />
      <div
        id={panelId}
        role="tabpanel"
        aria-labelledby={tabId(prefix, props.selected)}
        className={props.panelClassName}
      >
        {props.children}
      </div>
    </>
  );
}
