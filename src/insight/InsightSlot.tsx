// The results area's only contact with Insight: a toggle for the toolbar, the layout that puts the Insight
// view beside the table (the view itself, its charts and Observable Plot load lazily, on first open), and
// the local filter an inexpressible chart item puts on the table's rows.
import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { ContextName } from '../croql/index.ts';
import type { Row } from '../results/listings.ts';
import { chartOf, rowHasItem } from './charts.ts';
import { useInsightActions, useInsightStore, type LocalFilter } from './insight-store.ts';
import type { InsightProps } from './InsightView.tsx';
import './insight-layout.css';

const loadInsightView = () => import('./InsightView.tsx');
const InsightView = lazy(() => loadInsightView().then((m) => ({ default: m.InsightView })));

export function InsightToggle() {
  const open = useInsightStore((s) => s.open);
  const { setOpen } = useInsightActions();
  return (
    <button
      type="button"
      aria-pressed={open}
      onClick={() => setOpen(!open)}
      onPointerEnter={() => void loadInsightView()}
      title="Charts of what the query matched, and the query across every target language"
    >
      Insight
    </button>
  );
}

/** `children` (the table) alone, or beside the Insight view when it is open. */
export function InsightLayout(props: InsightProps & { children: ReactNode }) {
  const { children, ...view } = props;
  const open = useInsightStore((s) => s.open);
  if (!open) return children;
  return (
    <div className="insight-layout">
      <div className="insight-layout-table">{children}</div>
      <Suspense
        fallback={
          <aside className="insight-view" aria-label="Insight" aria-busy="true">
            <p className="results-muted">Loading Insight…</p>
          </aside>
        }
      >
        <InsightView {...view} />
      </Suspense>
    </div>
  );
}

/** The rows the table shows: all loaded rows, or those of the item the Insight view filters locally. */
export function useLocallyFiltered(
  nonce: number | undefined,
  context: ContextName,
  rows: readonly Row[],
): { rows: readonly Row[]; filter: LocalFilter | null } {
  const filter = useInsightStore((s) => s.localFilter);
  const active = filter && filter.nonce === nonce && filter.context === context ? filter : null;
  const spec = active ? chartOf(context, active.chartId) : undefined;
  const shown = useMemo(
    () => (active && spec ? rows.filter((r) => rowHasItem(spec, r, active.key)) : rows),
    [active, spec, rows],
  );
  return { rows: shown, filter: active };
}
