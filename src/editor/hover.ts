import { hoverTooltip } from '@codemirror/view';
import { hover, type HoverInfo } from '../croql/index.ts';
import { analyzeOptions, croqlConfig, type CroqlConfig } from './config.ts';

/** The core's hover(); a bug in it shows as an "internal error" tooltip (and is logged), never a dead editor. */
function hoverAt(text: string, pos: number, config: CroqlConfig): HoverInfo | null {
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
export const croqlHover = hoverTooltip((view, pos) => {
  const info = hoverAt(view.state.doc.toString(), pos, view.state.field(croqlConfig));
  if (!info) return null;
  return {
    pos: info.from,
    end: info.to,
    above: true,
    create() {
      const dom = document.createElement('div');
      dom.className = 'cm-croql-hover';
      const title = document.createElement('div');
      title.className = 'cm-croql-hover-title';
      title.textContent = info.title;
      const body = document.createElement('div');
      body.textContent = info.body;
      dom.append(title, body);
      return { dom };
    },
  };
});
