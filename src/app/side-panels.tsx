// The shell's top-level features that open beside the query (the side column) or in its place (a page),
// one at a time: each is one entry here, a lazy import and a button where it belongs. A feature receives
// `SidePanelProps` (src/slots/side-panel.ts) and imports nothing of its siblings; one shown only on some
// connections says so in `available` (the Apps view: only on the local emulator).
import { lazy, type ComponentType, type ReactNode } from 'react';
import type { Session } from '../auth/session.ts';
import type { SidePanelProps } from '../slots/side-panel.ts';

export interface SidePanel {
  id: string;
  /** The button's text. */
  label: string;
  title?: string;
  /** Where its button sits: with the target's actions, in the query pane's bar, or in the header. */
  placement: 'target-bar' | 'query-bar' | 'header';
  /** Beside the query workspace (default), or in its place; the workspace stays as it was underneath. */
  layout?: 'column' | 'page';
  /** Whether the feature applies now (default: always). */
  available?: (session: Session | null) => boolean;
  component: ComponentType<SidePanelProps>;
  /** Shown while its code loads. */
  fallback: ReactNode;
  /** Named in the message if it fails ("The library stopped working"). */
  area: string;
}

export const SIDE_PANELS: readonly SidePanel[] = [
  {
    id: 'library',
    label: 'Library',
    placement: 'target-bar',
    component: lazy(() => import('./library-area.tsx')),
    fallback: <aside className="library-panel" aria-busy="true" aria-label="Library" />,
    area: 'The library',
  },
  {
    id: 'explorer',
    label: 'Schema',
    title: 'Fields of this listing and the language reference',
    placement: 'query-bar',
    component: lazy(() => import('./explorer-area.tsx')),
    fallback: <aside className="side-column" aria-busy="true" aria-label="Schema explorer" />,
    area: 'The schema explorer',
  },
  {
    id: 'apps',
    label: 'Apps',
    title: 'Crowdin apps on the local emulator: installs, workflow steps, the delivery log',
    placement: 'header',
    layout: 'page',
    // The emulator's app-hosting routes: only while signed in to it.
    available: (session) => session?.connection === 'emulator',
    component: lazy(() => import('../apps/AppsView.tsx')),
    fallback: <section className="apps-view" aria-busy="true" aria-label="Apps" />,
    area: 'The Apps view',
  },
];
