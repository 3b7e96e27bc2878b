// The throwaway PostgreSQL server of the tests: a run killed before it stopped its server (Ctrl-C, SIGKILL)
// leaves nothing running for long; the next start stops and removes it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startPostgres } from './test-postgres.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

it('stops and removes the server of a process killed before it stopped it', async () => {
  const script =
    "const { startPostgres } = await import('./test-postgres.ts'); const s = await startPostgres(); " +
    'console.log(s.url); setInterval(() => {}, 1000);';
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: here,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /postgres:\/\/\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`the child exited (${code}) before starting its server`)));
  });
  const folder = (await queryOne(url, 'show data_directory')).replace(/\/data$/, '');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  // The orphan still answers: nothing stopped it.
  expect(await queryOne(url, 'select 1 as x')).toBe('1');

  const next = await startPostgres();
  try {
    expect(existsSync(folder)).toBe(false);
    await expect(queryOne(url, 'select 1 as x')).rejects.toThrow();
  } finally {
    await next.stop();
  }
});

async function queryOne(url: string, sql: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(sql);
    return String(Object.values(rows[0]!)[0]);
  } finally {
    await client.end();
  }
}
