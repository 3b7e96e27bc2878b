// Progress per language at a glance: for the strings the query matched, the share translated and approved
// in each target language, by strings and by source words, as Crowdin's progress reads. The whole is what
// Insight counted (every matched string, once the result is loaded); each language's translated and
// approved strings are counted as the languages matrix's cells are (matrix-query.ts: same cache and request
// pool, the approved cell is the matrix's own). A plural string only partly translated is not translated,
// as in Crowdin's progress.
import { useQueries, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { projectLanguages, projectQuery } from '../connection/queries.ts';
import type { RunRequest } from '../workspace/run.ts';
import { matrixCellOptions, type CellCount } from './matrix-query.ts';
import type { CountedState } from './drill.ts';

const STATES = ['translated', 'approved'] as const satisfies readonly CountedState[];

/** One decimal always (23.0%, not 23% beside 81.5%), rounded down so 100% means done. */
export const percent = (part: number, whole: number) =>
  whole === 0 ? '—' : `${(Math.floor((part / whole) * 1000) / 10).toFixed(1)}%`;
const number = (n: number) => n.toLocaleString('en-US');

export interface LanguageProgress {
  strings: number;
  words: number;
  translated: { strings: number; words: number };
  approved: { strings: number; words: number };
}

/** A language's progress: the matched strings' whole and its translated and approved counts. */
export function progressOf(
  whole: { rows: number; words: number },
  [translated, approved]: readonly CellCount[],
): LanguageProgress {
  return {
    strings: whole.rows,
    words: whole.words,
    translated: { strings: translated!.rows, words: translated!.words },
    approved: { strings: approved!.rows, words: approved!.words },
  };
}

function Bar({ value, label }: { value: number; label: string }) {
  return (
    <span className="insight-progress-bar" aria-hidden="true" title={label}>
      <span style={{ width: `${Math.min(100, value * 100)}%` }} />
    </span>
  );
}

export function ProgressPerLanguage(props: {
  client: ApiClient | null;
  run: RunRequest;
  /** The matched strings and their source words, once Insight has counted the whole result. */
  whole: { rows: number; words: number } | null;
}) {
  const { client, run, whole } = props;
  const projectId = run.target.projectId;
  const project = useQuery(projectQuery(client, projectId));
  const languages = projectLanguages(project.data);
  const results = useQueries({
    queries: languages.flatMap((language) =>
      STATES.map((state) => matrixCellOptions(client, projectId, run.text, language.id, state)),
    ),
  });
  const failed = results.find((r) => r.isError)?.error;
  if (languages.length === 0) return null;
  return (
    <section
      className="insight-matrix-intro"
      aria-label="Progress per language"
      data-testid="insight-progress"
    >
      <h3>Progress per language</h3>
      <p className="results-muted">
        Of the strings this query matched: translated and approved in each target language, by strings and by
        source words.
      </p>
      {failed != null && (
        <p role="alert">
          Progress could not be counted:{' '}
          {failed instanceof Error ? failed.message : 'the service did not answer'}.
        </p>
      )}
      <table className="insight-heatmap insight-progress">
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Translated</th>
            <th scope="col">Approved</th>
            <th scope="col">Words translated</th>
            <th scope="col">Words approved</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((language, l) => {
            const counts = STATES.map((_, s) => results[l * STATES.length + s]?.data);
            const p = whole && counts.every((c) => c) ? progressOf(whole, counts as CellCount[]) : null;
            return (
              <tr key={language.id} data-testid={`progress-${language.id}`}>
                <th scope="row">
                  {language.name} <span className="results-muted">{language.id}</span>
                </th>
                {p ? (
                  <>
                    <td data-testid="progress-translated">
                      <Bar value={p.strings ? p.translated.strings / p.strings : 0} label="translated" />
                      {percent(p.translated.strings, p.strings)}{' '}
                      <span className="results-muted">
                        ({number(p.translated.strings)} of {number(p.strings)})
                      </span>
                    </td>
                    <td data-testid="progress-approved">
                      <Bar value={p.strings ? p.approved.strings / p.strings : 0} label="approved" />
                      {percent(p.approved.strings, p.strings)}{' '}
                      <span className="results-muted">({number(p.approved.strings)})</span>
                    </td>
                    <td data-testid="progress-words-translated">
                      {number(p.translated.words)} of {number(p.words)}
                    </td>
                    <td data-testid="progress-words-approved">{number(p.approved.words)}</td>
                  </>
                ) : (
                  <td colSpan={4} className="results-muted">
                    Counting…
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
