// The CroQL filter panel beside Crowdin's editor (`editor-right-panel`, key `croql-filter`,
// src/wire/playground-app.ts): the playground's editor (completion, lint, the plain-English line), a live
// count of the strings the query matches, and the buttons that move the query to and from Crowdin's editor
// through its app bridge (`AP.editor.*`, apps-js.mdx).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useId, useState } from 'react';
import { moduleLink, type CrowdinAP } from '../auth/app-mode.ts';
import { analyze } from '../croql/index.ts';
import { useApiClient, type ApiClient } from '../connection/api.ts';
import { useEdition } from '../connection/edition.ts';
import { searchMembers, useLiveValues } from '../connection/queries.ts';
import { QueryEditor } from '../editor/QueryEditor.tsx';
import { countQuery } from '../rows/row-sets.ts';
import { describeCount } from '../funnel/clauses.ts';
import { listingPath } from '../wire/listings.ts';
import { PLAYGROUND_MODULES, type PlaygroundContext } from '../wire/playground-app.ts';
import { editorFilterToCroql } from '../builder/editor-filter.ts';
import { CurrentString } from './CurrentString.tsx';

/** The live count stops here ("more than …"): enough to tell a filter's size, cheap on every keystroke. */
export const PANEL_COUNT_LIMIT = 1000;

const NO_PARAMS: readonly never[] = [];
const noReplacedText = () => null;

export interface PanelProps {
  /** Crowdin's bridge; null when the page has none (then the editor buttons say so). */
  ap: CrowdinAP | null;
  context: PlaygroundContext;
  /** Opens an address in a new tab when the bridge cannot redirect (a test passes its own). */
  openUrl?: (url: string) => void;
}

export function Panel({
  ap,
  context,
  openUrl = (url) => void window.open(url, '_blank', 'noopener'),
}: PanelProps) {
  const client = useApiClient();
  const edition = useEdition();
  const values = useLiveValues(context.projectId);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<{ text: string; notes?: string[] } | null>(null);
  const statusId = useId();
  const editor = ap?.editor;

  const apply = useCallback(() => {
    if (!editor?.setCroqlFilter) return;
    if (text.trim() === '') {
      editor.resetCroqlFilter?.();
      setStatus({ text: 'The query is empty, so the editor’s CroQL filter was reset.' });
      return;
    }
    editor.setCroqlFilter(text);
    setStatus({ text: 'Applied to the editor: its list shows the strings this query matches.' });
  }, [editor, text]);

  const fromEditor = useCallback(() => {
    if (!editor?.getCroqlFilter) return;
    editor.getCroqlFilter((croql) => {
      if (typeof croql === 'string' && croql.trim() !== '') {
        setText(croql);
        setStatus({ text: 'Loaded the editor’s CroQL filter.' });
        return;
      }
      if (!editor.getCustomFilter) {
        setStatus({ text: 'The editor has no CroQL filter.' });
        return;
      }
      editor.getCustomFilter((filter) => {
        if (!filter) return setStatus({ text: 'The editor has no filter: nothing to load.' });
        const { croql: converted, notConverted: notes } = editorFilterToCroql(filter);
        if (!converted) {
          setStatus({
            text: 'The editor’s advanced filter has nothing CroQL can say.',
            notes: notes.length ? notes : ['The filter sets no conditions.'],
          });
          return;
        }
        setText(converted);
        setStatus({
          text: notes.length
            ? 'Loaded the editor’s advanced filter as CroQL, except what could not be converted:'
            : 'Loaded the editor’s advanced filter as CroQL.',
          notes,
        });
      });
    });
  }, [editor]);

  const reset = useCallback(() => {
    editor?.resetCroqlFilter?.();
    setStatus({ text: 'The editor’s CroQL filter is reset: its list shows every string.' });
  }, [editor]);

  const openPlayground = useCallback(() => {
    const link = moduleLink(context, PLAYGROUND_MODULES.projectMenu, text);
    if (ap?.redirect) ap.redirect(link.path, link.query);
    else openUrl(link.url);
  }, [ap, context, text, openUrl]);

  const searchUsers = useCallback(
    (search: string, signal: AbortSignal) =>
      client ? searchMembers(client, context.projectId, search, signal) : Promise.resolve([]),
    [client, context.projectId],
  );

  const noBridge = !editor;
  return (
    <main className="panel" aria-label="CroQL filter">
      <h1 className="panel-title">CroQL filter</h1>
      <QueryEditor
        text={text}
        onChange={setText}
        listing="strings"
        templateParams={NO_PARAMS}
        takeReplacedText={noReplacedText}
        values={values}
        searchUsers={searchUsers}
        edition={edition}
        onRun={apply}
        label="CroQL filter"
      />
      <LiveCount text={text} projectId={context.projectId} />
      <div className="panel-actions" role="group" aria-label="Crowdin's editor" aria-describedby={statusId}>
        <button type="button" className="button-primary" onClick={apply} disabled={noBridge}>
          Apply to editor
        </button>
        <button type="button" onClick={fromEditor} disabled={noBridge}>
          From editor
        </button>
        <button type="button" onClick={reset} disabled={noBridge}>
          Reset
        </button>
        <button type="button" onClick={openPlayground}>
          Open in the playground
        </button>
      </div>
      <div id={statusId} role="status" className="panel-status">
        {noBridge && (
          <p className="hint">Crowdin’s editor is not reachable from this page, so only counting works.</p>
        )}
        {status && <p>{status.text}</p>}
        {status?.notes && status.notes.length > 0 && (
          <ul>
            {status.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
      <CurrentString ap={ap} query={text} projectId={context.projectId} />
    </main>
  );
}

/** How many strings of the project the query matches, as the playground counts (src/rows/row-sets.ts). */
function LiveCount({ text, projectId }: { text: string; projectId: number }) {
  const client = useApiClient();
  // Typing stays smooth: the count follows the text a render behind.
  const query = useDeferredValue(text).trim();
  if (!client) return <CountLine words="Connecting to Crowdin…" />;
  return <Count client={client} query={query} projectId={projectId} />;
}

function Count({ client, query, projectId }: { client: ApiClient; query: string; projectId: number }) {
  const path = listingPath('strings', { projectId, languageId: null, tmId: null, glossaryId: null });
  const valid = query !== '' && analyze(query, 'strings').valid;
  const count = useQuery({
    ...countQuery(client, 'strings', path.ok ? path.path : '', query, PANEL_COUNT_LIMIT),
    enabled: path.ok && valid,
  });
  let words: string;
  if (query === '') words = 'Type a query to count the strings it matches.';
  else if (!valid) words = 'Fix the query to count the strings it matches.';
  else if (count.isError) words = count.error instanceof Error ? count.error.message : 'Counting failed.';
  else if (!count.data) words = 'Counting…';
  else {
    const one = count.data.rows === 1 && count.data.complete;
    words = `Matches ${describeCount(count.data)} string${one ? '' : 's'}.`;
  }
  return <CountLine words={words} />;
}

function CountLine({ words }: { words: string }) {
  return (
    <p className="panel-count" role="status" data-testid="panel-count">
      {words}
    </p>
  );
}
