// Lint: the core's analyze() diagnostics, with did-you-mean suggestions as actions, plus the croql errors
// the service returned for the last run (serverDiagnosticsField).
import { setDiagnostics, type Action, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import type { EditorState } from '@codemirror/state';
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';
import { analyze, type Diagnostic } from '../croql/index.ts';
import {
  analyzeOptions,
  croqlConfig,
  serverDiagnosticsField,
  setCroqlConfig,
  setServerDiagnostics,
} from './config.ts';

function toCm(d: Diagnostic, length: number): CmDiagnostic {
  const from = Math.max(0, Math.min(d.from, length));
  const to = Math.max(from, Math.min(d.to, length));
  const actions: Action[] = (d.suggestions ?? []).map((s) => ({
    name: s.label,
    apply(view: EditorView) {
      view.dispatch({ changes: { from: s.from, to: s.to, insert: s.insert }, userEvent: 'input.complete' });
    },
  }));
  return {
    from,
    to,
    severity: d.severity,
    message: d.message,
    source: d.reason === 'server' ? 'service' : d.code,
    actions,
  };
}

/** Everything the lint shows for a state: the core's diagnostics, then the service's. Pure, for tests too. */
export function croqlDiagnostics(state: EditorState): CmDiagnostic[] {
  const text = state.doc.toString();
  const config = state.field(croqlConfig);
  const { diagnostics } = analyze(text, config.context, analyzeOptions(config));
  const server = state.field(serverDiagnosticsField);
  return [...diagnostics, ...server].map((d) => toCm(d, text.length));
}

/** Above this, analyzing on every keystroke would make typing lag; lint then waits for a pause instead. */
const SLOW_ANALYZE_MS = 8;
const SLOW_DELAY_MS = 150;

/**
 * Lints right after each change, in a microtask (before the browser paints), instead of the lint package's
 * timer: a keystroke's diagnostics arrive in the same frame (see the lint-latency bench). A query long
 * enough to make analyze() slow falls back to linting when typing pauses.
 */
export const croqlLinter = ViewPlugin.fromClass(
  class {
    private queued = false;
    private timer: ReturnType<typeof setTimeout> | undefined;
    /** The last few analyze() times: only a query slow every time (not one GC pause) switches modes. */
    private recentMs: number[] = [];
    private slow = false;
    private destroyed = false;

    constructor(private readonly view: EditorView) {
      this.schedule();
    }

    update(update: ViewUpdate) {
      const refresh =
        update.docChanged ||
        update.transactions.some((tr) =>
          tr.effects.some((e) => e.is(setCroqlConfig) || e.is(setServerDiagnostics)),
        );
      if (refresh) this.schedule();
    }

    private schedule() {
      if (this.slow) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.run(), SLOW_DELAY_MS);
      } else if (!this.queued) {
        this.queued = true;
        queueMicrotask(() => {
          this.queued = false;
          this.run();
        });
      }
    }

    private run() {
      if (this.destroyed) return;
      const started = performance.now();
      const diagnostics = croqlDiagnostics(this.view.state);
      this.recentMs = [...this.recentMs.slice(-2), performance.now() - started];
      this.slow = this.recentMs.length === 3 && Math.min(...this.recentMs) > SLOW_ANALYZE_MS;
      this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
    }

    destroy() {
      this.destroyed = true;
      clearTimeout(this.timer);
    }
  },
);

export function problemsSummary(count: number): string {
  return count === 0 ? 'No problems' : count === 1 ? '1 problem' : `${count} problems`;
}
