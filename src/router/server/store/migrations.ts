// The store's schema, in versions, run by src/app-server/store/migrate.ts with their records in
// store_migrations. A row per thing (installation, step, step language): a change writes its rows, never the
// whole state. A version, once released, is never edited: a change is a new version.
import { runMigrations, type Migration } from '../../../app-server/store/migrate.ts';
import type { Sql } from '../../../app-server/store/sql.ts';

/** Any number the store's lock uses, the same in every instance. */
const MIGRATION_LOCK = 7_301_030;

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'router: installations, steps, step languages, meta',
    sql: `
      create table router_meta (key text primary key, value text not null);
      create table router_installations (
        organization text primary key,
        record jsonb not null,
        app_secret text not null
      );
      create table router_steps (
        step_key text primary key,
        organization text not null,
        record jsonb not null
      );
      create index router_steps_organization on router_steps (organization);
      create table router_step_languages (
        step_key text not null references router_steps (step_key) on delete cascade,
        language text not null,
        primary key (step_key, language)
      );
    `,
  },
];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Brings the schema to SCHEMA_VERSION; refuses a store a newer release has migrated further. */
export function migrate(sql: Sql): Promise<{ from: number; to: number }> {
  return runMigrations(sql, {
    migrations: MIGRATIONS,
    table: 'store_migrations',
    lock: MIGRATION_LOCK,
    product: 'CroQL Router',
  });
}
