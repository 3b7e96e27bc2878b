// Comparisons compiled to closures, specialised by what is known at compile time: a constant side, a field
// of the innermost scope read by key, a count that can stop early. Each closure evaluates each operand once.
import { toTime } from './datetime.ts';
import { ORDER, operator } from './operators.ts';
import {
  containsText,
  textOf,
  userIdOf,
  type CappedCount,
  type Compiled,
  type Domain,
  type Fn,
} from './compile-values.ts';
import type { ComparisonOp } from './types.ts';

/** `a op b` ≡ `b flipOf(op) a` (the operator table's flip). */
export function flipOf(op: ComparisonOp): ComparisonOp {
  return operator(op).flip ?? op;
}

export function cappedCompare(op: ComparisonOp, capped: CappedCount, k: number): Fn {
  // min(count, floor(k) + 1) decides every comparison with k exactly as the full count would.
  const cap = k < 0 ? 0 : Math.floor(k) + 1;
  switch (op) {
    case '=':
      return (o) => capped(o, cap) === k;
    case '!=':
      return (o) => capped(o, cap) !== k;
    case '>':
      return (o) => capped(o, cap) > k;
    case '>=':
      return (o) => capped(o, cap) >= k;
    case '<':
      return (o) => capped(o, cap) < k;
    case '<=':
      return (o) => capped(o, cap) <= k;
    case 'contains':
      return () => false;
  }
}

/** A comparison of two non-string-ish values (or strings with `norm` = plural text normalised). */
export function compareFn(op: ComparisonOp, l: Compiled, r: Compiled, norm: boolean): Fn {
  const rawL = l.fn,
    rawR = r.fn;
  const lf: Fn = norm && !l.constant ? (o) => textOf(rawL(o)) : rawL;
  const rf: Fn = norm && !r.constant ? (o) => textOf(rawR(o)) : rawR;
  if (r.constant && r.constant.value !== null && !l.nullable && !norm) {
    const c = r.constant.value;
    if (op !== 'contains') {
      const test = ORDER[op];
      switch (op) {
        case '=':
          return (o) => lf(o) === c;
        case '>':
          return (o) => lf(o) > (c as number);
        default:
          return (o) => test(lf(o), c as number);
      }
    }
  }
  if (r.constant && r.constant.value !== null) {
    const c = r.constant.value as number;
    switch (op) {
      case '=':
        return (o) => lf(o) === c;
      case '!=':
        return (o) => {
          const a = lf(o);
          return a !== null && a !== c;
        };
      case '>':
        return (o) => {
          const a = lf(o);
          return a !== null && a > c;
        };
      case '>=':
        return (o) => {
          const a = lf(o);
          return a !== null && a >= c;
        };
      case '<':
        return (o) => {
          const a = lf(o);
          return a !== null && a < c;
        };
      case '<=':
        return (o) => {
          const a = lf(o);
          return a !== null && a <= c;
        };
    }
  }
  if (l.constant && l.constant.value !== null && op !== 'contains') {
    return compareFn(flipOf(op), r, l, norm);
  }
  if (!l.nullable && !r.nullable && !norm) {
    // Two values that are never missing (counts, mostly): one plain comparison.
    switch (op) {
      case '=':
        return (o) => lf(o) === rf(o);
      case '!=':
        return (o) => lf(o) !== rf(o);
      case '>':
        return (o) => lf(o) > rf(o);
      case '>=':
        return (o) => lf(o) >= rf(o);
      case '<':
        return (o) => lf(o) < rf(o);
      case '<=':
        return (o) => lf(o) <= rf(o);
    }
  }
  const test = ORDER[op as Exclude<ComparisonOp, 'contains'>];
  return (o) => {
    const a = lf(o);
    if (a === null) return false;
    const b = rf(o);
    return b !== null && test(a, b);
  };
}

export function containsFn(l: Compiled, r: Compiled): Fn {
  const lf = l.fn;
  if (r.constant) {
    const needle = textOf(r.constant.value);
    if (needle === null) return () => false;
    const lower = needle.toLowerCase();
    const get = l.get;
    if (get !== undefined) return (o) => containsText(get(o), lower);
    return (o) => containsText(lf(o), lower);
  }
  const rf = r.fn;
  return (o) => {
    const hay = lf(o);
    if (hay === null) return false;
    const needle = textOf(rf(o));
    return needle !== null && containsText(hay, needle.toLowerCase());
  };
}

/** `field OP constant` on a field of the innermost scope, read by key without a reader closure. */
export function keyCompare(domain: Domain, op: ComparisonOp, get: Fn, c: unknown): Fn | null {
  if (domain === 'number' || domain === 'language') {
    const kind = domain === 'number' ? 'number' : 'string';
    switch (op) {
      case '=':
        return (o) => get(o) === c;
      case '!=':
        return (o) => {
          const v = get(o);
          return typeof v === kind && v !== c;
        };
      default:
        if (domain === 'language') return null;
        return orderedKeyCompare(op, get, c as number, (v) => (typeof v === 'number' ? v : null));
    }
  }
  if (domain === 'datetime') return orderedKeyCompare(op, get, c as number, toTime);
  if (domain === 'user') {
    if (op === '=') {
      return (o) => {
        const v = get(o);
        return v === c || (v !== null && typeof v === 'object' && (v as { id?: unknown }).id === c);
      };
    }
    if (op === '!=') {
      return (o) => {
        const v = userIdOf(get(o));
        return v !== null && v !== c;
      };
    }
    return null;
  }
  if (domain === 'string' && typeof c === 'string') {
    if (op === '=') {
      return (o) => {
        const v = get(o);
        return v === c || (v !== null && typeof v === 'object' && textOf(v) === c);
      };
    }
    if (op === '!=') {
      return (o) => {
        const v = textOf(get(o));
        return v !== null && v !== c;
      };
    }
  }
  return null;
}

function orderedKeyCompare(
  op: ComparisonOp,
  get: Fn,
  c: number,
  read: (v: unknown) => number | null,
): Fn | null {
  switch (op) {
    case '=':
      return (o) => read(get(o)) === c;
    case '!=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v !== c;
      };
    case '>':
      return (o) => {
        const v = read(get(o));
        return v !== null && v > c;
      };
    case '>=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v >= c;
      };
    case '<':
      return (o) => {
        const v = read(get(o));
        return v !== null && v < c;
      };
    case '<=':
      return (o) => {
        const v = read(get(o));
        return v !== null && v <= c;
      };
    default:
      return null;
  }
}

/** `count of X OP k` on a collection field: one closure, no intermediate count call. */
export function countCompare(op: ComparisonOp, get: Fn, k: number): Fn | null {
  switch (op) {
    case '>':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) > k;
      };
    case '>=':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) >= k;
      };
    case '=':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) === k;
      };
    case '<':
      return (o) => {
        const v = get(o);
        return (Array.isArray(v) ? v.length : 0) < k;
      };
    default:
      return null;
  }
}
