// A throwaway PostgreSQL server for tests: Debian's binaries (/usr/lib/postgresql/N/bin; the test set-up,
// src/router/server/store/ensure-postgres.mjs, installs them when missing), a new cluster in a temporary folder, a free
// port on 127.0.0.1, trust authentication for its one user. initdb refuses to run as root, so as root the
// cluster belongs to the `postgres` user the package creates. stop() removes the cluster; a cluster whose
// process died without stop() (a run killed with Ctrl-C or SIGKILL) is stopped and removed by the next start.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isAlive } from '../process-alive.ts';

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

const PREFIX = 'croql-pg-';
/** The file in a cluster's folder naming the process that started it. */
const OWNER = 'owner.pid';

function runner(bin: string, asRoot: boolean) {
  return (tool: string, args: string[]) => {
    const [cmd, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const r = spawnSync(cmd, all, { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr || r.stdout || r.error?.message}`);
  };
}

/** Stops and removes the clusters of processes that died without stopping them. */
function removeOrphans(run: ReturnType<typeof runner>): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(PREFIX))) {
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, OWNER), 'utf8'));
    } catch {
      continue; // being set up, or not ours to judge
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    try {
      if (existsSync(join(dir, 'data', 'postmaster.pid'))) {
        run('pg_ctl', ['-D', join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
      }
    } catch {
      // no server left (it died with its owner), or another run's start stopped it first
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const run = runner(bin, asRoot);
  removeOrphans(run);
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, OWNER), String(process.pid));
  const data = join(dir, 'data');
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
