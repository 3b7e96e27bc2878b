// Row identity: which resource a listing row is, never where it sits in the list. Compare, snapshot diffs,
// the table's row keys and the details panel's title all read the same fields through `idOf`. Pure.
import type { ListingName } from '../croql/index.ts';
import type { ListingTarget } from '../wire/listings.ts';
import type { Row } from './rows.ts';

/** The fields that say which resource a row is. */
function idOf(listing: ListingName, row: Row): { id: unknown; stringId?: unknown; plural: boolean } {
  if (listing !== 'translations') return { id: 'id' in row ? row.id : null, plural: false };
  const plural = 'plurals' in row && Array.isArray(row.plurals);
  return {
    id: 'translationId' in row ? row.translationId : null,
    stringId: 'stringId' in row ? row.stringId : null,
    plural,
  };
}

const part = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const PREFIX: Record<Exclude<ListingName, 'translations'>, string> = {
  strings: 'string',
  tmSegments: 'segment',
  glossaryTerms: 'term',
};

/**
 * The identity of a row of `listing` fetched for `target`:
 * - a source string, a TM segment, a glossary term: its id;
 * - a translation: its string, the listing's language and the translation's id;
 * - a plural group (the listing groups a plural string's forms into one `plurals` row): its string and
 *   language, since the forms it holds can differ from run to run.
 * Returns null when the row lacks what identifies it (such a row can be counted, never matched).
 */
export function rowIdentity(
  listing: ListingName,
  target: Pick<ListingTarget, 'languageId'>,
  row: Row,
): string | null {
  const { id, stringId, plural } = idOf(listing, row);
  if (listing !== 'translations') return id == null ? null : `${PREFIX[listing]}:${part(id)}`;
  if (stringId == null) return null;
  const language = part(target.languageId);
  if (plural) return `plural:${part(stringId)}:${language}`;
  return id == null ? null : `translation:${part(stringId)}:${language}:${part(id)}`;
}

/**
 * A row identity (rowIdentity) as a reader names the row: "String 35", "Translation 9 of string 15",
 * "Plural translation of string 15", "TM segment 3"; an identity of another form as it is.
 */
export function identityLabel(identity: string): string {
  const [kind, ...rest] = identity.split(':');
  const listing = (Object.keys(PREFIX) as (keyof typeof PREFIX)[]).find((l) => PREFIX[l] === kind);
  if (listing && rest.length === 1) return `${NOUN[listing]} ${rest[0]}`;
  if (kind === 'plural' && rest.length === 2) return `Plural translation of string ${rest[0]}`;
  if (kind === 'translation' && rest.length === 3) return `Translation ${rest[2]} of string ${rest[0]}`;
  return identity;
}

/** The rows by identity, first occurrence kept; rows without an identity are counted apart. */
export function indexRows(
  listing: ListingName,
  target: Pick<ListingTarget, 'languageId'>,
  rows: readonly Row[],
): { byId: Map<string, Row>; unidentified: number } {
  const byId = new Map<string, Row>();
  let unidentified = 0;
  for (const row of rows) {
    const id = rowIdentity(listing, target, row);
    if (id === null) unidentified++;
    else if (!byId.has(id)) byId.set(id, row);
  }
  return { byId, unidentified };
}

/** A stable key for a row in a list (React's, and the table's): its id and its place. */
export function rowKey(listing: ListingName, row: Row, index: number): string {
  const { id, stringId } = idOf(listing, row);
  const key = id ?? stringId;
  return key == null ? `#${index}` : `${String(key)}:${index}`;
}

const NOUN: Record<ListingName, string> = {
  strings: 'String',
  translations: 'Translation',
  tmSegments: 'TM segment',
  glossaryTerms: 'Glossary term',
};

/** "String 42", "Translation 7 of string 3", "Plural translation of string 15" (its forms have ids each). */
export function rowTitle(row: Row, listing: ListingName): string {
  const { id, stringId, plural } = idOf(listing, row);
  if (listing === 'translations') {
    const what = plural ? 'Plural translation' : `${NOUN.translations}${id != null ? ` ${String(id)}` : ''}`;
    return `${what} of string ${String(stringId ?? '?')}`;
  }
  return `${NOUN[listing]} ${String(id ?? '')}`.trim();
}
