// How an app's store brings its schema up to date: versions, each run once in a transaction with its record
// in the app's migrations table, at every start; an advisory lock makes instances starting together on one
// PostgreSQL take turns. A version, once released, is never edited: a change is a new version. Each app keeps
// its own table and lock, so two apps may share one PostgreSQL database.
import type { Sql } from './sql.ts';

export interface Migration {
  version: number;
  name: string;
  /** Statements separated by `;`. */
  sql: string;
}

export interface MigrationPlan {
  migrations: readonly Migration[];
  /** The table that records the versions applied. */
  table: string;
  /** Any number, the same in every instance of the app. */
  lock: number;
  /** The app, for the message that a newer release migrated the store further. */
  product: string;
}

/** Brings the schema to the plan's last version; refuses a store a newer release has migrated further. */
export async function runMigrations(sql: Sql, plan: MigrationPlan): Promise<{ from: number; to: number }> {
  const latest = plan.migrations[plan.migrations.length - 1]?.version ?? 0;
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [plan.lock]);
    await tx.query(
      `create table if not exists ${plan.table} (
         version integer primary key, name text not null, applied_at timestamptz not null default now())`,
    );
    const rows = await tx.query<{ v: number | null }>(`select max(version) as v from ${plan.table}`);
    const from = rows[0]?.v ?? 0;
    if (from > latest) {
      throw new Error(
        `The store ${sql.where} is at schema version ${from}, newer than this release's ${latest}; run a newer ${plan.product}.`,
      );
    }
    for (const m of plan.migrations) {
      if (m.version <= from) continue;
      for (const statement of m.sql
        .split(';')
        .map((s) => s.trim())
        .filter(Boolean))
        await tx.query(statement);
      await tx.query(`insert into ${plan.table} (version, name) values ($1, $2)`, [m.version, m.name]);
    }
    return { from, to: latest };
  });
}
