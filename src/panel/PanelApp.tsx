// The editor panel's page (`/editor-panel?jwtToken=…`): the panel once the app server has said where it is
// (src/app/app-start.ts runs first, from src/main.tsx), or what went wrong.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useAppMode, useBridge } from '../auth/app-mode.ts';
import { useApplyTheme } from '../ui/theme.ts';
import { LiveRegion } from '../ui/LiveRegion.tsx';
import { Panel } from './Panel.tsx';
import './panel.css';

/** The panel's own cache: a page of its own, it shares nothing with the playground's. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false } },
});

export function PanelApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <PanelPage />
      <LiveRegion />
    </QueryClientProvider>
  );
}

function PanelPage() {
  useApplyTheme();
  const mode = useAppMode();
  const { ap } = useBridge();
  if (mode.status === 'refused') {
    return (
      <main className="panel" aria-label="CroQL filter">
        <h1 className="panel-title">CroQL filter</h1>
        <p role="alert" className="notice notice-error">
          {mode.message}
        </p>
      </main>
    );
  }
  if (mode.status !== 'ready') {
    return (
      <main className="panel" aria-label="CroQL filter" aria-busy="true">
        <h1 className="panel-title">CroQL filter</h1>
        <p role="status">Opening in Crowdin…</p>
      </main>
    );
  }
  return <Panel ap={ap} context={mode.context} />;
}
