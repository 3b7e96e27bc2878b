// The results area as the shell assembles it: the results panel with its parts (src/slots/results.ts).
// Loaded once something runs (App.tsx); every part beyond the table is a chunk of its own, loaded when shown.
import { lazy } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { ResultsPanel } from '../results/ResultsPanel.tsx';
import { TableView } from '../results/TableView.tsx';
import type { ResultSlots } from '../slots/results.ts';

const RESULT_SLOTS: ResultSlots = {
  views: [
    { id: 'table', label: 'Table', component: TableView },
    { id: 'insight', label: 'Insight', component: lazy(() => import('../insight/InsightView.tsx')) },
  ],
  empty: lazy(() => import('../funnel/EmptyExplanation.tsx')),
  underRows: [lazy(() => import('../funnel/FunnelPanel.tsx'))],
};

export default function ResultsArea(props: { client: ApiClient | null; onRun: () => void }) {
  return <ResultsPanel {...props} slots={RESULT_SLOTS} />;
}
