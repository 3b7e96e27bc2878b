// A throwaway PostgreSQL server for tests: Debian's binaries (/usr/lib/postgresql/N/bin; the test set-up,
// src/router/server/store/ensure-postgres.mjs, installs them when missing), a new cluster in a temporary folder, a free
// port on 127.0.0.1, trust authentication for its one user. initdb refuses to run as root, so as root the
// cluster belongs to the `postgres` user the package creates. stop() removes the cluster.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** postgres://… of a database no other run uses. */
  url: string;
  /** A new empty database on the same server: a test that needs its own. */
  createDatabase(name: string): Promise<string>;
  stop(): Promise<void>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) {
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `node src/router/server/store/ensure-postgres.mjs` ' +
        "(as root it installs Debian's postgresql) or `sudo apt-get install postgresql`.",
    );
  }
  return join(root, versions[0], 'bin');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'croql-pg-'));
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const r = spawnSync(cmd, all, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout || r.error?.message}`);
  };
  if (asRoot) {
    chmodSync(dir, 0o700);
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'croql', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const base = `postgres://croql@127.0.0.1:${port}`;
  const { default: pg } = await import('pg');
  return {
    url: `${base}/postgres`,
    createDatabase: async (name) => {
      const client = new pg.Client({ connectionString: `${base}/postgres` });
      await client.connect();
      try {
        await client.query(`create database "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `${base}/${name}`;
    },
    stop: async () => {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
