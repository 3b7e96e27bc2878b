import { QueryClientProvider } from '@tanstack/react-query';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import type { Edition, LiveValues } from '../croql/index.ts';
import { CloseButton } from '../ui/CloseButton.tsx';
import { CodeText } from '../ui/CodeText.tsx';
import { useGuardedRun } from './use-run.ts';
import { moduleLink, useAppContext, useAppMode } from '../auth/app-mode.ts';
import { useAuthActions, useAuthNotice, useSession } from '../auth/session.ts';
import { PLAYGROUND_MODULES } from '../wire/playground-app.ts';
import { AppModeBar, AppModeNotice } from './app-mode-bar.tsx';
import { useApiClient, type ApiClient } from '../connection/api.ts';
import { ConnectionBar, useSignIn } from '../connection/ConnectionBar.tsx';
import { useEdition } from '../connection/edition.ts';
import { searchMembers, useLiveValues } from '../connection/queries.ts';
import { useTarget } from '../workspace/target.ts';
import type { EditorHandle } from '../editor/QueryEditor.tsx';
import { ExamplesMenu } from '../examples/ExamplesMenu.tsx';
import type { Example } from '../examples/examples.ts';
import {
  useEditorTemplateParams,
  useListing,
  useText,
  useWorkspace,
  useWorkspaceActions,
} from '../workspace/store.ts';
import { TargetPickers } from '../workspace/TargetPickers.tsx';
import { RequestLengthNote } from '../workspace/RequestLengthNote.tsx';
import { announce } from '../ui/announce.ts';
import { CopyLinkButton } from '../permalink/CopyLinkButton.tsx';
import { useCurrentRun } from '../workspace/run.ts';
import { useServerDiagnostics } from '../results/run-diagnostics.ts';
import { LiveRegion } from '../ui/LiveRegion.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { queryClient } from './query-client.ts';
import { SIDE_PANELS, type SidePanel } from './side-panels.tsx';
import { useLinkNotice, useStartup } from './startup.ts';
import { tabListKeys } from '../ui/tabs.ts';
import { useApplyTheme } from '../ui/theme.ts';
import { ThemeToggle } from '../ui/ThemeToggle.tsx';
import { RunPrompt } from '../results/RunPrompt.tsx';
import { TemplateParamsBar } from '../templates/TemplateParamsBar.tsx';
import { Tab } from '../ui/Tab.tsx';
import { StorageNotices } from '../ui/StorageNotices.tsx';

// The editor (CodeMirror, the language's checker, lint, completion and hover) is the largest part of the
// app: its chunk starts loading as this module runs, beside the first screen, which shows the query's text
// until it is there (EditorLoading).
const loadQueryEditor = () => import('../editor/QueryEditor.tsx');
void loadQueryEditor();
const QueryEditor = lazy(() => loadQueryEditor().then((m) => ({ default: m.QueryEditor })));
// Not needed for the first screen: loaded on first use.
const CodeExportDialog = lazy(() => import('../permalink/CodeExportDialog.tsx'));
// The results table (and its virtualiser) is needed only once something runs; signing in prefetches it.
const loadResultsArea = () => import('./results-area.tsx');
const ResultsArea = lazy(loadResultsArea);
// The chips under the empty editor carry the documented patterns: loaded just after the first screen.
const ExampleChips = lazy(() => import('../examples/ExampleChips.tsx'));
const Builder = lazy(() => import('../builder/Builder.tsx').then((m) => ({ default: m.Builder })));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary area="The playground">
        <Shell />
      </ErrorBoundary>
    </QueryClientProvider>
  );
}

function Shell() {
  const { finishingSignIn } = useStartup();
  const appMode = useAppMode((s) => s.status !== 'off');
  const appContext = useAppContext();
  useApplyTheme();
  const client = useApiClient();
  const session = useSession();
  const target = useTarget();
  const values = useLiveValues(target.projectId);
  const edition = useEdition();
  const guard = useGuardedRun(values, edition);
  const [exportOpen, setExportOpen] = useState(false);
  // One side column at a time (src/app/side-panels.tsx); its button gets the focus back when it closes.
  const [side, setSide] = useState<string | null>(null);
  const panels = SIDE_PANELS.filter((p) => p.available?.(session) ?? true);
  const openPanel = panels.find((p) => p.id === side) ?? null;
  // A page (the Apps view) takes the workspace's place; the workspace stays mounted underneath, unchanged.
  const page = openPanel?.layout === 'page';
  const sideButtons = useRef(new Map<string, HTMLButtonElement | null>());
  const editor = useRef<EditorHandle>(null);
  const [mode, setMode] = useState<Mode>('editor');
  const [cursor, setCursor] = useState<number | null>(null);
  const closeSide = useCallback(() => {
    setSide((open) => {
      if (open) sideButtons.current.get(open)?.focus();
      return null;
    });
  }, []);
  const toggleSide = useCallback(
    (id: string) => {
      setCursor(mode === 'editor' ? (editor.current?.cursor() ?? null) : null);
      setSide((open) => (open === id ? null : id));
    },
    [mode],
  );
  const sideButton = (panel: SidePanel) => (
    <button
      key={panel.id}
      ref={(button) => void sideButtons.current.set(panel.id, button)}
      type="button"
      aria-expanded={side === panel.id}
      onClick={() => toggleSide(panel.id)}
      title={panel.title}
    >
      {panel.label}
    </button>
  );
  const insert = useCallback(
    (text: string) => {
      setMode('editor');
      // The editor mounts with the tab; insert once it is there.
      requestAnimationFrame(() => editor.current?.insert(text));
    },
    [setMode],
  );
  // Back from the sign-in page, focus goes to the query (it was on <body>), where the user left off.
  const wasFinishing = useRef(finishingSignIn);
  useEffect(() => {
    if (wasFinishing.current && !finishingSignIn) {
      if (editor.current) editor.current.focus();
      else document.getElementById('query-workspace')?.focus();
    }
    wasFinishing.current = finishingSignIn;
  }, [finishingSignIn]);
  const pickExample = useCallback(
    (example: Example) => {
      const workspace = useWorkspace.getState().actions;
      workspace.setListing(example.listing);
      workspace.setText(example.text);
      setMode('editor');
      requestAnimationFrame(() => editor.current?.focus());
      announce(`Example loaded: ${example.intent}.`);
    },
    [setMode],
  );

  return (
    <div className={`app${openPanel && !page ? ' with-side' : ''}`}>
      <a
        className="skip-link"
        href="#query-workspace"
        onClick={(e) => {
          // Focus the page's main content without touching the address (its fragment is for permalinks):
          // the workspace, or the page shown in its place (the Apps view), whichever is not hidden.
          e.preventDefault();
          document.querySelector<HTMLElement>('main:not([hidden])')?.focus();
        }}
      >
        {page && openPanel ? `Skip to the ${openPanel.label} view` : 'Skip to the query'}
      </a>
      <header className="app-header">
        <div className="brand">
          <span className="logo" aria-hidden="true">
            {'{Q}'}
          </span>
          <h1>CroQL Playground</h1>
        </div>
        {appMode ? <AppModeBar /> : <ConnectionBar />}
        {panels.filter((p) => p.placement === 'header').map(sideButton)}
        <ThemeToggle />
      </header>
      <main id="query-workspace" aria-label="Query workspace" tabIndex={-1} hidden={page}>
        <Notices finishingSignIn={finishingSignIn} />
        <section className="target-bar" aria-label="Query target">
          <TargetPickers />
          <div className="target-actions">
            <CopyLinkButton
              linkFor={
                appContext
                  ? () =>
                      moduleLink(appContext, PLAYGROUND_MODULES.projectMenu, useWorkspace.getState().text).url
                  : undefined
              }
            />
            <button type="button" onClick={() => setExportOpen(true)} aria-haspopup="dialog">
              Export code
            </button>
            {panels.filter((p) => p.placement === 'target-bar').map(sideButton)}
          </div>
        </section>
        <ErrorBoundary area="The query editor">
          <QueryPane
            mode={mode}
            setMode={setMode}
            editor={editor}
            sideButtons={panels.filter((p) => p.placement === 'query-bar').map(sideButton)}
            onPickExample={pickExample}
            signedIn={session !== null}
            values={values}
            edition={edition}
            projectId={target.projectId}
            guard={guard}
          />
        </ErrorBoundary>
        <ErrorBoundary area="The results panel">
          <Results client={client} onRun={guard.request} />
        </ErrorBoundary>
      </main>
      {openPanel && (
        <ErrorBoundary key={openPanel.id} area={openPanel.area}>
          <Suspense fallback={openPanel.fallback}>
            <openPanel.component onClose={closeSide} edition={edition} cursor={cursor} insert={insert} />
          </Suspense>
        </ErrorBoundary>
      )}
      {exportOpen && (
        <ErrorBoundary area="Code export">
          <Suspense fallback={null}>
            <CodeExportDialog onClose={() => setExportOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
      <LiveRegion />
    </div>
  );
}

function Results({ client, onRun }: { client: ApiClient | null; onRun: () => void }) {
  const run = useCurrentRun();
  useEffect(() => {
    if (client) void loadResultsArea();
  }, [client]);
  if (!run) {
    return (
      <section className="results-panel" aria-label="Results">
        <RunPrompt />
      </section>
    );
  }
  return (
    <Suspense
      fallback={
        <section className="results-panel" aria-label="Results" aria-busy="true">
          <p className="results-muted">Loading…</p>
        </section>
      }
    >
      <ResultsArea client={client} onRun={onRun} />
    </Suspense>
  );
}

type Mode = 'editor' | 'builder';
const MODES: readonly Mode[] = ['editor', 'builder'];

/** "Editor" / "Builder" tabs over the same query store, and Run. */
function QueryPane(props: {
  mode: Mode;
  setMode: (mode: Mode) => void;
  editor: RefObject<EditorHandle | null>;
  /** The buttons of the side panels that sit in the query pane's bar. */
  sideButtons: ReactNode;
  onPickExample: (example: Example) => void;
  signedIn: boolean;
  values: LiveValues;
  edition: Edition;
  projectId: number | null;
  guard: ReturnType<typeof useGuardedRun>;
}) {
  const { signedIn, values, edition, projectId, guard, mode, setMode } = props;
  const appMode = useAppMode((s) => s.status !== 'off');
  const { editor, sideButtons, onPickExample } = props;
  const text = useText();
  const context = useListing();
  const { setText, takeReplacedText } = useWorkspaceActions();
  const templateParams = useEditorTemplateParams(text);
  const ids = {
    editorTab: useId(),
    builderTab: useId(),
    editorPanel: useId(),
    builderPanel: useId(),
    guard: useId(),
  };
  const client = useApiClient();
  const serverDiagnostics = useServerDiagnostics(client);
  const onRun = guard.request;
  const searchUsers = useCallback(
    async (search: string, signal: AbortSignal) =>
      client && projectId !== null ? searchMembers(client, projectId, search, signal) : [],
    [client, projectId],
  );

  const onTabKey = tabListKeys(MODES, mode, setMode);

  return (
    <section className="query-pane" aria-label="Query">
      <div className="query-pane-bar">
        <div role="tablist" aria-label="Query mode" className="tabs" onKeyDown={onTabKey}>
          {(['editor', 'builder'] as const).map((m) => (
            <Tab
              key={m}
              id={m === 'editor' ? ids.editorTab : ids.builderTab}
              panelId={m === 'editor' ? ids.editorPanel : ids.builderPanel}
              selected={mode === m}
              onSelect={() => setMode(m)}
            >
              {m === 'editor' ? 'Editor' : 'Builder'}
            </Tab>
          ))}
        </div>
        <ExamplesMenu listing={context} values={values} onPick={onPickExample} />
        {sideButtons}
      </div>
      {guard.pending && <RunGuardPrompt id={ids.guard} guard={guard} />}
      <div
        id={ids.editorPanel}
        role="tabpanel"
        aria-labelledby={ids.editorTab}
        hidden={mode !== 'editor'}
        className="tab-panel"
      >
        {mode === 'editor' && (
          <Suspense fallback={<EditorLoading text={text} />}>
            <QueryEditor
              handle={editor}
              text={text}
              onChange={setText}
              listing={context}
              templateParams={templateParams}
              takeReplacedText={takeReplacedText}
              values={values}
              searchUsers={searchUsers}
              edition={edition}
              serverDiagnostics={serverDiagnostics}
              onRun={onRun}
            />
          </Suspense>
        )}
        {mode === 'editor' && text.trim() === '' && (
          <Suspense fallback={null}>
            <ExampleChips listing={context} values={values} onPick={onPickExample} />
          </Suspense>
        )}
      </div>
      <div
        id={ids.builderPanel}
        role="tabpanel"
        aria-labelledby={ids.builderTab}
        hidden={mode !== 'builder'}
        className="tab-panel"
      >
        {mode === 'builder' && (
          <ErrorBoundary area="The builder">
            <Suspense fallback={<p className="hint">Loading the builder…</p>}>
              <Builder values={values} edition={edition} onRun={onRun} />
            </Suspense>
          </ErrorBoundary>
        )}
      </div>
      <RequestLengthNote />
      <TemplateParamsBar onRun={onRun} />
      {/* Run follows what it runs, in the Tab order as on screen: the query, then its values, then Run
          (the walk's D41 found Run before the editor). */}
      <div className="query-run-bar">
        {!signedIn && (
          <span className="hint">{appMode ? 'Opening in Crowdin…' : 'Sign in to run queries.'}</span>
        )}
        <button
          type="button"
          className="button-primary run-button"
          onClick={onRun}
          disabled={!signedIn}
          title="Run (Ctrl+Enter)"
        >
          Run
        </button>
      </div>
    </section>
  );
}

/** The query's text where the editor will be, while the editor's code loads (a moment, once per visit). */
function EditorLoading({ text }: { text: string }) {
  return (
    <section className="editor-loading" aria-label="Query editor" aria-busy="true">
      <pre className="editor-loading-text">{text || ' '}</pre>
      <p className="hint" role="status">
        Loading the editor…
      </p>
    </section>
  );
}

/** "This query has problems": asks before sending a query the editor knows the service will refuse. */
function RunGuardPrompt({ id, guard }: { id: string; guard: ReturnType<typeof useGuardedRun> }) {
  const { pending, runAnyway, cancel } = guard;
  const anyway = useRef<HTMLButtonElement>(null);
  useEffect(() => anyway.current?.focus(), [pending]);
  if (!pending) return null;
  return (
    <div
      role="alertdialog"
      aria-labelledby={id}
      className="notice notice-warning run-guard"
      data-testid="run-guard"
      onKeyDown={(e) => {
        if (e.key === 'Escape') cancel();
      }}
    >
      <span id={id}>
        This query has {pending.problems === 1 ? 'a problem' : `${pending.problems} problems`}, so the service
        will likely refuse it: <CodeText text={pending.first} /> Run it anyway?
      </span>
      <button ref={anyway} type="button" onClick={runAnyway}>
        Run anyway
      </button>
      <button type="button" className="button-ghost" onClick={cancel}>
        Cancel
      </button>
    </div>
  );
}

function Notices({ finishingSignIn }: { finishingSignIn: boolean }) {
  const authNotice = useAuthNotice();
  const { setNotice } = useAuthActions();
  const session = useSession();
  const { signIn, busy, error } = useSignIn();
  const { notice: linkNotice, dismiss: dismissLinkNotice } = useLinkNotice();
  // Inside Crowdin there is no sign-in to redo: Crowdin signs the page in when it opens it again.
  const appMode = useAppMode((s) => s.status !== 'off');
  return (
    <div className="notices">
      <AppModeNotice />
      {finishingSignIn && (
        <p role="status" className="notice notice-info">
          Finishing sign-in…
        </p>
      )}
      {authNotice && (
        <div role="alert" className={`notice notice-${authNotice.kind}`}>
          <span>{authNotice.text}</span>
          {!session && !appMode && (
            <button type="button" className="button-primary" onClick={() => void signIn()} disabled={busy}>
              Sign in again
            </button>
          )}
          <CloseButton label="Dismiss" onClick={() => setNotice(null)} />
          {error && (
            <span className="inline-error">
              <CodeText text={error} />
            </span>
          )}
        </div>
      )}
      {linkNotice && (
        <div
          role={linkNotice.kind === 'info' ? 'status' : 'alert'}
          className={`notice notice-${linkNotice.kind}`}
        >
          <span>{linkNotice.text}</span>
          <CloseButton label="Dismiss" onClick={dismissLinkNotice} />
        </div>
      )}
      <StorageNotices />
    </div>
  );
}
