// The target a run uses: what the user picked, else the obvious choice (the first project, its first
// target language, the first TM or glossary). Derived on every render from the cached lists, never written
// back into the store, so the store only ever holds the user's own choices.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListingName } from '../croql/types.ts';
import { useApiClient } from '../connection/api.ts';
import {
  glossariesQuery,
  projectLanguages,
  projectQuery,
  projectsQuery,
  tmsQuery,
  type Glossary,
  type Language,
  type Project,
  type Tm,
} from '../connection/queries.ts';
import { useListing, useTargetPicks, type Target } from './store.ts';
import { LISTINGS, listingPath } from '../wire/listings.ts';

export interface TargetLists {
  projects?: readonly Project[];
  languages?: readonly Language[];
  tms?: readonly Tm[];
  glossaries?: readonly Glossary[];
}

/** `chosen` with each id the listing needs and the user left open filled with the first available one. */
export function withDefaults(chosen: Target, context: ListingName, lists: TargetLists): Target {
  const projectId = chosen.projectId ?? lists.projects?.[0]?.id ?? null;
  // Languages belong to the chosen project; the default project's are loaded once it is the one shown.
  const pickers = LISTINGS[context].pickers;
  const languageId =
    chosen.languageId ?? (pickers.includes('language') ? (lists.languages?.[0]?.id ?? null) : null);
  const tmId = chosen.tmId ?? (pickers.includes('tm') ? (lists.tms?.[0]?.id ?? null) : null);
  const glossaryId =
    chosen.glossaryId ?? (pickers.includes('glossary') ? (lists.glossaries?.[0]?.id ?? null) : null);
  return { projectId, languageId, tmId, glossaryId };
}

/** The lists the pickers show and the defaults come from (shared query keys: one request each). */
export function useTargetLists(context: ListingName, projectId: number | null) {
  const client = useApiClient();
  const signedIn = client !== null;
  const projects = useQuery(projectsQuery(client));
  const effectiveProject = projectId ?? projects.data?.[0]?.id ?? null;
  const project = useQuery(projectQuery(client, effectiveProject));
  // The TM and glossary lists only for the listings that pick one.
  const pickers = LISTINGS[context].pickers;
  const tms = useQuery({ ...tmsQuery(client), enabled: pickers.includes('tm') });
  const glossaries = useQuery({ ...glossariesQuery(client), enabled: pickers.includes('glossary') });
  const languages = useMemo(() => projectLanguages(project.data), [project.data]);
  return { signedIn, projects, project, tms, glossaries, languages };
}

/** The effective target of the current listing (see withDefaults). */
export function useTarget(): Target {
  const context = useListing();
  const chosen = useTargetPicks();
  const lists = useTargetLists(context, chosen.projectId);
  const { projectId, languageId, tmId, glossaryId } = chosen;
  const projects = lists.projects.data;
  const tms = lists.tms.data;
  const glossaries = lists.glossaries.data;
  const languages = lists.languages;
  return useMemo(
    () =>
      withDefaults({ projectId, languageId, tmId, glossaryId }, context, {
        projects,
        languages,
        tms,
        glossaries,
      }),
    [projectId, languageId, tmId, glossaryId, context, projects, languages, tms, glossaries],
  );
}

/** Whether two targets name the same listing endpoint for `context` (ids other listings need do not count). */
export function sameListingTarget(context: ListingName, a: Target, b: Target): boolean {
  const pa = listingPath(context, a);
  const pb = listingPath(context, b);
  return pa.ok && pb.ok ? pa.path === pb.path : pa.ok === pb.ok;
}
