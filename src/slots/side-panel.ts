// What a top-level side panel or page receives from the shell (src/app/side-panels.tsx registers them).
import type { Edition } from '../croql/index.ts';

export interface SidePanelProps {
  onClose: () => void;
  edition: Edition;
  /** The editor's cursor when the panel opened (null when the builder was showing). */
  cursor: number | null;
  /** Inserts text at the editor's cursor (switching to the editor). */
  insert: (text: string) => void;
}
