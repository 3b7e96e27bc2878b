import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { announce } from '../ui/announce.ts';
import { CONNECTION_LABELS } from '../connection/config.ts';
import { useTarget } from '../workspace/target.ts';
import { projectKey, useLibraryStore } from '../library/library.ts';
import { currentConnection, openSetup, snapshot, type QuerySetup } from '../workspace/setup.ts';
import { Tabs } from '../ui/Tabs.tsx';
import { SnapshotsTab } from '../snapshots/SnapshotsTab.tsx';
import { SavedTemplateForm } from '../templates/SavedTemplateForm.tsx';

const CompareDialog = lazy(() => import('../compare/CompareDialog.tsx'));
type LibraryTab = 'saved' | 'history' | 'snapshots';

const LISTING_SHORT = {
  strings: 'strings',
  translations: 'translations',
  tmSegments: 'TM',
  glossaryTerms: 'terms',
};

function describeTarget(setup: QuerySetup): string {
  const parts = [CONNECTION_LABELS[setup.connection]];
  if (setup.target.projectId !== null) parts.push(`project ${setup.target.projectId}`);
  parts.push(LISTING_SHORT[setup.context]);
  if (setup.context === 'translations' && setup.target.languageId) parts.push(setup.target.languageId);
  return parts.join(' · ');
}

const time = (ms: number) =>
  ms ? new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : 'earlier';

/** History of runs and the saved queries of the current project. Lazy-loaded side panel. */
export default function LibraryPanel({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<LibraryTab>('saved');
  const [comparing, setComparing] = useState<{ setup: QuerySetup; label: string } | null>(null);
  const { library, actions } = useLibraryStore();
  const target = useTarget();
  const projectId = target.projectId;
  const [name, setName] = useState('');
  const [confirmClear, setConfirmClear] = useState(false);
  const ids = { name: useId(), title: useId() };
  const compareButton = (setup: QuerySetup, label: string, what: string) => (
    <button
      type="button"
      className="button-ghost"
      aria-label={`Compare the current query with ${what}`}
      onClick={() => setComparing({ setup, label })}
    >
      Compare
    </button>
  );
  const key = projectKey({
    ...currentConnection(),
    target: { projectId, languageId: null, tmId: null, glossaryId: null },
  });
  const saved = library.saved[key] ?? [];
  const titleRef = useRef<HTMLHeadingElement>(null);
  // Opening the panel moves focus into it, so keyboard and screen-reader users land where it appeared.
  useEffect(() => titleRef.current?.focus(), []);

  const open = (setup: QuerySetup, what: string) => {
    openSetup(setup);
    announce(`${what} opened in the editor.`);
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const setup = snapshot(target);
    if (!setup.text.trim()) {
      announce('The query is empty; write one before saving.');
      return;
    }
    actions.save(trimmed, setup);
    setName('');
    announce(`Saved “${trimmed}”.`);
  };

  return (
    <aside
      className="library-panel"
      aria-labelledby={ids.title}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <header className="panel-header">
        <h2 id={ids.title} ref={titleRef} tabIndex={-1}>
          Library
        </h2>
        <button type="button" className="button-ghost" onClick={onClose} aria-label="Close library">
          ×
        </button>
      </header>
      <Tabs
        label="Library"
        tabs={[
          { id: 'saved', label: `Saved (${saved.length})` },
          { id: 'history', label: `History (${library.history.length})` },
          { id: 'snapshots', label: 'Snapshots' },
        ]}
        selected={tab}
        onSelect={setTab}
      >
        {tab === 'snapshots' ? (
          <SnapshotsTab describe={describeTarget} />
        ) : tab === 'saved' ? (
          <>
            <form className="save-form" onSubmit={save}>
              <label htmlFor={ids.name}>Save the current query as</label>
              <div className="row">
                <input
                  id={ids.name}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  placeholder="Name"
                />
                <button type="submit" disabled={!name.trim()}>
                  Save
                </button>
              </div>
            </form>
            {saved.length === 0 ? (
              <p className="hint">No saved queries for this project yet.</p>
            ) : (
              <ul className="library-list">
                {saved.map((q) => (
                  <li key={q.id}>
                    <button type="button" className="library-item" onClick={() => open(q, `“${q.name}”`)}>
                      <span className="library-name">{q.name}</span>
                      <code className="library-text">{q.text}</code>
                      <span className="library-meta">{describeTarget(q)}</span>
                    </button>
                    {compareButton(q, `saved query “${q.name}”`, `saved query ${q.name}`)}
                    <button
                      type="button"
                      className="button-ghost"
                      aria-label={`Delete saved query ${q.name}`}
                      onClick={() => actions.removeSaved(q.id)}
                    >
                      Delete
                    </button>
                    <SavedTemplateForm
                      setup={q}
                      name={q.name}
                      onOpen={(setup) => open(setup, `“${q.name}”`)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : library.history.length === 0 ? (
          <p className="hint">Queries you run appear here (the last 100).</p>
        ) : (
          <ul className="library-list">
            {library.history.map((h) => (
              <li key={h.id}>
                <button
                  type="button"
                  className="library-item"
                  onClick={() => open(h, 'The query from history')}
                >
                  <code className="library-text">{h.text}</code>
                  <span className="library-meta">
                    {time(h.ranAt)} · {describeTarget(h)}
                  </span>
                </button>
                {compareButton(h, 'history', 'this history entry')}
              </li>
            ))}
          </ul>
        )}
      </Tabs>
      <footer className="panel-footer">
        {confirmClear ? (
          <>
            <span>Delete all history and saved queries?</span>
            <button
              type="button"
              className="button-danger"
              onClick={() => {
                actions.clearAll();
                setConfirmClear(false);
                announce('History and saved queries deleted.');
              }}
            >
              Delete all
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className="button-ghost" onClick={() => setConfirmClear(true)}>
            Clear all…
          </button>
        )}
      </footer>
      {comparing && (
        <Suspense fallback={null}>
          <CompareDialog
            other={comparing.setup}
            otherLabel={comparing.label}
            onClose={() => setComparing(null)}
          />
        </Suspense>
      )}
    </aside>
  );
}
