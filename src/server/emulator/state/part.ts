// The one interface through which each part of the emulator's state (the OAuth store, the apps host's
// stores, the data the API changed) is saved and restored, so the state file's layout is described once:
// here and in format.ts. A part saves plain JSON values and restores in two steps, checking first and
// committing after, so a snapshot that is wrong anywhere changes nothing.

export interface StatePart {
  /** Its key in the file's `parts`. */
  readonly key: string;
  /**
   * What the part holds now, as JSON values the part no longer mutates (fresh arrays of records that are
   * never changed in place): the file is written a chunk at a time while the emulator keeps serving.
   * Lists are arrays, so the writer can write them an item at a time.
   */
  save(): unknown;
  /**
   * Checks `value` (what `save` gave, from a file of the current version) and returns what puts it in
   * place, replacing everything the part holds now. Throws a StateShapeError naming what is wrong; what
   * fits this emulator only in part (a string its data lacks) is left out and told to `warn`. `undefined`
   * (a file without this part) restores an empty part.
   */
  restore(value: unknown, warn: (message: string) => void): () => void;
}

/** A part of a state file that is not what the part writes: `at` is its path in the file. */
export class StateShapeError extends Error {
  constructor(
    readonly at: string,
    message: string,
  ) {
    super(`${at}: ${message}`);
  }
}

/** Reads a part's JSON value with messages that name where the file is wrong. */
export class Reader {
  constructor(
    readonly value: unknown,
    readonly at: string,
  ) {}

  private fail(expected: string): never {
    const got = this.value === null ? 'null' : Array.isArray(this.value) ? 'a list' : typeof this.value;
    throw new StateShapeError(this.at, `expected ${expected}, found ${got}`);
  }

  get(key: string): Reader {
    const o = this.object();
    return new Reader(o[key], `${this.at}.${key}`);
  }

  object(): Record<string, unknown> {
    const v = this.value;
    if (!v || typeof v !== 'object' || Array.isArray(v)) this.fail('an object');
    return v as Record<string, unknown>;
  }

  /** The list's items as readers (an absent list is empty when `optional`). */
  list(optional = false): Reader[] {
    if (optional && this.value === undefined) return [];
    if (!Array.isArray(this.value)) this.fail('a list');
    return (this.value as unknown[]).map((v, i) => new Reader(v, `${this.at}[${i}]`));
  }

  /** A list of exactly `length` items (a record saved as a tuple). */
  tuple(length: number): Reader[] {
    const items = this.list();
    if (items.length !== length) this.fail(`a list of ${length} items`);
    return items;
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail('a string');
    return this.value as string;
  }

  stringOrNull(): string | null {
    return this.value === null || this.value === undefined ? null : this.string();
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) this.fail('a number');
    return this.value as number;
  }

  int(): number {
    const n = this.number();
    if (!Number.isSafeInteger(n)) this.fail('an integer');
    return n;
  }

  numberOrNull(): number | null {
    return this.value === null || this.value === undefined ? null : this.number();
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('true or false');
    return this.value as boolean;
  }

  oneOf<T extends string>(values: readonly T[]): T {
    const s = this.string();
    if (!(values as readonly string[]).includes(s)) this.fail(`one of ${values.join(', ')}`);
    return s as T;
  }

  strings(): string[] {
    return this.list().map((r) => r.string());
  }

  /** Any JSON value, as it is (a manifest, an event, settings: checked where they are used). */
  json<T = unknown>(): T {
    return this.value as T;
  }
}
