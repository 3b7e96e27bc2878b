// The Library: a side panel of tabs (saved queries, history, snapshots) that the shell hands it, with the
// parts shown beside each entry (src/slots/library.ts), and Clear all. Lazy-loaded.
import { Suspense, useEffect, useId, useRef, useState } from 'react';
import type { LibrarySlots } from '../slots/library.ts';
import { announce } from '../ui/announce.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { Tabs } from '../ui/Tabs.tsx';
import { useDescribeTarget } from '../workspace/describe-target.ts';
import { HISTORY_TAB, SAVED_TAB, useSavedQueries } from './entries.ts';
import { useLibraryStore } from './library.ts';

export function LibraryPanel({ onClose, slots }: { onClose: () => void; slots: LibrarySlots }) {
  const savedCount = useSavedQueries().length;
  const historyCount = useLibraryStore((s) => s.library.history.length);
  // It opens where there is something: on History while nothing is saved for this project yet.
  const [tab, setTab] = useState(() =>
    savedCount === 0 && historyCount > 0 && slots.tabs.some((t) => t.id === HISTORY_TAB)
      ? HISTORY_TAB
      : (slots.tabs.find((t) => t.id === SAVED_TAB) ?? slots.tabs[0]!).id,
  );
  const clearAll = useLibraryStore((s) => s.actions.clearAll);
  const [confirmClear, setConfirmClear] = useState(false);
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Opening the panel moves focus into it, so keyboard and screen-reader users land where it appeared.
  useEffect(() => titleRef.current?.focus(), []);
  const describe = useDescribeTarget();
  const current = slots.tabs.find((t) => t.id === tab) ?? slots.tabs[0]!;
  const Content = current.component;

  return (
    <aside
      className="library-panel"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="panel-header">
        <h2 id={titleId} ref={titleRef} tabIndex={-1}>
          Library
        </h2>
        <CloseButton label="Close library" onClick={onClose} />
      </header>
      <Tabs
        label="Library"
        tabs={slots.tabs.map(({ id, Label }) => ({ id, label: <Label /> }))}
        selected={current.id}
        onSelect={setTab}
      >
        <Suspense fallback={<p className="hint">Loading…</p>}>
          <Content describe={describe} entry={slots.entry} />
        </Suspense>
      </Tabs>
      <footer className="panel-footer">
        {confirmClear ? (
          <>
            <span>Delete all history and saved queries?</span>
            <button
              type="button"
              className="button-danger"
              onClick={() => {
                clearAll();
                setConfirmClear(false);
                announce('History and saved queries deleted.');
              }}
            >
              Delete all
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button-ghost" onClick={() => setConfirmClear(true)}>
            Clear all…
          </button>
        )}
      </footer>
    </aside>
  );
}
