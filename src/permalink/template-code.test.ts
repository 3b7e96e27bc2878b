// Exported code of a template builds exactly the query the playground sends, hostile values included.
import { execFileSync } from 'node:child_process';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { substitute, type TemplateParam } from '../croql/index.ts';
import { exportClient, exportCurl, exportFetch, type ExportRequest } from './code-export.ts';

const params: TemplateParam[] = [
  { name: 'lang', type: 'language', value: 'uk' },
  { name: 'who', type: 'member', value: 'alice' },
  { name: 'needle', type: 'string', value: 'a" or id > 0 or "\\ `$(x)` ${y}' },
  { name: 'since', type: 'datetime', value: '2024-05-01' },
  { name: 'n', type: 'number', value: '-2' },
  { name: 'file', type: 'file', value: '3' },
];
const text =
  'count of translations where (language = {{lang}} and user = @user:{{who}}) > 0 and text contains {{needle}} ' +
  'and updated > {{since}} and id > {{n}} and id of file = {{file}} and identifier != "`${z}` \\"{{x}}\\""';
const request: ExportRequest = {
  apiUrl: 'http://127.0.0.1:8787/api/v2',
  connection: 'emulator',
  domain: null,
  context: 'strings',
  target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
  text,
  params,
};
const expected = substitute(text, params, new Date()).text;

async function croqlOfJs(code: string, call: 'fetch' | 'client'): Promise<string> {
  let sent = '';
  const body = call === 'fetch' ? code : code.replace(/^import .*$/m, '');
  const context = {
    URL,
    process: { env: { CROWDIN_TOKEN: 't' } },
    console: { log: () => {} },
    fetch: async (url: URL) => {
      sent = url.searchParams.get('croql') ?? '';
      return { ok: true, json: async () => ({ data: [] }) };
    },
    crowdin: class {
      sourceStringsApi = {
        withFetchAll: () => ({
          listProjectStrings: async (_p: number, options: { croql: string }) => {
            sent = options.croql;
            return { data: [] };
          },
        }),
      };
    },
  };
  await runInNewContext(`(async () => {${body}})()`, context);
  return sent;
}

/** The query the curl snippet sends: a stand-in curl writes it to fd 3 and answers an empty page. */
function croqlOfCurl(code: string): string {
  const script = `exec 3>&1; curl() { for a in "$@"; do case "$a" in croql=*) printf %s "\${a#croql=}" >&3;; esac; done; printf '{"data":[]}'; }\n${code}`;
  return execFileSync('bash', ['-c', script], { encoding: 'utf8' });
}

describe('exported code of a template', () => {
  it('fetch: the parameters are variables and the query equals what the playground sends', async () => {
    const code = exportFetch(request);
    expect(code).toContain('const params = {');
    expect(code).toContain("  lang: 'uk', // a language code");
    expect(await croqlOfJs(code, 'fetch')).toBe(expected);
  });

  it('official client: the same query from the same variables', async () => {
    expect(await croqlOfJs(exportClient(request), 'client')).toBe(expected);
  });

  it('curl (bash): the same query from shell variables', () => {
    const code = exportCurl(request);
    expect(code).toContain("param_lang='uk'");
    expect(croqlOfCurl(code)).toBe(expected);
  });

  it('a datetime relative to the run is exported as the datetime it names at the export, said so', async () => {
    const relative = {
      ...request,
      text: 'updated > {{since}}',
      params: [{ name: 'since', type: 'datetime' as const, value: '7 days ago' }],
    };
    const before = Date.now();
    const code = exportFetch(relative);
    expect(code).toContain('// today, YYYY-MM-DD or YYYY-MM-DD HH:MM:SS (UTC); “7 days ago” when exported');
    const sent = await croqlOfJs(code, 'fetch');
    const at = Date.parse(sent.replace(/^updated > '(.*)'$/, '$1').replace(' ', 'T') + 'Z');
    expect(Math.abs(at - (before - 7 * 86_400_000))).toBeLessThan(5_000);
    const shell = exportCurl(relative);
    expect(croqlOfCurl(shell)).toMatch(/^updated > '\d{4}-\d\d-\d\d \d\d:\d\d:\d\d'$/);
  });

  it('a plain query is exported as before', () => {
    const plain = exportFetch({ ...request, text: 'id > 3', params: undefined });
    expect(plain).not.toContain('params');
    expect(plain).toContain(`url.searchParams.set('croql', 'id > 3');`);
  });
});
