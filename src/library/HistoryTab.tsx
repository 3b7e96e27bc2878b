// The Library's History tab: the last runs, newest first, each with Open and the shell's entry parts.
import type { LibraryTabProps } from '../slots/library.ts';
import { openEntry } from './entries.ts';
import { useLibraryStore } from './library.ts';

const time = (ms: number) =>
  ms ? new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : 'earlier';

export function HistoryLabel() {
  return <>{`History (${useLibraryStore((s) => s.library.history.length)})`}</>;
}

export default function HistoryTab({ describe, entry }: LibraryTabProps) {
  const history = useLibraryStore((s) => s.library.history);
  if (history.length === 0) return <p className="hint">Queries you run appear here (the last 100).</p>;
  return (
    <ul className="library-list">
      {history.map((h) => (
        <li key={h.id}>
          <button
            type="button"
            className="library-item"
            onClick={() => openEntry(h, 'The query from history')}
          >
            <code className="library-text">{h.text}</code>
            {h.params && h.params.length > 0 && (
              // A template's entry says what it ran with: the text alone reads the same for every value.
              <span className="library-meta" data-testid="history-values">
                {h.params.map((p) => `{{${p.name}}} = ${p.value}`).join(' · ')}
              </span>
            )}
            <span className="library-meta">
              {time(h.ranAt)} · {describe(h)}
            </span>
          </button>
          {entry.actions.map((Action, i) => (
            <Action
              key={i}
              setup={h}
              label="history"
              what="this history entry"
              onOpen={(setup) => openEntry(setup, 'The query from history')}
            />
          ))}
        </li>
      ))}
    </ul>
  );
}
