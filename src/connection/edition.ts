import { editionOf, useSession } from '../auth/session.ts';
import type { Edition } from '../croql/types.ts';

/** The edition the query is checked against: enterprise for an organization, else standard. */
export function useEdition(): Edition {
  return editionOf(useSession());
}
