// One Insight chart: a bar chart drawn with Observable Plot (this module is part of the lazy Insight chunk),
// a table view of the same items, an accessible description, and SVG export. Every item is a drill-down:
// a click or Enter on its bar, or its button in the table view.
import { useEffect, useId, useRef, useState } from 'react';
import * as Plot from '@observablehq/plot';
import { download } from '../ui/download.ts';
import { NONE, type ChartItem, type ChartSpec } from './charts.ts';
import { exportName, standaloneSvg } from './export.ts';

/** The chart draws the largest items; the table view lists every one. */
const MAX_BARS = 20;
const number = (n: number) => n.toLocaleString('en-US');
/** An item's key in the DOM (`data-key`); the "no value" item is `(none)`. */
const domKey = (key: string) => (key === NONE ? '(none)' : key);
const percent = (n: number, total: number) => (total === 0 ? '0%' : `${((100 * n) / total).toFixed(1)}%`);

/** The title, naming the second measure where rows hold parts. */
export function chartTitle(spec: ChartSpec): string {
  return spec.parts ? `${spec.title} (rows; ${spec.parts} as a second measure)` : spec.title;
}

function describe(spec: ChartSpec, items: readonly ChartItem[], total: number): string {
  if (items.length === 0) return `${spec.title}: no rows.`;
  const top = [...items].sort((a, b) => b.rows - a.rows)[0]!;
  const parts = spec.parts ? ` Rows can hold several ${spec.parts}; each item also counts them.` : '';
  const shape = spec.order === 'time' ? 'by month, oldest first' : 'one bar per item';
  return (
    `Bar chart, ${shape}: ${items.length} item${items.length === 1 ? '' : 's'} over ${number(total)} rows. ` +
    `Largest: ${top.label}, ${number(top.rows)} rows (${percent(top.rows, total)}).${parts} ` +
    `Activate a bar to add its condition to the query.`
  );
}

function barLabel(spec: ChartSpec, item: ChartItem): string {
  const parts = spec.parts ? `, ${number(item.parts)} ${spec.parts}` : '';
  const action = item.drill.kind === 'clause' ? `adds ${item.drill.clause}` : 'filters the loaded rows';
  return `${item.label}: ${number(item.rows)} rows${parts}. ${action}`;
}

function PlotBars(props: {
  spec: ChartSpec;
  items: readonly ChartItem[];
  title: string;
  description: string;
  onPick: (item: ChartItem) => void;
}) {
  const { spec, items, title, description, onPick } = props;
  const host = useRef<HTMLDivElement>(null);
  const pickRef = useRef(onPick);
  // Drawn at the card's own width, so text keeps its size; redrawn when the width changes by 20 px.
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.round((entry?.contentRect.width ?? 0) / 20) * 20;
      setWidth((old) => (w > 0 && w !== old ? w : old));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    pickRef.current = onPick;
  }, [onPick]);

  useEffect(() => {
    const el = host.current;
    if (!el || width === 0) return;
    // Months without a date ("never updated") would flatten the timeline: they are in the table view.
    const shown = spec.order === 'time' ? items.filter((i) => i.key !== NONE) : items.slice(0, MAX_BARS);
    const data = shown.map((item, index) => ({ ...item, index }));
    // The second number names what it counts ("333 plural forms"): the title alone did not say (the walk's D39).
    const text = (d: ChartItem) =>
      spec.parts ? `${number(d.rows)} · ${number(d.parts)} ${spec.parts}` : number(d.rows);
    const common = {
      ariaLabel: title,
      ariaDescription: description,
      style: { background: 'transparent', color: 'currentColor', fontSize: '12px', overflow: 'visible' },
    };
    const svg =
      spec.order === 'time'
        ? Plot.plot({
            ...common,
            width,
            height: 220,
            marginBottom: 48,
            x: {
              domain: data.map((d) => d.key),
              label: null,
              tickRotate: -45,
              // At most about one label per 28 px.
              ticks: data
                .filter((_, i) => i % Math.max(1, Math.ceil((28 * data.length) / width)) === 0)
                .map((d) => d.key),
            },
            y: { label: 'rows', grid: true },
            marks: [
              Plot.barY(data, { x: 'key', y: 'rows', ariaLabel: (d: ChartItem) => barLabel(spec, d) }),
              Plot.ruleY([0]),
            ],
          })
        : Plot.plot({
            ...common,
            width,
            height: 36 + 24 * data.length,
            marginLeft: 150,
            marginRight: spec.parts ? 170 : 90,
            x: { label: 'rows', grid: true },
            y: {
              domain: data.map((d) => d.key),
              label: null,
              tickFormat: (key: string) => {
                const label = data.find((d) => d.key === key)?.label ?? key;
                return label.length > 22 ? `${label.slice(0, 21)}…` : label;
              },
            },
            marks: [
              Plot.barX(data, { x: 'rows', y: 'key', ariaLabel: (d: ChartItem) => barLabel(spec, d) }),
              Plot.text(data, { x: 'rows', y: 'key', text, dx: 4, textAnchor: 'start' }),
              Plot.ruleX([0]),
            ],
          });
    // Axes, rules and labels repeat what the description and the table view say: hidden from assistive
    // technology. The bars form a group of buttons, one per item, in data order.
    svg.querySelectorAll('g[aria-label]').forEach((g) => {
      if (g.getAttribute('aria-label') === 'bar') {
        g.setAttribute('role', 'group');
        g.setAttribute('aria-label', 'Items (arrow keys move between them)');
      } else {
        g.removeAttribute('aria-label');
        g.setAttribute('aria-hidden', 'true');
      }
    });
    // One Tab stop per chart (roving tabindex, as in a toolbar): arrow keys, Home and End move between the
    // bars, Enter or Space drills down.
    const bars = [...svg.querySelectorAll<SVGRectElement>('g[role="group"] rect')].slice(0, data.length);
    const moveTo = (from: number, to: number) => {
      const next = bars[Math.max(0, Math.min(bars.length - 1, to))]!;
      bars[from]!.setAttribute('tabindex', '-1');
      next.setAttribute('tabindex', '0');
      next.focus();
    };
    bars.forEach((rect, i) => {
      const item = data[i]!;
      rect.setAttribute('tabindex', i === 0 ? '0' : '-1');
      rect.setAttribute('role', 'button');
      rect.setAttribute('data-key', domKey(item.key));
      rect.addEventListener('click', () => pickRef.current(item));
      rect.addEventListener('keydown', (e) => {
        const key = (e as KeyboardEvent).key;
        const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[key];
        if (key === 'Enter' || key === ' ') pickRef.current(item);
        else if (step) moveTo(i, i + step);
        else if (key === 'Home') moveTo(i, 0);
        else if (key === 'End') moveTo(i, bars.length - 1);
        else return;
        e.preventDefault();
      });
    });
    el.replaceChildren(svg);
    return () => svg.remove();
  }, [spec, items, title, description, width]);

  const undated = spec.order === 'time' ? items.find((i) => i.key === NONE) : undefined;
  const hidden = spec.order === 'time' ? 0 : Math.max(0, items.length - MAX_BARS);
  return (
    <>
      <div ref={host} className="insight-plot" />
      {hidden > 0 && <p className="results-muted">{number(hidden)} smaller items are in the table view.</p>}
      {undated && (
        <p className="results-muted">
          {number(undated.rows)} rows: {undated.label} (in the table view).
        </p>
      )}
    </>
  );
}

function ItemTable(props: {
  spec: ChartSpec;
  items: readonly ChartItem[];
  total: number;
  onPick: (item: ChartItem) => void;
}) {
  const { spec, items, total, onPick } = props;
  return (
    <table className="insight-table">
      <thead>
        <tr>
          <th scope="col">Item</th>
          <th scope="col">Rows</th>
          {spec.parts && <th scope="col">{spec.parts[0]!.toUpperCase() + spec.parts.slice(1)}</th>}
          <th scope="col">Share of rows</th>
          <th scope="col">Drill down</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.key} data-key={domKey(item.key)}>
            <th scope="row">{item.label}</th>
            <td>{number(item.rows)}</td>
            {spec.parts && <td>{number(item.parts)}</td>}
            <td>{percent(item.rows, total)}</td>
            <td>
              <button
                type="button"
                onClick={() => onPick(item)}
                title={item.drill.kind === 'clause' ? item.drill.clause : item.drill.reason}
              >
                {item.drill.kind === 'clause' ? 'Add to query' : 'Filter loaded rows'}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function ChartCard(props: {
  spec: ChartSpec;
  items: readonly ChartItem[];
  total: number;
  onPick: (item: ChartItem) => void;
}) {
  const { spec, items, total, onPick } = props;
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const titleId = useId();
  const descriptionId = useId();
  const figure = useRef<HTMLElement>(null);
  const title = chartTitle(spec);
  const description = describe(spec, items, total);
  const exportSvg = () => {
    const svg = figure.current?.querySelector<SVGSVGElement>('.insight-plot svg');
    if (svg) download(exportName(spec.id, 'svg'), standaloneSvg(svg), 'image/svg+xml');
  };
  return (
    <figure
      ref={figure}
      className="insight-card"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      data-testid={`insight-chart-${spec.id}`}
    >
      <figcaption className="insight-card-head">
        <h3 id={titleId}>{title}</h3>
        <span className="insight-card-actions">
          <button
            type="button"
            aria-pressed={view === 'table'}
            onClick={() => setView(view === 'chart' ? 'table' : 'chart')}
          >
            {view === 'chart' ? 'Table view' : 'Chart view'}
          </button>
          {view === 'chart' && (
            <button type="button" onClick={exportSvg} disabled={items.length === 0}>
              Export SVG
            </button>
          )}
        </span>
      </figcaption>
      <p id={descriptionId} className="visually-hidden">
        {description}
      </p>
      {items.length === 0 ? (
        <p className="results-muted">No rows.</p>
      ) : view === 'chart' ? (
        <PlotBars spec={spec} items={items} title={title} description={description} onPick={onPick} />
      ) : (
        <ItemTable spec={spec} items={items} total={total} onPick={onPick} />
      )}
    </figure>
  );
}
