// CroQL in a URL: the `croql=` parameter of a query string (`…/projects/1/strings?croql=…`), percent-decoded
// with `+` as a space, as the service reads it. The listing is the one whose path (src/wire/listings.ts)
// ends the URL's path; another URL's `croql` (the playground's `?croql=`) is a strings query.
import { LISTINGS, LISTING_NAMES, type ListingName } from '../wire/listings.ts';
import { MappedText, type Region } from './region.ts';

const PARAM = /[?&]croql=([^&#\s"'`<>]*)/g;
/** Each listing's path as a pattern: `{projectId}` and the like match any one segment. */
const PATHS = LISTING_NAMES.map((name) => ({
  name,
  pattern: new RegExp(`${LISTINGS[name].path.replace(/\{[^}]+\}/g, '[^/?#\\s]+')}$`),
}));

function listingOf(beforeQuery: string): ListingName {
  return PATHS.find((p) => p.pattern.test(beforeQuery))?.name ?? 'strings';
}

function decode(text: string, from: number, to: number): { text: string; map: number[] } {
  const out = new MappedText();
  let i = from;
  while (i < to) {
    if (text[i] === '%') {
      // A run of %XX: decoded together (a UTF-8 sequence spans several), each character at its run's start.
      const run = /^(?:%[0-9a-fA-F]{2})+/.exec(text.slice(i, to));
      if (run) {
        let decoded: string;
        try {
          decoded = decodeURIComponent(run[0]);
        } catch {
          decoded = run[0];
        }
        // Characters map to their own %XX where one byte is one character, else to the run's start.
        if (decoded.length * 3 === run[0].length)
          for (let k = 0; k < decoded.length; k++) out.push(decoded[k]!, i + 3 * k);
        else out.push(decoded, i);
        i += run[0].length;
        continue;
      }
    }
    out.push(text[i] === '+' ? ' ' : text[i]!, i);
    i++;
  }
  return out.finish(to);
}

/** The first `limit` queries; `more` counts the ones after them (found, not decoded). */
export function urlRegions(text: string, limit: number): { regions: Region[]; more: number } {
  const regions: Region[] = [];
  let more = 0;
  for (const m of text.matchAll(PARAM)) {
    if (regions.length >= limit) {
      more++;
      continue;
    }
    const from = m.index + m[0].length - m[1]!.length;
    const lineStart = text.lastIndexOf('\n', m.index) + 1;
    const url =
      text
        .slice(lineStart, m.index)
        .split(/[\s"'`(]/)
        .pop() ?? '';
    const decoded = decode(text, from, from + m[1]!.length);
    regions.push({
      listing: listingOf(url.split('?')[0]!),
      text: decoded.text,
      start: from,
      map: decoded.map,
      encode: (q) => encodeURIComponent(q),
      host: 'url',
    });
  }
  return { regions, more };
}
