// "Copy as curl": a delivery as a shell command that sends the app the same bytes with the same headers, so
// the signature still verifies. Length and host are curl's to set.

/** A fixture (src/wire/apps.ts Fixture) is what this needs. */
export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

const LEFT_TO_CURL = new Set(['content-length', 'host', 'connection']);

/**
 * Linux refuses a single argument over 128 KiB (MAX_ARG_STRLEN); a larger body goes through `printf`, a
 * shell builtin, and a pipe instead.
 */
const MAX_BODY_ARGUMENT = 100_000;

/** Quotes a string for a POSIX shell: exactly these bytes, nothing expanded. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function curlCommand(request: CurlRequest): string {
  const headers = Object.entries(request.headers)
    .filter(([name]) => !LEFT_TO_CURL.has(name.toLowerCase()))
    .map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`);
  const hasBody = request.body !== '';
  const viaPipe = hasBody && new TextEncoder().encode(request.body).length > MAX_BODY_ARGUMENT;
  const lines = [
    `curl -sS -i -X ${request.method} ${shellQuote(request.url)}`,
    ...headers,
    ...(hasBody ? [viaPipe ? '  --data-binary @-' : `  --data-binary ${shellQuote(request.body)}`] : []),
  ];
  const command = lines.join(' \\\n');
  return viaPipe ? `printf '%s' ${shellQuote(request.body)} | ${command}` : command;
}
