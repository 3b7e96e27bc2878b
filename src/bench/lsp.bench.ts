// The language server (src/lsp/) as an editor meets it, through the JSON-RPC framing of
// vscode-languageserver over in-process streams (the pipe between two processes is the OS's, not ours):
// - a keystroke (didChange of a 2 KB document sent) until the server writes its publishDiagnostics, p95,
//   against analyze() of the same text (target ≤ 1.5: the server adds little to the analysis it must make);
// - a completion request until the server writes its answer, p95, against complete() at the same place
//   (target ≤ 1.5). What the editor then does with the answer (here the test client's parse) is not counted.
// Each sample of one side is followed by one of the other, in ten short rounds. The ratio is the median of
// the rounds' own ratios (the round's p95 of one side over its p95 of the other), so both sides of a ratio
// met the same load; the figures shown are each side's best p95. (It was each side's best p95 alone: on a
// machine shared by other work, one side's best round and the other's were different stretches of load, and
// the ratio swung from 1.4 to 6.5 between runs of the same code.) Not CPU time: process.cpuUsage counts in
// scheduler ticks on this kernel, and a 1 ms tick is the size of what is measured.
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createConnection, type PublishDiagnosticsParams } from 'vscode-languageserver/node';
import { analyze } from '../croql/check.ts';
import { complete } from '../croql/complete.ts';
import { specQueries } from '../croql/corpus.ts';
import { startServer } from '../lsp/server.ts';
import { VSCODE_COMPLETION } from '../lsp/test-client.ts';
import { pairedP95, row, type BenchRow } from './stats.ts';

const now = () => performance.now();

/**
 * One turn of the event loop, before each paired sample: an editor's next request comes after the server
 * has been idle, and V8 runs a scavenge that allocation has made due as a task between turns. Back to back,
 * the task the baseline's allocation scheduled ran inside the next server span (the only one with a turn in
 * it; the baseline is one synchronous call): 82% of the scavenges fell there, and the completion row read
 * 2.0–2.4 with the median sample of each side within 5% of the other.
 */
const idle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Ten rounds of 60 paired samples, after 50 unrecorded. */
const ROUNDS = { rounds: 10, perRound: 60, warm: 50 };

/** About 2 KB of the spec's string queries joined with `and`; `i` changes the last number (a keystroke). */
function documentText(i: number): string {
  let text = '';
  for (const q of specQueries.filter((s) => s.context === 'strings')) {
    if (text.length > 1900) break;
    text += `(${q.text}) and\n`;
  }
  return `${text}id != ${i}`;
}

export default async function lsp(): Promise<BenchRow[]> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server, { env: {} });
  const client = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  // When the server's next message starts to come out: the end of a measured span.
  let armed = false;
  let written = 0;
  toClient.on('data', () => {
    if (armed) {
      written = now();
      armed = false;
    }
  });
  const arm = () => {
    armed = true;
    return now();
  };
  const waiting = new Map<number, () => void>();
  client.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    waiting.get(p.version!)?.();
    waiting.delete(p.version!);
  });
  client.listen();
  try {
    await client.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      capabilities: VSCODE_COMPLETION,
    });
    await client.sendNotification('initialized', {});
    const uri = 'file:///bench/query.croql';
    let version = 0;
    /** Sends `text` as the next version and waits for its diagnostics. */
    const edit = async (text: string) => {
      version++;
      const arrived = new Promise<void>((resolve) => waiting.set(version, resolve));
      if (version === 1) {
        await client.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: 'croql', version, text },
        });
      } else {
        await client.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [{ text }],
        });
      }
      await arrived;
    };
    await edit(documentText(0));

    const keystroke = await pairedP95(ROUNDS, async (i) => {
      const text = documentText(i);
      await idle();
      const t0 = arm();
      await edit(text);
      const t1 = written;
      // The baseline analyses a text of the same shape that no one analysed yet (the server's memo has this one).
      const other = documentText(-1000 - i);
      const t2 = now();
      analyze(other, 'strings');
      return [t1 - t0, now() - t2];
    });

    // Completion at the end of the document, after `and `.
    const text = `${documentText(0)} and `;
    await edit(text);
    const lines = text.split('\n');
    const position = { line: lines.length - 1, character: lines.at(-1)!.length };
    const request = await pairedP95(ROUNDS, async (i) => {
      await idle();
      const t0 = arm();
      await client.sendRequest('textDocument/completion', { textDocument: { uri }, position });
      const t1 = written;
      // As for diagnostics: the baseline completes a text of the same shape that no one completed yet
      // (complete() keeps the analysis of the last text before the cursor, src/croql/complete-place.ts).
      const other = `${documentText(-2000 - i)} and `;
      const t2 = now();
      complete(other, other.length, 'strings', {}, { edition: 'standard' });
      return [t1 - t0, now() - t2];
    });
    return [
      row(
        `language server: keystroke → publishDiagnostics p95 (${documentText(0).length} B document), against analyze of it`,
        keystroke.ours,
        'ms',
        keystroke.base,
        1.5,
        keystroke.ratio,
      ),
      row(
        'language server: completion response p95, against complete() there',
        request.ours,
        'ms',
        request.base,
        1.5,
        request.ratio,
      ),
    ];
  } finally {
    client.dispose();
    server.dispose();
    toServer.end();
    toClient.end();
  }
}
