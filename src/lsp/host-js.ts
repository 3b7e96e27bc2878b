// CroQL in JavaScript and TypeScript: the string or template literal of a `croql` property, as in
// `client.sourceStringsApi.listProjectStrings(projectId, { croql: '…' })`. The listing is the one whose
// official-client method (src/wire/listings.ts, `client.method`) the property is passed to; a `croql`
// property outside any of those calls is a strings query. A template literal with `${…}` is built at run
// time: it is left alone.
import { LISTINGS, LISTING_NAMES, type ListingName } from '../wire/listings.ts';
import { MappedText, regionsOf, type Region } from './region.ts';

const METHODS = new Map(LISTING_NAMES.map((name) => [LISTINGS[name].client.method, name]));
const PROPERTY = /(?:\bcroql|(['"])croql\1)\s*:\s*(['"`])/g;
const CALL = new RegExp(`\\.(${[...METHODS.keys()].join('|')})\\s*\\(`, 'g');
/** How far back a call is looked for: an options object is written near its call. */
const CALL_WINDOW = 4000;

const SIMPLE: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** The literal opened by the quote at `open`: its characters and where each was written. */
function decode(text: string, open: number): ReturnType<MappedText['finish']> | null {
  const quote = text[open]!;
  const out = new MappedText();
  let i = open + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (c === quote) return out.finish(i);
    if (quote !== '`' && (c === '\n' || c === '\r')) return out.finish(i); // unterminated: up to the line end
    if (quote === '`' && c === '$' && text[i + 1] === '{') return null;
    if (c === '\r') {
      // In a template, JavaScript reads a written line break as \n whatever the file's line endings.
      out.push('\n', i);
      i += text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    if (c !== '\\') {
      out.push(c, i);
      i++;
      continue;
    }
    const e = text[i + 1];
    if (e === undefined) break;
    if (e === '\n') {
      i += 2; // a line continuation adds nothing
      continue;
    }
    if (e === '\r') {
      i += text[i + 2] === '\n' ? 3 : 2;
      continue;
    }
    const byte = e === 'x' ? /^[0-9a-fA-F]{2}/.exec(text.slice(i + 2, i + 4)) : null;
    const unit =
      e === 'u' ? /^(?:[0-9a-fA-F]{4}|\{[0-9a-fA-F]{1,6}\})/.exec(text.slice(i + 2, i + 10)) : null;
    if (byte) {
      out.push(String.fromCharCode(parseInt(byte[0], 16)), i);
      i += 4;
    } else if (unit) {
      const code = parseInt(unit[0].replace(/[{}]/g, ''), 16);
      out.push(code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd', i);
      i += 2 + unit[0].length;
    } else {
      out.push(SIMPLE[e] ?? e, i);
      i += 2;
    }
  }
  return out.finish(text.length);
}

/** The query written back into a literal opened by `quote`. */
function encoder(quote: string): (query: string) => string {
  return (query) => {
    // A carriage return is escaped in every literal: a template reads one written as itself as \n (`decode`).
    let s = query.replace(/\\/g, '\\\\').replace(/\r/g, '\\r');
    if (quote === '`') return s.replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
    s = s.replace(new RegExp(quote, 'g'), `\\${quote}`);
    return s.replace(/\n/g, '\\n');
  };
}

/**
 * The listing of the call still open at `at`, from the nearest `.method(` before it that `methods` names
 * (an official client's listing methods, matched by `call`); null when none is open there.
 */
export function listingOfOpenCall(
  text: string,
  at: number,
  call: RegExp,
  methods: ReadonlyMap<string, ListingName>,
): ListingName | null {
  const from = Math.max(0, at - CALL_WINDOW);
  const window = text.slice(from, at);
  let found: { name: ListingName; end: number } | null = null;
  for (const m of window.matchAll(call)) found = { name: methods.get(m[1]!)!, end: m.index + m[0].length };
  if (!found) return null;
  // The call must still be open at the property: its `(` never closed between them (strings aside,
  // roughly). A call closed and another opened after it is not that call.
  let depth = 1;
  for (const c of window.slice(found.end)) {
    depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    if (depth === 0) return null;
  }
  return found.name;
}

/** The first `limit` queries; `more` counts the ones after them (found, not decoded). */
export function jsRegions(text: string, limit: number): { regions: Region[]; more: number } {
  return regionsOf(text, PROPERTY, limit, (m) => {
    const open = m.index + m[0].length - 1;
    const decoded = decode(text, open);
    if (!decoded) return null;
    return {
      listing: listingOfOpenCall(text, m.index, CALL, METHODS) ?? 'strings',
      text: decoded.text,
      start: open + 1,
      map: decoded.map,
      cutLength: decoded.cutLength,
      encode: encoder(m[2]!),
      host: 'js',
    };
  });
}
