// A listing's rows as the app holds them: the service's resources (src/wire/resources.ts), one type per
// listing. A row arrives as JSON, so every reader here still expects a field to be missing or of another
// shape (a proxy's page, a future field) and says nothing rather than throw.
import type { ListingName } from '../croql/index.ts';
import type { ListingRow, ListingRows } from '../wire/resources.ts';

export type Row = ListingRow;
export type RowOf<L extends ListingName> = ListingRows[L];

/** Names for the ids a row carries, from the project's lists; an id the lists lack shows as the id. */
export interface DisplayNames {
  files?: ReadonlyMap<number, string>;
  branches?: ReadonlyMap<number, string>;
  labels?: ReadonlyMap<number, string>;
}

/** A row field by field, whatever it holds (the details panel, export): what the service sent. */
export function entriesOf(row: Row): Record<string, unknown> {
  return row as unknown as Record<string, unknown>;
}
