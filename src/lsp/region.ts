// A region: one CroQL query inside a document, and how its offsets map to the document's. A `.croql`
// file is one region with the same characters; a query inside a JavaScript string, a shell argument or a
// URL is the text the program would send, and each of its characters remembers where it was written, so
// diagnostics, completion and edits land where the escape sequence (`\"`, `'\''`, `%20`) stands.
import type { ListingName } from '../croql/index.ts';
import { MAX_QUERY_LENGTH } from '../croql/parse-guards.ts';

export interface Region {
  listing: ListingName;
  /** The query as the service receives it. */
  text: string;
  /** Host offset of the query's first character (and of every one when `map` is absent). */
  start: number;
  /**
   * Host offset of each query offset 0..text.length, for a query written with escapes: `map[i]` is where
   * character i begins, `map[text.length]` where the literal's content ends. Absent: the same characters.
   */
  map?: number[];
  /**
   * Host offset just past each character's writing: `ends[i]` is where character i's escape or quoting ends
   * (before quotes that close its piece, before a folded line break). Absent: where the next one begins (a
   * JavaScript literal or a URL, whose escapes sit side by side).
   */
  ends?: number[];
  /** The query text written the way this host writes it (escaped for the literal, the quotes, the URL). */
  encode: (query: string) => string;
  /**
   * A shell word quoted in pieces (`'it'\''s'`, `'a'"b"`): each piece writes its own way, and the quotes
   * between two pieces belong to neither. `of[i]` is the piece character i was written in; an edit inside
   * one piece is written with that piece's `encoders` entry, and one across pieces rewrites the whole `word`
   * (host [from, to), quotes included).
   */
  pieces?: {
    of: number[];
    encoders: ((query: string) => string)[];
    word: { from: number; to: number; write: (query: string) => string };
  };
  /**
   * Writes an edit itself, where the host wraps another (a shell word inside a YAML scalar: host-yaml.ts).
   * The same [from, to) may then be written over different host ranges, as what it writes needs.
   */
  edit?: (from: number, to: number, insert: string) => { from: number; to: number; text: string };
  /**
   * The query's length when `text` holds only its start: a query past the core's length limit is refused
   * whatever follows, so its host is read on without keeping the rest (MappedText).
   */
  cutLength?: number;
  /** What kind of host it came from: a completion's snippet keeps its placeholders in a `.croql` file only. */
  host: 'croql' | 'js' | 'python' | 'shell' | 'yaml' | 'url';
}

/**
 * The regions `read` makes of the matches of `pattern` (a global regex) in a host's text, the first
 * `limit` of them; `more` counts the matches after those (found, not read). A match `read` makes nothing
 * of (a literal built at run time) is not counted.
 */
export function regionsOf(
  text: string,
  pattern: RegExp,
  limit: number,
  read: (match: RegExpExecArray) => Region | null,
): { regions: Region[]; more: number } {
  const regions: Region[] = [];
  let more = 0;
  for (const match of text.matchAll(pattern)) {
    if (regions.length >= limit) more++;
    else {
      const region = read(match);
      if (region) regions.push(region);
    }
  }
  return { regions, more };
}

/** The host offset of query offset `i`. */
export function toHost(region: Region, i: number): number {
  const at = Math.max(0, Math.min(i, region.text.length));
  return region.map ? region.map[at]! : region.start + at;
}

/** The host offset where a range of the query ending at `to` ends: past its last character's writing. */
export function hostEnd(region: Region, to: number): number {
  const at = Math.max(0, Math.min(to, region.text.length));
  return at > 0 && region.ends ? region.ends[at - 1]! : toHost(region, at);
}

/** Where an edit of query [from, to) is written in the host, and how it writes `insert` there. */
export function hostEdit(
  region: Region,
  from: number,
  to: number,
  insert: string,
): { from: number; to: number; text: string } {
  if (region.edit) return region.edit(from, to, insert);
  const pieces = region.pieces;
  if (!pieces) return { from: toHost(region, from), to: toHost(region, to), text: region.encode(insert) };
  // An empty word (`''`, `''""`) has no character to say which piece its end is in: written anew.
  if (region.text.length === 0)
    return { from: pieces.word.from, to: pieces.word.to, text: pieces.word.write(insert) };
  const last = region.text.length - 1;
  // An insertion goes into the piece of the character after it (the last piece at the end).
  const piece = pieces.of[Math.min(from, last)]!;
  if (to > from && pieces.of[to - 1] !== piece) {
    const whole = region.text.slice(0, from) + insert + region.text.slice(to);
    return { from: pieces.word.from, to: pieces.word.to, text: pieces.word.write(whole) };
  }
  // A range ends where its last character's writing ends, before any quotes that close its piece; so does
  // an insertion at the end (the word's end may be past an empty piece: `a''`).
  const start = from === region.text.length ? hostEnd(region, from) : toHost(region, from);
  const end = to > from ? hostEnd(region, to) : start;
  return { from: start, to: end, text: pieces.encoders[piece]!(insert) };
}

/** The query offset at host offset `h` (a position inside an escape belongs to its character). */
export function fromHost(region: Region, h: number): number {
  if (!region.map) return Math.max(0, Math.min(h - region.start, region.text.length));
  const map = region.map;
  let lo = 0;
  let hi = map.length - 1;
  if (h <= map[0]!) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (map[mid]! <= h) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether host offset `h` is inside the region (its ends included: the cursor after the last character). */
export function contains(region: Region, h: number): boolean {
  return h >= toHost(region, 0) && h <= toHost(region, region.text.length);
}

/**
 * Builds a query from pieces of host text: each `push` adds one query character written over host
 * [from, to). What every host's decoder uses, so each keeps its escapes' ends. Past the core's length
 * limit (one character more, so the query is refused) only the characters are counted: a literal of 1 MB
 * is read to its end, and its length told, without a map of it.
 */
export class MappedText {
  private chars: string[] = [];
  private offsets: number[] = [];
  private after: number[] = [];
  private count = 0;
  /** The characters kept: MAX_QUERY_LENGTH + 1 at most. */
  static readonly KEPT = MAX_QUERY_LENGTH + 1;
  /** Adds `char`, written over host [from, to) (one character unless said). */
  push(char: string, from: number, to = from + 1): void {
    // A character outside the BMP is two UTF-16 units; both start where its escape starts.
    for (let k = 0; k < char.length; k++) {
      if (this.count++ >= MappedText.KEPT) continue;
      this.chars.push(char[k]!);
      this.offsets.push(from);
      this.after.push(to);
    }
  }
  /** The query's length so far. */
  get length(): number {
    return this.count;
  }
  /** The characters kept so far (all but those past the limit). */
  get kept(): number {
    return this.chars.length;
  }
  finish(end: number): { text: string; map: number[]; ends: number[]; cutLength?: number } {
    const text = this.chars.join('');
    if (this.count === text.length) return { text, map: [...this.offsets, end], ends: this.after };
    // Cut: the last character kept stands for the rest, so a range to the end reaches the host's end.
    const ends = [...this.after.slice(0, -1), end];
    return { text, map: [...this.offsets, end], ends, cutLength: this.count };
  }
}
