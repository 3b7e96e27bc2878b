// The query setup: everything a run, a link, a saved query, a history entry or a snapshot needs to do the
// same query again. `snapshot()` reads it from the workspace; `openSetup` writes one back.
import { useAuthStore } from '../auth/session.ts';
import { useConnectionChoice } from '../connection/choice.ts';
import { paramsForText, sentQuery, type ListingName, type TemplateParam } from '../croql/index.ts';
import { CONNECTION_KINDS, type ConnectionKind } from '../wire/connection.ts';
import { LISTING_NAMES } from '../wire/listings.ts';
import { anything, literal, nullable, number, object, string } from '../wire/shape.ts';
import { currentParams, useWorkspace, type Target } from './store.ts';

export interface QuerySetup {
  /** The query, or a template with `{{name}}` placeholders. */
  text: string;
  /** A template's parameters and the values they had. */
  params?: TemplateParam[];
  context: ListingName;
  target: Target;
  connection: ConnectionKind;
  domain: string | null;
}

/**
 * A stored setup's fields (src/wire/shape.ts): what a saved query, a history entry or a snapshot needs to be
 * opened and run again. The template values are checked apart (sanitizeParams keeps the well-formed ones).
 */
export const QUERY_SETUP_FIELDS = {
  text: string,
  context: literal(...LISTING_NAMES),
  connection: literal(...CONNECTION_KINDS),
  domain: nullable(string),
  target: object<Target>(
    'a target (an object)',
    {
      projectId: nullable(number),
      languageId: nullable(string),
      tmId: nullable(number),
      glossaryId: nullable(number),
    },
    ['projectId'],
  ),
  params: anything,
} as const;
export const QUERY_SETUP_REQUIRED = ['text', 'context', 'connection', 'target'] as const;

/** The connection a link or a saved query should name: the signed-in one, else the one chosen for sign-in. */
export function currentConnection(): Pick<QuerySetup, 'connection' | 'domain'> {
  const session = useAuthStore.getState().session;
  if (session) return { connection: session.connection, domain: session.domain };
  const { connection, domain } = useConnectionChoice.getState();
  return { connection, domain: connection === 'enterprise' && domain ? domain : null };
}

/**
 * The query as the user sees it. `target` is the effective one (useTarget: the picks, with the obvious
 * defaults the pickers show); without it, only what was picked explicitly.
 */
export function snapshot(target?: Target): QuerySetup {
  const { text, listing, target: picks } = useWorkspace.getState();
  const params = currentParams();
  return {
    text,
    ...(params.length ? { params } : {}),
    context: listing,
    target: target ?? picks,
    ...currentConnection(),
  };
}

/** Opens a history entry, a saved query or a snapshot's query: text, listing, target, values, connection. */
export function openSetup(setup: QuerySetup): void {
  useWorkspace.getState().actions.open({
    text: setup.text,
    listing: setup.context,
    target: setup.target,
    params: setup.params,
  });
  const choice = useConnectionChoice.getState().actions;
  choice.setConnection(setup.connection);
  if (setup.domain) choice.setDomain(setup.domain);
}

/**
 * What a setup sends at `now` (a template with its values in place, relative datetimes worked out then);
 * `problem` says why it cannot be sent.
 */
export function sentTextOf(
  setup: Pick<QuerySetup, 'text' | 'params'>,
  now = new Date(),
): {
  text: string;
  problem: string | null;
} {
  const sent = sentQuery(setup.text, setup.params ?? paramsForText(setup.text, []), now);
  const problem = sent.problem && `parameter ${sent.problem.name}: ${sent.problem.message}`;
  return { text: sent.text, problem };
}
