// The settings page's entry (index.html): reads what the host put in the URL (`jwtToken`, `origin`; a
// `stepId` when the host gives one), loads the host's bridge from that origin, and renders the page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { bridgeUrl, loadBridge, setFormValidity } from './bridge.ts';
import { SettingsPage, type BridgeState } from './SettingsPage.tsx';
import './page.css';

const search = new URLSearchParams(location.search);
const params = { jwt: search.get('jwtToken'), stepId: search.get('stepId') };
const origin = search.get('origin');

// Until the form is up, nothing can be saved.
setFormValidity(false);

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

const bridgeAt = bridgeUrl(origin);
// Started at once, before React: the host may ask for the form's data as soon as the page is up.
const bridgeLoad = bridgeAt
  ? loadBridge(bridgeAt)
  : Promise.reject(new Error(`the page was opened without a web origin (origin=${String(origin)}).`));

function Page() {
  const [bridge, setBridge] = useState<BridgeState>({ status: 'loading' });
  useEffect(() => {
    bridgeLoad.then(
      (b) => setBridge({ status: 'ready', bridge: b }),
      (e: Error) => setBridge({ status: 'failed', message: e.message }),
    );
  }, []);
  return <SettingsPage params={params} bridge={bridge} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>
  </StrictMode>,
);
