// Exports of the Insight view: the aggregated tables as one CSV, a chart as a standalone SVG file.
import { toCsv } from '../rows/export.ts';
import type { ChartItem, ChartSpec } from './charts.ts';

/** `insight-strings-2026-11-21T19-30-00.csv` */
export function exportName(what: string, extension: 'csv' | 'svg', now = new Date()): string {
  return `insight-${what}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}.${extension}`;
}

/** One CSV of every chart's table: chart, item, its key, rows, and parts where rows have parts. */
export function aggregateCsv(charts: readonly { spec: ChartSpec; items: readonly ChartItem[] }[]): string {
  return toCsv(
    charts.flatMap(({ spec, items }) =>
      items.map((item) => ({
        chart: spec.title,
        item: item.label,
        key: item.key.startsWith('\u0000') ? '' : item.key,
        rows: item.rows,
        parts: spec.parts ? item.parts : '',
        partsAre: spec.parts ?? '',
        clause: item.drill.kind === 'clause' ? item.drill.clause : '',
      })),
    ),
  );
}

/** A chart's SVG with its colours resolved (the page's CSS variables do not travel with the file). */
export function standaloneSvg(svg: SVGSVGElement): string {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [copy, ...copy.querySelectorAll('*')];
  from.forEach((el, i) => {
    const style = getComputedStyle(el);
    const target = to[i] as SVGElement;
    for (const prop of ['fill', 'stroke', 'color', 'font-family', 'font-size', 'opacity'] as const) {
      const value = style.getPropertyValue(prop);
      if (value) target.style.setProperty(prop, value);
    }
    target.removeAttribute('tabindex');
  });
  copy.style.setProperty('background', getComputedStyle(svg.closest('.insight-card') ?? svg).backgroundColor);
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return new XMLSerializer().serializeToString(copy);
}
