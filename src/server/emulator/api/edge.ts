// The answers the service's front server gives instead of the API: the 429 of the limit of simultaneous
// requests, and the gateway failures. The only body of such a 429 on record is nginx's HTML error page
// (README, "Faults and limits on demand": code-dot-org/code-dot-org#57011 quotes it), with no Retry-After;
// a 500 comes from the API itself, in its simple error shape (src/wire/envelope.ts).
import type { Context } from 'hono';
import type { FaultStatus } from '../../../wire/faults.ts';
import type { SimpleErrorBody } from '../../../wire/envelope.ts';

const REASONS: Record<Exclude<FaultStatus, 500>, string> = {
  429: 'Too Many Requests',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

/** nginx's error page for a status, byte for byte as its default error pages are laid out. */
export function edgePage(status: Exclude<FaultStatus, 500>): string {
  const title = `${status} ${REASONS[status]}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/** Answers `status` as the service does: the front's HTML page, or the API's JSON for a 500. */
export function serviceFailure(c: Context, status: FaultStatus): Response {
  if (status === 500) {
    const body: SimpleErrorBody = { error: { message: 'Internal Server Error', code: 500 } };
    return c.json(body, 500);
  }
  c.header('Server', 'nginx');
  return c.body(edgePage(status), status, { 'Content-Type': 'text/html' });
}
