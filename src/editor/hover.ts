import { forEachDiagnostic } from '@codemirror/lint';
import { hoverTooltip, type Tooltip } from '@codemirror/view';
import { appendCodeText } from '../ui/CodeText.tsx';
import type { HoverInfo } from '../croql/index.ts';
import { analyzeOptions } from './analyze-options.ts';
import { croqlConfig, type CroqlConfig } from './config.ts';

// The core's hover() and its docs are not needed for the first screen: loaded on the first hover, which
// waits for them.
type Hover = typeof import('../croql/hover.ts').hover;
let hover: Hover | null = null;
let loading: Promise<Hover> | null = null;
function loadHover(): Promise<Hover> {
  loading ??= import('../croql/hover.ts').then((m) => (hover = m.hover));
  return loading;
}

/** The core's hover(); a bug in it shows as an "internal error" tooltip (and is logged), never a dead editor. */
function hoverAt(hover: Hover, text: string, pos: number, config: CroqlConfig): HoverInfo | null {
  try {
    return hover(text, pos, config.context, analyzeOptions(config));
  } catch (error) {
    console.error('CroQL hover failed', error);
    return {
      from: pos,
      to: pos,
      title: 'Internal error',
      body: `Hover failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

/** Hover docs for fields, keywords, operators and mentions, from the core's hover(). */
export const croqlHover = hoverTooltip((view, pos, side) => {
  // Where lint has a message, its tooltip is the one message shown (hover would repeat it).
  let linted = false;
  forEachDiagnostic(view.state, (_d, from, to) => {
    if ((from < pos || (from === pos && side > 0)) && (to > pos || (to === pos && side < 0))) linted = true;
  });
  if (linted) return null;
  const show = (run: Hover) =>
    tooltipOf(hoverAt(run, view.state.doc.toString(), pos, view.state.field(croqlConfig)));
  return hover ? show(hover) : loadHover().then(show);
});

function tooltipOf(info: HoverInfo | null): Tooltip | null {
  if (!info) return null;
  return {
    pos: info.from,
    end: info.to,
    // Below the text: above it, the tooltip would cover the target pickers.
    above: false,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-croql-hover';
      const title = document.createElement('div');
      title.className = 'cm-croql-hover-title';
      appendCodeText(title, info.title);
      const body = document.createElement('div');
      body.className = 'cm-croql-hover-body';
      appendCodeText(body, info.body);
      dom.append(title, body);
      return { dom };
    },
  };
}
