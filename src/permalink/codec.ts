// Permalinks: the whole query setup in the URL fragment (never sent to any server), versioned.
// `#v1/<base64url of UTF-8 JSON>`; the JSON holds the connection, the enterprise domain, the project, the
// listing and its id, and the query text. Never a token, never a host: the API host is derived from the
// connection kind and a domain that must be a single DNS label, so a link cannot aim the token elsewhere.
// From auth directly (connection/config.ts re-exports it): the codec stays free of the app's server state,
// so the VS Code extension (src/vscode/commands.ts) bundles it alone.
import { isValidOrganizationDomain } from '../auth/hosts.ts';
import { isConnectionKind, type ConnectionKind } from '../wire/connection.ts';
import { isListingName } from '../wire/listings.ts';
import type { ListingName } from '../croql/types.ts';
import { sanitizeParams, type TemplateParam } from '../croql/index.ts';

export const PERMALINK_VERSION = 1;
const PREFIX = `#v${PERMALINK_VERSION}/`;
/** Longer texts are not a query someone wrote by hand; refuse rather than freeze the editor. */
export const MAX_LINK_TEXT = 100_000;

export interface Permalink {
  connection: ConnectionKind;
  /** Enterprise organization domain (one DNS label); null otherwise. */
  domain: string | null;
  projectId: number | null;
  context: ListingName;
  /** The listing's id: a language code (translations), a TM id or a glossary id; null for strings. */
  listingId: string | number | null;
  /** A template's text, or a plain query. */
  text: string;
  /** A template's parameters with their values (wire `a`: [name, type, value] triples). */
  params?: TemplateParam[];
}

export type DecodeResult =
  | { status: 'none' }
  | { status: 'ok'; link: Permalink }
  /** Only the query text could be used; `message` says why the rest was ignored. */
  | { status: 'textOnly'; text: string; message: string }
  | { status: 'invalid'; message: string };

interface WireV1 {
  c: ConnectionKind;
  d?: string;
  p?: number;
  l: ListingName;
  i?: string | number;
  q: string;
  a?: [string, string, string][];
}

export function encodePermalink(link: Permalink): string {
  const wire: WireV1 = { c: link.connection, l: link.context, q: link.text };
  if (link.connection === 'enterprise' && link.domain) wire.d = link.domain;
  if (link.projectId !== null) wire.p = link.projectId;
  if (link.listingId !== null && link.context !== 'strings') wire.i = link.listingId;
  if (link.params?.length) wire.a = link.params.map((p) => [p.name, p.type, p.value]);
  return PREFIX + base64UrlFromText(JSON.stringify(wire));
}

export function permalinkUrl(origin: string, link: Permalink): string {
  return `${origin}/${encodePermalink(link)}`;
}

/** Reads `location.hash`. Never throws. */
export function decodePermalink(hash: string): DecodeResult {
  const fragment = hash.startsWith('#') ? hash.slice(1) : hash;
  if (fragment === '') return { status: 'none' };
  const match = /^v(\d+)\/(.*)$/s.exec(fragment);
  if (!match) {
    return {
      status: 'invalid',
      message:
        'The link’s address ends in something that is not a playground permalink, so it was ignored. Your query is kept.',
    };
  }
  const version = Number(match[1]);
  const payload = parsePayload(match[2] ?? '');
  if (version !== PERMALINK_VERSION) {
    const text = payload && typeof payload.q === 'string' ? payload.q : null;
    if (text !== null && text.length <= MAX_LINK_TEXT) {
      return {
        status: 'textOnly',
        text,
        message: `This link was made by a different version of the playground (v${version}); only its query text was loaded. Check the connection, project and listing before running.`,
      };
    }
    return {
      status: 'invalid',
      message: `This link was made by a different version of the playground (v${version}) and could not be read. Your query is kept.`,
    };
  }
  if (!payload) {
    return {
      status: 'invalid',
      message:
        'This link is damaged (it may have been cut off when copied), so it was ignored. Your query is kept.',
    };
  }
  const text = payload.q;
  if (typeof text !== 'string' || text.length > MAX_LINK_TEXT) {
    return {
      status: 'invalid',
      message: 'This link holds no readable query, so it was ignored. Your query is kept.',
    };
  }
  const problem = validateV1(payload);
  if (problem) return { status: 'textOnly', text, message: `${problem} Only its query text was loaded.` };
  const wire = payload as unknown as WireV1;
  const params = paramsOfWire(payload.a);
  if (params === null) {
    return {
      status: 'textOnly',
      text,
      message: 'The link’s template parameters are damaged. Only its query text was loaded.',
    };
  }
  return {
    status: 'ok',
    link: {
      connection: wire.c,
      domain: wire.c === 'enterprise' ? (wire.d ?? '').toLowerCase() : null,
      projectId: wire.p ?? null,
      context: wire.l,
      listingId: wire.l === 'strings' ? null : (wire.i ?? null),
      text,
      ...(params.length ? { params } : {}),
    },
  };
}

function validateV1(payload: Record<string, unknown>): string | null {
  const { c, d, p, l, i } = payload;
  if (!isConnectionKind(c)) return 'The link names an unknown connection.';
  if (c === 'enterprise') {
    if (typeof d !== 'string' || !isValidOrganizationDomain(d)) {
      return 'The link’s organization domain is not a valid domain name (it must be one word like "acme", never an address).';
    }
  } else if (d !== undefined) {
    return 'The link gives an organization domain for a connection that has none.';
  }
  if (p !== undefined && !isPositiveInteger(p)) return 'The link’s project id is not a number.';
  if (!isListingName(l)) return 'The link names an unknown listing.';
  if (i !== undefined) {
    if (l === 'translations' && (typeof i !== 'string' || !/^[A-Za-z0-9-]{1,20}$/.test(i))) {
      return 'The link’s language code is not valid.';
    }
    if ((l === 'tmSegments' || l === 'glossaryTerms') && !isPositiveInteger(i)) {
      return 'The link’s TM or glossary id is not a number.';
    }
  }
  return null;
}

/** `a`: absent → none; well-formed triples → parameters; anything else → null (damaged). */
function paramsOfWire(raw: unknown): TemplateParam[] | null {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || !raw.every((t) => Array.isArray(t) && t.length === 3)) return null;
  const triples = raw as unknown[][];
  const params = sanitizeParams(triples.map(([name, type, value]) => ({ name, type, value })));
  return params.length === triples.length ? params : null;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function parsePayload(encoded: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(textFromBase64Url(encoded));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `?croql=<text>` prefills the editor (for links from docs and other tools). */
export function prefillFromSearch(search: string): string | null {
  const text = new URLSearchParams(search).get('croql');
  return text !== null && text.length <= MAX_LINK_TEXT ? text : null;
}

function base64UrlFromText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function textFromBase64Url(encoded: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) throw new Error('not base64url');
  const base64 = encoded.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Test helper and for future versions: wrap any JSON as a link of the given version. */
export function encodeRawPermalink(version: number, payload: unknown): string {
  return `#v${version}/${base64UrlFromText(JSON.stringify(payload))}`;
}
