// The Library as the shell assembles it: its tabs and the parts shown with each entry (src/slots/library.ts).
// Loaded when the Library is first opened (App.tsx).
import { lazy } from 'react';
import CompareAction from '../compare/CompareAction.tsx';
import { HISTORY_TAB, SAVED_TAB } from '../library/entries.ts';
import HistoryTab, { HistoryLabel } from '../library/HistoryTab.tsx';
import { LibraryPanel } from '../library/LibraryPanel.tsx';
import SavedTab, { SavedLabel } from '../library/SavedTab.tsx';
import type { LibrarySlots } from '../slots/library.ts';
import SavedTemplateForm from '../templates/SavedTemplateForm.tsx';

const LIBRARY_SLOTS: LibrarySlots = {
  tabs: [
    { id: SAVED_TAB, Label: SavedLabel, component: SavedTab },
    { id: HISTORY_TAB, Label: HistoryLabel, component: HistoryTab },
    {
      id: 'snapshots',
      Label: () => 'Snapshots',
      component: lazy(() => import('../snapshots/SnapshotsTab.tsx')),
    },
  ],
  entry: { actions: [CompareAction], details: [SavedTemplateForm] },
};

export default function LibraryArea(props: { onClose: () => void }) {
  return <LibraryPanel {...props} slots={LIBRARY_SLOTS} />;
}
