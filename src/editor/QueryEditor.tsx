import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { diagnosticCount } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import type { Diagnostic, Edition, ListingName, LiveValues, TemplateParam } from '../croql/index.ts';
import { useDarkMode } from './color-scheme.ts';
import { formatQuery } from './commands.ts';
import { setCroqlConfig, setServerDiagnostics, type SearchUsers } from './config.ts';
import { ExplainLine, type ParamWords } from './explain-line.tsx';
import { createEditorState, editorExtensions, themeCompartment } from './extensions.ts';
import { spacedInsertion } from './insert.ts';
import { problemsSummary } from './lint.ts';
import { themeFor } from './theme.ts';
import './editor.css';

/** What the shell may do to the editor from outside (the schema explorer, the examples). */
export interface EditorHandle {
  /** Inserts text at the selection (spaced from the words around it) and focuses the editor. */
  insert: (text: string) => void;
  /** The cursor's position in the text. */
  cursor: () => number;
  focus: () => void;
}

export interface QueryEditorProps {
  handle?: Ref<EditorHandle>;
  /** The query's text; the editor shows it and reports every edit through `onChange`. */
  text: string;
  onChange: (text: string) => void;
  /** The listing the query is written for (the schema lint, completion and hover use). */
  listing: ListingName;
  /** The template's parameters: those of the text first, then the others declared (completion offers all). */
  templateParams: readonly TemplateParam[];
  /**
   * Text a link replaced as the page opened, once (then null): the editor's history starts from it, so one
   * Undo brings it back.
   */
  takeReplacedText: () => string | null;
  values: LiveValues;
  searchUsers?: SearchUsers;
  edition: Edition;
  /** The service's croql errors and the text they were given for; shown while the text is unchanged. */
  serverDiagnostics?: { text: string; diagnostics: Diagnostic[] } | null;
  onRun: () => void;
  /** Names the editor when a page has several (its region and its text box); one editor needs none. */
  label?: string;
  /** The line under an empty editor, where an empty query does not list everything (it is refused). */
  emptyHint?: string;
  /** How the reading names a placeholder's value where the text stands for several ("each language in turn"). */
  paramWords?: ParamWords;
}

/** Announce the problem count only once typing has paused, so a screen reader is not flooded. */
const ANNOUNCE_PROBLEMS_AFTER_MS = 1200;

export function QueryEditor(props: QueryEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onRunRef = useRef(props.onRun);
  const [announcement, setAnnouncement] = useState('');
  const { text, listing: context, templateParams, takeReplacedText } = props;
  const onChangeRef = useRef(props.onChange);
  const dark = useDarkMode();
  const explainId = useId();

  useEffect(() => {
    onRunRef.current = props.onRun;
    onChangeRef.current = props.onChange;
  }, [props.onRun, props.onChange]);

  // The one EditorView. Later changes reach it as effects (below), never by recreating it.
  useEffect(() => {
    let problemTimer: ReturnType<typeof setTimeout> | undefined;
    let lastProblems = -1;
    const announce = (message: string) => {
      // Re-announce the same message: clear first so the live region changes.
      setAnnouncement('');
      requestAnimationFrame(() => setAnnouncement(message));
    };
    // What a command reports ("Formatted") answers the user's own action, so it replaces a problem count
    // still waiting to be read; a later change of the count is announced as usual.
    const announceCommandOutcome = (message: string) => {
      clearTimeout(problemTimer);
      announce(message);
    };
    const extensions = [
      editorExtensions({
        dark: initialDark.current,
        onChange: (changed) => onChangeRef.current(changed),
        describedBy: explainId,
        label: props.label,
      }),
      EditorView.updateListener.of((update) => {
        const count = diagnosticCount(update.state);
        if (count === lastProblems) return;
        lastProblems = count;
        clearTimeout(problemTimer);
        problemTimer = setTimeout(() => announce(problemsSummary(count)), ANNOUNCE_PROBLEMS_AFTER_MS);
      }),
    ];
    // Text a link replaced as the page opened is the history's start, so one Undo brings it back. It is
    // taken once per editor, not per view: in development React creates the view twice (StrictMode).
    const initialText = initial.current.text;
    taken.current ??= { replaced: initial.current.takeReplacedText() };
    const { replaced } = taken.current;
    const state = createEditorState(
      replaced ?? initialText,
      { ...initialConfig.current, onRun: () => onRunRef.current(), announce: announceCommandOutcome },
      extensions,
    );
    const view = new EditorView({ state, parent: hostRef.current! });
    if (replaced !== null) {
      view.dispatch({ changes: { from: 0, to: replaced.length, insert: initialText }, userEvent: 'set' });
    }
    viewRef.current = view;
    return () => {
      clearTimeout(problemTimer);
      view.destroy();
      viewRef.current = null;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; later changes go through effects
  }, []);

  useImperativeHandle(
    props.handle,
    () => ({
      insert(insertText: string) {
        const view = viewRef.current;
        if (!view) return;
        const { from, to } = view.state.selection.main;
        const change = spacedInsertion(view.state.doc.toString(), from, to, insertText);
        view.dispatch({
          changes: { from: change.from, to: change.to, insert: change.insert },
          selection: { anchor: change.cursor },
          userEvent: 'input',
          scrollIntoView: true,
        });
        view.focus();
      },
      cursor: () => viewRef.current?.state.selection.main.head ?? 0,
      focus: () => viewRef.current?.focus(),
    }),
    [],
  );

  // First-render values for the view's creation; later values arrive through the effects below.
  const initialDark = useRef(dark);
  const initial = useRef({ text, takeReplacedText });
  const taken = useRef<{ replaced: string | null } | null>(null);
  const initialConfig = useRef({
    context,
    edition: props.edition,
    values: props.values,
    searchUsers: props.searchUsers ?? null,
    templateParams,
  });

  // External text changes (builder, permalink, history) reach the view only when they differ from it.
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    // A link opened while the editor is up: this change is already undoable.
    takeReplacedText();
    if (current !== text)
      view.dispatch({ changes: { from: 0, to: current.length, insert: text }, userEvent: 'set' });
  }, [text, takeReplacedText]);

  useEffect(() => {
    viewRef.current?.dispatch({
      effects: setCroqlConfig.of({
        context,
        edition: props.edition,
        values: props.values,
        searchUsers: props.searchUsers ?? null,
        templateParams,
      }),
    });
  }, [context, props.edition, props.values, props.searchUsers, templateParams]);

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const server = props.serverDiagnostics;
    const current = server && view.state.doc.toString() === server.text ? server.diagnostics : [];
    view.dispatch({ effects: setServerDiagnostics.of(current) });
  }, [props.serverDiagnostics]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: themeCompartment.reconfigure(themeFor(dark)) });
  }, [dark]);

  return (
    <section className="croql-editor" aria-label={props.label ? `${props.label} editor` : 'Query editor'}>
      <div ref={hostRef} className="croql-editor-host" data-testid="croql-editor" />
      <div className="croql-editor-bar">
        <ExplainLine
          id={explainId}
          text={text}
          context={context}
          edition={props.edition}
          values={props.values}
          params={templateParams}
          emptyHint={props.emptyHint}
          paramWords={props.paramWords}
        />
        <button
          type="button"
          className="croql-format-button"
          title="Format (Shift+Alt+F)"
          onClick={() => {
            const view = viewRef.current;
            if (view) formatQuery({ state: view.state, dispatch: (tr) => view.dispatch(tr) });
          }}
        >
          Format
        </button>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="editor-announcer">
        {announcement}
      </div>
    </section>
  );
}
