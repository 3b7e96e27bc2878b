// Bad input never takes the server down or holds it: each case is refused by an input guard before any
// parse (the diagnostic says which guard), and the server answers the next request. A request that fails
// answers an error response and the server goes on.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  ResponseError,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import {
  createConnection,
  type CompletionList,
  type Hover,
  type SemanticTokens,
} from 'vscode-languageserver/node';
import { MAX_QUERY_LENGTH, MAX_NESTING } from '../croql/parse-guards.ts';
import { MAX_REGIONS } from './analysis.ts';
import { startServer } from './server.ts';
import { positionOf, startClient, textIn, type TestClient } from './test-client.ts';

let client: TestClient;

beforeAll(async () => {
  client = await startClient();
}, 180_000);

afterAll(async () => {
  await client.close();
});

const small = 'file:///work/small.croql';

/** The server still answers: a hover on a small document. */
async function stillAnswers(): Promise<void> {
  const info = await client.request<Hover>('textDocument/hover', {
    textDocument: { uri: small },
    position: { line: 0, character: 2 },
  });
  expect(JSON.stringify(info.contents)).toContain('is hidden');
}

describe('bad input', () => {
  beforeAll(async () => {
    await client.open(small, 'croql', 'is hidden');
  });

  it('a 1 MB document is refused by the length guard, and nothing scans it again', async () => {
    const uri = 'file:///work/huge.croql';
    const text = 'text contains "a" and '.repeat(50_000);
    expect(text.length).toBeGreaterThan(1_000_000);
    const { diagnostics } = await client.open(uri, 'croql', text);
    expect(diagnostics.map((d) => d.data)).toEqual([{ reason: 'tooLong' }]);
    expect(diagnostics[0]!.message).toContain(`the limit is ${MAX_QUERY_LENGTH.toLocaleString('en-US')}`);
    const end = { line: 0, character: text.length };
    expect(
      await client.request('textDocument/completion', { textDocument: { uri }, position: end }),
    ).toBeNull();
    expect(await client.request('textDocument/hover', { textDocument: { uri }, position: end })).toBeNull();
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', {
      textDocument: { uri },
    });
    expect(tokens.data).toEqual([]);
    await stillAnswers();
  });

  it('a binary file is not parsed: the first control character is reported', async () => {
    const uri = 'file:///work/image.croql';
    const bytes = Array.from({ length: 4096 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
    const { diagnostics } = await client.open(uri, 'croql', bytes);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.data).toEqual({ reason: 'binary' });
    expect(diagnostics[0]!.message).toContain('U+0000');
    await stillAnswers();
  });

  it('10,000 nested parentheses are refused by the nesting guard', async () => {
    const uri = 'file:///work/deep.croql';
    const text = `${'('.repeat(10_000)}is hidden${')'.repeat(10_000)}`;
    const { diagnostics } = await client.open(uri, 'croql', text);
    expect(diagnostics.map((d) => d.data)).toEqual([{ reason: 'tooDeep' }]);
    expect(diagnostics[0]!.range.start.character).toBe(MAX_NESTING);
    expect(
      await client.request('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 10_005 },
      }),
    ).toBeNull();
    await stillAnswers();
  });

  it('a 1 MB script with thousands of queries has only the first checked, and says so', async () => {
    const uri = 'file:///work/generated.ts';
    const line = "await client.sourceStringsApi.listProjectStrings(1, { croql: 'is hiden' });\n";
    const text = line.repeat(Math.ceil(1_000_000 / line.length));
    const { diagnostics } = await client.open(uri, 'typescript', text);
    const count = text.split('\n').length - 1;
    expect(diagnostics.filter((d) => d.data?.reason === 'unknownField')).toHaveLength(MAX_REGIONS);
    expect(diagnostics.at(-1)!.message).toContain(`${count - MAX_REGIONS} more CroQL queries`);
    await stillAnswers();
  });

  it('a YAML file too large or nested too deep for its YAML reading is read as a shell script is', async () => {
    const step = "      - run: crowdin string list --croql 'is hiden'\n";
    const large = 'jobs:\n  sync:\n    steps:\n' + step.repeat(Math.ceil(1_000_000 / step.length));
    const big = await client.open('file:///work/.github/workflows/large.yml', 'yaml', large);
    expect(big.diagnostics.filter((d) => d.data?.reason === 'unknownField')).toHaveLength(MAX_REGIONS);
    expect(big.diagnostics.at(-1)!.message).toContain('more CroQL queries');
    const deep = `matrix: ${'['.repeat(10_000)}${']'.repeat(10_000)}\nrun: crowdin string list --croql 'is hiden'\n`;
    const nested = await client.open('file:///work/.github/workflows/deep.yml', 'yaml', deep);
    expect(nested.diagnostics.map((d) => textIn(deep, d.range))).toEqual(['is hiden']);
    await stillAnswers();
  });

  it('a JSON file too large or nested too deep for its YAML reading is left unread, and answered', async () => {
    const task = '    { "command": "crowdin", "args": ["string", "list", "--croql", "is hiden"] },\n';
    const large = '{ "tasks": [\n' + task.repeat(Math.ceil(1_000_000 / task.length)) + '{}]}\n';
    const big = await client.open('file:///work/.vscode/large.json', 'json', large);
    expect(big.diagnostics).toEqual([]);
    const deep = `{"a": ${'['.repeat(10_000)}${']'.repeat(10_000)}, "args": ["--croql", "is hiden"]}`;
    const nested = await client.open('file:///work/.vscode/deep.json', 'json', deep);
    expect(nested.diagnostics).toEqual([]);
    await stillAnswers();
  });

  it('a 1 MB query inside code is refused by the length guard, its length told, in every host', async () => {
    // Each query is 1,000,000 characters; written as an escape every time in the URL (%20).
    const query = 'a'.repeat(999_996) + ' and';
    const cases: [string, string, string][] = [
      ['file:///work/huge.ts', 'typescript', `await api.listProjectStrings(1, { croql: \`${query}\` });\n`],
      ['file:///work/huge.py', 'python', `client.source_strings.list_strings(croql="""${query}""")\n`],
      ['file:///work/huge.sh', 'shellscript', `crowdin string list --croql '${query}'\n`],
      [
        'file:///work/huge.md',
        'markdown',
        `<${'/projects/1/strings?croql=' + query.replace(/ /g, '%20')}>\n`,
      ],
    ];
    for (const [uri, languageId, text] of cases) {
      const { diagnostics } = await client.open(uri, languageId, text);
      expect(diagnostics.map((d) => d.data)).toEqual([{ reason: 'tooLong' }]);
      expect(diagnostics[0]!.message).toContain('The query is 1,000,000 characters long');
      // From the limit to the query's end, where the host writes it.
      const range = textIn(text, diagnostics[0]!.range);
      expect(range.endsWith(languageId === 'markdown' ? '%20and' : ' and')).toBe(true);
      expect(range.length).toBeGreaterThan(1_000_000 - MAX_QUERY_LENGTH - 1);
      const end = positionOf(text, text.indexOf(' and') + 2);
      expect(await client.request('textDocument/hover', { textDocument: { uri }, position: end })).toBeNull();
    }
    await stillAnswers();
  });

  it('a document closed while its requests are on the way: each is answered, then it is forgotten', async () => {
    const uri = 'file:///work/closing.croql';
    await client.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'croql', version: 1, text: 'is hidden and ' },
    });
    const position = { line: 0, character: 14 };
    const completion = client.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position,
    });
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    const hover = client.request('textDocument/hover', { textDocument: { uri }, position });
    const answered = await completion;
    expect(answered === null || answered.items.length > 0).toBe(true);
    expect(await hover).toBeNull();
    await stillAnswers();
    expect(client.process.exitCode).toBeNull();
  });
});

describe('a request that fails', () => {
  it('is answered with an error response, and the server goes on', async () => {
    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConnection = createConnection(
      new StreamMessageReader(toServer),
      new StreamMessageWriter(toClient),
    );
    startServer(serverConnection, {
      env: {},
      features: {
        hoverAt: () => {
          throw new Error('a bug in hover');
        },
      },
    });
    const connection = createMessageConnection(
      new StreamMessageReader(toClient),
      new StreamMessageWriter(toServer),
    );
    connection.listen();
    try {
      await connection.sendRequest('initialize', { processId: null, rootUri: null, capabilities: {} });
      await connection.sendNotification('initialized', {});
      const uri = 'file:///work/q.croql';
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'croql', version: 1, text: 'is hidden and ' },
      });
      const position = { line: 0, character: 3 };
      const failed = await connection
        .sendRequest('textDocument/hover', { textDocument: { uri }, position })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failed).toBeInstanceOf(ResponseError);
      expect((failed as ResponseError<unknown>).message).toBe(
        'CroQL hover failed (internal error): a bug in hover',
      );
      const list = await connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 14 },
      });
      expect(list.items.map((i) => i.label)).toContain('text');
    } finally {
      connection.dispose();
      serverConnection.dispose();
      toServer.end();
      toClient.end();
    }
  });
});
