// How much a listing is asked for at once, and how far Fetch all goes: one set of limits for the results
// table's Fetch all, row sets (compare, snapshots, the funnel) and the languages matrix.
import { PAGE_LIMIT } from '../wire/service-limits.ts';

/** Rows per page of a listing request: the service's maximum `limit`. */
export const PAGE_SIZE = PAGE_LIMIT;
/** The service allows 20 simultaneous requests per account. */
export const SERVICE_MAX_IN_FLIGHT = 20;
/** Page requests in flight for one Fetch all: under the service's 20, leaving room for the rest of the app. */
export const FETCH_ALL_IN_FLIGHT = 12;
/** Fetch all stops here (the most the table holds); beyond it a set is "more than 100,000". */
export const FETCH_ALL_LIMIT = 100_000;
