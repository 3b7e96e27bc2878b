// The VS Code extension: a client of the CroQL language server (shipped beside it as server.js, the
// bundle of src/lsp/main.ts), for .croql files and the croql strings of JavaScript, TypeScript, YAML, JSON
// and shell scripts, and the two commands on the query under the cursor.
import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import { cliArgument, platformShell, playgroundLink, type QueryAt } from './commands.ts';

const QUERY_AT = 'croql/queryAt';
let client: LanguageClient | undefined;

const LANGUAGES = [
  'croql',
  'javascript',
  'javascriptreact',
  'typescript',
  'typescriptreact',
  'python',
  'yaml',
  'json',
  'jsonc',
  'shellscript',
];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath('server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: LANGUAGES.flatMap((language) => [
      { scheme: 'file', language },
      { scheme: 'untitled', language },
    ]),
    synchronize: { configurationSection: 'croql' },
    initializationOptions: { croql: settings() },
  };
  client = new LanguageClient('croql', 'CroQL', serverOptions, clientOptions);

  context.subscriptions.push(
    vscode.commands.registerCommand('croql.openInPlayground', async () => {
      const query = await queryUnderCursor();
      if (!query) return;
      const s = settings();
      await vscode.env.openExternal(vscode.Uri.parse(playgroundLink(query, s), true));
    }),
    vscode.commands.registerCommand('croql.copyCliArgument', async () => {
      const query = await queryUnderCursor();
      if (!query) return;
      const shell = platformShell(process.platform);
      const argument = cliArgument(query, shell);
      if (!argument.ok) {
        void vscode.window.showWarningMessage(`CroQL: ${argument.message}`);
        return;
      }
      await vscode.env.clipboard.writeText(argument.text);
      vscode.window.setStatusBarMessage(
        `CroQL: the --croql argument for ${shell === 'posix' ? 'bash and zsh' : 'PowerShell'} is on the clipboard`,
        3000,
      );
    }),
  );
  await client.start();
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}

function settings() {
  const c = vscode.workspace.getConfiguration('croql');
  return {
    projectId: c.get<number | null>('projectId') ?? null,
    apiUrl: c.get<string>('apiUrl') ?? 'https://api.crowdin.com/api/v2',
    edition: c.get<'standard' | 'enterprise'>('edition') ?? 'standard',
    playgroundUrl: c.get<string>('playgroundUrl') ?? 'http://127.0.0.1:5173',
  };
}

/** The query under the cursor, as the server finds it (a .croql file, or a croql string in code). */
async function queryUnderCursor(): Promise<QueryAt | null> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || !client) return null;
  const query = await client.sendRequest<QueryAt | null>(QUERY_AT, {
    textDocument: { uri: editor.document.uri.toString() },
    position: editor.selection.active,
  });
  if (!query) {
    void vscode.window.showInformationMessage(
      'CroQL: the cursor is not in a query. Place it in a .croql file, or in the croql string of a call, a --croql argument or a croql= URL.',
    );
  }
  return query;
}
