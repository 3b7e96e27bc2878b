// CroQL Router as real processes, for the durability tests and the bench: a router started as a child
// (`npm run router`'s entry point, killed with SIGKILL at will), a round-robin front that the emulator delivers
// through (to one or several routers), and a door in front of the emulator's API that counts, per string,
// every PATCH the emulator accepted, so a test sees a string PATCHed twice or never.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));

export interface RouterProcess {
  url: string;
  child: ChildProcess;
  /** Its output so far (both streams). */
  output: string[];
  kill(): Promise<void>;
}

/** Starts `cli.ts` with `args` (on port 0); resolves once it listens. */
export async function spawnRouter(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RouterProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /CroQL Router listening on (\S+)/.exec(output.join(''));
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    child.on('exit', (code) =>
      reject(new Error(`the router exited (${code}): ${output.join('').slice(-2000)}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    url,
    child,
    output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface Door {
  url: string;
  close(): Promise<void>;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

function closing(server: Server): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/** Forwards one request to `target`; `onAnswer` sees the answer's status and the request's body. */
function forward(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  onAnswer?: (status: number, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', target);
    const out = request(
      url,
      { method: req.method, headers: { ...req.headers, host: url.host } },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => {
          onAnswer?.(answer.statusCode ?? 0, body);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(parts));
        });
        answer.on('error', () => res.destroy());
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end('{"error":"the router is not reachable"}');
    });
    out.end(body);
  });
}

/** A front that sends each request to the next of `targets()` in turn (502 when there is none or it is down). */
export async function roundRobin(targets: () => string[]): Promise<Door> {
  let next = 0;
  const server = createServer((req, res) => {
    const all = targets();
    if (all.length === 0) {
      res.writeHead(502).end();
      return;
    }
    forward(req, res, all[next++ % all.length]!);
  });
  return { url: await listen(server), close: closing(server) };
}

/** In front of the emulator's API: counts accepted PATCH ops per `languageId:stringId`. */
export async function countingApi(emulator: string): Promise<Door & { patched: Map<string, number> }> {
  const patched = new Map<string, number>();
  const server = createServer((req, res) => {
    const m = /\/workflow-steps\/\d+\/languages\/([^/]+)\/status/.exec(req.url ?? '');
    const language = m && req.method === 'PATCH' ? decodeURIComponent(m[1]!) : null;
    forward(req, res, emulator, (status, body) => {
      if (language === null || status >= 300) return;
      for (const op of JSON.parse(body.toString()) as { path: string }[]) {
        const key = `${language}:${op.path.split('/')[1]}`;
        patched.set(key, (patched.get(key) ?? 0) + 1);
      }
    });
  });
  return { url: await listen(server), close: closing(server), patched };
}
