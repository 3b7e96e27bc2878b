import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from './curl.ts';

/** Runs the command in bash against a server that echoes what it received. */
async function received(command: (url: string) => string) {
  const seen: { method: string; headers: Record<string, unknown>; body: Buffer }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
  try {
    // Pasted into a shell: the script arrives on bash's input, as from a terminal (no argument limit).
    await new Promise<void>((resolve, reject) => {
      const shell = spawn('bash', ['-s'], { stdio: ['pipe', 'ignore', 'inherit'] });
      shell.on('error', reject);
      shell.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bash exited ${code}`))));
      shell.stdin.end(`${command(url)}\n`);
    });
  } finally {
    server.close();
  }
  return seen[0]!;
}

const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('Copy as curl', () => {
  it('quotes anything for the shell', () => {
    expect(shellQuote(`it's $HOME \`x\` "y"`)).toBe(`'it'\\''s $HOME \`x\` "y"'`);
  });

  it('leaves length and host to curl and keeps the other headers', () => {
    const command = curlCommand({
      method: 'POST',
      url: 'http://127.0.0.1:3000/webhooks',
      headers: { 'Content-Length': '2', Host: 'x', 'X-Crowdin-Signature': 'ab' },
      body: '{}',
    });
    expect(command).toContain(`-H 'X-Crowdin-Signature: ab'`);
    expect(command).not.toMatch(/Content-Length|Host:/);
  });

  it.skipIf(!hasCurl)('sends the same bytes and headers, small or above the argument limit', async () => {
    for (const size of [10, 150_000]) {
      const body = JSON.stringify({ events: [{ text: `l'été $PATH \`id\` ${'x'.repeat(size)}` }] });
      const got = await received((url) =>
        curlCommand({
          method: 'POST',
          url,
          headers: { 'Content-Type': 'application/json', 'X-Crowdin-Signature': 'abc' },
          body,
        }),
      );
      expect(got.method).toBe('POST');
      expect(got.body.toString('utf8')).toBe(body);
      expect(got.headers['x-crowdin-signature']).toBe('abc');
    }
  });
});
