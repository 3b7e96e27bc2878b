// CroQL in a URL: the `croql=` parameter of a query string (`…/projects/1/strings?croql=…`), percent-decoded
// with `+` as a space, as the service reads it. The listing is the one whose path (src/wire/listings.ts)
// ends the URL's path; another URL's `croql` (the playground's `?croql=`) is a strings query.
import { LISTINGS, LISTING_NAMES, type ListingName } from '../wire/listings.ts';
import { MappedText, regionsOf, type Region } from './region.ts';

const PARAM = /[?&]croql=([^&#\s"'`<>]*)/g;
/** Each listing's path as a pattern: `{projectId}` and the like match any one segment. */
const PATHS = LISTING_NAMES.map((name) => ({
  name,
  pattern: new RegExp(`${LISTINGS[name].path.replace(/\{[^}]+\}/g, '[^/?#\\s]+')}$`),
}));

function listingOf(beforeQuery: string): ListingName {
  return PATHS.find((p) => p.pattern.test(beforeQuery))?.name ?? 'strings';
}

/** Each listing's path anywhere in a text, a segment written as a field or a variable too (`{tm_id}`). */
const PATHS_IN_TEXT = LISTING_NAMES.map((name) => ({
  name,
  pattern: new RegExp(`${LISTINGS[name].path.replace(/\{[^}]+\}/g, '[^/?#\\s]+')}(?![\\w/])`, 'g'),
}));

/** The listing whose path `text` names last (a URL being built before its query parameters), if any. */
export function lastListingPath(text: string): ListingName | null {
  let found: { name: ListingName; at: number } | null = null;
  for (const { name, pattern } of PATHS_IN_TEXT) {
    for (const m of text.matchAll(pattern)) if (!found || m.index > found.at) found = { name, at: m.index };
  }
  return found?.name ?? null;
}

/**
 * A run of %XX read as the service's URL parser reads it: the bytes as UTF-8, a byte that starts no valid
 * sequence as U+FFFD (what `URLSearchParams` gives; one bad byte does not leave the rest of the run
 * undecoded). Each character maps to the %XX where its sequence starts.
 */
function decodeRun(run: string, at: number, out: MappedText): void {
  const bytes = Uint8Array.from({ length: run.length / 3 }, (_, k) =>
    parseInt(run.slice(3 * k + 1, 3 * k + 3), 16),
  );
  const decoder = new TextDecoder();
  /** Where the sequence being read began (a byte index of the run). */
  let start = 0;
  for (let b = 0; b < bytes.length; b++) {
    const chars = [...decoder.decode(bytes.subarray(b, b + 1), { stream: true })];
    // A sequence's character comes with its last byte and belongs to its first. A sequence this byte broke
    // off comes out as U+FFFD, at its start, with what this byte is, at this byte.
    chars.forEach((char, k) => out.push(char, at + 3 * (k === 0 ? start : b)));
    if (chars.length === 0) continue;
    // A lead byte that broke the sequence before it starts one of its own.
    start = bytes[b]! >= 0xc2 && bytes[b]! <= 0xf4 ? b : b + 1;
  }
  for (const char of decoder.decode()) out.push(char, at + 3 * start);
}

function decode(text: string, from: number, to: number): ReturnType<MappedText['finish']> {
  const out = new MappedText();
  let i = from;
  while (i < to) {
    const run = text[i] === '%' ? /^(?:%[0-9a-fA-F]{2})+/.exec(text.slice(i, to)) : null;
    if (run) {
      decodeRun(run[0], i, out);
      i += run[0].length;
      continue;
    }
    out.push(text[i] === '+' ? ' ' : text[i]!, i);
    i++;
  }
  return out.finish(to);
}

/**
 * The query as a parameter value: percent-encoded, `'` and `!()*` too (RFC 3986 reserves them, and a `'`
 * would end the quoted string the URL is written in, where this file stops reading it).
 */
const encodeValue = (query: string) =>
  encodeURIComponent(query).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The first `limit` queries; `more` counts the ones after them (found, not decoded). */
export function urlRegions(text: string, limit: number): { regions: Region[]; more: number } {
  return regionsOf(text, PARAM, limit, (m) => {
    const from = m.index + m[0].length - m[1]!.length;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const url =
      text
        .slice(lineStart, m.index)
        .split(/[\s"'`(]/)
        .pop() ?? '';
    const decoded = decode(text, from, from + m[1]!.length);
    return {
      listing: listingOf(url.split('?')[0]!),
      text: decoded.text,
      start: from,
      map: decoded.map,
      cutLength: decoded.cutLength,
      encode: encodeValue,
      host: 'url',
    };
  });
}
