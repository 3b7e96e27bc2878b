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
  {
    version: 2,
    name: 'router: the inbox (deliveries kept before the answer, claimed with a lease) and routed keys',
    sql: `
      create table router_inbox (
        id bigserial primary key,
        organization text not null,
        project_id integer not null,
        step_id integer not null,
        language text not null,
        string_id bigint not null,
        revision integer,
        payload jsonb not null,
        verify boolean not null default false,
        again boolean not null default false,
        claimed_by text,
        lease_until timestamptz,
        claims integer not null default 0,
        failures integer not null default 0,
        received_at timestamptz not null default now(),
        unique (organization, step_id, language, string_id)
      );
      create index router_inbox_ready on router_inbox (lease_until, id);
      create table router_routed (
        key text primary key,
        routed_at timestamptz not null default now()
      );
      create index router_routed_at on router_routed (routed_at);
    `,
  },
  {
    version: 3,
    // json is kept as the text it came in (checked, not converted): a delivery's acknowledgement waits for
    // the insert, and turning each string's payload into jsonb was a quarter of it (src/bench/router-inbox.bench.ts).
    // Nothing queries inside a payload; it is read back whole.
    name: 'router: the inbox keeps payloads as json',
    sql: `alter table router_inbox alter column payload type json using payload::json`,
  },
  {
    version: 4,
    // A delivery's body as it came, deflated (store/journal.ts), kept before the answer and moved into the
    // inbox right after (an embedded store keeps a file instead). Not compressed again: it already is.
    name: 'router: the delivery journal of a store several instances share',
    sql: `
      create table router_deliveries (
        id bigserial primary key,
        organization text not null,
        body bytea not null,
        received_at timestamptz not null default now()
      );
      alter table router_deliveries alter column body set storage external;
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
