import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ContextName } from '../croql/types.ts';
import { useQueryActions, useQueryContext } from '../query/store.ts';
import { useApiClient } from './api.ts';
import {
  glossariesQuery,
  projectLanguages,
  projectQuery,
  projectsQuery,
  SIGNED_OUT_CLIENT,
  tmsQuery,
  type Project,
} from './queries.ts';
import { useTargetActions, useTargetStore } from './target.ts';
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
  const client = useApiClient();
  const api = client ?? SIGNED_OUT_CLIENT;
  const signedIn = client !== null;
  const context = useQueryContext();
  const pickers = LISTINGS[context].pickers;
  const { setContext } = useQueryActions();
  const { projectId, languageId, tmId, glossaryId } = useTargetStore();
  const target = useTargetActions();
  const ids = {
    search: useId(),
    project: useId(),
    listing: useId(),
    language: useId(),
    tm: useId(),
    glossary: useId(),
  };
  const [search, setSearch] = useState('');

  const projects = useQuery({ ...projectsQuery(api), enabled: signedIn });
  const project = useQuery({ ...projectQuery(api, projectId ?? 0), enabled: signedIn && projectId !== null });
  const tms = useQuery({ ...tmsQuery(api), enabled: signedIn && pickers.includes('tm') });
  const glossaries = useQuery({ ...glossariesQuery(api), enabled: signedIn && pickers.includes('glossary') });
  const languages = useMemo(() => projectLanguages(project.data), [project.data]);

  // Pick the obvious choice when there is exactly one (or nothing chosen yet), so the first run just works.
  useEffect(() => {
    if (projectId === null && projects.data?.length) target.setProject(projects.data[0]!.id);
  }, [projectId, projects.data, target]);
  useEffect(() => {
    if (pickers.includes('language') && !languageId && languages.length) target.setLanguage(languages[0]!.id);
  }, [pickers, languageId, languages, target]);
  useEffect(() => {
    if (pickers.includes('tm') && tmId === null && tms.data?.length) target.setTm(tms.data[0]!.id);
  }, [pickers, tmId, tms.data, target]);
  useEffect(() => {
    if (pickers.includes('glossary') && glossaryId === null && glossaries.data?.length) {
      target.setGlossary(glossaries.data[0]!.id);
    }
  }, [pickers, glossaryId, glossaries.data, target]);

  const visibleProjects = useMemo(
    () => filterProjects(projects.data ?? [], search, projectId),
    [projects.data, search, projectId],
  );

  const listError = [projects, project, tms, glossaries].find((q) => q.isError)?.error;

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
            value={projectId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setProject(e.target.value ? Number(e.target.value) : null)}
          >
            {projectId === null && (
              <option value="">
                {signedIn ? (projects.isPending ? 'Loading…' : 'Choose…') : 'Sign in first'}
              </option>
            )}
            {projectId !== null && !projects.data?.some((p) => p.id === projectId) && (
              <option value={projectId}>Project {projectId}</option>
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
        <select id={ids.listing} value={context} onChange={(e) => setContext(e.target.value as ContextName)}>
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
            value={languageId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setLanguage(e.target.value || null)}
          >
            {!languageId && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {languageId && !languages.some((l) => l.id === languageId) && (
              <option value={languageId}>{languageId}</option>
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
            value={tmId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setTm(e.target.value ? Number(e.target.value) : null)}
          >
            {tmId === null && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {tmId !== null && !tms.data?.some((t) => t.id === tmId) && (
              <option value={tmId}>TM {tmId}</option>
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
            value={glossaryId ?? ''}
            disabled={!signedIn}
            onChange={(e) => target.setGlossary(e.target.value ? Number(e.target.value) : null)}
          >
            {glossaryId === null && <option value="">{signedIn ? 'Choose…' : 'Sign in first'}</option>}
            {glossaryId !== null && !glossaries.data?.some((g) => g.id === glossaryId) && (
              <option value={glossaryId}>Glossary {glossaryId}</option>
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
          {listError.message}
        </p>
      )}
    </div>
  );
}
