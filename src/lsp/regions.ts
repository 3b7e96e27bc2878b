// Where the CroQL is in a document. A `.croql` file is one query, of the listing its name says
// (`*.strings.croql`, `*.translations.croql`, `*.tm.croql`, `*.glossary.croql`) or its first line does
// (`# listing: translations`, README.md "Editors"); strings otherwise. In other languages, the queries are
// found by their host (host-js.ts, host-python.ts, host-shell.ts, host-yaml.ts for YAML and JSON,
// host-url.ts). A document too large to be a query file is still answered: the core's input guard refuses a
// query over its length limit before any parsing.
import type { ListingName } from '../croql/index.ts';
import { jsRegions } from './host-js.ts';
import { pythonRegions } from './host-python.ts';
import { shellRegions } from './host-shell.ts';
import { yamlRegions } from './host-yaml.ts';
import { urlRegions } from './host-url.ts';
import type { Region } from './region.ts';

/** What a listing is called in a file name or a `# listing:` line; the core's names are accepted too. */
const LISTING_WORDS: Record<string, ListingName> = {
  strings: 'strings',
  translations: 'translations',
  tm: 'tmSegments',
  tmsegments: 'tmSegments',
  glossary: 'glossaryTerms',
  glossaryterms: 'glossaryTerms',
};

/** The first line that names the listing: `# listing: tm` (also after `//` or `--`). */
const LISTING_LINE = /^[ \t]*(?:#|\/\/|--)[ \t]*listing[ \t]*:[ \t]*([A-Za-z]+)[ \t]*(?:\r?\n|$)/i;

export type HostKind = 'croql' | 'js' | 'python' | 'shell' | 'yaml' | 'json' | 'other';

const JS_IDS = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact']);
const SHELL_IDS = new Set(['shellscript', 'sh', 'bash', 'zsh']);
const YAML_IDS = new Set(['yaml', 'github-actions-workflow']);
const JSON_IDS = new Set(['json', 'jsonc']);

/** How each host language's queries are found (a `.croql` file is one query; others have none). */
const HOST_READERS: Partial<
  Record<HostKind, (text: string, limit: number) => { regions: Region[]; more: number }>
> = {
  js: jsRegions,
  python: pythonRegions,
  shell: shellRegions,
  yaml: (text, limit) => yamlRegions(text, limit),
  json: (text, limit) => yamlRegions(text, limit, true),
};

/** The host language of a document, from the client's language id or else the file name. */
export function hostKind(uri: string, languageId: string): HostKind {
  const path = uri.replace(/[?#].*$/, '').toLowerCase();
  if (languageId === 'croql' || path.endsWith('.croql')) return 'croql';
  if (JS_IDS.has(languageId) || /\.(?:[cm]?[jt]s|[jt]sx)$/.test(path)) return 'js';
  if (languageId === 'python' || /\.pyw?$/.test(path)) return 'python';
  if (YAML_IDS.has(languageId) || /\.ya?ml$/.test(path)) return 'yaml';
  if (JSON_IDS.has(languageId) || /\.jsonc?$/.test(path)) return 'json';
  if (SHELL_IDS.has(languageId) || /\.(?:sh|bash|zsh)$/.test(path)) return 'shell';
  return 'other';
}

/** The listing of a `.croql` file, and where its query starts (after a `# listing:` line). */
export function croqlFileListing(uri: string, text: string): { listing: ListingName; start: number } {
  const line = LISTING_LINE.exec(text.slice(0, 200));
  if (line) {
    const listing = LISTING_WORDS[line[1]!.toLowerCase()];
    if (listing) return { listing, start: line[0].length };
  }
  const name = decodeURIComponent(
    uri
      .replace(/[?#].*$/, '')
      .split('/')
      .pop() ?? '',
  ).toLowerCase();
  const word = /\.([a-z]+)\.croql$/.exec(name)?.[1];
  return { listing: (word && LISTING_WORDS[word]) || 'strings', start: 0 };
}

/** The queries of a document in document order, at most `limit` of each host's; `more` counts the rest. */
export function findRegions(
  uri: string,
  languageId: string,
  text: string,
  limit: number,
): { regions: Region[]; more: number } {
  const kind = hostKind(uri, languageId);
  if (kind === 'croql') {
    const { listing, start } = croqlFileListing(uri, text);
    return {
      regions: [{ listing, text: text.slice(start), start, encode: (q) => q, host: 'croql' }],
      more: 0,
    };
  }
  const host = HOST_READERS[kind]?.(text, limit) ?? null;
  const urls = urlRegions(text, limit);
  const found = [...(host?.regions ?? []), ...urls.regions];
  // A URL inside a `croql` literal is that query's text, not a second query.
  found.sort((a, b) => a.start - b.start);
  const out: Region[] = [];
  for (const r of found) {
    const last = out[out.length - 1];
    if (last && r.start < (last.map ? last.map[last.map.length - 1]! : last.start + last.text.length))
      continue;
    out.push(r);
  }
  return { regions: out, more: (host?.more ?? 0) + urls.more };
}
