import { useAuthStore } from '../auth/session.ts';
import { useConnectionChoice } from '../connection/choice.ts';
import { currentTarget, useTargetStore, type Target } from '../connection/target.ts';
import { useQueryStore } from '../query/store.ts';
import { permalinkUrl, type Permalink } from './codec.ts';
import { currentTemplateParams, useTemplateStore } from '../templates/store.ts';
import type { QuerySetup } from './library.ts';

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
export function currentSetup(target: Target = currentTarget()): QuerySetup {
  const { text, context } = useQueryStore.getState();
  const params = currentTemplateParams();
  return { text, ...(params ? { params } : {}), context, target, ...currentConnection() };
}

function listingIdOf(setup: QuerySetup): string | number | null {
  switch (setup.context) {
    case 'translations':
      return setup.target.languageId;
    case 'tmSegments':
      return setup.target.tmId;
    case 'glossaryTerms':
      return setup.target.glossaryId;
    default:
      return null;
  }
}

export function permalinkOf(setup: QuerySetup): Permalink {
  return {
    connection: setup.connection,
    domain: setup.domain,
    projectId: setup.target.projectId,
    context: setup.context,
    listingId: listingIdOf(setup),
    text: setup.text,
    ...(setup.params?.length ? { params: setup.params } : {}),
  };
}

export function currentPermalinkUrl(target?: Target): string {
  return permalinkUrl(location.origin, permalinkOf(currentSetup(target)));
}

/** Opens a history entry or saved query: text, listing, target, and the connection choice. */
export function openSetup(setup: QuerySetup): void {
  const query = useQueryStore.getState().actions;
  query.setContext(setup.context);
  if (setup.params) useTemplateStore.getState().actions.restore(setup.params);
  query.setText(setup.text);
  useTargetStore.getState().actions.restore(setup.target satisfies Target);
  const choice = useConnectionChoice.getState().actions;
  choice.setConnection(setup.connection);
  if (setup.domain) choice.setDomain(setup.domain);
}
