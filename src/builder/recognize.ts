// Recognising editor filters in CroQL. Every exact filter expression is written once with sentinel values
// in its parameter slots and parsed; its "shape" (the tree with literals replaced by their kind) indexes a
// table. A node of a query matches when its shape is in the table, its constant literals agree, and the
// slots give the parameters. Approximations are never read back: they would claim more than the text says.
import { analyze, canonicalName } from '../croql/index.ts';
import type { Expr } from '../croql/index.ts';
import { FILTERS, filterToCroql, type FilterDef, type FilterParams, type ParamSpec } from './filters.ts';

export interface FilterMatch {
  filter: string;
  params: FilterParams;
  pinLanguage: string | null;
}

type Literal = { kind: 'number' | 'string' | 'datetime' | 'user' | 'language'; value: string };

/** A literal of a template: a parameter slot, or a constant the query must repeat. */
type TemplateLiteral =
  { slot: 'param'; key: string; index?: number } | { slot: 'pin' } | { slot: 'const'; literal: Literal };

interface Template {
  def: FilterDef;
  /** Parameters that are not read from literals (choices). */
  fixed: FilterParams;
  literals: TemplateLiteral[];
  pinned: boolean;
}

/** A tree serialised without positions or spellings; literals become `?kind` and are listed in order. */
export function shapeOf(e: Expr, literals: Literal[] = []): { shape: string; literals: Literal[] } {
  const walk = (x: Expr): string => {
    switch (x.kind) {
      case 'number':
        literals.push({ kind: 'number', value: x.raw });
        return '?n';
      case 'string':
        literals.push({ kind: 'string', value: x.value });
        return '?s';
      case 'datetime':
        literals.push({ kind: 'datetime', value: x.value });
        return '?d';
      case 'mention':
        literals.push({ kind: x.mentionKind, value: x.value });
        return x.mentionKind === 'user' ? '?u' : '?l';
      case 'identifier':
        return `#${canonical(x.name)}`;
      case 'negate':
        return `neg(${walk(x.operand)})`;
      case 'not':
        return `not(${walk(x.operand)})`;
      case 'arithmetic':
        return `${x.ops.join('')}(${x.operands.map(walk).join(',')})`;
      case 'logical':
        return `${x.op}(${x.operands.map(walk).join(',')})`;
      case 'comparison':
        return `${x.op}(${walk(x.left)},${walk(x.right)})`;
      case 'between':
        return `between(${walk(x.subject)},${walk(x.low)},${walk(x.high)})`;
      case 'member':
        return `of(${walk(x.member)},${walk(x.object)})`;
      case 'filter':
        return `${x.op}(${walk(x.subject)},${walk(x.predicate)})`;
      case 'if':
        return `if(${walk(x.condition)},${walk(x.then)},${walk(x.else)})`;
      case 'error':
        return `!error`;
    }
  };
  return { shape: walk(e), literals };
}

const canonicalCache = new Map<string, string>();
/** The schema's spelling of a name (`typeIsPlain` → `type is plain`), as the formatter compares them. */
function canonical(name: string): string {
  let c = canonicalCache.get(name);
  if (c === undefined) {
    c = canonicalName(name);
    if (canonicalCache.size < 10000) canonicalCache.set(name, c);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Templates

const MAX_LABELS = 8;
const SENTINEL_USER = '\u0001user:';
const SENTINEL_PIN = '\u0001pin';
const SENTINEL_NUMBER = 700000;
const SENTINEL_LABEL = 800000;
/** Datetime sentinels: the n-th datetime parameter is `19NN-01-01`. */
const sentinelDate = (n: number) => `19${String(10 + n).padStart(2, '0')}-01-01`;

/** Every non-empty ordered selection of `values`, each at most once. */
function orderedSelections(values: readonly string[]): string[][] {
  const out: string[][] = [];
  const grow = (prefix: string[]) => {
    for (const v of values) {
      if (prefix.includes(v)) continue;
      const next = [...prefix, v];
      out.push(next);
      grow(next);
    }
  };
  grow([]);
  return out;
}

/** Parameter assignments of a filter: choices enumerated, literals filled with sentinels. */
function assignments(params: readonly ParamSpec[]): { fixed: FilterParams; all: FilterParams }[] {
  let acc: { fixed: FilterParams; all: FilterParams }[] = [{ fixed: {}, all: {} }];
  let dates = 0;
  let numbers = 0;
  for (const spec of params) {
    let options: { fixed?: FilterParams[string]; value: FilterParams[string] }[];
    switch (spec.kind) {
      case 'datetime':
        options = [{ value: sentinelDate(dates++) }];
        break;
      case 'user':
        options = [{ value: SENTINEL_USER + spec.key }];
        break;
      case 'number':
        options = [{ value: String(SENTINEL_NUMBER + numbers++) }];
        break;
      case 'text':
        return [];
      case 'labels':
        options = Array.from({ length: MAX_LABELS }, (_, n) => ({
          value: Array.from({ length: n + 1 }, (_, i) => String(SENTINEL_LABEL + i)),
        }));
        break;
      case 'choice':
        options = spec.options.map((o) => ({ fixed: o.value, value: o.value }));
        break;
      case 'multiChoice':
        options = orderedSelections(spec.options.map((o) => o.value)).map((v) => ({ fixed: v, value: v }));
        break;
    }
    acc = acc.flatMap((a) =>
      options.map((o) => ({
        fixed: o.fixed === undefined ? a.fixed : { ...a.fixed, [spec.key]: o.fixed },
        all: { ...a.all, [spec.key]: o.value },
      })),
    );
  }
  return acc;
}

function templateLiteral(l: Literal, def: FilterDef, all: FilterParams): TemplateLiteral {
  if (l.kind === 'language' && l.value === SENTINEL_PIN) return { slot: 'pin' };
  if (l.kind === 'user' && l.value.startsWith(SENTINEL_USER))
    return { slot: 'param', key: l.value.slice(SENTINEL_USER.length) };
  if (l.kind === 'datetime') {
    const key = def.params.find((p) => p.kind === 'datetime' && all[p.key] === l.value)?.key;
    if (key) return { slot: 'param', key };
  }
  if (l.kind === 'number') {
    const n = Number(l.value);
    if (n >= SENTINEL_LABEL && n < SENTINEL_LABEL + MAX_LABELS) {
      const key = def.params.find((p) => p.kind === 'labels')!.key;
      return { slot: 'param', key, index: n - SENTINEL_LABEL };
    }
    if (n >= SENTINEL_NUMBER && n < SENTINEL_NUMBER + 10) {
      const key = def.params.find((p) => p.kind === 'number' && all[p.key] === l.value)?.key;
      if (key) return { slot: 'param', key };
    }
  }
  return { slot: 'const', literal: l };
}

let table: Map<string, Template[]> | null = null;
/** Shapes that more than one filter writes (the first in catalogue order wins); for the tests. */
export const sharedShapes: string[] = [];

function templates(): Map<string, Template[]> {
  if (table) return table;
  table = new Map();
  for (const def of FILTERS) {
    if (def.origin === 'none') continue;
    for (const { fixed, all } of assignments(def.params)) {
      for (const pinned of def.pinnable ? [false, true] : [false]) {
        const r = filterToCroql(def.id, all, pinned ? { pinLanguage: SENTINEL_PIN } : {});
        if (r.kind !== 'exact') continue;
        const { ast } = analyze(r.croql, 'strings');
        if (!ast) continue;
        const { shape, literals } = shapeOf(ast);
        const template = { def, fixed, literals: literals.map((l) => templateLiteral(l, def, all)), pinned };
        const same = table.get(shape);
        if (!same) table.set(shape, [template]);
        else {
          if (same.some((t) => sameConstants(t, template)))
            sharedShapes.push(`${same[0]!.def.id} / ${def.id}: ${r.croql}`);
          same.push(template);
        }
      }
    }
  }
  return table;
}

/** The editor filter `e` is written as, if any (checked by the caller against the formatter). */
export function matchFilter(e: Expr): FilterMatch | undefined {
  const { shape, literals } = shapeOf(e);
  for (const t of templates().get(shape) ?? []) {
    const m = fill(t, literals);
    if (m) return m;
  }
  return undefined;
}

/** Two templates of one shape that also agree on every constant: the text cannot tell them apart. */
function sameConstants(a: Template, b: Template): boolean {
  return a.literals.every((l, i) => {
    const o = b.literals[i]!;
    if (l.slot !== 'const' || o.slot !== 'const') return l.slot === o.slot;
    return l.literal.kind === o.literal.kind && l.literal.value === o.literal.value;
  });
}

function fill(t: Template, literals: Literal[]): FilterMatch | undefined {
  const params: FilterParams = { ...t.fixed };
  let pin: string | null = null;
  for (let i = 0; i < t.literals.length; i++) {
    const tl = t.literals[i]!;
    const l = literals[i]!;
    if (tl.slot === 'const') {
      if (tl.literal.kind !== l.kind || tl.literal.value !== l.value) return undefined;
    } else if (tl.slot === 'pin') {
      pin = l.value;
    } else if (tl.index !== undefined) {
      const list = (params[tl.key] as string[] | undefined) ?? [];
      list[tl.index] = l.value;
      params[tl.key] = list;
    } else {
      params[tl.key] = l.value;
    }
  }
  return { filter: t.def.id, params, pinLanguage: pin };
}
