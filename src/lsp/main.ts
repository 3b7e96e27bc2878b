// `npm run lsp -- --stdio` and the `croql-language-server` bin: the language server over standard input
// and output (vscode-languageserver reads the transport from the command line: --stdio, --node-ipc or
// --socket=PORT).
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server.ts';

const TRANSPORTS = ['--stdio', '--node-ipc', '--socket', '--pipe', '--clientProcessId'];

if (
  process.argv.includes('--help') ||
  !process.argv.slice(2).some((a) => TRANSPORTS.some((t) => a.startsWith(t)))
) {
  process.stderr.write(
    'Usage: croql-language-server --stdio\n' +
      'The CroQL language server (Language Server Protocol). Start it from an editor; README.md, "Editors", has the set-up.\n',
  );
  process.exit(process.argv.includes('--help') ? 0 : 2);
}

startServer(createConnection(ProposedFeatures.all));
