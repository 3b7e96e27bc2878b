import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { Script, runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../server/emulator/testing.ts';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crowdinCliValue } from '../croql/index.ts';
import {
  exportCli,
  exportClient,
  exportCurl,
  exportFetch,
  jsString,
  shellQuote,
  type ExportRequest,
} from './code-export.ts';

const run = promisify(execFile);

const request: ExportRequest = {
  apiUrl: 'https://api.crowdin.com/api/v2',
  connection: 'standard',
  domain: null,
  context: 'translations',
  target: { projectId: 12, languageId: 'uk', tmId: null, glossaryId: null },
  text: `text contains "it's" and\n@user:"alice" = user`,
};

describe('code export', () => {
  it('curl: the listing URL, the query url-encoded, the token as an environment variable', () => {
    const code = exportCurl(request);
    expect(code).toContain(`--get 'https://api.crowdin.com/api/v2/projects/12/languages/uk/translations'`);
    expect(code).toContain('-H "Authorization: Bearer $CROWDIN_TOKEN"');
    expect(code).toContain('--data-urlencode');
  });

  it('quotes the query so the shell passes it through byte for byte', () => {
    const quoted = shellQuote(request.text);
    const echoed = execFileSync('sh', ['-c', `printf %s ${quoted}`], { encoding: 'utf8' });
    expect(echoed).toBe(request.text);
  });

  it('fetch: a runnable snippet whose string literals hold the exact query', () => {
    const code = exportFetch(request);
    expect(code).toContain(`url.searchParams.set('croql', ${JSON.stringify(request.text)});`);
    expect(code).toContain('process.env.CROWDIN_TOKEN');
    // Compiled (not run) in Node: the snippet is valid JavaScript as pasted.
    expect(() => new Script(`(async () => {${code}})`)).not.toThrow();
  });

  it('official client: the right API and method per listing, withFetchAll', () => {
    expect(exportClient(request)).toContain(
      "stringTranslationsApi.withFetchAll().listLanguageTranslations(12, 'uk', { croql })",
    );
    expect(exportClient({ ...request, context: 'strings' })).toContain(
      'sourceStringsApi.withFetchAll().listProjectStrings(12, { croql })',
    );
    expect(
      exportClient({ ...request, context: 'tmSegments', target: { ...request.target, tmId: 3 } }),
    ).toContain('translationMemoryApi.withFetchAll().listTmSegments(3, { croql })');
    expect(
      exportClient({ ...request, context: 'glossaryTerms', target: { ...request.target, glossaryId: 4 } }),
    ).toContain('glossariesApi.withFetchAll().listTerms(4, { croql })');
  });

  it('points the client at the emulator or the organization', () => {
    expect(
      exportClient({ ...request, connection: 'emulator', apiUrl: 'http://127.0.0.1:8787/api/v2' }),
    ).toContain("baseUrl: 'http://127.0.0.1:8787/api/v2'");
    expect(exportClient({ ...request, connection: 'enterprise', domain: 'acme' })).toContain(
      "organization: 'acme'",
    );
  });

  it('never contains a real token, only placeholders', () => {
    for (const code of [exportCurl(request), exportFetch(request), exportClient(request)]) {
      expect(code).not.toMatch(/Bearer [A-Za-z0-9._-]{20,}/);
      expect(code).toContain('CROWDIN_TOKEN');
    }
  });

  it('uses the plainest string literal that holds the query exactly', () => {
    for (const text of ['id > 1', 'text contains "Save"', "it's", 'a\\b', 'line\nbreak']) {
      expect(runInNewContext(jsString(text))).toBe(text);
    }
    expect(jsString('text contains "Save"')).toBe(`'text contains "Save"'`);
  });

  it('declares ids not chosen yet so the client snippet still runs once filled in', () => {
    const code = exportClient({
      ...request,
      target: { projectId: null, languageId: null, tmId: null, glossaryId: null },
    });
    expect(code).toContain('const projectId = 0; // TODO: your projectId');
    expect(code).toContain('listLanguageTranslations(projectId, languageId, { croql })');
  });

  it('leaves placeholders for a target not chosen yet', () => {
    const code = exportCurl({
      ...request,
      target: { projectId: null, languageId: null, tmId: null, glossaryId: null },
    });
    expect(code).toContain('/projects/{projectId}/languages/{languageId}/translations');
  });
});

describe('Copy as CLI argument', () => {
  const nasty = `identifier = "apply" and text contains "it's $HOME \`id\` !! %PATH% ^&|<>"\nor text contains "😀"`;

  it('bash/zsh: the command as pasted runs crowdin-cli with the value it needs (a stand-in crowdin on PATH)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'croql-crowdin-'));
    try {
      // The stand-in writes back the arguments it was run with, each ended by NUL.
      writeFileSync(join(dir, 'crowdin'), `#!/bin/sh\nprintf '%s\\0' "$@"\n`);
      chmodSync(join(dir, 'crowdin'), 0o755);
      const code = exportCli({ ...request, context: 'strings', text: nasty }, 'posix');
      const out = execFileSync('bash', ['-c', code], {
        encoding: 'utf8',
        env: { PATH: `${dir}:${process.env.PATH}` },
      });
      expect(out.split('\0').slice(0, -1)).toEqual([
        'string',
        'list',
        '--project-id',
        '12',
        '--croql',
        crowdinCliValue(nasty),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names the shell-specific form, the token variable, and what crowdin-cli lacks', () => {
    const strings = { ...request, context: 'strings' as const, text: 'identifier = "a"' };
    expect(exportCli(strings, 'powershell')).toContain(
      `crowdin string list --project-id 12 --croql 'identifier = \\"a\\"'`,
    );
    expect(exportCli(strings, 'cmd')).toContain(
      'crowdin string list --project-id 12 --croql ^"identifier = \\\\\\^"a\\\\\\^"^"',
    );
    expect(exportCli(strings, 'cmd')).toMatch(/^REM Set CROWDIN_PERSONAL_TOKEN/);
    expect(
      exportCli({ ...strings, connection: 'emulator', apiUrl: 'http://127.0.0.1:8787/api/v2' }, 'posix'),
    ).toContain('--base-url http://127.0.0.1:8787 --croql');
    expect(exportCli(request, 'posix')).toContain('crowdin-cli has no command for this listing');
    expect(exportCli({ ...strings, text: 'text contains "a\nb"' }, 'cmd')).toMatch(
      /^REM cmd cannot pass a line break/,
    );
  });
});

describe('exported code pages through every result, not only the first 500 rows', () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator();
  });
  afterAll(() => emulator.close());

  const every: ExportRequest = {
    apiUrl: '',
    connection: 'emulator',
    domain: null,
    context: 'strings',
    target: { projectId: 1, languageId: null, tmId: null, glossaryId: null },
    // More than two pages of the 2,000 demo strings, and a quote the shell and JS must keep.
    text: `not is hidden and identifier != "it's"`,
  };
  const expectedIds = () =>
    emulator.config.data.strings.filter((s) => !s.isHidden).map((s) => s.id as number);

  it('fetch: the snippet, run as pasted against the emulator, logs every matching row', async () => {
    const code = exportFetch({ ...every, apiUrl: `${emulator.url}/api/v2` });
    let logged: { id: number }[] = [];
    await runInNewContext(`(async () => {${code}})()`, {
      URL,
      fetch,
      setTimeout,
      process: { env: { CROWDIN_TOKEN: emulator.personalToken('alice') } },
      console: { log: (rows: { id: number }[]) => (logged = rows) },
    });
    expect(expectedIds().length).toBeGreaterThan(1000);
    expect(logged.map((r) => r.id)).toEqual(expectedIds());
  });

  // The emulator runs in this process: bash runs beside it (execFile), never blocking it (execFileSync).
  it('curl: the snippet, run by bash with curl and jq, prints every matching row', async () => {
    const code = exportCurl({ ...every, apiUrl: `${emulator.url}/api/v2` });
    const { stdout: out } = await run('bash', ['-c', code], {
      encoding: 'utf8',
      env: { ...process.env, CROWDIN_TOKEN: emulator.personalToken('alice') },
      maxBuffer: 64 * 1024 * 1024,
    });
    const ids = out
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids).toEqual(expectedIds());
  });

  it('curl: a refusal is printed and ends the loop', async () => {
    const code = exportCurl({ ...every, apiUrl: `${emulator.url}/api/v2`, text: 'is hidden and' });
    const { stdout, stderr } = await run('bash', ['-c', code], {
      encoding: 'utf8',
      env: { ...process.env, CROWDIN_TOKEN: emulator.personalToken('alice') },
    });
    expect(stdout).toBe('');
    expect(stderr).toContain('"croql"');
  });
});
