// The schema explorer as a side panel: the workspace's listing and text, the editor's cursor.
import SchemaExplorer from '../explorer/SchemaExplorer.tsx';
import { useListing, useWorkspace } from '../workspace/store.ts';
import type { SidePanelProps } from './side-panels.tsx';

export default function ExplorerArea({ onClose, edition, cursor, insert }: SidePanelProps) {
  const listing = useListing();
  return (
    <SchemaExplorer
      context={listing}
      edition={edition}
      text={useWorkspace.getState().text}
      cursor={cursor}
      onInsert={insert}
      onClose={onClose}
    />
  );
}
