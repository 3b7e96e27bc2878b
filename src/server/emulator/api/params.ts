// Query parameters: paging for every list, and a listing's parameters checked against its row in the
// listings registry (src/wire/listings.ts) for the API variant being served: types, enums, ranges, the
// parameters refused beside `croql`, and the ones that exclude each other.
import { paramsOf, type ApiVariant, type ListingName, type QueryParam } from '../../../wire/listings.ts';
import { validationError } from './errors.ts';
import { PAGE_LIMIT } from '../../../wire/service-limits.ts';

export type Query = Record<string, string>;

export type ParamValue = number | string | number[] | string[];

/** One term of `orderBy`. */
export interface OrderSpec {
  field: string;
  desc: boolean;
}

export interface ListingParams {
  /** The croql text, or null when absent or blank. */
  croql: string | null;
  limit: number;
  offset: number;
  /** `orderBy` as sent, or the listing's default order, one term per field. */
  orderBy: OrderSpec[];
  /** Every other parameter that was sent, parsed. */
  values: ReadonlyMap<string, ParamValue>;
}

const LIMIT = { name: 'limit', type: 'integer', minimum: 1, maximum: PAGE_LIMIT, besideCroql: true } as const;
const OFFSET = { name: 'offset', type: 'integer', minimum: 0, besideCroql: true } as const;

/** `limit` (1..PAGE_LIMIT, default 25) and `offset` (≥ 0, default 0) of any list. */
export function pageParams(q: Query): { limit: number; offset: number } {
  const limit = q.limit === undefined ? 25 : (parseParam(LIMIT, q.limit) as number);
  const offset = q.offset === undefined ? 0 : (parseParam(OFFSET, q.offset) as number);
  return { limit, offset };
}

/**
 * Reads a listing's parameters. Parameters the variant's listing does not have are ignored, as unknown
 * parameters are. Refuses (400, keyed by the parameter): a malformed value; a parameter the listing does not
 * take beside `croql` (code `notAllowedWithCroql`, with the CroQL to write instead); two parameters that
 * exclude each other (code `notAllowedWith`).
 */
export function readListingParams(
  listing: ListingName,
  variant: ApiVariant,
  q: Query,
  defaultOrder: string,
): ListingParams {
  const params = paramsOf(listing, variant);
  const present = params.filter((p) => q[p.name] !== undefined);
  const values = new Map<string, ParamValue>();
  let orderBy: OrderSpec[] = [{ field: defaultOrder, desc: false }];
  for (const p of present) {
    if (p.name === 'orderBy') orderBy = parseOrderBy(q.orderBy!, p.enum?.map(String) ?? []);
    else values.set(p.name, parseParam(p, q[p.name]!));
  }
  const croql = q.croql === undefined || q.croql.trim() === '' ? null : q.croql;
  if (croql !== null) {
    const refused = present.find((p) => !p.besideCroql);
    if (refused) {
      const instead = refused.croqlInstead
        ? `Put the condition in the query instead, e.g. \`${refused.croqlInstead}\`.`
        : 'Remove it.';
      throw validationError(refused.name, [
        { code: 'notAllowedWithCroql', message: `${refused.name} cannot be combined with croql. ${instead}` },
      ]);
    }
  }
  for (const p of present) {
    const rival = present.find((o) => o !== p && o.exclusiveGroup && o.exclusiveGroup === p.exclusiveGroup);
    if (rival) {
      throw validationError(rival.name, [
        {
          code: 'notAllowedWith',
          message: `${rival.name} cannot be used with ${p.name} in the same request.`,
        },
      ]);
    }
  }
  const { limit, offset } = pageParams(q);
  values.delete('limit');
  values.delete('offset');
  values.delete('croql');
  return { croql, limit, offset, orderBy, values };
}

function parseParam(p: QueryParam, raw: string): ParamValue {
  const fail = (message: string, code: string): never => {
    throw validationError(p.name, [{ code, message: `${p.name} ${message}; got "${raw}".` }]);
  };
  switch (p.type) {
    case 'integer': {
      const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
      const min = p.minimum ?? Number.MIN_SAFE_INTEGER;
      const max = p.maximum ?? Number.MAX_SAFE_INTEGER;
      if (!Number.isSafeInteger(value)) fail('must be an integer', 'notDigits');
      if (value < min || value > max) {
        const range = p.maximum === undefined ? `at least ${min}` : `between ${min} and ${max}`;
        fail(`must be an integer ${range}`, 'notBetween');
      }
      if (p.enum && !p.enum.includes(value)) fail(`must be one of ${p.enum.join(', ')}`, 'notInArray');
      return value;
    }
    case 'idList': {
      const ids = raw.split(',').map((s) => (/^\d+$/.test(s.trim()) ? Number(s) : NaN));
      if (ids.some((n) => !Number.isSafeInteger(n))) fail('must be comma-separated integer ids', 'notDigits');
      return ids;
    }
    case 'scopeList': {
      const parts = raw.split(',').map((s) => s.trim());
      const bad = parts.find((s) => !p.enum?.includes(s));
      if (bad !== undefined)
        fail(`must be one or more of ${p.enum?.join(', ')}, comma-separated`, 'notInArray');
      return parts;
    }
    case 'string':
      if (p.enum && !p.enum.includes(raw)) fail(`must be one of ${p.enum.join(', ')}`, 'notInArray');
      return raw;
  }
}

/**
 * `createdAt desc,name` (the service's sorting rules): each term one of the listing's fields, optionally
 * followed by asc or desc. A field named twice is refused: its second term could never change the order, and
 * each term costs a pass over the matches.
 */
export function parseOrderBy(raw: string, fields: readonly string[]): OrderSpec[] {
  const terms: OrderSpec[] = [];
  for (const part of raw.split(',')) {
    const [field, direction, extra] = part.trim().split(/\s+/);
    if (
      !field ||
      !fields.includes(field) ||
      extra !== undefined ||
      (direction !== undefined && direction !== 'asc' && direction !== 'desc')
    ) {
      throw validationError('orderBy', [
        {
          code: 'orderByInvalid',
          message: `Cannot sort by "${part.trim()}". Use one of ${fields.join(', ')}, each optionally followed by asc or desc.`,
        },
      ]);
    }
    if (terms.some((t) => t.field === field)) {
      throw validationError('orderBy', [
        {
          code: 'orderByDuplicate',
          message: `orderBy names "${field}" more than once. Name each field once, e.g. "${field} desc".`,
        },
      ]);
    }
    terms.push({ field, desc: direction === 'desc' });
  }
  return terms;
}
