// The evaluator's values: how a field is read from a Context JSON object, with the defaults of README.md
// ("Missing values"): a missing boolean is false, a missing collection is empty, anything else is null.
// Values at run time: number | string | plural text (object) | boolean | epoch ms (datetime) | object |
// array | null.
import { toTime } from './datetime.ts';
import { readerForKey } from './readers.ts';
import type { FieldDef } from './types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- context objects are untyped JSON */
export type Fn = (o: any) => any;

export const EMPTY: readonly unknown[] = Object.freeze([]);

/** Plural source text `{one, other, …}`: `=`, `!=` and ordering see the `other` form (else the first form). */
export function textOf(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (v === null || typeof v !== 'object') return null;
  const forms = v as Record<string, unknown>;
  if (typeof forms.other === 'string') return forms.other;
  for (const k in forms) if (typeof forms[k] === 'string') return forms[k];
  return null;
}

/** `contains` on plural text matches when any form contains the needle. */
function anyFormContains(v: unknown, needleLower: string): boolean {
  if (v === null || typeof v !== 'object') return false;
  const forms = v as Record<string, unknown>;
  for (const k in forms) {
    const form = forms[k];
    if (typeof form === 'string' && form.toLowerCase().includes(needleLower)) return true;
  }
  return false;
}

export function containsText(hay: unknown, needleLower: string): boolean {
  return typeof hay === 'string'
    ? hay.toLowerCase().includes(needleLower)
    : anyFormContains(hay, needleLower);
}

/** A user field holds an id, or an object with one. */
export function userIdOf(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (v !== null && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'number') {
    return (v as { id: number }).id;
  }
  return null;
}

/** How a field is read from an object of its owner type, with the defaults. */
export function readerOf(field: FieldDef): Fn {
  const get = readerForKey(field.key);
  const t = field.type;
  if (t.kind === 'collection') {
    return (x) => {
      const v = get(x);
      return Array.isArray(v) ? v : EMPTY;
    };
  }
  if (t.kind === 'object') {
    return (x) => {
      const v = get(x);
      return v !== null && typeof v === 'object' ? v : null;
    };
  }
  switch (t.type) {
    case 'boolean':
      return (x) => get(x) === true;
    case 'integer':
    case 'float':
      return (x) => {
        const v = get(x);
        return typeof v === 'number' ? v : null;
      };
    case 'string':
      return (x) => {
        const v = get(x);
        return typeof v === 'string' || (v !== null && typeof v === 'object') ? v : null;
      };
    case 'language':
      return (x) => {
        const v = get(x);
        return typeof v === 'string' ? v : null;
      };
    case 'datetime':
      return (x) => toTime(get(x));
    case 'user':
      return (x) => {
        const v = get(x);
        return typeof v === 'number' ? v : userIdOf(v);
      };
  }
}

/** The value of a field of a missing object (`id of file` for a string without a file). */
export function missingValue(field: FieldDef): unknown {
  if (field.type.kind === 'collection') return EMPTY;
  if (field.type.kind === 'scalar' && field.type.type === 'boolean') return false;
  return null;
}

/** Whether a field's value can be null (booleans default to false, collections to empty). */
export function nullableField(field: FieldDef): boolean {
  return field.type.kind === 'scalar' && field.type.type !== 'boolean';
}

// ---------------------------------------------------------------------------------------------------------
// A compiled expression, as the compiler passes it between its parts.

/** `count of X where (P)` that stops as soon as it reaches `cap`. */
export type CappedCount = (o: any, cap: number) => number;

export interface Compiled {
  fn: Fn;
  /** false when the value can never be null (boolean fields, comparisons, counts). */
  nullable: boolean;
  constant?: { value: unknown };
  capped?: CappedCount;
  /** A field of the innermost scope object, read straight by key (enables the fused fast paths). */
  get?: Fn;
  /** `field` / `not field` on a boolean field of the innermost scope: `and`/`or` test these inline. */
  boolTest?: { get: Fn; want: boolean };
  /** Operands of a flattened chain of one non-null `and`/`or`. */
  chain?: { op: 'and' | 'or'; parts: Compiled[] };
  /** `count of X` for a collection field X of the innermost scope: its raw getter. */
  countGet?: Fn;
  /** `count of X where (P)` for such a field: its getter and P (so `count of X = count of X where (P)`
   * can test every element instead of counting twice). */
  countWhere?: { get: Fn; pred: Fn };
  /** `count of X > k` on such a field: `and`/`or` chains test it inline, like boolean fields. */
  countAbove?: { get: Fn; k: number };
  /** `count of X = count of X where (P)`: every element of X satisfies P. */
  every?: { get: Fn; pred: Fn };
}

export function constant(value: unknown): Compiled {
  return { fn: () => value, nullable: value === null, constant: { value } };
}

/** What two compared values are: decides how they compare. */
export type Domain = 'number' | 'datetime' | 'string' | 'boolean' | 'user' | 'language';
