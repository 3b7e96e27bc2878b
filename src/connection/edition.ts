import { editionOf, useSession } from '../auth/session.ts';

/** The edition the query is checked against: enterprise for an organization, else standard. */
export function useEdition(): 'standard' | 'enterprise' {
  return editionOf(useSession());
}
