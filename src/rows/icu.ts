// ICU MessageFormat, read once: one scanner splits a message into its literal text and its syntax
// (arguments, their types and styles, plural/select keys, `#`). The table and the details panel highlight
// by it; Insight counts the words of the literal text by it (src/insight/words.ts). Pure, no allocation per
// character: it runs over every loaded row.
//
// Apostrophe quoting follows ICU: `''` is one apostrophe, and `'` before a syntax character (`{`, `}`, `#`,
// `|`) starts a quoted literal that runs to the next `'`. A message that does not parse (an unclosed brace)
// is still covered to its end: what follows the break reads as argument syntax.

export type IcuSpanKind =
  /** Literal text: what a translator writes. */
  | 'text'
  /** An argument's name: `count` in `{count, plural, …}`. */
  | 'argument'
  /** An argument's type or style: `plural`, `select`, `number`, `offset:1`, `::currency/EUR`. */
  | 'keyword'
  /** A plural or select key: `one`, `other`, `=0`, `male`. */
  | 'selector'
  /** `#` inside a plural case: the number. */
  | 'pound'
  /** Braces, commas and the white space between syntax. */
  | 'syntax';

/**
 * Calls `emit` for each span of `message`, in order; the spans cover the message exactly. For a text span
 * with quoting, `literal` is its text as ICU reads it (quotes resolved); otherwise the source slice is it.
 */
export function scanIcu(
  message: string,
  emit: (kind: IcuSpanKind, from: number, to: number, literal?: string) => void,
): void {
  const n = message.length;
  let i = 0;

  /** Literal text up to the `}` that closes the current message (depth > 0) or the end. */
  function text(depth: number): void {
    let start = i;
    let literal: string | null = null;
    const flush = () => {
      if (i > start) emit('text', start, i, literal ?? undefined);
      literal = null;
    };
    while (i < n) {
      const c = message.charCodeAt(i);
      if (c === 39 /* ' */) {
        literal ??= message.slice(start, i);
        if (message.charCodeAt(i + 1) === 39) {
          literal += "'";
          i += 2;
        } else if (i + 1 < n && '{}#|'.includes(message[i + 1]!)) {
          const end = message.indexOf("'", i + 1);
          const stop = end < 0 ? n : end;
          literal += message.slice(i + 1, stop);
          i = Math.min(n, stop + 1);
        } else {
          literal += "'";
          i++;
        }
      } else if (c === 123 /* { */) {
        flush();
        emit('syntax', i, i + 1);
        i++;
        argument(depth + 1);
        start = i;
      } else if (c === 125 /* } */ && depth > 0) {
        break;
      } else if (c === 35 /* # */ && depth > 0) {
        flush();
        emit('pound', i, i + 1);
        i++;
        start = i;
      } else {
        if (literal !== null) literal += message[i];
        i++;
      }
    }
    flush();
  }

  /** Inside `{ … }`: name, type, then a style or the cases, each case a key and a nested message. */
  function argument(depth: number): void {
    let part = 0;
    let type = '';
    /** Past the type's comma of a plural or select: the cases, where a comma is no separator. */
    let cases = false;
    while (i < n) {
      const c = message.charCodeAt(i);
      if (c === 125 /* } */) {
        emit('syntax', i, i + 1);
        i++;
        return;
      }
      if (c === 123 /* { */) {
        emit('syntax', i, i + 1);
        i++;
        text(depth);
        if (message.charCodeAt(i) === 125) {
          emit('syntax', i, i + 1);
          i++;
        }
        continue;
      }
      if (c === 44 /* , */ && !cases) {
        emit('syntax', i, i + 1);
        i++;
        part++;
        cases = part >= 2 && CASE_TYPES.has(type);
        continue;
      }
      if (isSpace(c)) {
        const from = i;
        while (i < n && isSpace(message.charCodeAt(i))) i++;
        emit('syntax', from, i);
        continue;
      }
      // A word: runs to white space, a comma (outside the cases), or a brace.
      const from = i;
      while (i < n) {
        const d = message.charCodeAt(i);
        if (d === 123 || d === 125 || isSpace(d) || (d === 44 && !cases)) break;
        i++;
      }
      const word = message.slice(from, i);
      if (part === 0) emit('argument', from, i);
      else if (part === 1) {
        emit('keyword', from, i);
        type = word;
      } else emit(cases && !word.startsWith('offset:') ? 'selector' : 'keyword', from, i);
    }
  }

  text(0);
}

/** Argument types whose last part is a list of cases (`key {message}`). */
const CASE_TYPES = new Set(['plural', 'select', 'selectordinal']);

const isSpace = (c: number) => c === 32 || (c >= 9 && c <= 13) || c === 0xa0;

/** The literal text of an ICU message, as the pieces between its arguments and `#` placeholders. */
export function icuLiteralText(message: string): string[] {
  const out: string[] = [];
  let piece = '';
  scanIcu(message, (kind, from, to, literal) => {
    if (kind === 'text') piece += literal ?? message.slice(from, to);
    else if (piece !== '') {
      out.push(piece);
      piece = '';
    }
  });
  if (piece !== '') out.push(piece);
  return out;
}

export interface IcuToken {
  kind: IcuSpanKind;
  /** The characters as the message has them (quotes kept). */
  text: string;
}

/** The message as tokens to show, neighbouring syntax merged: `{`, `count`, `, `, `plural`, … */
export function icuTokens(message: string): IcuToken[] {
  const out: IcuToken[] = [];
  scanIcu(message, (kind, from, to) => {
    const last = out.at(-1);
    if (last && last.kind === kind && (kind === 'syntax' || kind === 'text'))
      last.text += message.slice(from, to);
    else out.push({ kind, text: message.slice(from, to) });
  });
  return out;
}
