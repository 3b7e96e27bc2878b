// Export and import of the Saved tab's queries and templates as a file (transfer.ts says what is in it and
// how an imported one is checked). An import says what it added, what was already there and what it left
// out of the file and why; it never replaces a saved query.
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { announce } from '../ui/announce.ts';
import { download } from '../ui/download.ts';
import { currentConnection } from '../workspace/setup.ts';
import { useTarget } from '../workspace/target.ts';
import { useDescribeTarget } from '../workspace/describe-target.ts';
import { useSavedQueries } from './entries.ts';
import { useLibraryStore } from './library.ts';
import { libraryFileText, readLibraryFile, targetOf } from './transfer.ts';

interface Outcome {
  tone: 'done' | 'refused';
  summary: string;
  dropped: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function TransferControls() {
  const saved = useSavedQueries();
  const importSaved = useLibraryStore((s) => s.actions.importSaved);
  const { projectId } = useTarget();
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeId = useId();
  const describeTarget = useDescribeTarget();

  const where = () => {
    const connection = currentConnection();
    return describeTarget({
      text: '',
      context: 'strings',
      target: { projectId, languageId: null, tmId: null, glossaryId: null },
      ...connection,
    }).replace(/ · strings$/, '');
  };

  const exportFile = () => {
    const from = where();
    const name = `croql-queries-${from.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.json`;
    download(name, libraryFileText(saved, from, new Date()), 'application/json');
    announce(`Exported ${plural(saved.length, 'saved query', 'saved queries')} to ${name}.`);
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({
        tone: 'refused',
        summary: `“${file.name}” could not be read; nothing was imported.`,
        dropped: [],
      });
      return;
    }
    const read = readLibraryFile(text);
    if (!read.ok) {
      setOutcome({ tone: 'refused', summary: `${read.message} Nothing was imported.`, dropped: [] });
      return;
    }
    const connection = currentConnection();
    const { added, alreadySaved, written } = importSaved(
      read.queries.map((q) => ({
        name: q.name,
        setup: {
          text: q.text,
          ...(q.params ? { params: q.params } : {}),
          context: q.listing,
          target: targetOf(q, projectId),
          ...connection,
        },
      })),
    );
    if (!written.ok) {
      setOutcome({
        tone: 'refused',
        summary: `Nothing was imported: ${written.reason}. Delete saved queries or history you no longer need, then import again.`,
        dropped: read.dropped,
      });
      return;
    }
    const parts = [
      `Imported ${plural(added.length, 'query', 'queries')} from “${file.name}” into ${where()}`,
    ];
    if (alreadySaved.length) parts.push(`${plural(alreadySaved.length, 'was', 'were')} already saved`);
    if (read.dropped.length) parts.push(`${plural(read.dropped.length, 'problem')} in the file (below)`);
    setOutcome({ tone: 'done', summary: `${parts.join('; ')}.`, dropped: read.dropped });
  };

  return (
    <div className="library-transfer">
      <div className="row">
        <button type="button" onClick={exportFile} disabled={saved.length === 0}>
          Export to a file
        </button>
        <button
          type="button"
          onClick={() => input.current?.click()}
          aria-describedby={outcome ? outcomeId : undefined}
        >
          Import from a file…
        </button>
        <input
          ref={input}
          type="file"
          accept=".json,application/json"
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Library file to import"
          data-testid="library-import-file"
          onChange={(e) => void importFile(e)}
        />
      </div>
      {outcome && (
        <div
          id={outcomeId}
          role={outcome.tone === 'refused' ? 'alert' : 'status'}
          className={outcome.tone === 'refused' ? 'inline-error' : 'library-transfer-outcome'}
        >
          <p>{outcome.summary}</p>
          {outcome.dropped.length > 0 && (
            <ul className="library-transfer-dropped">
              {outcome.dropped.map((d, i) => (
                <li key={i}>{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
