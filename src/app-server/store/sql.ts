// One SQL dialect for both stores: PostgreSQL itself (`pg`, for several instances on one server) or PGlite,
// PostgreSQL compiled to WebAssembly, as the embedded default (a folder on disk, no set-up, nothing
// downloaded beyond the npm package). PGlite is loaded only when an embedded store is opened: its module and
// WebAssembly cost a second or two that a PostgreSQL-backed server never pays.
import { existsSync } from 'node:fs';

export type Row = Record<string, unknown>;

/**
 * What a statement runs on: the store itself or one transaction of it. A parameter given as a Uint8Array is
 * a `bytea` sent as it is (binary): a large document goes that way with no work per character in JavaScript.
 */
export interface SqlRunner {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Sql extends SqlRunner {
  readonly kind: 'embedded' | 'postgres';
  /** Where it is, for messages (a PostgreSQL URL without its password). */
  readonly where: string;
  /** Runs `fn` in one transaction: everything it wrote is kept, or (it threw) nothing. */
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export interface EmbeddedOptions {
  /** A fresh cluster's files (PGlite's dumpDataDir) to start a new store from instead of running initdb. */
  template?: () => Promise<Blob | undefined>;
}

/** PostgreSQL's type id of `bytea`. */
const BYTEA = 17;
/**
 * PGlite writes a `bytea` parameter out as hex text in JavaScript; returned as it is, the bytes go binary
 * (PGlite sends any ArrayBuffer view so). The serializer's declared type is a string; the view is what it
 * takes.
 */
const binaryBytea = { serializers: { [BYTEA]: ((x: Uint8Array) => x) as unknown as (x: unknown) => string } };

/**
 * Opens (or creates) an embedded store in the folder `dir`. PGlite is one connection: statements queue.
 * Durability: PGlite runs PostgreSQL with fsync off (`-F` in its start parameters) and synchronous_commit on,
 * so a commit returns once its WAL is written to the operating system (a write(2) per WAL page, no fsync).
 * That survives the process being killed at any moment (kill -9: what the OS holds is kept), which is the
 * router's promise (src/router/server/inbox.test.ts); not a power loss. synchronous_commit must stay on: off,
 * a commit's WAL would wait in PGlite's memory, and a kill -9 would lose deliveries already acknowledged.
 */
export async function openEmbedded(dir: string, options: EmbeddedOptions = {}): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  const loadDataDir = existsSync(dir) ? undefined : await options.template?.();
  const db = await PGlite.create(dir, loadDataDir ? { loadDataDir } : {});
  return {
    kind: 'embedded',
    where: dir,
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await db.query<T>(text, params, binaryBytea)).rows,
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({ query: async (text, params) => (await tx.query(text, params, binaryBytea)).rows as never }),
      ),
    close: () => db.close(),
  };
}

/** A fresh embedded cluster's files, for `EmbeddedOptions.template` (initdb is most of a first open). */
export async function emptyEmbeddedCluster(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create();
  try {
    return await db.dumpDataDir('none');
  } finally {
    await db.close();
  }
}

/** An array element in PostgreSQL's array literal, quoted and escaped as node-postgres does (its arrayString). */
const quoted = (s: string) => `"${/[\\"]/.test(s) ? s.replace(/[\\"]/g, '\\$&') : s}"`;

/**
 * A flat array of numbers, booleans, strings and nulls as the array literal node-postgres would send for it,
 * built with one join: the driver builds it element by element through its general conversion, which was
 * ~100 ms of CPU per router process over the two-instance bench's send (a put has 13 arrays of 500). Anything
 * else (nested arrays, dates, buffers, objects) is left to the driver.
 */
export function arrayLiteral(values: readonly unknown[]): string | null {
  let numbers = true;
  for (const v of values) {
    if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') continue;
    if (typeof v === 'string' || v === null || v === undefined) numbers = false;
    else return null;
  }
  if (numbers) return `{${values.join(',')}}`;
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : quoted(String(v)))).join(',')}}`;
}

const withArrayLiterals = (params: unknown[] | undefined) =>
  params?.map((p) => (Array.isArray(p) ? (arrayLiteral(p) ?? p) : p));

/** Connects to a PostgreSQL server; fails at once when it cannot be reached. */
export async function openPostgres(url: string): Promise<Sql> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  // An idle client's error (the server restarted) must not end the process; the next query reconnects.
  pool.on('error', () => undefined);
  await pool.query('select 1');
  return {
    kind: 'postgres',
    where: redactUrl(url),
    query: async <T extends Row>(text: string, params?: unknown[]) =>
      (await pool.query<T>(text, withArrayLiterals(params))).rows,
    transaction: async (fn) => {
      const client = await pool.connect();
      // A checked-out client is not the pool's to watch: its connection dropping mid-transaction (the server
      // stopped) is emitted on it, and an 'error' nobody listens to ends the process. Here it fails the
      // transaction's pending query instead, and the client is destroyed rather than reused.
      let lost: Error | undefined;
      const onError = (e: Error) => {
        lost = e;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await fn({
          query: async (text, params) => (await client.query(text, withArrayLiterals(params))).rows,
        });
        await client.query('commit');
        return result;
      } catch (e) {
        if (!lost) await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
