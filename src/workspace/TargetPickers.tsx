import { useId, useMemo, useState } from 'react';
import { CodeText } from '../ui/CodeText.tsx';
import type { ListingName } from '../croql/types.ts';
import type { Project } from '../connection/queries.ts';
import { useListing, useTargetPicks, useWorkspaceActions } from './store.ts';
import { useTargetLists, withDefaults } from './target.ts';
import { LISTING_NAMES, LISTINGS } from '../wire/listings.ts';

/** The project search field appears from this many projects on (a short list needs none). */
const SEARCH_FROM = 5;

/**
 * Projects whose name, identifier or id match the search (case-insensitive); the chosen project stays in
 * the list even when the search hides it, so the select never shows a value it has no option for.
 */
export function filterProjects(all: readonly Project[], search: string, chosenId: number | null): Project[] {
  const needle = search.trim().toLowerCase();
  const matches = needle
    ? all.filter(
        (p) =>
          p.name.toLowerCase().includes(needle) ||
          String(p.id) === needle ||
          !!p.identifier?.toLowerCase().includes(needle),
      )
    : [...all];
  const chosen = all.find((p) => p.id === chosenId);
  return chosen && !matches.includes(chosen) ? [chosen, ...matches] : matches;
}

/** Project (searchable), listing, and the listing's language / TM / glossary. */
export function TargetPickers() {
  const context = useListing();
  const pickers = LISTINGS[context].pickers;
  const target = useWorkspaceActions();
  const { projectId, languageId, tmId, glossaryId } = useTargetPicks();
  const ids = {
    search: useId(),
    project: useId(),
    listing: useId(),
    language: useId(),
    tm: useId(),
    glossary: useId(),
  };
  const [search, setSearch] = useState('');

  const { signedIn, projects, project, tms, glossaries, languages } = useTargetLists(context, projectId);
  // What the pickers show is what a run uses: the choice, else the derived default (never written back).
  const shown = withDefaults({ projectId, languageId, tmId, glossaryId }, context, {
    projects: projects.data,
    languages,
    tms: tms.data,
    glossaries: glossaries.data,
  });

  const visibleProjects = useMemo(
    () => filterProjects(projects.data ?? [], search, shown.projectId),
    [projects.data, search, shown.projectId],
  );

  const failed = [projects, project, tms, glossaries].filter((q) => q.isError);
  const listError = failed[0]?.error;

  return (
    <div className="target-pickers">
      <div className="field">
        <label htmlFor={ids.project}>Project</label>
        <div className="project-picker">
          {(projects.data?.length ?? 0) > SEARCH_FROM && (
            <input
              id={ids.search}
              type="search"
              aria-label="Search projects"
              placeholder="Search…"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
          <select
            id={ids.project}
            value={shown.projectId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setProject(e.target.value ? Number(e.target.value) : null)}
          >
            {shown.projectId === null && (
              <option value="">
                {signedIn ? (projects.isPending ? 'Loading…' : 'Choose…') : 'Sign in first'}
              </option>
            )}
            {shown.projectId !== null && !projects.data?.some((p) => p.id === shown.projectId) && (
              <option value={shown.projectId}>Project {shown.projectId}</option>
            )}
            {visibleProjects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="field">
        <label htmlFor={ids.listing}>Listing</label>
        <select
          id={ids.listing}
          value={context}
          onChange={(e) => target.setListing(e.target.value as ListingName)}
        >
          {LISTING_NAMES.map((name) => (
            <option key={name} value={name}>
              {LISTINGS[name].label}
            </option>
          ))}
        </select>
      </div>
      {pickers.includes('language') && (
        <div className="field">
          <label htmlFor={ids.language}>Language</label>
          <select
            id={ids.language}
            value={shown.languageId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setLanguage(e.target.value || null)}
          >
            {!shown.languageId && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {shown.languageId && !languages.some((l) => l.id === shown.languageId) && (
              <option value={shown.languageId}>{shown.languageId}</option>
            )}
            {languages.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name === l.id ? l.id : `${l.name} (${l.id})`}
              </option>
            ))}
          </select>
        </div>
      )}
      {pickers.includes('tm') && (
        <div className="field">
          <label htmlFor={ids.tm}>Translation memory</label>
          <select
            id={ids.tm}
            value={shown.tmId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setTm(e.target.value ? Number(e.target.value) : null)}
          >
            {shown.tmId === null && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {shown.tmId !== null && !tms.data?.some((t) => t.id === shown.tmId) && (
              <option value={shown.tmId}>TM {shown.tmId}</option>
            )}
            {tms.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {pickers.includes('glossary') && (
        <div className="field">
          <label htmlFor={ids.glossary}>Glossary</label>
          <select
            id={ids.glossary}
            value={shown.glossaryId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setGlossary(e.target.value ? Number(e.target.value) : null)}
          >
            {shown.glossaryId === null && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {shown.glossaryId !== null && !glossaries.data?.some((g) => g.id === shown.glossaryId) && (
              <option value={shown.glossaryId}>Glossary {shown.glossaryId}</option>
            )}
            {glossaries.data?.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
      )}
      {listError && (
        <p role="alert" className="inline-error">
          <CodeText text={listError.message} />{' '}
          <button type="button" onClick={() => failed.forEach((q) => void q.refetch())}>
            Retry
          </button>
        </p>
      )}
    </div>
  );
}
