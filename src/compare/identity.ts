// Row identity: which resource a listing row is, never where it sits in the list. Compare, snapshot diffs
// and the funnel key rows by it. Pure.
import type { ContextName } from '../croql/types.ts';
import type { Target } from '../workspace/store.ts';

export type Row = Record<string, unknown>;

const part = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The identity of a row of `context` fetched for `target`:
 * - a source string, a TM segment, a glossary term: its id;
 * - a translation: its string, the listing's language and the translation's id;
 * - a plural group (the listing groups a plural string's forms into one `plurals` row): its string and
 *   language, since the forms it holds can differ from run to run.
 * Returns null when the row lacks what identifies it (such a row can be counted, never matched).
 */
export function rowIdentity(
  context: ContextName,
  target: Pick<Target, 'languageId'>,
  row: Row,
): string | null {
  switch (context) {
    case 'strings':
      return row.id == null ? null : `string:${part(row.id)}`;
    case 'translations': {
      if (row.stringId == null) return null;
      const language = part(target.languageId);
      if (Array.isArray(row.plurals)) return `plural:${part(row.stringId)}:${language}`;
      return row.translationId == null
        ? null
        : `translation:${part(row.stringId)}:${language}:${part(row.translationId)}`;
    }
    case 'tmSegments':
      return row.id == null ? null : `segment:${part(row.id)}`;
    case 'glossaryTerms':
      return row.id == null ? null : `term:${part(row.id)}`;
  }
}

/** The rows by identity, first occurrence kept; rows without an identity are counted apart. */
export function indexRows(
  context: ContextName,
  target: Pick<Target, 'languageId'>,
  rows: readonly Row[],
): { byId: Map<string, Row>; unidentified: number } {
  const byId = new Map<string, Row>();
  let unidentified = 0;
  for (const row of rows) {
    const id = rowIdentity(context, target, row);
    if (id === null) unidentified++;
    else if (!byId.has(id)) byId.set(id, row);
  }
  return { byId, unidentified };
}
