// Lint: the diagnostics of the checked model (src/croql/checked-model.ts, shared with the explain line and Run), with
// did-you-mean suggestions as actions, plus the croql errors the service returned for the last run
// (serverDiagnosticsField).
import {
  linter,
  setDiagnostics,
  setDiagnosticsEffect,
  type Action,
  type Diagnostic as CmDiagnostic,
} from '@codemirror/lint';
import { EditorState, type Extension } from '@codemirror/state';
import { ViewPlugin, type EditorView, type ViewUpdate } from '@codemirror/view';
import type { Tree } from '@lezer/common';
import type { AnalyzeResult, Diagnostic } from '../croql/index.ts';
import {
  croqlConfig,
  serverDiagnosticsField,
  setCroqlConfig,
  setServerDiagnostics,
  type CroqlConfig,
} from './config.ts';
import { analyzeOptions } from './analyze-options.ts';
import { analysisTime, checkedModel } from '../croql/checked-model.ts';
import { treeAfter, treeOf } from './lint-tree.ts';
import { appendCodeText } from '../ui/CodeText.tsx';

function toCm(d: Diagnostic, length: number): CmDiagnostic {
  const from = Math.max(0, Math.min(d.from, length));
  const to = Math.max(from, Math.min(d.to, length));
  const actions: Action[] = (d.suggestions ?? []).map((s) => ({
    // A button label shows no code spans: `x` reads as “x”.
    name: s.label.replace(/`([^`]*)`/g, '“$1”'),
    apply(view: EditorView) {
      view.dispatch({ changes: { from: s.from, to: s.to, insert: s.insert }, userEvent: 'input.complete' });
    },
  }));
  return {
    from,
    to,
    severity: d.severity,
    message: d.message,
    // `code spans` shown as code, not as backticks.
    renderMessage: () => {
      const span = document.createElement('span');
      appendCodeText(span, d.message);
      return span;
    },
    source: d.reason === 'server' ? 'service' : d.code,
    actions,
  };
}

function diagnosticsFor(
  text: string,
  config: CroqlConfig,
  server: readonly Diagnostic[],
  tree: () => Tree | undefined,
  timing?: LintTiming,
): CmDiagnostic[] {
  const model = checkedModel(
    text,
    config.context,
    analyzeOptions(config),
    config.templateParams,
    new Date(),
    { tree },
  );
  timing?.note(model);
  return [...model.diagnostics, ...server].map((d) => toCm(d, text.length));
}

/** Everything the lint shows for a state: the core's diagnostics, then the service's. Pure, for tests too. */
export function croqlDiagnostics(state: EditorState, timing?: LintTiming): CmDiagnostic[] {
  return diagnosticsFor(
    state.doc.toString(),
    state.field(croqlConfig),
    state.field(serverDiagnosticsField),
    () => treeOf(state),
    timing,
  );
}

/**
 * Above this, analyzing on every keystroke would make typing lag; lint then waits for a pause instead. A
 * keystroke in a 2 KB query costs about 6 ms in all (its analysis well under 1 ms on a quiet machine), and
 * a long query's keystroke may cost at most twice that (the lint-latency bench, D43), so an analysis of
 * more than a few ms cannot run in the keystroke's own frame; a 28 KB query's takes 3–4 ms at best. (It was
 * 8 ms: the 28 KB query then linted in every keystroke's frame, which went unseen while the switch latched,
 * see LintTiming.)
 */
const SLOW_ANALYZE_MS = 3;
/** The longest pause lint waits for. */
const SLOW_DELAY_MS = 150;

/**
 * The analysis times of the last few models lint showed (checked-model.ts times each analysis, whether lint,
 * the explain line or Run asked first): only a query slow every time (not one GC pause) switches to
 * waiting, and one fast analysis switches back.
 */
export class LintTiming {
  private recent: number[] = [];
  private last: AnalyzeResult | null = null;
  slow = false;

  /** Counts `model`'s analysis once, however often lint shows it (a memo hit is the same analysis). */
  note(model: AnalyzeResult): void {
    if (model === this.last) return;
    this.last = model;
    const ms = analysisTime(model);
    if (ms === undefined) return;
    this.recent = [...this.recent.slice(-2), ms];
    this.slow = this.recent.length === 3 && Math.min(...this.recent) > SLOW_ANALYZE_MS;
  }

  /**
   * How long a slow query waits for a pause: half an analysis. Keys typed faster than that coalesce into
   * one analysis, so typing keeps a third of the time, and the lint follows a pause within about one and a
   * half analyses (the lint-latency bench holds it to three, with room for a busy machine) instead of a
   * fixed wait.
   */
  get delay(): number {
    return Math.min(SLOW_DELAY_MS, Math.ceil(Math.min(...this.recent) / 2));
  }
}

const carriesDiagnostics = (update: ViewUpdate) =>
  update.transactions.some((tr) => tr.effects.some((e) => e.is(setDiagnosticsEffect)));

/**
 * Lint without the lint package's timer. An edit carries its own diagnostics: a transaction extender adds
 * them to the very transaction that changes the text, so a keystroke is linted in the same view update
 * (one DOM update, see the lint-latency bench). Changes of listing, edition or service diagnostics lint in
 * a microtask. A query long enough to make analyze() slow is linted when typing pauses instead.
 */
export function croqlLinter(): Extension {
  const timing = new LintTiming();

  const lintEdits = EditorState.transactionExtender.of((tr) => {
    if (!tr.docChanged || timing.slow) return null;
    let config = tr.startState.field(croqlConfig, false);
    if (!config) return null;
    for (const e of tr.effects) if (e.is(setCroqlConfig)) config = { ...config, ...e.value };
    const server = tr.effects.flatMap((e) => (e.is(setServerDiagnostics) ? e.value : []));
    const text = tr.newDoc.toString();
    const diagnostics = diagnosticsFor(text, config, server, () => treeAfter(tr, text), timing);
    return { effects: setDiagnosticsEffect.of(diagnostics) };
  });

  const lintOthers = ViewPlugin.fromClass(
    class {
      private queued = false;
      private timer: ReturnType<typeof setTimeout> | undefined;
      private destroyed = false;

      constructor(private readonly view: EditorView) {
        this.schedule();
      }

      update(update: ViewUpdate) {
        if (carriesDiagnostics(update)) return;
        const refresh =
          update.docChanged ||
          update.transactions.some((tr) =>
            tr.effects.some((e) => e.is(setCroqlConfig) || e.is(setServerDiagnostics)),
          );
        if (refresh) this.schedule();
      }

      private schedule() {
        if (timing.slow) {
          clearTimeout(this.timer);
          this.timer = setTimeout(() => this.run(), timing.delay);
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
        const diagnostics = croqlDiagnostics(this.view.state, timing);
        this.view.dispatch(setDiagnostics(this.view.state, diagnostics));
      }

      destroy() {
        this.destroyed = true;
        clearTimeout(this.timer);
      }
    },
  );

  // linter(null): the lint package's state, tooltips and keymap from the start, with no source of its own.
  return [linter(null), lintEdits, lintOthers];
}

export function problemsSummary(count: number): string {
  return count === 0 ? 'No problems' : count === 1 ? '1 problem' : `${count} problems`;
}
