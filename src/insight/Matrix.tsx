// The languages matrix: a query Q run once per (target language, state) with the state pinned to the
// language, shown as a language × state heatmap of matching strings and their source words. The cells are
// TanStack queries (matrix-query.ts) sharing one request pool, one progress bar and one Cancel; a cell
// opens its exact query in the editor and runs it.
import { useCallback, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import { projectLanguages, projectQuery } from '../connection/queries.ts';
import { useWorkspace, useWorkspaceActions } from '../workspace/store.ts';
import { download } from '../ui/download.ts';
import { CSV_TYPE, toCsv } from '../rows/export.ts';
import { useRunActions, useRunStore, type RunRequest } from '../workspace/run.ts';
import { announce } from '../ui/announce.ts';
import { MATRIX_STATES, matrixCellQuery } from './drill.ts';
import { exportName } from './export.ts';
import { matrixQuery, useInsightActions, type MatrixState } from './insight-store.ts';
import { matrixCellOptions, type CellCount } from './matrix-query.ts';

const number = (n: number) => n.toLocaleString('en-US');

export function LanguagesMatrix(props: { client: ApiClient | null; run: RunRequest; matrix: MatrixState }) {
  const { client, run, matrix } = props;
  // The matrix follows the run's query, reusing every cell still cached (a re-run after an edit that kept
  // a cell's meaning fetches nothing for it), but a cell's own run keeps the query it came from.
  const text = matrixQuery(matrix, run);
  const cancelled = matrix.cancelled === text;
  const projectId = run.target.projectId;
  const queryClient = useQueryClient();
  const { keepMatrix, cancelMatrix, resumeMatrix, closeMatrix } = useInsightActions();
  const { setText, setListing } = useWorkspaceActions();
  const { run: runQuery } = useRunActions();

  const project = useQuery(projectQuery(client, projectId));
  const languages = projectLanguages(project.data);

  // Rows loaded by the cells fetching now, for the progress line (reset by each start).
  const [loaded, setLoaded] = useState({ text, rows: 0 });
  const onRows = useCallback(
    (n: number) => setLoaded((l) => (l.text === text ? { text, rows: l.rows + n } : { text, rows: n })),
    [text],
  );

  const cells = languages.flatMap((language) => MATRIX_STATES.map((state) => ({ language, state })));
  const results = useQueries({
    queries: cells.map(({ language, state }) => ({
      ...matrixCellOptions(client, projectId, text, language.id, state.id, onRows),
      enabled: !cancelled,
    })),
  });
  const countOf = (i: number): CellCount | undefined => results[i]?.data;
  const done = results.filter((r) => r.isSuccess).length;
  const failed = results.find((r) => r.isError)?.error;
  const fetching = results.some((r) => r.fetchStatus === 'fetching');
  const max = Math.max(1, ...results.map((r) => r.data?.rows ?? 0));

  const cancel = () => {
    cancelMatrix(text);
    void queryClient.cancelQueries({ queryKey: keys.matrix(client?.baseUrl ?? null) });
    announce(`Languages matrix cancelled: ${done} of ${cells.length} cells done.`);
  };

  const open = (language: string, state: (typeof MATRIX_STATES)[number]) => {
    const query = matrixCellQuery(text, language, state.id);
    if (useWorkspace.getState().listing !== 'strings') setListing('strings');
    setText(query);
    runQuery(run.target);
    const started = useRunStore.getState().current;
    if (started) keepMatrix(text, started.nonce);
    announce(`Opened the query of ${language}, ${state.label.toLowerCase()}, and ran it.`);
  };

  const exportCsv = () =>
    download(
      exportName('languages-matrix', 'csv'),
      toCsv(
        cells.map(({ language, state }, i) => ({
          language: language.id,
          state: state.label,
          strings: countOf(i)?.rows ?? '',
          sourceWords: countOf(i)?.words ?? '',
          characters: countOf(i)?.chars ?? '',
          query: matrixCellQuery(text, language.id, state.id),
        })),
      ),
      CSV_TYPE,
    );

  return (
    <section className="insight-matrix" aria-label="Languages matrix" data-testid="insight-matrix">
      <div className="insight-card-head">
        <h3>Languages matrix</h3>
        <span className="results-spacer" />
        <button type="button" onClick={exportCsv} disabled={done === 0}>
          Export CSV
        </button>
        <button type="button" onClick={closeMatrix}>
          Close
        </button>
      </div>
      <p className="results-muted">
        Strings matching <code>{text.trim() === '' ? '(every string)' : text}</code> in each target language.
        A cell opens its exact query.
      </p>
      <div className="insight-matrix-progress">
        {fetching && (
          <>
            <progress
              aria-label="Languages matrix progress"
              data-testid="matrix-progress"
              value={done}
              max={cells.length}
            />
            <span>
              {done} of {cells.length} cells · {number(loaded.text === text ? loaded.rows : 0)} rows…
            </span>
            <button type="button" onClick={cancel}>
              Cancel
            </button>
          </>
        )}
        {!fetching && cancelled && done < cells.length && (
          <>
            <span role="status">
              Cancelled: {done} of {cells.length} cells done.
            </span>
            <button type="button" onClick={resumeMatrix}>
              Resume
            </button>
          </>
        )}
        {failed != null && (
          <span role="alert">
            Some cells failed: {failed instanceof Error ? failed.message : 'the service did not answer'}.
          </span>
        )}
      </div>
      {languages.length === 0 ? (
        <p className="results-muted">
          {project.isPending ? 'Loading the project’s languages…' : 'The project has no target languages.'}
        </p>
      ) : (
        <table className="insight-heatmap">
          <caption className="visually-hidden">
            Strings and source words per target language and translation state. Darker cells hold more
            strings.
          </caption>
          <thead>
            <tr>
              <th scope="col">Language</th>
              {MATRIX_STATES.map((s) => (
                <th scope="col" key={s.id}>
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {languages.map((language, l) => (
              <tr key={language.id}>
                <th scope="row">
                  {language.name} <span className="results-muted">{language.id}</span>
                </th>
                {MATRIX_STATES.map((state, s) => {
                  const count = countOf(l * MATRIX_STATES.length + s);
                  const heat = count ? Math.round((count.rows / max) * 60) : 0;
                  return (
                    <td key={state.id} style={{ ['--heat' as string]: `${heat}%` }}>
                      <button
                        type="button"
                        className="insight-cell"
                        data-testid={`matrix-cell-${language.id}-${state.id}`}
                        data-rows={count?.rows}
                        onClick={() => open(language.id, state)}
                      >
                        {count ? (
                          <>
                            <strong>{number(count.rows)}</strong>
                            <span className="visually-hidden"> strings, </span>
                            <span>{number(count.words)} words</span>
                          </>
                        ) : (
                          <span>…</span>
                        )}
                        <span className="visually-hidden">
                          {count ? '' : ' not counted yet'}: {language.name}, {state.label.toLowerCase()}.
                          Opens this query.
                        </span>
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
