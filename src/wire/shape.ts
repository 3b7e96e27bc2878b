// JSON shapes: what a value read from the wire or from storage must look like before the app uses it, and
// the first thing that is wrong with one that does not, named by its place ("data[1].data.id: expected a
// number, found null"). Small on purpose: the answer checks run in the browser on every page, under a
// Content Security Policy that forbids the code generation of a full JSON Schema validator, and the stores'
// checks share them. `keepValid` is the rule for lists: keep what fits, and say what was dropped and why.
import { isRecord } from './json.ts';

/** What is wrong with a value: where, what was expected there, and what was found. */
export interface Problem {
  /** `data[1].data.id`; '' for the value itself. */
  path: string;
  expected: string;
  found: string;
}

export interface Shape<T> {
  /** What a value of this shape is, in words: "a number", "a list of numbers". */
  readonly expected: string;
  /** The first problem of `value` found at `path`, or null when it fits. */
  problem(value: unknown, path: string): Problem | null;
  /** The type a value that fits has (never set; for inference). */
  readonly type?: T;
}

export type ShapeType<S> = S extends Shape<infer T> ? T : never;

/** "data[1].data.id: expected a number, found null". */
export function problemText(problem: Problem, root = 'the value'): string {
  return `${problem.path || root}: expected ${problem.expected}, found ${problem.found}`;
}

/** A value in words, short: `null`, `the text "ab…"`, `the number 5`, `a list`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    return `the text ${JSON.stringify(value.length > 24 ? `${value.slice(0, 24)}…` : value)}`;
  }
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

const at = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

/**
 * `problem`, found by checking a part at the relative path '', moved to where that part is (`path`, `key`).
 * Containers check their parts at '' and name the place only when something is wrong: building
 * "data[317].data.identifier" for every field of every row cost as much as parsing the page (a Fetch all
 * of 20,000 strings, `npm run bench`). A relative path is '' (the part itself), `[i]…` or `key…`.
 */
function moved(problem: Problem, path: string, key: string | number): Problem {
  const place = at(path, key);
  const rest = problem.path;
  return { ...problem, path: rest === '' ? place : rest[0] === '[' ? place + rest : `${place}.${rest}` };
}

function leaf<T>(expected: string, fits: (value: unknown) => boolean): Shape<T> {
  return {
    expected,
    problem: (value, path) => (fits(value) ? null : { path, expected, found: describeValue(value) }),
  };
}

export const string: Shape<string> = leaf('text', (v) => typeof v === 'string');
export const number: Shape<number> = leaf('a number', (v) => typeof v === 'number' && Number.isFinite(v));
export const boolean: Shape<boolean> = leaf('true or false', (v) => typeof v === 'boolean');
/** Any JSON object, whatever it holds. */
export const anyObject: Shape<Record<string, unknown>> = leaf('an object', isRecord);
/** Anything at all (a field the app only shows as it came). */
export const anything: Shape<unknown> = leaf('anything', () => true);

export function literal<const V extends string | number>(...values: V[]): Shape<V> {
  const words = values.map((v) => JSON.stringify(v));
  const expected = words.length === 1 ? words[0]! : `one of ${words.join(', ')}`;
  return leaf(expected, (v) => (values as unknown[]).includes(v));
}

export function nullable<T>(shape: Shape<T>): Shape<T | null> {
  const expected = `${shape.expected} or null`;
  return {
    expected,
    problem: (value, path) => {
      if (value === null) return null;
      const problem = shape.problem(value, path);
      return problem && problem.path === path ? { ...problem, expected } : problem;
    },
  };
}

/** One of several shapes; a problem inside the one that matches by JSON type is named where it is. */
export function anyOf<T extends unknown[]>(...shapes: { [K in keyof T]: Shape<T[K]> }): Shape<T[number]> {
  const expected = shapes.map((s) => s.expected).join(' or ');
  return {
    expected,
    problem: (value, path) => {
      let deepest: Problem | null = null;
      for (const shape of shapes) {
        const problem = shape.problem(value, path);
        if (!problem) return null;
        if (problem.path !== path) deepest ??= problem;
      }
      return deepest ?? { path, expected, found: describeValue(value) };
    },
  };
}

export function arrayOf<T>(item: Shape<T>): Shape<T[]> {
  const expected = `a list of ${item.expected}`;
  return {
    expected,
    problem: (value, path) => {
      if (!Array.isArray(value)) return { path, expected, found: describeValue(value) };
      for (let i = 0; i < value.length; i++) {
        const problem = item.problem(value[i], '');
        if (problem) return moved(problem, path, i);
      }
      return null;
    },
  };
}

export function recordOf<T>(item: Shape<T>): Shape<Record<string, T>> {
  const expected = `an object of ${item.expected}`;
  return {
    expected,
    problem: (value, path) => {
      if (!isRecord(value)) return { path, expected, found: describeValue(value) };
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue;
        const problem = item.problem(value[key], '');
        if (problem) return moved(problem, path, key);
      }
      return null;
    },
  };
}

/**
 * An object whose listed fields have their shapes. A field in `required` must be there; any other listed
 * field is checked when present (a page may leave one out); fields not listed pass as they are (the
 * service may add some). `fields` is keyed by the type's own names, so a renamed field does not compile.
 */
export function object<T extends object>(
  expected: string,
  fields: { [K in keyof T]?: Shape<unknown> },
  required: readonly (keyof T & string)[] = [],
): Shape<T> {
  const keys = Object.keys(fields);
  const shapes = keys.map((key) => (fields as Record<string, Shape<unknown>>)[key]!);
  return {
    expected,
    problem: (value, path) => {
      if (!isRecord(value)) return { path, expected, found: describeValue(value) };
      for (const key of required) {
        if (value[key] === undefined)
          return { path: at(path, key), expected: fieldExpected(fields, key), found: 'nothing' };
      }
      for (let i = 0; i < keys.length; i++) {
        const field = value[keys[i]!];
        if (field === undefined) continue;
        const problem = shapes[i]!.problem(field, '');
        if (problem) return moved(problem, path, keys[i]!);
      }
      return null;
    },
  };
}

function fieldExpected(fields: Record<string, Shape<unknown> | undefined>, key: string): string {
  return fields[key]?.expected ?? 'a value';
}

/** Whether `value` fits `shape` (a type guard). */
export function fits<T>(shape: Shape<T>, value: unknown): value is T {
  return shape.problem(value, '') === null;
}

/** A problem, said of one item of a list that was dropped. */
export interface Dropped {
  index: number;
  problem: Problem;
}

/**
 * The items of `list` that fit `shape`, in order, and the ones that do not with their first problem. Not a
 * list at all: nothing kept, and the problem is the list's (index -1).
 */
export function keepValid<T>(list: unknown, shape: Shape<T>, path = ''): { kept: T[]; dropped: Dropped[] } {
  if (!Array.isArray(list)) {
    return {
      kept: [],
      dropped: [{ index: -1, problem: { path, expected: 'a list', found: describeValue(list) } }],
    };
  }
  const kept: T[] = [];
  const dropped: Dropped[] = [];
  list.forEach((item, index) => {
    const problem = shape.problem(item, '');
    if (problem) dropped.push({ index, problem: moved(problem, path, index) });
    else kept.push(item as T);
  });
  return { kept, dropped };
}
