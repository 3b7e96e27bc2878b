import { hoverTooltip } from '@codemirror/view';
import { hover } from '../croql/index.ts';
import { croqlConfig } from './config.ts';

/** Hover docs for fields, keywords, operators and mentions, from the core's hover(). */
export const croqlHover = hoverTooltip((view, pos) => {
  const info = hover(view.state.doc.toString(), pos, view.state.field(croqlConfig).context);
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
