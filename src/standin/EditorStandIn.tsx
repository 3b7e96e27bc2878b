// The editor stand-in (issue #29): for an app's editor panel, a page that acts as Crowdin's editor for a
// project and a target language — the strings list (the emulator's strings listing, filtered by the editor's
// filter: none, a basic filter, the Advanced Filter or CroQL), the selected string, the target language —
// with the app's panel framed at the right. The panel's `AP.editor` calls read and change that editor
// (./editor-state.ts), and the editor's changes reach it as `AP.events` (./use-panel-bridge.ts). Opening the
// panel is the user's act: the emulator mints its JWT and logs each opening.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../connection/api.ts';
import { filesQuery, labelsQuery, projectsQuery, type Project } from '../connection/queries.ts';
import { describeSize, rowSetQuery } from '../rows/row-sets.ts';
import { announce } from '../ui/announce.ts';
import {
  EDITOR_FILTERS,
  STEP_STATUS_ANSWERS,
  type BridgeTheme,
  type EditorLanguage,
  type StringData,
  type TranslationData,
} from '../wire/ap-bridge.ts';
import type { ModulePageResponse } from '../wire/app-modules.ts';
import { listingPath } from '../wire/listings.ts';
import { AdvancedFilterForm } from './AdvancedFilterForm.tsx';
import { describeFilter, filterQuery, initialState, type EditorState } from './editor-state.ts';
import { stringData } from './panel-host.ts';
import { SHOWN_STRINGS, StringsList } from './StringsList.tsx';
import { usePanelBridge } from './use-panel-bridge.ts';
import './standin.css';

/** Where the panel opens, as the module page route answers. */
export type PanelOpening = Pick<
  ModulePageResponse,
  'url' | 'jwtToken' | 'context' | 'parentOrigins' | 'expiresAt'
>;

export interface PanelRequest {
  projectId: number;
  languageId: string;
  stringId: number | null;
}

function targetLanguages(project: Project | undefined): EditorLanguage[] {
  const languages =
    project?.targetLanguages ?? project?.targetLanguageIds?.map((id) => ({ id, name: id })) ?? [];
  return languages.map((l) => ({
    id: l.id,
    name: l.name,
    code: l.id,
    internal_code: l.id,
    preferred: false,
  }));
}

/** The module's context with the editor's state (apps-js.mdx, ContextDataObject: unknown keys left out). */
function editorContext(
  base: object,
  theme: BridgeTheme,
  sourceLanguageId: string | undefined,
  languageId: string,
  file: StringData['file'],
): Record<string, unknown> {
  const given = base as Record<string, unknown>;
  return {
    ...given,
    editor: {
      ...(given.editor as object | undefined),
      mode: 'translate',
      theme,
      ...(sourceLanguageId ? { source_language_id: sourceLanguageId } : {}),
      target_language_id: languageId,
      active_target_language_id: languageId,
      ...(file ? { file: file.id, fileData: { id: String(file.id), name: file.name } } : {}),
    },
  };
}

export function EditorStandIn(props: {
  client: ApiClient | null;
  appName: string;
  moduleName: string;
  theme: BridgeTheme;
  open: (request: PanelRequest) => Promise<PanelOpening>;
  onClose: () => void;
  /**
   * The panel called `AP.redirect`: the host goes there (Crowdin leaves the editor for that page). Without
   * it, the stand-in only says where the panel asked to go.
   */
  onRedirect?: (redirect: {
    path: string;
    queryParams: Record<string, string>;
    projectId: number | null;
  }) => void;
}) {
  const { client } = props;
  const id = useId();
  const projects = useQuery(projectsQuery(client));
  const [projectId, setProjectId] = useState<number | null>(null);
  const project = projects.data?.find((p) => p.id === projectId) ?? projects.data?.[0];
  const languages = useMemo(() => targetLanguages(project), [project]);
  const [state, setState] = useState<EditorState>(() => initialState(''));
  const languageId = languages.some((l) => l.id === state.languageId)
    ? state.languageId
    : (languages[0]?.id ?? '');
  const editor: EditorState = { ...state, languageId };
  const query = filterQuery(editor);
  const path = project
    ? listingPath('strings', { projectId: project.id, languageId: null, tmId: null, glossaryId: null })
    : null;
  const strings = useQuery(rowSetQuery(client, 'strings', path?.ok ? path.path : null, query.croql));
  const files = useQuery(filesQuery(client, project?.id ?? null));
  const labels = useQuery(labelsQuery(client, project?.id ?? null));
  const list = useMemo(() => {
    const name = (fileId: number) => files.data?.find((f) => f.id === fileId)?.name;
    return (strings.data?.rows ?? []).map((row) => stringData(row, name)!);
  }, [strings.data, files.data]);
  const selected = list.find((s) => s.id === state.stringId) ?? null;
  const [notices, setNotices] = useState<string[]>([]);
  const [translation, setTranslation] = useState('');
  const addedCount = useRef(0);

  const opening = useMutation({ mutationFn: props.open });
  const page = opening.data ?? null;
  const pageOrigin = page ? new URL(page.url).origin : null;
  const frame = useRef<HTMLIFrameElement>(null);
  // The context the panel's AP.getContext answers: the JWT's, with the editor as it is now. Compared as
  // JSON, so an equal context is not told again.
  const contextJson = page
    ? JSON.stringify(
        editorContext(
          page.context,
          props.theme,
          project?.sourceLanguageId,
          languageId,
          selected?.file ?? null,
        ),
      )
    : null;
  const context = contextJson ? (JSON.parse(contextJson) as Record<string, unknown>) : null;
  const selectedJson = JSON.stringify(selected);

  const bridge = usePanelBridge({
    frame,
    origin: pageOrigin,
    state: editor,
    world: { languages, string: selected },
    theme: props.theme,
    context,
    onState: setState,
    onNotice: (notice) => setNotices((n) => [...n.slice(-4), notice]),
    freshToken: async () => {
      if (!project) throw new Error('No project is open.');
      const again = await props.open({ projectId: project.id, languageId, stringId: selected?.id ?? null });
      if (!again.jwtToken) throw new Error('The app has no OAuth app, so its page gets no JWT.');
      return again.jwtToken;
    },
    onRedirect: (path, queryParams) => {
      if (props.onRedirect) props.onRedirect({ path, queryParams, projectId: project?.id ?? null });
      else setNotices((n) => [...n.slice(-4), `AP.redirect to ${path}: nothing here follows it.`]);
    },
  });

  // The editor's changes, told to the panel as Crowdin's editor tells them (apps-js.mdx, "Supported Events").
  const told = useRef({
    stringId: undefined as number | null | undefined,
    fileId: undefined as number | undefined,
    languageId: '',
  });
  const { ready, fire, giveContext } = bridge;
  useEffect(() => {
    if (!ready || !contextJson) return;
    const now = JSON.parse(contextJson) as Record<string, unknown>;
    const string = JSON.parse(selectedJson) as StringData | null;
    const before = told.current;
    const fileId = string?.file?.id;
    const languageChanged = before.languageId !== '' && before.languageId !== languageId;
    const fileChanged = before.fileId !== undefined && fileId !== undefined && before.fileId !== fileId;
    const stringChanged = before.stringId !== undefined && before.stringId !== (string?.id ?? null);
    giveContext(now);
    if (languageChanged) fire('language.change', now);
    if (fileChanged) fire('file.change', now);
    if (stringChanged) fire('string.change', string);
    told.current = { stringId: string?.id ?? null, fileId: fileId ?? before.fileId, languageId };
  }, [ready, contextJson, selectedJson, languageId, fire, giveContext]);

  const openPanel = () => {
    if (project) opening.mutate({ projectId: project.id, languageId, stringId: selected?.id ?? null });
  };

  const addTranslation = () => {
    if (!selected || !translation.trim()) return;
    const claims = (page?.context ?? {}) as { user_id?: number; user_login?: string };
    const added: TranslationData = {
      // Not saved anywhere: the stand-in numbers the translations it announces.
      id: ++addedCount.current,
      string_id: selected.id,
      text: translation,
      target_language_id: languageId,
      votes_rating: 0,
      approved: false,
      author: { id: String(claims.user_id ?? ''), login: claims.user_login ?? '' },
      created_at: new Date().toISOString(),
    };
    fire('translation.added', added);
    setTranslation('');
    announce('translation.added sent to the panel.');
  };

  return (
    <section className="apps-subcard standin" aria-labelledby={`${id}-title`} data-testid="editor-stand-in">
      <div className="apps-log-head">
        <h4 id={`${id}-title`}>
          Editor stand-in: {props.moduleName} <span className="hint">({props.appName})</span>
        </h4>
        <button type="button" onClick={props.onClose}>
          Close the editor
        </button>
      </div>
      <div className="standin-columns">
        <div className="standin-editor">
          <div className="standin-pickers">
            <label>
              Project{' '}
              <select value={project?.id ?? ''} onChange={(e) => setProjectId(Number(e.target.value))}>
                {projects.data?.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Target language{' '}
              <select
                value={languageId}
                onChange={(e) => setState((s) => ({ ...s, languageId: e.target.value }))}
              >
                {languages.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.name}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <FilterControls state={editor} labels={labels.data ?? []} onState={setState} />
          <p className="hint" data-testid="standin-filter">
            {describeFilter(editor.filter)}
            {query.croql ? (
              <>
                : the strings listing with <code data-testid="standin-croql">croql={query.croql}</code>
              </>
            ) : (
              ': every string of the project'
            )}
            . Step status filter: {STEP_STATUS_ANSWERS[editor.stepStatus]} (shown, not applied: no workflow
            step is open).
          </p>
          {query.notConverted.map((n) => (
            <p key={n} className="notice notice-warning">
              Not in the list’s query: {n}
            </p>
          ))}
          <p role="status" data-testid="standin-count">
            {strings.isError
              ? `The strings listing refused the query: ${strings.error.message}`
              : strings.data
                ? `${describeSize(strings.data, 'string')}${strings.data.rows.length > SHOWN_STRINGS ? `; the first ${SHOWN_STRINGS} are listed` : ''}.`
                : 'Loading the strings…'}
          </p>
          <StringsList
            strings={list}
            selected={selected?.id ?? null}
            label="Strings"
            busy={strings.isFetching}
            onSelect={(stringId) => setState((s) => ({ ...s, stringId }))}
          />
          {selected && (
            <form
              className="standin-translation"
              onSubmit={(e) => {
                e.preventDefault();
                addTranslation();
              }}
            >
              <label>
                Translation of #{selected.id}{' '}
                <input value={translation} onChange={(e) => setTranslation(e.target.value)} />
              </label>
              <button type="submit" disabled={!translation.trim()}>
                Add (sends translation.added)
              </button>
            </form>
          )}
          {notices.length > 0 && (
            <ul className="standin-notices" aria-label="What the panel asked">
              {notices.map((n, i) => (
                <li key={i}>{n}</li>
              ))}
            </ul>
          )}
        </div>
        <aside className="standin-panel" aria-label={`${props.moduleName} panel`}>
          {!page && (
            <button
              type="button"
              className="button-primary"
              onClick={openPanel}
              disabled={!project || opening.isPending}
            >
              Open the panel
            </button>
          )}
          {opening.isError && (
            <p role="alert" className="notice notice-error">
              {opening.error.message}
            </p>
          )}
          {page && (
            <>
              <p className="hint">
                {bridge.ready ? 'The panel loaded the bridge.' : 'Waiting for the panel to load the bridge…'}
              </p>
              <iframe
                ref={frame}
                className="standin-frame"
                src={page.url}
                title={`${props.moduleName} panel`}
                sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-modals"
              />
            </>
          )}
        </aside>
      </div>
    </section>
  );
}

function FilterControls(props: {
  state: EditorState;
  labels: Parameters<typeof AdvancedFilterForm>[0]['labels'];
  onState: (change: (s: EditorState) => EditorState) => void;
}) {
  const { state, onState } = props;
  const [croql, setCroql] = useState(state.filter.kind === 'croql' ? state.filter.croql : '');
  const id = useId();
  const setFilter = (filter: EditorState['filter']) => onState((s) => ({ ...s, filter }));
  return (
    <div className="standin-filters" role="group" aria-label="Filter">
      <label>
        Basic filter{' '}
        <select
          value={state.filter.kind === 'basic' ? state.filter.value : state.filter.kind === 'none' ? 3 : ''}
          onChange={(e) => {
            const value = Number(e.target.value);
            setFilter(value === 3 ? { kind: 'none' } : { kind: 'basic', value });
          }}
        >
          {state.filter.kind !== 'none' && state.filter.kind !== 'basic' && (
            <option value="">({describeFilter(state.filter)})</option>
          )}
          {EDITOR_FILTERS.filter((f) => f.value !== 12).map((f) => (
            <option key={f.value} value={f.value}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <details>
        <summary>Advanced Filter</summary>
        <AdvancedFilterForm
          key={state.filter.kind === 'advanced' ? JSON.stringify(state.filter.custom) : 'none'}
          initial={state.filter.kind === 'advanced' ? state.filter.custom : null}
          labels={props.labels}
          onApply={(custom) => setFilter({ kind: 'advanced', custom })}
        />
      </details>
      <form
        className="standin-croql"
        onSubmit={(e) => {
          e.preventDefault();
          if (croql.trim()) setFilter({ kind: 'croql', croql });
        }}
      >
        <label htmlFor={`${id}-croql`}>CroQL filter</label>
        <input
          id={`${id}-croql`}
          value={croql}
          onChange={(e) => setCroql(e.target.value)}
          spellCheck={false}
        />
        <button type="submit">Apply CroQL</button>
      </form>
      <button
        type="button"
        onClick={() => setFilter({ kind: 'none' })}
        disabled={state.filter.kind === 'none'}
      >
        Clear the filter
      </button>
    </div>
  );
}
