// A language client for the protocol tests: the server as its own process over stdio, spoken to with
// vscode-jsonrpc (the JSON-RPC layer VS Code's own client uses). Only tests and the bench import it.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import type {
  ClientCapabilities,
  InitializeResult,
  PublishDiagnosticsParams,
} from 'vscode-languageserver/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface TestClient {
  connection: MessageConnection;
  initialized: InitializeResult;
  /** What the server wrote on stderr (a crash would be there). */
  stderr: () => string;
  /** Log messages (window/logMessage) so far. */
  logs: string[];
  open(uri: string, languageId: string, text: string): Promise<PublishDiagnosticsParams>;
  change(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams>;
  /** The diagnostics published for `uri` at `version` (waits for them). */
  diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams>;
  request<R>(method: string, params: unknown): Promise<R>;
  close(): Promise<void>;
  process: ChildProcess;
}

/** The completion capabilities VS Code's client (vscode-languageclient) declares: LSP 3.17's list defaults. */
export const VSCODE_COMPLETION: ClientCapabilities = {
  textDocument: {
    completion: {
      completionList: {
        itemDefaults: ['commitCharacters', 'editRange', 'insertTextFormat', 'insertTextMode', 'data'],
      },
    },
  },
};

export interface StartOptions {
  /** The command to run; the TypeScript source through tsx by default. */
  command?: string[];
  env?: Record<string, string | undefined>;
  initializationOptions?: unknown;
  /** What the client declares it takes (none by default, the plainest client). */
  capabilities?: ClientCapabilities;
  cwd?: string;
}

export async function startClient(options: StartOptions = {}): Promise<TestClient> {
  const [cmd, ...args] = options.command ?? [
    process.execPath,
    '--import',
    'tsx',
    'src/lsp/main.ts',
    '--stdio',
  ];
  const child = spawn(cmd!, args, {
    cwd: options.cwd ?? root,
    env: { ...process.env, CROWDIN_PERSONAL_TOKEN: undefined, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout!),
    new StreamMessageWriter(child.stdin!),
  );
  const published: PublishDiagnosticsParams[] = [];
  const waiters: (() => void)[] = [];
  const logs: string[] = [];
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    for (const w of waiters.splice(0)) w();
  });
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
    for (const w of waiters.splice(0)) w();
  });
  connection.onNotification('window/showMessage', (p: { message: string }) => {
    logs.push(p.message);
  });
  connection.listen();
  // A server that dies on start (a missing module) fails the test at once, saying why, instead of a hang.
  const died = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`The language server exited (${code}) before answering initialize: ${stderr}`)),
    ),
  );
  died.catch(() => {});
  const initialized = await Promise.race([
    connection.sendRequest<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: options.capabilities ?? {},
      initializationOptions: options.initializationOptions,
    }),
    died,
  ]);
  await connection.sendNotification('initialized', {});

  const diagnostics = (uri: string, version: number) =>
    new Promise<PublishDiagnosticsParams>((resolve) => {
      const look = () => {
        const found = published.find((p) => p.uri === uri && p.version === version);
        if (found) resolve(found);
        else waiters.push(look);
      };
      look();
    });

  return {
    connection,
    initialized,
    logs,
    process: child,
    stderr: () => stderr,
    diagnostics,
    async open(uri, languageId, text) {
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId, version: 1, text },
      });
      return diagnostics(uri, 1);
    },
    async change(uri, version, text) {
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text }],
      });
      return diagnostics(uri, version);
    },
    request: <R>(method: string, params: unknown) => connection.sendRequest<R>(method, params),
    async close() {
      const exited =
        child.exitCode !== null
          ? Promise.resolve()
          : new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.exitCode === null) {
        await connection.sendRequest('shutdown').catch(() => {});
        await connection.sendNotification('exit').catch(() => {});
      }
      await exited;
      connection.dispose();
    },
  };
}

/** The text of `text` in an LSP range (lines and UTF-16 characters). */
export function textIn(text: string, range: { start: Pos; end: Pos }): string {
  return text.slice(offsetOf(text, range.start), offsetOf(text, range.end));
}

interface Pos {
  line: number;
  character: number;
}

export function offsetOf(text: string, pos: Pos): number {
  let offset = 0;
  for (let line = 0; line < pos.line; line++) offset = text.indexOf('\n', offset) + 1;
  return offset + pos.character;
}

export function positionOf(text: string, offset: number): Pos {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}
