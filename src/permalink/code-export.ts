// "Export code": the current query as a curl command, a fetch() call, or the official JS client.
// The token is always a placeholder (an environment variable), never the signed-in user's token.
import type { ConnectionKind } from '../connection/config.ts';
import type { Target } from '../connection/target.ts';
import type { ContextName } from '../croql/types.ts';

export interface ExportRequest {
  /** API base URL ending in `/api/v2`. */
  apiUrl: string;
  connection: ConnectionKind;
  domain: string | null;
  context: ContextName;
  target: Target;
  text: string;
}

export type ExportFormat = 'curl' | 'fetch' | 'client';

export const EXPORT_FORMATS: { id: ExportFormat; label: string }[] = [
  { id: 'curl', label: 'curl' },
  { id: 'fetch', label: 'fetch' },
  { id: 'client', label: 'JS client' },
];

export const TOKEN_VARIABLE = 'CROWDIN_TOKEN';

/** The listing path, with `{placeholders}` for what is not chosen yet so the snippet is still complete. */
function pathOf({ context, target }: ExportRequest): string {
  const project = target.projectId ?? '{projectId}';
  switch (context) {
    case 'strings':
      return `/projects/${project}/strings`;
    case 'translations':
      return `/projects/${project}/languages/${target.languageId ? encodeURIComponent(target.languageId) : '{languageId}'}/translations`;
    case 'tmSegments':
      return `/tms/${target.tmId ?? '{tmId}'}/segments`;
    case 'glossaryTerms':
      return `/glossaries/${target.glossaryId ?? '{glossaryId}'}/terms`;
  }
}

export function exportCode(format: ExportFormat, request: ExportRequest): string {
  switch (format) {
    case 'curl':
      return exportCurl(request);
    case 'fetch':
      return exportFetch(request);
    case 'client':
      return exportClient(request);
  }
}

/** POSIX shell single quoting. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function exportCurl(request: ExportRequest): string {
  const url = `${request.apiUrl}${pathOf(request)}`;
  return [
    `# export ${TOKEN_VARIABLE}=<your access token>`,
    `curl --get ${shellQuote(url)} \\`,
    `  -H "Authorization: Bearer $${TOKEN_VARIABLE}" \\`,
    `  --data-urlencode ${shellQuote(`croql=${request.text}`)} \\`,
    `  --data-urlencode 'limit=500'`,
  ].join('\n');
}

export function exportFetch(request: ExportRequest): string {
  const url = `${request.apiUrl}${pathOf(request)}`;
  return [
    `const url = new URL(${JSON.stringify(url)});`,
    `url.searchParams.set('croql', ${JSON.stringify(request.text)});`,
    `url.searchParams.set('limit', '500');`,
    ``,
    `const response = await fetch(url, {`,
    `  headers: { Authorization: \`Bearer \${process.env.${TOKEN_VARIABLE}}\` }, // your access token`,
    `});`,
    `if (!response.ok) throw new Error(\`HTTP \${response.status}: \${await response.text()}\`);`,
    `const { data } = await response.json();`,
    `console.log(data.map((item) => item.data));`,
  ].join('\n');
}

const CLIENT_CALLS: Record<ContextName, { api: string; call: (t: Target) => string }> = {
  strings: {
    api: 'sourceStringsApi',
    call: (t) => `listProjectStrings(${t.projectId ?? 'projectId'}, { croql })`,
  },
  translations: {
    api: 'stringTranslationsApi',
    call: (t) =>
      `listLanguageTranslations(${t.projectId ?? 'projectId'}, ${JSON.stringify(t.languageId ?? 'languageId')}, { croql })`,
  },
  tmSegments: { api: 'translationMemoryApi', call: (t) => `listTmSegments(${t.tmId ?? 'tmId'}, { croql })` },
  glossaryTerms: {
    api: 'glossariesApi',
    call: (t) => `listTerms(${t.glossaryId ?? 'glossaryId'}, { croql })`,
  },
};

export function exportClient(request: ExportRequest): string {
  const { api, call } = CLIENT_CALLS[request.context];
  const credentials = [`  token: process.env.${TOKEN_VARIABLE}, // your access token`];
  if (request.connection === 'enterprise' && request.domain) {
    credentials.push(`  organization: ${JSON.stringify(request.domain)},`);
  } else if (request.connection === 'emulator') {
    credentials.push(`  baseUrl: ${JSON.stringify(request.apiUrl)}, // the local emulator`);
  }
  return [
    `import crowdin from '@crowdin/crowdin-api-client';`,
    ``,
    `const { ${api} } = new crowdin({`,
    ...credentials,
    `});`,
    ``,
    `const croql = ${JSON.stringify(request.text)};`,
    `// withFetchAll() pages through every result (500 per request).`,
    `const response = await ${api}.withFetchAll().${call(request.target)};`,
    `console.log(response.data.map((item) => item.data));`,
  ].join('\n');
}
