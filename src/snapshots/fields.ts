// The fields a snapshot keeps of each row, per listing: what the results table shows, as text, so a later
// run can be diffed field by field (text, labels, updated, hidden…). Pure.
import type { ContextName } from '../croql/types.ts';
import { displayText, segmentRecords } from '../results/listings.ts';
import type { Row } from '../compare/identity.ts';

export interface SnapshotField {
  key: string;
  label: string;
  value: (row: Row) => string;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function scalar(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

const field = (key: string) => (row: Row) => scalar(row[key]);
const flag = (key: string) => (row: Row) => (row[key] === true ? 'yes' : 'no');
const list = (key: string) => (row: Row) =>
  Array.isArray(row[key]) ? (row[key] as unknown[]).map(scalar).join(', ') : scalar(row[key]);

/** A translation's own field, or its first plural form's. */
const translation = (key: string) => (row: Row) => {
  if (row[key] !== undefined) return scalar(row[key]);
  const first = Array.isArray(row.plurals) ? row.plurals[0] : undefined;
  return isRecord(first) ? scalar(first[key]) : '';
};

function translationUser(row: Row): string {
  const first = Array.isArray(row.plurals) ? row.plurals[0] : undefined;
  const user = row.user ?? (isRecord(first) ? first.user : undefined);
  return isRecord(user) ? scalar(user.username ?? user.id) : '';
}

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
    { key: 'labelIds', label: 'labels', value: list('labelIds') },
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
