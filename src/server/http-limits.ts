// What the emulator and the app server (Vite's dev and preview servers, with the token relay) answer to a
// request whose request line and headers are longer than the server reads. Node's own answer is a bare 431
// and a closed connection, which a browser reports as a network error ("cannot reach the server"); this one
// is JSON and says what to do.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * The emulator reads request lines and headers up to this size: past the longest URL a browser sends
 * (Chromium's is 2 MiB), so each one reaches the app, which answers a too-long one with a readable 414.
 */
export const EMULATOR_MAX_HEADER_BYTES = 4 * 1024 * 1024;

/** What a malformed request gets when it is not a header overflow, as Node and Vite answer it. */
const BARE: Record<string, string> = {
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/**
 * Answers header overflows with a JSON 431 (`body` gives its shape, from the server's `limitBytes`) and
 * other malformed requests with a bare status, in place of the server's other handlers (Vite's answers a
 * bare 431).
 */
export function answerClientErrors(
  server: Server,
  limitBytes: number,
  body: (limitBytes: number) => object,
): void {
  server.removeAllListeners('clientError');
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    if (error.code !== 'HPE_HEADER_OVERFLOW') {
      return void socket.end(
        `HTTP/1.1 ${BARE[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`,
      );
    }
    const json = JSON.stringify(body(limitBytes));
    socket.end(
      'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  });
}
