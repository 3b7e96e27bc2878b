// A listing's rows as the app holds them: the service's resources (src/wire/resources.ts), one type per
// listing. A row arrives as JSON, so every reader here still expects a field to be missing or of another
// shape (a proxy's page, a future field) and says nothing rather than throw.
import type { ListingName } from '../croql/index.ts';
import type { ListingRow, ListingRows, SourceStringResource } from '../wire/resources.ts';

export type Row = ListingRow;
export type RowOf<L extends ListingName> = ListingRows[L];

/** A user as the app names one: the username (what `@user:"…"` takes) and the full name. */
export interface UserName {
  username: string;
  fullName?: string;
}

/**
 * What the ids a row carries stand for, from the project's lists (src/rows/display-names.ts): names for
 * files, branches, labels and users, and the source strings of translation rows. Each map stays undefined
 * until its list loads; an id a list lacks shows as the id.
 */
export interface DisplayNames {
  /** A file's name, or its path where another file has the same name. */
  files?: ReadonlyMap<number, string>;
  branches?: ReadonlyMap<number, string>;
  labels?: ReadonlyMap<number, string>;
  /** The project's members and the signed-in user. */
  users?: ReadonlyMap<number, UserName>;
  /** Source strings by id: the strings of the translation rows loaded (src/rows/sources.ts). */
  strings?: ReadonlyMap<number, SourceStringResource>;
  /** The language of a TM's source records (the TM's `languageId`): a segment reads source | target. */
  tmSourceLanguage?: string;
  /** The project's target languages' editor codes by language id (the project's `targetLanguages`). */
  editorCodes?: ReadonlyMap<string, string>;
  /** The project's languages in its order: the source language (a TM's own for segments), then the targets. */
  languageOrder?: readonly string[];
}

/** A row field by field, whatever it holds (the details panel, export): what the service sent. */
export function entriesOf(row: Row): Record<string, unknown> {
  return row as unknown as Record<string, unknown>;
}
