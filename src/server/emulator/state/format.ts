// The state file (`--state FILE`) and the snapshot (`GET /__state`) are one JSON document:
//
//   { "format": "croql-emulator-state", "version": 1, "savedAt": "<ISO time>",
//     "emulator": { "organization": "acme" | null, "data": <where the data came from> } | null,
//     "parts": { "<part key>": <what that part saved>, … } }
//
// Each part (part.ts: the OAuth store, the apps host's stores, the data the API changed) writes its own
// value; the keeper (keeper.ts) lists them. A document of an older version is migrated a version at a
// time through MIGRATIONS; one of a newer version, or that is not JSON, or not a state, is refused with a
// StateFileError that says which.
import { STATE_FORMAT } from '../../../wire/state.ts';

export const STATE_VERSION = 1;

/** Where the emulator's data came from, so a state restored onto other data can say so. */
export type DataSource =
  { kind: 'demo'; strings: number; seed: number } | { kind: 'file'; file: string; strings: number };

export interface StateHeader {
  organization: string | null;
  data: DataSource | null;
}

export interface StateDocument {
  format: typeof STATE_FORMAT;
  version: typeof STATE_VERSION;
  savedAt: string;
  /** Null in a document migrated from version 0, which did not record it. */
  emulator: StateHeader | null;
  parts: Record<string, unknown>;
}

type Migration = (doc: Record<string, unknown>) => Record<string, unknown>;

/** MIGRATIONS[n] turns a document of version n into one of version n + 1. */
export const MIGRATIONS: Record<number, Migration> = {
  // Version 0, the format's first draft, kept each part at the top level beside `format`, `version` and
  // `savedAt`, and recorded nothing about the emulator that saved it.
  0: ({ format, version: _version, savedAt, ...parts }) => ({
    format,
    version: 1,
    savedAt,
    emulator: null,
    parts,
  }),
};

export type StateFileProblem = 'unreadable' | 'corrupt' | 'notState' | 'newer' | 'invalid';

/** A state file or snapshot that cannot be used: `problem` says which kind, the message what and why. */
export class StateFileError extends Error {
  constructor(
    readonly problem: StateFileProblem,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a document from its text: JSON, a state (its `format`), a version this emulator reads, migrated
 * to the current one. `source` names it in messages ("state file /tmp/x.json", "the snapshot").
 */
export function parseState(
  text: string,
  source: string,
): { doc: StateDocument; migratedFrom: number | null } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const empty = text.trim() === '';
    throw new StateFileError(
      'corrupt',
      empty
        ? `${source} is empty, so it is not a saved state (a save that never finished leaves the previous file, never an empty one).`
        : `${source} is not valid JSON (${e instanceof Error ? e.message : String(e)}): it is damaged or was cut short.`,
    );
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    (value as { format?: unknown }).format !== STATE_FORMAT
  ) {
    throw new StateFileError(
      'notState',
      `${source} is JSON but not an emulator state or snapshot: it lacks "format": "${STATE_FORMAT}". (A data file goes to --data, not --state.)`,
    );
  }
  let doc = value as Record<string, unknown>;
  const version = doc.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new StateFileError(
      'invalid',
      `${source} has no valid "version" (found ${JSON.stringify(version)}).`,
    );
  }
  if (version > STATE_VERSION) {
    throw new StateFileError(
      'newer',
      `${source} was written by a newer emulator (state version ${version}; this one reads versions up to ${STATE_VERSION}).`,
    );
  }
  for (let v = version; v < STATE_VERSION; v++) doc = MIGRATIONS[v]!(doc);
  if (
    typeof doc.savedAt !== 'string' ||
    !doc.parts ||
    typeof doc.parts !== 'object' ||
    Array.isArray(doc.parts)
  ) {
    throw new StateFileError('invalid', `${source} lacks "savedAt" or "parts", which every saved state has.`);
  }
  return { doc: doc as unknown as StateDocument, migratedFrom: version < STATE_VERSION ? version : null };
}

/** What to do about a refused file at start: it is left as it is, and these are the ways on. */
export function startAdvice(problem: StateFileProblem, file: string): string {
  const keep = `The emulator did not start and left ${file} as it is.`;
  switch (problem) {
    case 'newer':
      return `${keep} Update the playground, or start with another --state FILE.`;
    case 'unreadable':
      return `${keep} Make it readable, or start with another --state FILE.`;
    default:
      return `${keep} Start with another --state FILE (a missing file starts afresh), or move this one away to start afresh with this name.`;
  }
}
