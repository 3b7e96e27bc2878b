// How long a request URL may be. The editor allows MAX_QUERY_LENGTH characters of CroQL; percent-encoded in
// a URL, one UTF-16 unit becomes up to 9 characters (a character of 3 UTF-8 bytes, `%E2%80%A6`).
import { MAX_QUERY_LENGTH } from '../croql/parse-guards.ts';

/**
 * The longest request URL (path and query, in characters) the emulator serves: any query the editor allows,
 * percent-encoded, with room for the listing's other parameters. A longer one gets 414 with the service's
 * simple error body (`{"error":{"message","code":414}}`), readable by the app (CORS).
 */
export const MAX_EMULATOR_URL_LENGTH = MAX_QUERY_LENGTH * 9 + 16 * 1024;

/**
 * The longest request URL (in characters) that servers and the tools between them commonly accept. RFC 9110
 * (section 4.1) recommends that every sender and recipient support URIs of at least 8,000 octets, and common
 * defaults refuse a little above it: nginx (`large_client_header_buffers 4 8k`, a 414), Apache
 * (`LimitRequestLine 8190`) and Amazon CloudFront (8,192 bytes). Crowdin documents no limit of its own, so a
 * longer request may be refused on its way there; the editor says so before Run, and Copy link says so of a
 * longer link (chat, mail and trackers may cut it).
 */
export const COMMON_URL_LIMIT = 8000;
