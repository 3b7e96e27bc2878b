// CroQL in Python: the string literal given as `croql=` (a keyword argument of the official Python client,
// `client.source_strings.list_strings(projectId=1, croql="…")`, or a variable of that name) or as a
// `"croql":` entry (the query parameters of a plain HTTP call). The literal is read as Python reads it: its
// prefix (`r` keeps backslashes, `f` reads `{{` as `{`), its escapes, its line breaks, and literals written
// side by side, which Python joins into one string. A literal Python builds at run time (an f-string with a
// `{…}` field) or one this file cannot name the characters of (`\N{…}`, an escape Python refuses) is left
// alone. The listing is the one whose client method (src/wire/listings.ts, `pythonMethod`) the argument is
// passed to, else the one whose API path the call it is in names (a URL being built), else strings.
import { LISTINGS, LISTING_NAMES, type ListingName } from '../wire/listings.ts';
import { listingOfOpenCall } from './host-js.ts';
import { lastListingPath } from './host-url.ts';
import { MappedText, regionsOf, type Region } from './region.ts';

const METHODS = new Map(
  LISTING_NAMES.flatMap((name) => {
    const method = LISTINGS[name].pythonMethod;
    return method ? [[method, name] as const] : [];
  }),
);
const CALL = new RegExp(`\\.(${[...METHODS.keys()].join('|')})\\s*\\(`, 'g');
/** `croql=` (not `==`) or a `'croql':` key, then an opening bracket or not, then a str literal's prefix. */
const ARGUMENT =
  /(?:\bcroql[ \t]*=(?!=)|(['"])croql\1[ \t]*:)\s*(\(\s*)?(?=(?:[rR][fF]?|[fF][rR]?|[uU])?['"])/g;
/** What may stand between literals written side by side: on one line, or anywhere inside brackets. */
const GAP_ON_LINE = /(?:[ \t\f]|\\\r?\n)*/y;
const GAP_IN_BRACKETS = /(?:[ \t\f\r\n]|\\\r?\n|#[^\r\n]*)*/y;
/** How far back the text is read for the call or the URL a query belongs to. */
const CONTEXT_WINDOW = 4000;

const SIMPLE: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** One literal of a query written as several side by side (or the only one). */
interface Piece {
  /** Host offsets: the prefix's start, the content's start and end, and past the closing quote. */
  from: number;
  open: number;
  close: number;
  to: number;
  quote: string;
  raw: boolean;
  format: boolean;
  /** The query offsets of its characters: [start, end). */
  start: number;
  end: number;
}

interface Reading {
  text: string;
  map: number[];
  ends: number[];
  cutLength?: number;
  pieces: Piece[];
  /** Whether its last literal is closed (one being typed may not be yet). */
  closed: boolean;
  /** Host offset past its last literal. */
  to: number;
}

type HostEdit = { from: number; to: number; text: string };

/** Nothing Python would read as text: built at run time, or an escape it refuses or this file cannot name. */
const UNREAD = null;

/**
 * The str literal starting at `at`, if one does: its prefix's letters (`r`, `f`, `rf`, `u`, in any case)
 * and its quote. A bytes literal is not a query. Read by hand: 250,000 literals side by side are 1 MB.
 */
function literalAt(text: string, at: number): Pick<Piece, 'raw' | 'format' | 'open' | 'quote'> | null {
  let i = at;
  let raw = false;
  let format = false;
  let unicode = false;
  for (; i < at + 3 && i < text.length; i++) {
    const c = text.charCodeAt(i) | 0x20; // lower case
    if (c === 0x72 && !raw && !unicode) raw = true;
    else if (c === 0x66 && !format && !unicode) format = true;
    else if (c === 0x75 && i === at) unicode = true;
    else break;
  }
  const q = text[i];
  if (q !== "'" && q !== '"') return null;
  const quote = text.startsWith(q + q + q, i) ? q + q + q : q;
  return { raw, format, open: i + quote.length, quote };
}

/** Reads the literal at `at` into `out`; the piece, or UNREAD. `closed` is false for an unterminated one. */
function readLiteral(text: string, at: number, out: MappedText): (Piece & { closed: boolean }) | null {
  const literal = literalAt(text, at);
  if (!literal) return UNREAD;
  const { raw, format, open, quote } = literal;
  const triple = quote.length === 3;
  const start = out.length;
  let i = open;
  /** Where the content ends: at the closing quote, or unterminated at the line's (or the text's) end. */
  let close = text.length;
  let closed = false;
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith(quote, i)) {
      [close, closed] = [i, true];
      break;
    }
    if (c === '\n' || c === '\r') {
      // Unterminated on its line: read up to the line's end, as Python shows the error there.
      if (!triple) {
        close = i;
        break;
      }
      // Python reads a source line break as \n whatever the file's line endings.
      const to = c === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
      out.push('\n', i, to);
      i = to;
      continue;
    }
    if (c === '\0') return UNREAD; // Python refuses a source with a NUL in it
    if (format && (c === '{' || c === '}')) {
      if (text[i + 1] !== c) return UNREAD; // a field (or a lone `}`, which Python refuses)
      out.push(c, i, i + 2);
      i += 2;
      continue;
    }
    if (c !== '\\') {
      out.push(c, i, i + 1);
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) break;
    if (e === '\0') return UNREAD;
    if (raw) {
      // The backslash stays, and the character after it is text whatever it is (a quote, a backslash, a
      // line break), but for a brace of an f-string, which is still read as one.
      out.push('\\', i, i + 1);
      if (format && (e === '{' || e === '}')) i++;
      else if (e === '\r' || e === '\n') {
        const to = e === '\r' && text[i + 2] === '\n' ? i + 3 : i + 2;
        out.push('\n', i + 1, to);
        i = to;
      } else {
        out.push(e, i + 1, i + 2);
        i += 2;
      }
      continue;
    }
    if (e === '\n' || e === '\r') {
      i += e === '\r' && text[i + 2] === '\n' ? 3 : 2; // a line continuation adds nothing
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
    if (octal) {
      out.push(String.fromCharCode(parseInt(octal[0], 8)), i, i + 1 + octal[0].length);
      i += 1 + octal[0].length;
      continue;
    }
    const digits = e === 'x' ? 2 : e === 'u' ? 4 : e === 'U' ? 8 : 0;
    if (digits) {
      const hex = text.slice(i + 2, i + 2 + digits);
      const code = /^[0-9a-fA-F]+$/.test(hex) && hex.length === digits ? parseInt(hex, 16) : NaN;
      if (!(code <= 0x10ffff)) return UNREAD;
      out.push(String.fromCodePoint(code), i, i + 2 + digits);
      i += 2 + digits;
      continue;
    }
    if (e === 'N') return UNREAD;
    const simple = SIMPLE[e];
    if (simple !== undefined) {
      out.push(simple, i, i + 2);
      i += 2;
      continue;
    }
    // Not an escape: the backslash is text, and what follows it is read as itself.
    out.push('\\', i, i + 1);
    i++;
  }
  const to = closed ? close + quote.length : close;
  return { from: at, open, close, to, quote, raw, format, start, end: out.length, closed };
}

/** Where the blanks (and, inside brackets, the comments) between literals after `at` end. */
function gapEnd(text: string, at: number, joinLines: boolean): number {
  const gap = joinLines ? GAP_IN_BRACKETS : GAP_ON_LINE;
  gap.lastIndex = at;
  gap.test(text);
  return gap.lastIndex;
}

/** Where the next literal of a side-by-side run starts after `at`, or -1 (`joinLines`: inside brackets). */
function nextLiteral(text: string, at: number, joinLines: boolean): number {
  const next = gapEnd(text, at, joinLines);
  return literalAt(text, next) ? next : -1;
}

/** The query of the argument whose match ends at `at`; null when Python builds it or refuses it. */
function readQuery(text: string, at: number, joinLines: boolean): Reading | null {
  const out = new MappedText();
  const pieces: Piece[] = [];
  let next = at;
  let last: (Piece & { closed: boolean }) | null = null;
  while (next >= 0) {
    last = readLiteral(text, next, out);
    if (!last) return null;
    // Past the length limit the query is refused, never edited: the pieces after it are only read.
    if (out.kept < MappedText.KEPT) pieces.push(last);
    if (!last.closed) break;
    next = nextLiteral(text, last.to, joinLines);
  }
  return { ...out.finish(last!.close), pieces, closed: last!.closed, to: last!.to };
}

/** A query written into a literal of `piece`'s kind, escaped (`raw`: as it is, where that reads back). */
function write(piece: Pick<Piece, 'quote' | 'format'>, query: string, raw = false): string {
  let s = query;
  if (piece.format) s = s.replace(/[{}]/g, (c) => c + c);
  if (raw) return s;
  s = s.replace(/\\/g, '\\\\').replace(new RegExp(piece.quote[0]!, 'g'), `\\${piece.quote[0]}`);
  s = s.replace(/\r/g, '\\r').replace(/\0/g, '\\x00');
  return piece.quote.length === 3 ? s : s.replace(/\n/g, '\\n');
}

/** The piece an edit at query offset `at` goes into: the one of the character there, else the last. */
function pieceAt(reading: Reading, at: number): number {
  const k = reading.pieces.findIndex((p) => at < p.end);
  return k < 0 ? reading.pieces.length - 1 : k;
}

/**
 * The host edit writing query [from, to) as `insert`: in the piece's own way where that reads back as
 * intended (`reread`), else the pieces it spans written anew, the first holding the text and the others
 * left empty, the text between them (comments, line breaks) kept.
 */
function editQuery(
  doc: string,
  reading: Reading,
  reread: (edit: HostEdit) => string | null,
  from: number,
  to: number,
  insert: string,
): HostEdit {
  const { text, map, ends, pieces } = reading;
  const intended = text.slice(0, from) + insert + text.slice(to);
  const reads = (e: HostEdit) => reread(e) === intended;
  const a = pieceAt(reading, from);
  const b = to > from ? pieceAt(reading, to - 1) : a;
  const first = pieces[a]!;
  if (a === b) {
    // Where query offset `from` is written: at its character, else past the piece's last one (at its
    // content's start when it has none).
    const hostFrom = from < first.end ? map[from]! : from > first.start ? ends[from - 1]! : first.open;
    const edit = {
      from: hostFrom,
      to: to > from ? ends[to - 1]! : hostFrom,
      text: write(first, insert, first.raw),
    };
    if (reads(edit)) return edit;
  }
  const content = text.slice(first.start, from) + insert + text.slice(to, pieces[b]!.end);
  const prefixOf = (p: Piece) => doc.slice(p.from, p.open - p.quote.length);
  const whole = (prefix: string, body: string) => {
    // From the last piece back: each emptied piece after the text before it, each written knowing what
    // follows it.
    let tail = '';
    let next = doc[pieces[b]!.to] ?? '';
    for (let k = b; k > a; k--) {
      const p = pieces[k]!;
      tail = doc.slice(pieces[k - 1]!.to, p.from) + quoted(prefixOf(p), p.quote, '', next) + tail;
      next = tail[0]!;
    }
    // Right after an empty literal of its quote (`""`), a literal with no prefix would open `"""`: a
    // blank between them keeps them two.
    const lead = prefix === '' && doc[first.from - 1] === first.quote[0] ? ' ' : '';
    return {
      from: first.from,
      to: pieces[b]!.to,
      text: lead + quoted(prefix, first.quote, body, next) + tail,
    };
  };
  if (first.raw) {
    const asRaw = whole(prefixOf(first), write(first, content, true));
    if (reads(asRaw)) return asRaw;
  }
  // Escaped, which holds any text: the prefix without `r` (and `u`, which is the same as none).
  return whole(prefixOf(first).replace(/[rRuU]/g, ''), write(first, content));
}

/** A literal; an empty one right before a quote of its kind takes the other (`""` + `"x"` opens `"""`). */
function quoted(prefix: string, quote: string, body: string, next: string): string {
  const q = body === '' && next === quote[0] ? (quote[0] === '"' ? "'" : '"') : quote;
  return prefix + q + body + q;
}

/**
 * The text from the outermost bracket still open at `at` (within CONTEXT_WINDOW) to `at`: the call the
 * argument is in, with the arguments before it (`requests.get(f"{base}/tms/{tm}/segments", params={…`).
 */
function openBrackets(text: string, at: number): string {
  const from = Math.max(0, at - CONTEXT_WINDOW);
  let depth = 0;
  let outermost = at;
  // Brackets inside strings are counted too: roughly, as for the client's call (host-js.ts).
  for (let i = at - 1; i >= from; i--) {
    const c = text[i];
    if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) outermost = i;
      else depth--;
    }
  }
  return text.slice(outermost, at);
}

/** The listing of the argument at `at`: its client method's, else the API path its call names, else strings. */
function listingAt(text: string, at: number): ListingName {
  return listingOfOpenCall(text, at, CALL, METHODS) ?? lastListingPath(openBrackets(text, at)) ?? 'strings';
}

/** The first `limit` queries; `more` counts the ones after them (found, not read). */
export function pythonRegions(text: string, limit: number): { regions: Region[]; more: number } {
  return regionsOf(text, ARGUMENT, limit, (m) => {
    const at = m.index + m[0].length;
    // Literals side by side on several lines are one string inside brackets: a keyword argument, a
    // dict entry, or any value in parentheses; `croql = 'a'` on a line of its own ends there.
    let before = m.index - 1;
    while (before >= 0 && /\s/.test(text[before]!)) before--;
    const joinLines =
      m[1] !== undefined || m[2] !== undefined || text[before] === '(' || text[before] === ',';
    const reading = readQuery(text, at, joinLines);
    if (!reading) return null;
    // An edit is read back in the text from the literals to a little past the blanks after them, as far as
    // their reading looks: copying the whole document for each edit (a completion list makes 64) would
    // cost a millisecond each in a 160 KB file. It must leave a closed literal closed: a query read up to
    // the line's end is not one Python reads.
    const windowEnd = gapEnd(text, reading.to, joinLines) + 8;
    const reread = (e: HostEdit) => {
      const again = readQuery(text.slice(at, e.from) + e.text + text.slice(e.to, windowEnd), 0, joinLines);
      return again && (again.closed || !reading.closed) ? again.text : null;
    };
    return {
      listing: listingAt(text, m.index),
      text: reading.text,
      start: reading.map[0]!,
      map: reading.map,
      ends: reading.ends,
      cutLength: reading.cutLength,
      encode: (q) => write(reading.pieces[0]!, q),
      edit: (from, to, insert) => editQuery(text, reading, reread, from, to, insert),
      host: 'python',
    };
  });
}
