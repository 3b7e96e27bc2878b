// How long a request URL may be. The editor allows MAX_QUERY_LENGTH characters of CroQL; percent-encoded in
// a URL, one UTF-16 unit becomes up to 9 characters (a character of 3 UTF-8 bytes, `%E2%80%A6`).
import { MAX_QUERY_LENGTH } from '../croql/parse-guards.ts';

/**
 * The longest request URL (path and query, in characters) the emulator serves: any query the editor allows,
 * percent-encoded, with room for the listing's other parameters. A longer one gets 414 with the service's
 * simple error body (`{"error":{"message","code":414}}`), readable by the app (CORS).
 */
export const MAX_EMULATOR_URL_LENGTH = MAX_QUERY_LENGTH * 9 + 16 * 1024;
