// Browser side of the lint-latency bench: the app's editor extensions on a 2 KB query, on a 28 KB one
// (`?long`, D43 of /work/shared/reviews/ui-walk-2026-11-28.md), or (`?chain`) on the 5,000-term chain at the
// length limit. Each keystroke's lint latency runs from the keydown event's timestamp to the update that
// carries the new lint diagnostics; its paint latency to the first animation frame after the text changed.
// Beside the editor, the explain line's work after each change, as the app's ExplainLine does it (a deferred
// render: here a task after the keystroke's). `analyzeChain()` times the core's analyze() of the chain in
// the same page, the baseline of the chain's row.
import { setDiagnosticsEffect } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { labelIdChain } from '../croql/corpus.ts';
import { analyze } from '../croql/index.ts';
import { analyzeOptions } from '../editor/analyze-options.ts';
import { croqlConfig } from '../editor/config.ts';
import { explainLineText } from '../editor/explain-line.tsx';
import { createEditorState, editorExtensions } from '../editor/extensions.ts';

declare global {
  interface Window {
    croqlBench: {
      samples: number[];
      /** Keystroke → the first animation frame after the text changed, ms. */
      painted: number[];
      ready: boolean;
      cursorAt: number;
      /** Runs analyze() of the chain `runs` times; each run's duration in ms. */
      analyzeChain: (runs: number) => number[];
    };
  }
}

/** About `length` characters of realistic clauses; the first is misspelt so there is always a diagnostic. */
function queryOf(length: number): string {
  const clauses = [
    'count of translations where (language = @language:"uk" and (count of approvals > 0 or count of votes > 0)) = 0',
    'identifier = "button.save" and id of file = 3',
    'count of comments where (has unresolved issue) > 0',
    'not is duplicate and count of translations > 0',
    'count of languages summary where (approvalsCount >= 1) > 0',
    'count of comments where (user = @user:"bob") > 0',
    '(count of translations where (text contains "Save") = 0)',
  ];
  let text = 'is hiden';
  for (let i = 0; text.length < length; i++) text += ' and ' + clauses[i % clauses.length];
  return text + ' and text contains "x"';
}

/** What the app passes once the project's members and languages have loaded. */
const LIVE_VALUES = {
  users: [
    { id: 1, username: 'alice' },
    { id: 2, username: 'bob' },
  ],
  languages: [{ id: 'uk' }, { id: 'de' }],
};

const search = new URLSearchParams(location.search);
const chain = search.has('chain');
const bench: Window['croqlBench'] = {
  samples: [],
  painted: [],
  ready: false,
  cursorAt: 0,
  analyzeChain(runs) {
    const text = labelIdChain();
    const options = { users: LIVE_VALUES.users, languages: LIVE_VALUES.languages.map((l) => l.id) };
    return Array.from({ length: runs }, () => {
      const started = performance.now();
      analyze(text, 'strings', options);
      return performance.now() - started;
    });
  },
};
window.croqlBench = bench;
const doc = chain ? labelIdChain() : queryOf(search.has('long') ? 27_700 : 2000);
let pendingSince: number | null = null;
let typedAt: number | null = null;
let explainQueued = false;

const view = new EditorView({
  state: createEditorState(doc, { context: 'strings', values: LIVE_VALUES }, [
    editorExtensions({ dark: false, onChange: () => {} }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged && typedAt !== null) {
        const since = typedAt;
        typedAt = null;
        requestAnimationFrame(() => bench.painted.push(performance.now() - since));
      }
      if (update.docChanged && !explainQueued) {
        explainQueued = true;
        setTimeout(() => {
          explainQueued = false;
          // The options lint analysed with, as the app passes both the same ones.
          const config = view.state.field(croqlConfig);
          explainLineText(view.state.doc.toString(), config.context, analyzeOptions(config));
        });
      }
      if (!update.transactions.some((tr) => tr.effects.some((e) => e.is(setDiagnosticsEffect)))) return;
      bench.ready = true;
      if (pendingSince !== null) {
        bench.samples.push(performance.now() - pendingSince);
        pendingSince = null;
      }
    }),
  ]),
  parent: document.getElementById('root')!,
});
// A real keystroke fires keydown and beforeinput in one task; Playwright sends them as separate messages,
// so the clock starts at the later of the two (what a real key press would show).
const started = (e: Event) => (pendingSince = typedAt = e.timeStamp);
view.contentDOM.addEventListener('keydown', started, { capture: true });
view.contentDOM.addEventListener('beforeinput', started, { capture: true });
// Inside the last string literal; in the chain, after the last id (typing digits keeps it valid).
bench.cursorAt = chain ? doc.lastIndexOf(')') : doc.length - 1;
view.dispatch({ selection: { anchor: bench.cursorAt } });
view.focus();
