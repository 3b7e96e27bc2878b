// Reads a data file of any size. JSON.parse needs the whole file as one string, and V8 refuses strings past
// about 512 MiB (a Context JSON file of a few hundred thousand strings); this reads the file in chunks and
// parses each member of a top-level array (`strings`, `tms`, `glossaries`) on its own, so no string is
// larger than one member. It gives what JSON.parse of the whole file gives.
import { closeSync, openSync, readSync } from 'node:fs';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

export class JsonFileError extends Error {}

/** The bytes of a file, read forward in chunks; `take` hands out a finished range as text. */
class Bytes {
  private buffer = Buffer.alloc(0);
  /** File offset of buffer[0]. */
  private base = 0;
  private eof = false;

  constructor(
    private fd: number,
    private chunk: number,
  ) {}

  /** The byte at file offset `at`, or -1 past the end. */
  at(at: number): number {
    const i = at - this.base;
    return i < this.buffer.length ? this.buffer[i]! : this.beyond(at);
  }

  private beyond(at: number): number {
    while (at - this.base >= this.buffer.length) {
      if (this.eof) return -1;
      this.fill();
    }
    return this.buffer[at - this.base]!;
  }

  /** The offset just past the quote that closes the string whose text starts at `at`, or -1 if none. */
  stringEnd(at: number): number {
    for (;;) {
      const quote = this.buffer.indexOf(QUOTE, Math.max(0, at - this.base));
      if (quote < 0) {
        if (this.eof) return -1;
        this.fill();
        continue;
      }
      // Escaped when an odd number of backslashes stand before it.
      let slashes = 0;
      while (quote - slashes - 1 >= 0 && this.buffer[quote - slashes - 1] === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return this.base + quote + 1;
      at = this.base + quote + 1;
    }
  }

  take(from: number, to: number): string {
    return this.buffer.toString('utf8', from - this.base, to - this.base);
  }

  /** Drops the bytes before `offset`: they were handed out. */
  forget(offset: number): void {
    const drop = offset - this.base;
    if (drop > this.chunk) {
      this.buffer = this.buffer.subarray(drop);
      this.base = offset;
    }
  }

  private fill(): void {
    const next = Buffer.allocUnsafe(this.chunk);
    const read = readSync(this.fd, next, 0, this.chunk, this.base + this.buffer.length);
    if (read === 0) this.eof = true;
    else this.buffer = Buffer.concat([this.buffer, next.subarray(0, read)]);
  }
}

export function readJsonFile(path: string, chunkBytes = 16 * 1024 * 1024): unknown {
  const fd = openSync(path, 'r');
  try {
    return readTop(new Bytes(fd, chunkBytes));
  } finally {
    closeSync(fd);
  }
}

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function readTop(bytes: Bytes): unknown {
  let at = skipSpace(bytes, 0);
  if (at === 0 && bytes.at(0) === 0xef) at = skipSpace(bytes, 3); // a UTF-8 byte order mark
  if (bytes.at(at) !== OPEN_OBJECT) {
    // Not an object: parse it whole (the caller says what it should have been).
    const end = skipValue(bytes, at);
    return parse(bytes, at, end, 'the file');
  }
  const out: Record<string, unknown> = {};
  at = skipSpace(bytes, at + 1);
  if (bytes.at(at) === CLOSE_OBJECT) return out;
  for (;;) {
    const keyEnd = skipValue(bytes, at);
    const key = parse(bytes, at, keyEnd, 'a key') as string;
    at = skipSpace(bytes, keyEnd);
    if (bytes.at(at) !== COLON) throw syntax(`a ":" after "${key}"`, at);
    at = skipSpace(bytes, at + 1);
    if (bytes.at(at) === OPEN_ARRAY) {
      const list: unknown[] = [];
      at = skipSpace(bytes, at + 1);
      if (bytes.at(at) === CLOSE_ARRAY) at++;
      else {
        for (;;) {
          const end = skipValue(bytes, at);
          list.push(parse(bytes, at, end, `${key}[${list.length}]`));
          bytes.forget(end);
          at = skipSpace(bytes, end);
          const next = bytes.at(at++);
          if (next === CLOSE_ARRAY) break;
          if (next !== COMMA) throw syntax(`"," or "]" after ${key}[${list.length - 1}]`, at - 1);
          at = skipSpace(bytes, at);
        }
      }
      own(out, key, list);
    } else {
      const end = skipValue(bytes, at);
      own(out, key, parse(bytes, at, end, `"${key}"`));
      at = end;
    }
    at = skipSpace(bytes, at);
    const next = bytes.at(at++);
    if (next === CLOSE_OBJECT) break;
    if (next !== COMMA) throw syntax(`"," or "}" after "${key}"`, at - 1);
    at = skipSpace(bytes, at);
  }
  if (bytes.at(skipSpace(bytes, at)) !== -1) throw syntax('the end of the file', skipSpace(bytes, at));
  return out;
}

/** A property as JSON.parse makes it: own, even when it is named `__proto__`. */
function own(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function skipSpace(bytes: Bytes, at: number): number {
  while (isSpace(bytes.at(at))) at++;
  return at;
}

/** The offset just past the JSON value starting at `at` (strings and nesting followed; JSON.parse checks the rest). */
function skipValue(bytes: Bytes, at: number): number {
  let depth = 0;
  for (;;) {
    const byte = bytes.at(at);
    if (byte === -1) {
      if (depth > 0) throw syntax('the rest of the value', at);
      return at;
    }
    if (byte === QUOTE) {
      const end = bytes.stringEnd(at + 1);
      if (end < 0) throw syntax('the end of a string', at);
      at = end;
      if (depth === 0) return at;
      continue;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) depth++;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (depth === 0) return at;
      depth--;
      if (depth === 0) return at + 1;
    } else if (depth === 0 && (byte === COMMA || isSpace(byte))) return at;
    at++;
  }
}

function parse(bytes: Bytes, from: number, to: number, what: string): unknown {
  try {
    return JSON.parse(bytes.take(from, to));
  } catch (e) {
    throw new JsonFileError(
      `${what} (at byte ${from}) is not valid JSON: ${e instanceof Error ? e.message : e}`,
    );
  }
}

function syntax(expected: string, at: number): JsonFileError {
  return new JsonFileError(`Expected ${expected} at byte ${at}.`);
}
