// The fields a snapshot keeps of each row, per listing, as text, so a later run can be diffed field by field
// (text, labels, updated, hidden…). The cell readers are the results table's (src/results/listings.ts); the
// list differs from the table's columns on purpose: it keeps raw ids rather than display names, so a diff does
// not change when the project's file and label lists load, and it adds the fields an edit moves (updated,
// hidden, max length). Pure.
import type { ContextName } from '../croql/types.ts';
import {
  displayText,
  field,
  firstPlural,
  isRecord,
  list,
  scalar,
  segmentRecords,
  translationUser,
} from '../results/listings.ts';
import type { Row } from '../compare/identity.ts';

export interface SnapshotField {
  key: string;
  label: string;
  value: (row: Row) => string;
}

const flag = (key: string) => (row: Row) => (row[key] === true ? 'yes' : 'no');
const listOf = (key: string) => (row: Row) => list(row[key]);
const translation = (key: string) => (row: Row) => firstPlural(row, key);

function recordsUpdated(row: Row): string {
  if (!Array.isArray(row.records)) return '';
  const times = row.records.filter(isRecord).map((r) => scalar(r.updatedAt ?? r.createdAt));
  return times.sort().at(-1) ?? '';
}

export const SNAPSHOT_FIELDS: Record<ContextName, SnapshotField[]> = {
  strings: [
    { key: 'identifier', label: 'identifier', value: field('identifier') },
    { key: 'text', label: 'text', value: displayText },
    { key: 'type', label: 'type', value: field('type') },
    { key: 'context', label: 'context', value: field('context') },
    { key: 'fileId', label: 'file', value: field('fileId') },
    { key: 'branchId', label: 'branch', value: field('branchId') },
    { key: 'labelIds', label: 'labels', value: listOf('labelIds') },
    { key: 'isHidden', label: 'hidden', value: flag('isHidden') },
    { key: 'isDuplicate', label: 'duplicate', value: flag('isDuplicate') },
    { key: 'maxLength', label: 'max length', value: field('maxLength') },
    { key: 'updatedAt', label: 'updated', value: field('updatedAt') },
  ],
  translations: [
    { key: 'stringId', label: 'string', value: field('stringId') },
    { key: 'text', label: 'text', value: displayText },
    { key: 'user', label: 'user', value: translationUser },
    { key: 'provider', label: 'provider', value: translation('provider') },
    { key: 'approvalsCount', label: 'approvals', value: translation('approvalsCount') },
    { key: 'isPreTranslated', label: 'pre-translated', value: translation('isPreTranslated') },
    { key: 'qaIssuesStatus', label: 'QA', value: field('qaIssuesStatus') },
    { key: 'createdAt', label: 'updated', value: translation('createdAt') },
  ],
  tmSegments: [
    { key: 'records', label: 'records', value: segmentRecords },
    { key: 'updatedAt', label: 'updated', value: recordsUpdated },
  ],
  glossaryTerms: [
    { key: 'text', label: 'text', value: field('text') },
    { key: 'languageId', label: 'language', value: field('languageId') },
    { key: 'partOfSpeech', label: 'part of speech', value: field('partOfSpeech') },
    { key: 'status', label: 'status', value: field('status') },
    { key: 'type', label: 'type', value: field('type') },
    { key: 'description', label: 'description', value: field('description') },
    { key: 'updatedAt', label: 'updated', value: field('updatedAt') },
  ],
};

/** One row as the snapshot keeps it: its identity and its fields' text. */
export interface SnapshotRow {
  id: string;
  values: Record<string, string>;
}

export function snapshotValues(context: ContextName, row: Row): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of SNAPSHOT_FIELDS[context]) values[f.key] = f.value(row);
  return values;
}
