// The bodies the API sends, as its OpenAPI describes them (src/server/contract/schemas.json holds the
// same facts as JSON Schema): the list envelope and the three error shapes. The emulator writes them; the
// app reads them, whichever shape arrives.
import { isRecord } from './json.ts';
import { arrayOf, number, object, type Problem, type Shape } from './shape.ts';

export interface ItemEnvelope<T> {
  data: T;
}

/** A listing's page: no total count, only the offset and limit that were used. */
export interface ListEnvelope<T> {
  data: ItemEnvelope<T>[];
  pagination: { offset: number; limit: number };
}

/** One problem with one request parameter. `from`/`to` (a range in the croql text) are our addition. */
export interface ValidationErrorItem {
  code: string;
  message: string;
  from?: number;
  to?: number;
}

/** The problems of one parameter (`key`), e.g. `croql`. */
export interface ValidationError {
  key: string;
  errors: ValidationErrorItem[];
}

/** 400 as most listings describe it (the OpenAPI's ErrorCollectionResource). */
export interface ValidationErrorsBody {
  errors: { error: ValidationError }[];
}

/** 400 as the TM segments listing describes it (the OpenAPI's ErrorResource): one object, no array. */
export interface ValidationErrorBody {
  error: ValidationError;
}

/** 401, 403, 404, 429, 5xx: a message and the HTTP status. */
export interface SimpleErrorBody {
  error: { message: string; code: number };
}

/**
 * Every validation error in a body of either 400 shape, items normalised (a missing code or message gets a
 * generic one). Anything else (a simple error, text, null) has none.
 */
export function validationErrorsOf(body: unknown): ValidationError[] {
  if (!isRecord(body)) return [];
  const entries: unknown[] = Array.isArray(body.errors)
    ? body.errors.map((e) => (isRecord(e) ? e.error : null))
    : isRecord(body.error) && 'key' in body.error
      ? [body.error]
      : [];
  const out: ValidationError[] = [];
  for (const entry of entries) {
    if (!isRecord(entry) || (typeof entry.key !== 'string' && typeof entry.key !== 'number')) continue;
    const items = Array.isArray(entry.errors) ? entry.errors : [];
    out.push({
      key: String(entry.key),
      errors: items.filter(isRecord).map((item) => ({
        code: typeof item.code === 'string' ? item.code : 'invalid',
        message: typeof item.message === 'string' ? item.message : 'Invalid value',
        ...(typeof item.from === 'number' ? { from: item.from } : {}),
        ...(typeof item.to === 'number' ? { to: item.to } : {}),
      })),
    });
  }
  return out;
}

/** The message of a simple error body (`{"error":{"message":…}}`), or null. */
export function simpleErrorMessage(body: unknown): string | null {
  if (!isRecord(body) || !isRecord(body.error)) return null;
  return typeof body.error.message === 'string' ? body.error.message : null;
}

/** A page's envelope around rows of `row`'s shape: `data` (each item's row in its own `data`), `pagination`. */
export function listEnvelopeShape<T>(row: Shape<T>): Shape<ListEnvelope<T>> {
  const known = envelopes.get(row);
  if (known) return known as Shape<ListEnvelope<T>>;
  const shape = object<ListEnvelope<T>>(
    'a page of the listing (an object with `data` and `pagination`)',
    {
      data: arrayOf(object<ItemEnvelope<T>>('an item (an object with `data`)', { data: row }, ['data'])),
      pagination: object<ListEnvelope<T>['pagination']>(
        'the pagination (an object with `offset` and `limit`)',
        { offset: number, limit: number },
        ['offset', 'limit'],
      ),
    },
    ['data', 'pagination'],
  );
  envelopes.set(row, shape);
  return shape;
}
const envelopes = new WeakMap<Shape<unknown>, Shape<unknown>>();

/** An item's envelope (`GET /user`, `GET /projects/{id}`): its object in `data`. */
export const itemEnvelopeShape = <T>(item: Shape<T>): Shape<ItemEnvelope<T>> =>
  object<ItemEnvelope<T>>('an object with `data`', { data: item }, ['data']);

/**
 * The rows of a list page whose body fits the envelope and `row`, or the first problem with it: a body that
 * does not is never read further (src/connection/api.ts turns the problem into an error that names it).
 */
export function readListPage<T>(
  body: unknown,
  row: Shape<T>,
): { ok: true; rows: T[] } | { ok: false; problem: Problem } {
  const problem = listEnvelopeShape(row).problem(body, '');
  if (problem) return { ok: false, problem };
  return { ok: true, rows: (body as ListEnvelope<T>).data.map((item) => item.data) };
}
