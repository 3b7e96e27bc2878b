// Query parameter rules: limit/offset ranges, integer ids, and which parameters may accompany croql.
import { validationError } from './errors.ts';

export type Query = Record<string, string>;

export function pageParams(q: Query): { limit: number; offset: number } {
  const limit = q.limit === undefined ? 25 : intParam(q, 'limit', 1, 500);
  const offset = q.offset === undefined ? 0 : intParam(q, 'offset', 0, Number.MAX_SAFE_INTEGER);
  return { limit, offset };
}

export function intParam(q: Query, name: string, min: number, max: number): number {
  const raw = q[name] ?? '';
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `between ${min} and ${max}`;
    throw validationError(name, [
      { code: 'notBetween', message: `${name} must be an integer ${range}; got "${raw}".` },
    ]);
  }
  return value;
}

export function idList(q: Query, name: string): number[] | null {
  const raw = q[name];
  if (raw === undefined || raw === '') return null;
  const ids = raw.split(',').map((s) => Number(s.trim()));
  if (ids.some((n) => !Number.isSafeInteger(n))) {
    throw validationError(name, [
      { code: 'invalidIds', message: `${name} must be comma-separated integer ids.` },
    ]);
  }
  return ids;
}

export function boolParam(q: Query, name: string): boolean {
  const raw = q[name];
  return raw === '1' || raw === 'true';
}

/** What to write in croql instead of each classic parameter, for the error message. */
const CROQL_HINTS: Record<string, string> = {
  fileId: 'id of file = 3',
  branchId: 'id of branch = 2',
  labelIds: 'count of labels where (id = 5) > 0',
  filter: 'text contains "Save"',
  scope: 'identifier contains "button"',
  stringIds: 'a condition on the translation itself',
  approvedOnly: 'count of approvals > 0',
  languageId: 'language = @language:"uk"',
  userId: 'user = @user:"alice"',
  conceptId: 'concept = 4',
};

/**
 * The service rejects some parameters together with croql; how it answers is undocumented. We answer 400 in
 * the validation envelope, keyed by the offending parameter, with code `notAllowedWithCroql`.
 */
export function rejectWithCroql(q: Query, forbidden: readonly string[]): void {
  if (q.croql === undefined || q.croql.trim() === '') return;
  const present = forbidden.filter((name) => q[name] !== undefined);
  if (!present.length) return;
  const name = present[0]!;
  const hint = CROQL_HINTS[name];
  throw validationError(name, [
    {
      code: 'notAllowedWithCroql',
      message: `${name} cannot be combined with croql. ${hint ? `Put the condition in the query instead, e.g. \`${hint}\`.` : 'Remove it.'}`,
    },
  ]);
}

export function croqlParam(q: Query): string | null {
  const raw = q.croql;
  return raw === undefined || raw.trim() === '' ? null : raw;
}
