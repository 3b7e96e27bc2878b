// The string selected in Crowdin's editor (`AP.editor.getString`, then each `string.change`, apps-js.mdx)
// and "why does this string match?": the query, and each clause of its top-level `and` alone, asked of the
// strings listing narrowed to the string's key (`(clause) and identifier = "…"`; CroQL has no string id,
// src/croql/schema.ts), then looked for by id among the answer's rows, clause by clause as the playground's
// clause funnel splits a query (src/funnel/clauses.ts).
import { useEffect, useState } from 'react';
import type { CrowdinAP } from '../auth/app-mode.ts';
import { analyze, stringLiteral } from '../croql/index.ts';
import { useApiClient } from '../connection/api.ts';
import { topLevelAndClauses } from '../funnel/clauses.ts';
import { fetchRowSet } from '../rows/row-sets.ts';

/** Strings sharing one key (in several files, say) are few; the answer is searched for the string's id. */
const KEY_ROWS = 500;
import { CodeText } from '../ui/CodeText.tsx';
import { listingPath } from '../wire/listings.ts';

/** What apps-js.mdx's StringDataObject gives, as read here. */
export interface EditorString {
  id: number;
  identifier: string;
  text: string;
  context: string | null;
  fileName: string | null;
}

export function readEditorString(data: unknown): EditorString | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (typeof d.id !== 'number') return null;
  const file = d.file && typeof d.file === 'object' ? (d.file as Record<string, unknown>) : null;
  return {
    id: d.id,
    identifier: typeof d.identifier === 'string' ? d.identifier : '',
    text: typeof d.text === 'string' ? d.text : '',
    context: typeof d.context === 'string' ? d.context : null,
    fileName: typeof file?.name === 'string' ? file.name : null,
  };
}

interface Verdict {
  query: string;
  matches: boolean;
  clauses: { text: string; matches: boolean }[];
}

export function CurrentString(props: { ap: CrowdinAP | null; query: string; projectId: number }) {
  const { ap, query, projectId } = props;
  const [current, setCurrent] = useState<EditorString | null>(null);
  const [verdict, setVerdict] = useState<Verdict | { error: string } | null>(null);
  const client = useApiClient();

  useEffect(() => {
    ap?.editor?.getString?.((data) => setCurrent(readEditorString(data)));
    const on = ap?.events?.on;
    if (!on) return;
    const listener = (data: unknown) => {
      setCurrent(readEditorString(data));
      setVerdict(null);
    };
    on('string.change', listener);
    return () => ap.events?.off?.('string.change', listener);
  }, [ap]);

  if (!current) {
    return (
      <section className="panel-string" aria-label="Current string">
        <h2>Current string</h2>
        <p className="hint">Select a string in the editor to see its fields and why it matches.</p>
      </section>
    );
  }

  const explain = async () => {
    const path = listingPath('strings', { projectId, languageId: null, tmId: null, glossaryId: null });
    const analyzed = analyze(query, 'strings');
    if (!client || !path.ok || !analyzed.valid || !query.trim()) {
      setVerdict({ error: 'Write a valid query first.' });
      return;
    }
    const matches = async (clause: string) => {
      const text = `(${clause}) and identifier = ${stringLiteral(current.identifier)}`;
      const set = await fetchRowSet({
        client,
        context: 'strings',
        path: path.path,
        croql: text,
        limit: KEY_ROWS,
      });
      return set.rows.some((row) => (row as { id?: unknown }).id === current.id);
    };
    try {
      const clauses = topLevelAndClauses(analyzed.ast, query);
      const results = await Promise.all(
        clauses.map(async (c) => ({ text: c.text, matches: await matches(c.text) })),
      );
      const all = clauses.length === 1 ? results[0]!.matches : await matches(query);
      setVerdict({ query, matches: all, clauses: clauses.length > 1 ? results : [] });
    } catch (error) {
      setVerdict({ error: error instanceof Error ? error.message : 'The check failed. Try again.' });
    }
  };

  return (
    <section className="panel-string" aria-label="Current string">
      <h2>Current string</h2>
      <dl>
        <dt>id</dt>
        <dd>{current.id}</dd>
        <dt>identifier</dt>
        <dd>{current.identifier || '—'}</dd>
        <dt>text</dt>
        <dd>{current.text}</dd>
        <dt>context</dt>
        <dd>{current.context || '—'}</dd>
        <dt>file</dt>
        <dd>{current.fileName ?? '—'}</dd>
      </dl>
      <button type="button" onClick={() => void explain()}>
        Why does this string match?
      </button>
      <div role="status">
        {verdict && 'error' in verdict && <p>{verdict.error}</p>}
        {verdict && 'matches' in verdict && (
          <>
            <p>
              String {current.id} {verdict.matches ? 'matches' : 'does not match'} the query.
            </p>
            {verdict.clauses.length > 0 && (
              <ul>
                {verdict.clauses.map((c) => (
                  <li key={c.text}>
                    <CodeText text={`\`${c.text}\``} />: {c.matches ? 'true' : 'false'}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </section>
  );
}
