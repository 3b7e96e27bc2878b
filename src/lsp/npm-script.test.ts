// The server started the way a clone starts it, through npm (README.md, "Editors"), with a real client.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { startClient } from './test-client.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('`npm run -s lsp -- --stdio` speaks the protocol to a real client', async () => {
  const client = await startClient({ command: ['npm', 'run', '-s', 'lsp', '--', '--stdio'] });
  try {
    const published = await client.open('file:///tmp/q.strings.croql', 'croql', 'fileId = 5');
    expect(published.diagnostics.map((d) => d.code)).toEqual(['croqlInvalidLogic']);
  } finally {
    await client.close();
  }
});

it('`npm run lsp -- --stdio` (npm prints its banner first) says on stderr what to start instead', async () => {
  const child = spawn('npm', ['run', 'lsp', '--', '--stdio'], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  await new Promise<void>((resolve) =>
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes('npm run -s lsp -- --stdio')) resolve();
    }),
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await exited;
  expect(stdout).toMatch(/^\s*> croql-playground@[^\n]* lsp\n/);
  expect(stderr).toMatch(/npm printed its banner on standard output/);
});
