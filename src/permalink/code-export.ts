// "Export code": the current query as a curl command, a fetch() call, or the official JS client.
// The token is always a placeholder (an environment variable), never the signed-in user's token.
import type { ConnectionKind } from '../wire/connection.ts';
import type { Target } from '../workspace/store.ts';
import { LISTINGS, listingPathTemplate } from '../wire/listings.ts';
import type { ListingName } from '../croql/types.ts';
import { cliArgument, findPlaceholders, type CliShell, type TemplateParam } from '../croql/index.ts';
import { jsTemplate, shellTemplate, type TemplateCode } from './template-code.ts';
import { PAGE_LIMIT } from '../wire/service-limits.ts';

export interface ExportRequest {
  /** API base URL ending in `/api/v2`. */
  apiUrl: string;
  connection: ConnectionKind;
  domain: string | null;
  context: ListingName;
  target: Target;
  text: string;
  /** A template's parameters: they become variables of the generated code. */
  params?: TemplateParam[];
}

/** The template code of a request whose text has placeholders, else null. */
function templateOf(request: ExportRequest, make: typeof jsTemplate): TemplateCode | null {
  return request.params?.length && findPlaceholders(request.text).length
    ? make(request.text, request.params)
    : null;
}

export type ExportFormat = 'curl' | 'fetch' | 'client' | 'cli-posix' | 'cli-powershell' | 'cli-cmd';

export const EXPORT_FORMATS: { id: ExportFormat; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'fetch', label: 'fetch' },
  { id: 'client', label: 'JS client' },
  { id: 'cli-posix', label: 'CLI: bash/zsh' },
  { id: 'cli-powershell', label: 'CLI: PowerShell' },
  { id: 'cli-cmd', label: 'CLI: cmd' },
];

export const TOKEN_VARIABLE = 'CROWDIN_TOKEN';

/** The listing path, with `{placeholders}` for what is not chosen yet so the snippet is still complete. */
function pathOf({ context, target }: ExportRequest): string {
  return listingPathTemplate(context, target);
}

export function exportCode(format: ExportFormat, request: ExportRequest): string {
  switch (format) {
    case 'curl':
      return exportCurl(request);
    case 'fetch':
      return exportFetch(request);
    case 'client':
      return exportClient(request);
    case 'cli-posix':
      return exportCli(request, 'posix');
    case 'cli-powershell':
      return exportCli(request, 'powershell');
    case 'cli-cmd':
      return exportCli(request, 'cmd');
  }
}

const CLI_COMMENT: Record<CliShell, string> = { posix: '#', powershell: '#', cmd: 'REM' };

/**
 * The query as crowdin-cli's `--croql` argument for one shell (src/croql/cli-argument.ts says how each is
 * quoted), in the command of the listing where crowdin-cli has one. The token is crowdin-cli's own variable.
 */
export function exportCli(request: ExportRequest, shell: CliShell): string {
  const rem = CLI_COMMENT[shell];
  const argument = cliArgument(request.text, shell);
  if (!argument.ok) return `${rem} ${argument.message}`;
  const command = LISTINGS[request.context].cli;
  const placeholders = findPlaceholders(request.text).length
    ? [`${rem} Fill in the template's {{placeholders}} first: crowdin-cli sends the query as it is.`]
    : [];
  if (!command) {
    return [
      `${rem} crowdin-cli has no command for this listing; it takes --croql on \`crowdin string list\`.`,
      ...placeholders,
      argument.text,
    ].join('\n');
  }
  const project = request.target.projectId;
  const base =
    request.connection === 'standard' ? '' : ` --base-url ${request.apiUrl.replace(/\/api\/v2\/?$/, '')}`;
  return [
    `${rem} Set CROWDIN_PERSONAL_TOKEN${project === null ? ' and CROWDIN_PROJECT_ID' : ''} (crowdin-cli reads them).`,
    ...placeholders,
    `${command}${project === null ? '' : ` --project-id ${project}`}${base} ${argument.text}`,
  ].join('\n');
}

/** A JavaScript string literal: single-quoted when that needs no escapes, else JSON's double-quoted form. */
export function jsString(value: string): string {
  return /^[^'\\\n\r\u2028\u2029]*$/.test(value) ? `'${value}'` : JSON.stringify(value);
}

/** POSIX shell single quoting. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Rows a listing gives per request at most (the service's maximum `limit`): the snippets page by it. */
const PAGE = PAGE_LIMIT;

/**
 * A bash loop over every page (the listing has no total: a page shorter than the limit is the last), each
 * row printed as one line of JSON. curl's `--retry` waits out a 429 as its Retry-After says.
 */
export function exportCurl(request: ExportRequest): string {
  const url = `${request.apiUrl}${pathOf(request)}`;
  const template = templateOf(request, shellTemplate);
  return [
    `# export ${TOKEN_VARIABLE}=<your access token>`,
    `# Every matching row, ${PAGE} per request, one JSON object a line (needs curl and jq).`,
    ...(template?.prelude ?? []),
    `offset=0`,
    `while page=$(curl --silent --show-error --fail-with-body --retry 5 --get ${shellQuote(url)} \\`,
    `    -H "Authorization: Bearer $${TOKEN_VARIABLE}" \\`,
    `    --data-urlencode ${template ? `"croql=${template.croql}"` : shellQuote(`croql=${request.text}`)} \\`,
    `    --data-urlencode 'limit=${PAGE}' \\`,
    `    --data-urlencode "offset=$offset") || { printf '%s\\n' "$page" >&2; false; }; do`,
    `  printf '%s\\n' "$page" | jq -c '.data[].data'`,
    `  [ "$(printf '%s\\n' "$page" | jq '.data | length')" -eq ${PAGE} ] || break`,
    `  offset=$((offset + ${PAGE}))`,
    `done`,
  ].join('\n');
}

/** A loop over every page, waiting out a 429 as its Retry-After says; `rows` ends with every match. */
export function exportFetch(request: ExportRequest): string {
  const url = `${request.apiUrl}${pathOf(request)}`;
  const template = templateOf(request, jsTemplate);
  return [
    ...(template ? [...template.prelude, `const croql = ${template.croql};`, ``] : []),
    `const url = new URL(${jsString(url)});`,
    `url.searchParams.set('croql', ${template ? 'croql' : jsString(request.text)});`,
    `url.searchParams.set('limit', '${PAGE}');`,
    ``,
    `// Every matching row, ${PAGE} per request: a page shorter than that is the last.`,
    `const rows = [];`,
    `for (let offset = 0; ; ) {`,
    `  url.searchParams.set('offset', String(offset));`,
    `  const response = await fetch(url, {`,
    `    headers: { Authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\` }, // your access token`,
    `  });`,
    `  if (response.status === 429) {`,
    `    const seconds = Number(response.headers.get('Retry-After')) || 1;`,
    `    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));`,
    `    continue;`,
    `  }`,
    `  if (!response.ok) throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);`,
    `  const { data } = await response.json();`,
    `  rows.push(...data.map((item) => item.data));`,
    `  if (data.length < ${PAGE}) break;`,
    `  offset += ${PAGE};`,
    `}`,
    `console.log(rows);`,
  ].join('\n');
}

export function exportClient(request: ExportRequest): string {
  const { client, pathParams } = LISTINGS[request.context];
  const { api, method } = client;
  const credentials = [`  token: process.env.${TOKEN_VARIABLE}, // your access token`];
  if (request.connection === 'enterprise') {
    credentials.push(`  organization: ${jsString(request.domain || 'your-organization-domain')},`);
  } else if (request.connection === 'emulator') {
    credentials.push(`  baseUrl: ${jsString(request.apiUrl)}, // the local emulator`);
  }
  const template = templateOf(request, jsTemplate);
  // Ids not chosen yet become variables declared at the top of the snippet, so it still runs once filled in.
  const values = pathParams.map((p) => ({ ...p, value: request.target[p.target] }));
  const missing = values
    .filter((a) => a.value === null || a.value === '')
    .map((a) => `const ${a.name} = ${a.type === 'string' ? "'uk'" : '0'}; // TODO: your ${a.name}`);
  const callArgs = values.map((a) =>
    a.value === null || a.value === ''
      ? a.name
      : typeof a.value === 'string'
        ? jsString(a.value)
        : String(a.value),
  );
  return [
    `import crowdin from '@crowdin/crowdin-api-client';`,
    ``,
    `const { ${api} } = new crowdin({`,
    ...credentials,
    `});`,
    ``,
    ...missing,
    ...(template?.prelude ?? []),
    `const croql = ${template ? template.croql : jsString(request.text)};`,
    `// withFetchAll() pages through every result (${PAGE} per request).`,
    `const response = await ${api}.withFetchAll().${method}(${[...callArgs, '{ croql }'].join(', ')});`,
    `console.log(response.data.map((item) => item.data));`,
  ].join('\n');
}
