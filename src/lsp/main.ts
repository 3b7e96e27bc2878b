// `npm run -s lsp -- --stdio` and the `croql-language-server` bin: the language server over standard input
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

// `npm run lsp` writes its banner ("> croql-playground@… lsp") to standard output before this process
// starts: over --stdio an editor's client reads it as the head of the first message and stops there.
// `npm run -s` leaves the banner out (npm then sets npm_config_loglevel=silent). Said on stderr, which
// editors show in the server's log.
if (
  process.argv.includes('--stdio') &&
  process.env.npm_lifecycle_event === 'lsp' &&
  process.env.npm_config_loglevel !== 'silent'
) {
  process.stderr.write(
    'npm printed its banner on standard output before the language server started, and an editor cannot ' +
      'read the protocol past it. Start the server with `npm run -s lsp -- --stdio` (or ' +
      '`croql-language-server --stdio`).\n',
  );
}

startServer(createConnection(ProposedFeatures.all));
