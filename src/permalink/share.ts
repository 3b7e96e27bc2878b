// The link of a query setup (Copy link): the setup's permalink, and the current one's URL.
import { snapshot, type QuerySetup } from '../workspace/setup.ts';
import type { Target } from '../workspace/store.ts';
import { permalinkUrl, type Permalink } from './codec.ts';

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
  return permalinkUrl(location.origin, permalinkOf(snapshot(target)));
}
