// The settings page itself, loaded by the entry (boot.ts) once that has started the host's bridge: reads
// what the host put in the URL (`jwtToken`; a `stepId` when the host gives one) and renders the page, which
// learns of the bridge when its load settles.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { Bridge } from './bridge.ts';
import { SettingsPage, type BridgeState } from './SettingsPage.tsx';
import type { PageParams } from './state.ts';

export function mount(bridgeLoad: Promise<Bridge>): void {
  const search = new URLSearchParams(location.search);
  const params = { jwt: search.get('jwtToken'), stepId: search.get('stepId') };
  const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <Page params={params} bridgeLoad={bridgeLoad} />
      </QueryClientProvider>
    </StrictMode>,
  );
}

function Page({ params, bridgeLoad }: { params: PageParams; bridgeLoad: Promise<Bridge> }) {
  const [bridge, setBridge] = useState<BridgeState>({ status: 'loading' });
  useEffect(() => {
    bridgeLoad.then(
      (b) => setBridge({ status: 'ready', bridge: b }),
      (e: Error) => setBridge({ status: 'failed', message: e.message }),
    );
  }, [bridgeLoad]);
  return <SettingsPage params={params} bridge={bridge} />;
}
