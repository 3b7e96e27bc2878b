// The Library's Saved tab: save the current query by name, and the saved queries of the current project,
// each with Open, the shell's entry parts (Compare, a template's values) and Delete.
import { useId, useState, type FormEvent } from 'react';
import type { LibraryEntryProps, LibraryTabProps } from '../slots/library.ts';
import { announce } from '../ui/announce.ts';
import { snapshot } from '../workspace/setup.ts';
import { useTarget } from '../workspace/target.ts';
import { openEntry, useSavedQueries } from './entries.ts';
import { useLibraryStore } from './library.ts';
import { TransferControls } from './TransferControls.tsx';

export function SavedLabel() {
  return <>{`Saved (${useSavedQueries().length})`}</>;
}

export default function SavedTab({ describe, entry }: LibraryTabProps) {
  const saved = useSavedQueries();
  const actions = useLibraryStore((s) => s.actions);
  const target = useTarget();
  const [name, setName] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const nameId = useId();
  const failureId = useId();

  const save = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const setup = snapshot(target);
    if (!setup.text.trim()) {
      announce('The query is empty; write one before saving.');
      return;
    }
    const written = actions.save(trimmed, setup);
    if (!written.ok) {
      // Nothing was written, so nothing is listed: the name stays for another try.
      setFailure(
        `“${trimmed}” was not saved: ${written.reason}. Delete saved queries or history you no longer need, then save again.`,
      );
      return;
    }
    setFailure(null);
    setName('');
    announce(`Saved “${trimmed}”.`);
  };

  return (
    <>
      <form className="save-form" onSubmit={save}>
        <label htmlFor={nameId}>Save the current query as</label>
        <div className="row">
          <input
            id={nameId}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="Name"
            aria-describedby={failure ? failureId : undefined}
          />
          <button type="submit" disabled={!name.trim()}>
            Save
          </button>
        </div>
        {failure && (
          <p id={failureId} className="inline-error" role="alert" data-testid="save-failed">
            {failure}
          </p>
        )}
      </form>
      {saved.length === 0 ? (
        <p className="hint">No saved queries for this project yet.</p>
      ) : (
        <ul className="library-list">
          {saved.map((q) => {
            const parts: LibraryEntryProps = {
              setup: q,
              name: q.name,
              label: `saved query “${q.name}”`,
              what: `saved query ${q.name}`,
              onOpen: (setup) => openEntry(setup, `“${q.name}”`),
            };
            return (
              <li key={q.id}>
                <button type="button" className="library-item" onClick={() => openEntry(q, `“${q.name}”`)}>
                  <span className="library-name">{q.name}</span>
                  <code className="library-text">{q.text}</code>
                  <span className="library-meta">{describe(q)}</span>
                </button>
                {entry.actions.map((Action, i) => (
                  <Action key={i} {...parts} />
                ))}
                <button
                  type="button"
                  className="button-ghost"
                  aria-label={`Delete saved query ${q.name}`}
                  onClick={() => actions.removeSaved(q.id)}
                >
                  Delete
                </button>
                {entry.details.map((Detail, i) => (
                  <Detail key={i} {...parts} />
                ))}
              </li>
            );
          })}
        </ul>
      )}
      <TransferControls />
    </>
  );
}
