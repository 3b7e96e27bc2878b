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
  let fn: Fn;
  if (nk === 0 && nr === 2) {
    const [a, b] = rest as [Fn, Fn];
    fn = decisive ? (o) => a(o) || b(o) : (o) => a(o) && b(o);
  } else if (nk === 0) {
    fn = (o) => {
      for (let i = 0; i < nr; i++) if (rest[i]!(o) === decisive) return decisive;
      return !decisive;
    };
  } else if (nr === 0) {
    fn = (o) => {
      for (let i = 0; i < nk; i++) if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
      return !decisive;
    };
  } else {
    fn = (o) => {
      for (let i = 0; i < nk; i++) if ((gets[i]!(o) === true) === (wants[i] === decisive)) return decisive;
      for (let i = 0; i < nr; i++) if (rest[i]!(o) === decisive) return decisive;
      return !decisive;
    };
  }
  return { fn, nullable: false, chain: { op, parts } };
}
