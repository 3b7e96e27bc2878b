import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../connection/api.ts';
import { keys } from '../connection/keys.ts';
import type { RunPartProps } from '../slots/results.ts';
import type { RunRequest } from '../workspace/run.ts';
import { listingRows } from '../rows/pages.ts';
import { CodeText } from '../ui/CodeText.tsx';
import { describeVerdict, findEmptyingClause, topLevelAndClauses, type Clause } from './clauses.ts';

/** Each clause (and growing prefixes) run with limit=1 to find the one that removes everything. */
const emptyWhyQuery = (client: ApiClient, path: string, run: RunRequest, clauses: readonly Clause[]) =>
  queryOptions({
    queryKey: keys.emptyWhy(client.baseUrl, path, run.text, run.nonce),
    enabled: clauses.length >= 2,
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const verdict = await findEmptyingClause(clauses, async (croql) => {
        const response = await client.get<unknown>(path, { croql, limit: 1, offset: 0 }, signal);
        return listingRows(run.context, response).length > 0;
      });
      return describeVerdict(verdict);
    },
  });

/** For an empty result: which top-level `and` condition removes everything (each run with limit=1). */
export default function EmptyExplanation(props: RunPartProps) {
  const { client, path, run } = props;
  const clauses = topLevelAndClauses(run.model.ast, run.text);
  const why = useQuery(emptyWhyQuery(client, path, run, clauses));
  if (clauses.length < 2) {
    return <p className="results-empty">No rows match this query.</p>;
  }
  return (
    <p className="results-empty" data-testid="empty-explanation">
      {why.isPending
        ? 'No rows match. Checking which condition removes everything…'
        : why.isError
          ? 'No rows match this query. (Could not check its conditions one by one.)'
          : // The verdict names conditions as `code`: set as code, as the line under the editor does.
            why.data !== undefined && <CodeText text={why.data} />}
    </p>
  );
}
