// The visual builder: the query store's text shown as a tree of groups and conditions. It reads the text
// whenever it changes outside (the editor, a permalink) and writes only when the user edits here, splicing
// the change into the text so nothing the user did not touch is rewritten (see edit.ts).
import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ExplainLine } from '../editor/explain-line.tsx';
import { HighlightedCroql } from '../editor/static-highlight.tsx';
import { announce } from '../ui/announce.ts';
import type { Edition, LiveValues } from '../croql/index.ts';
import { useListing, useText, useWorkspace, useWorkspaceActions } from '../workspace/store.ts';
import { rootScopes } from './choices.ts';
import { BuilderContext, type BuilderApi, type FocusRequest } from './context.ts';
import { editDoc, openDoc, type BuilderDoc } from './edit.ts';
import { FILTERS } from './filters.ts';
import type { GroupNode } from './model.ts';
import { DATALIST_DATES, DATALIST_USERS } from './datalists.ts';
import { GroupView } from './GroupView.tsx';
import './builder.css';

export interface BuilderProps {
  values: LiveValues;
  edition: Edition;
  /** Ctrl/⌘+Enter: the shell's Run (the same as the editor's). */
  onRun: () => void;
}

export function Builder({ values, edition, onRun }: BuilderProps) {
  const text = useText();
  const context = useListing();
  const { setText } = useWorkspaceActions();
  const [doc, setDoc] = useState<BuilderDoc>(() => openDoc(text, context));
  const [focus, setFocus] = useState<FocusRequest | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const outputId = useId();
  const explainId = useId();

  // Text changed outside the builder: read it again (reading never writes).
  let current = doc;
  if (doc.text !== text || doc.context !== context) {
    current = openDoc(text, context);
    setDoc(current);
  }
  const docRef = useRef(current);
  useLayoutEffect(() => {
    docRef.current = current;
  });

  const commit = useCallback(
    (edit: (root: GroupNode) => GroupNode, focusAfter?: FocusRequest, message?: string) => {
      const before = docRef.current;
      const root = edit(before.root);
      if (root === before.root) return;
      const next = editDoc(before, root);
      docRef.current = next;
      setDoc(next);
      if (next.text !== useWorkspace.getState().text) setText(next.text);
      if (focusAfter) setFocus(focusAfter);
      if (message) announce(message);
    },
    [setText],
  );

  const api: BuilderApi = useMemo(
    () => ({ root: current.root, context, values, edition, commit, scopes: rootScopes(context) }),
    [current.root, context, values, edition, commit],
  );

  // Focus lands on the control asked for, in the row of the node asked for (or its first control).
  useLayoutEffect(() => {
    if (!focus || !container.current) return;
    const node = container.current.querySelector(`[data-node="${CSS.escape(focus.id)}"]`);
    const row = node?.querySelector(':scope > .b-row');
    const wanted = row?.querySelector<HTMLElement>(`[data-focus="${focus.key}"]:not(:disabled)`);
    const first = row?.querySelector<HTMLElement>('select, input, textarea, button:not(:disabled)');
    (wanted ?? first ?? (node as HTMLElement | null))?.focus();
    setFocus(null);
  }, [focus]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      // A raw block commits its draft on blur; blur first so the run sees it.
      const el = document.activeElement as HTMLElement | null;
      el?.blur();
      el?.focus();
      onRun();
    }
  };

  const notExpressible = FILTERS.filter(
    (f) => f.origin === 'none' && f.convert({}, undefined).kind === 'notExpressible',
  );

  return (
    <BuilderContext.Provider value={api}>
      <div className="builder" ref={container} onKeyDown={onKeyDown}>
        <ul className="b-tree" aria-label="Query conditions">
          <GroupView group={current.root} scopes={api.scopes} role="root" />
        </ul>
        <datalist id={DATALIST_USERS}>
          {(values.users ?? []).map((u) => (
            <option key={u.id} value={u.username}>
              {u.fullName}
            </option>
          ))}
        </datalist>
        <datalist id={DATALIST_DATES}>
          <option value="today" />
        </datalist>
        <section className="b-output" aria-labelledby={outputId}>
          <h2 id={outputId} className="b-output-title">
            CroQL the builder writes
          </h2>
          {/* Empty, the tree above says there are no conditions and the reading below what that means:
              said once each (the walk's D38 found it said three times). */}
          {text.trim() !== '' && <HighlightedCroql text={text} />}
          <ExplainLine id={explainId} text={text} context={context} edition={edition} values={values} />
        </section>
        <details className="b-help">
          <summary>Keyboard and limits</summary>
          <ul>
            <li>
              <kbd>Alt</kbd>+<kbd>↑</kbd>/<kbd>↓</kbd> move, <kbd>Alt</kbd>+<kbd>→</kbd>/<kbd>←</kbd> indent /
              outdent, <kbd>Alt</kbd>+<kbd>Backspace</kbd> remove.
            </li>
            <li>
              <kbd>Alt</kbd>+<kbd>Enter</kbd> add a condition after (inside, on a group), <kbd>Alt</kbd>+
              <kbd>G</kbd> add a group, <kbd>Alt</kbd>+<kbd>O</kbd> change the group operator, <kbd>Alt</kbd>+
              <kbd>N</kbd> negate the group, <kbd>Ctrl</kbd>/<kbd>⌘</kbd>+<kbd>Enter</kbd> run.
            </li>
            <li>What the builder cannot show as conditions stays as raw CroQL, exactly as written.</li>
            {notExpressible.map((f) => {
              const r = f.convert({}, undefined);
              return (
                <li key={f.id}>
                  Not expressible: {f.label}. {r.kind === 'notExpressible' ? r.reason : ''}
                </li>
              );
            })}
          </ul>
        </details>
      </div>
    </BuilderContext.Provider>
  );
}

export default Builder;
