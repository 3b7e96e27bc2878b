// What the Library receives from the shell (src/app/library-area.tsx): its tabs, and the parts shown with
// each saved query and history entry (Compare, a template's values). The Library imports none of them.
import type { ComponentType } from 'react';
import type { QuerySetup } from '../workspace/setup.ts';

/** One saved query or history entry, for a part shown with it. */
export interface LibraryEntryProps {
  setup: QuerySetup;
  /** What the entry is, in a sentence ("saved query “Hidden”", "history"). */
  label: string;
  /** The same for a control's accessible name ("saved query Hidden", "this history entry"). */
  what: string;
  /** A saved query's name. */
  name?: string;
  /** Opens `setup` in the editor (the Library says so and keeps its panel open). */
  onOpen: (setup: QuerySetup) => void;
}

export interface LibraryTabProps {
  /** "Local emulator · Acme Shop · strings": where a setup runs. */
  describe: (setup: QuerySetup) => string;
  entry: LibraryEntrySlots;
}

export interface LibraryEntrySlots {
  /** Beside the entry's Open (saved queries and history). */
  actions: readonly ComponentType<LibraryEntryProps>[];
  /** Under a saved query. */
  details: readonly ComponentType<LibraryEntryProps>[];
}

export interface LibraryTab {
  id: string;
  /** The tab's label; a component so it can show a live count ("Saved (3)"). */
  Label: ComponentType;
  component: ComponentType<LibraryTabProps>;
}

export interface LibrarySlots {
  tabs: readonly LibraryTab[];
  entry: LibraryEntrySlots;
}
