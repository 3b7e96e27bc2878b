// `and`, `or`, `xor` and `not` compiled to closures, in three-valued logic (null is "unknown", README.md
// "Missing values"). Chains of one operator over operands that are never null become one closure that
// tests boolean fields inline. Every operand is evaluated at most once per object.
import type { Compiled, Fn } from './compile-values.ts';
import type { LogicalOp } from './types.ts';

/** `a op b op …` over compiled boolean operands (left to right, stopping as soon as the result is known). */
export function logic(op: LogicalOp, operands: readonly Compiled[]): Compiled {
  if (operands.every((c) => !c.nullable)) {
    if (op === 'and' || op === 'or') return chainOf(op, operands);
    const fns = operands.map((c) => c.fn);
    if (fns.length === 2) {
      const [a, b] = fns as [Fn, Fn];
      return { fn: (o) => a(o) !== b(o), nullable: false };
    }
    return {
      fn: (o) => {
        let v = false;
        for (let i = 0; i < fns.length; i++) v = v !== fns[i]!(o);
        return v;
      },
      nullable: false,
    };
  }
  const fns = operands.map((c) => c.fn);
  if (op === 'xor') {
    return {
      fn: (o) => {
        let v = false;
        for (let i = 0; i < fns.length; i++) {
          const x = fns[i]!(o);
          if (x === null) return null;
          v = v !== x;
        }
        return v;
      },
      nullable: true,
    };
  }
  // and: false decides; or: true decides. Otherwise a null operand makes the result null.
  const decisive = op === 'or';
  if (fns.length === 2) {
    const [a, b] = fns as [Fn, Fn];
    return {
      fn: (o) => {
        const x = a(o);
        if (x === decisive) return decisive;
        const y = b(o);
        if (y === decisive) return decisive;
        return x === null || y === null ? null : !decisive;
      },
      nullable: true,
    };
  }
  return {
    fn: (o) => {
      let unknown = false;
      for (let i = 0; i < fns.length; i++) {
        const x = fns[i]!(o);
        if (x === decisive) return decisive;
        if (x === null) unknown = true;
      }
      return unknown ? null : !decisive;
    },
    nullable: true,
  };
}

/** `not x`: null stays null. */
export function not(x: Compiled): Compiled {
  const f = x.fn;
  if (x.boolTest) {
    const { get, want } = x.boolTest;
    return {
      fn: want ? (o) => get(o) !== true : (o) => get(o) === true,
      nullable: false,
      boolTest: { get, want: !want },
    };
  }
  if (x.constant)
    return { fn: () => (x.constant!.value === null ? null : !x.constant!.value), nullable: x.nullable };
  return x.nullable
    ? {
        fn: (o) => {
          const v = f(o);
          return v === null ? null : !v;
        },
        nullable: true,
      }
    : { fn: (o) => !f(o), nullable: false };
}

/** Flattens `a and b and c` (all non-null) into one closure that tests boolean fields inline first. */
function chainOf(op: 'and' | 'or', operands: readonly Compiled[]): Compiled {
  const parts = operands.flatMap((c) => (c.chain && c.chain.op === op ? c.chain.parts : [c]));
  const tests = parts.filter((p) => p.boolTest).map((p) => p.boolTest!);
  const rest = parts.filter((p) => !p.boolTest).map((p) => p.fn);
  const gets = tests.map((t) => t.get);
  const wants = tests.map((t) => t.want);
  const nk = gets.length,
    nr = rest.length;
  // and: fails on the first false part; or: succeeds on the first true part.
  const decisive = op === 'or';
  const fn =
    (decisive
      ? null
      : fusedAnd(
          tests,
          parts.filter((p) => !p.boolTest),
        )) ??
    (decisive ? smallOr(gets, wants, rest) : smallAnd(gets, wants, rest)) ??
    loop();
  function loop(): Fn {
    if (nr === 0) {
      return (o) => {
        for (let i = 0; i < nk; i++) if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
        return !decisive;
      };
    }
    return (o) => {
      for (let i = 0; i < nk; i++) if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
      for (let i = 0; i < nr; i++) if (rest[i]!(o) === decisive) return decisive;
      return !decisive;
    };
  }
  return { fn, nullable: false, chain: { op, parts } };
}

/** The short `and` chains queries are made of, as one expression each (no loop): up to two boolean fields
 * tested inline, then up to two other conditions. */
function smallAnd(gets: Fn[], wants: boolean[], rest: Fn[]): Fn | null {
  const [g0, g1] = gets;
  const [w0, w1] = wants;
  const [r0, r1] = rest;
  switch (`${gets.length}${rest.length}`) {
    case '02':
      return (o) => r0!(o) && r1!(o);
    case '10':
      return w0 ? (o) => g0!(o) === true : (o) => g0!(o) !== true;
    case '11':
      return w0 ? (o) => g0!(o) === true && r0!(o) : (o) => g0!(o) !== true && r0!(o);
    case '12':
      return w0 ? (o) => g0!(o) === true && r0!(o) && r1!(o) : (o) => g0!(o) !== true && r0!(o) && r1!(o);
    case '20':
      return (o) => (g0!(o) === true) === w0 && (g1!(o) === true) === w1;
    case '21':
      if (w0 && !w1) return (o) => g0!(o) === true && g1!(o) !== true && r0!(o);
      return (o) => (g0!(o) === true) === w0 && (g1!(o) === true) === w1 && r0!(o);
    default:
      return null;
  }
}

/** Likewise for `or`. */
function smallOr(gets: Fn[], wants: boolean[], rest: Fn[]): Fn | null {
  const [g0, g1] = gets;
  const [w0, w1] = wants;
  const [r0, r1] = rest;
  switch (`${gets.length}${rest.length}`) {
    case '02':
      return (o) => r0!(o) || r1!(o);
    case '11':
      return (o) => (g0!(o) === true) === w0 || r0!(o);
    case '20':
      return (o) => (g0!(o) === true) === w0 || (g1!(o) === true) === w1;
    case '21':
      return (o) => (g0!(o) === true) === w0 || (g1!(o) === true) === w1 || r0!(o);
    default:
      return null;
  }
}

/** `a and not b and count of X > k` (two boolean fields and a count): one expression, no call per part. */
function fusedAnd(tests: { get: Fn; want: boolean }[], others: Compiled[]): Fn | null {
  if (tests.length === 0 && others.length === 2) return someAndEvery(others[0]!, others[1]!);
  if (tests.length !== 2 || others.length !== 1 || !others[0]!.countAbove) return null;
  const [{ get: g0, want: w0 }, { get: g1, want: w1 }] = tests as [
    { get: Fn; want: boolean },
    { get: Fn; want: boolean },
  ];
  const { get, k } = others[0]!.countAbove;
  return (o) => {
    if ((g0(o) === true) !== w0 || (g1(o) === true) !== w1) return false;
    const v = get(o);
    return (Array.isArray(v) ? v.length : 0) > k;
  };
}

/** `count of X > k and count of X = count of X where (P)` ("only X that P"): one pass over X. */
function someAndEvery(a: Compiled, b: Compiled): Fn | null {
  const above = a.countAbove ?? b.countAbove;
  const every = a.every ?? b.every;
  if (!above || !every || above.get !== every.get) return null;
  const { get, pred } = every;
  const k = above.k;
  return (o) => {
    const items = get(o);
    if (!Array.isArray(items) || !(items.length > k)) return false;
    for (let i = 0; i < items.length; i++) if (pred(items[i]) !== true) return false;
    return true;
  };
}
