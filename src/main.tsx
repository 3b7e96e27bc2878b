import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startAppMode } from './app/app-start.ts';
import { readAppLaunch } from './auth/app-mode.ts';
import { PLAYGROUND_MODULES } from './wire/playground-app.ts';
import './app/global.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Opened by Crowdin as a module of CroQL Playground (src/auth/app-mode.ts): the project menu is the
// playground in app mode; the editor panel is a page of its own (src/panel).
const launch = readAppLaunch(new URL(location.href));
if (launch) void startAppMode(launch);
const PanelApp = lazy(() => import('./panel/PanelApp.tsx').then((m) => ({ default: m.PanelApp })));
const panel = launch?.module.key === PLAYGROUND_MODULES.editorPanel.key;
createRoot(root).render(
  <StrictMode>
    {panel ? (
      <Suspense fallback={null}>
        <PanelApp />
      </Suspense>
    ) : (
      <App />
    )}
  </StrictMode>,
);
