// The schema explorer as a side panel: the workspace's listing and text (followed as they change), the
// editor's cursor.
import SchemaExplorer from '../explorer/SchemaExplorer.tsx';
import { useListing, useText } from '../workspace/store.ts';
import type { SidePanelProps } from '../slots/side-panel.ts';

export default function ExplorerArea({ onClose, edition, cursor, insert }: SidePanelProps) {
  const listing = useListing();
  const text = useText();
  return (
    <SchemaExplorer
      context={listing}
      edition={edition}
      text={text}
      cursor={cursor}
      onInsert={insert}
      onClose={onClose}
    />
  );
}
