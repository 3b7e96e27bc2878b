// What CroQL Playground's app server remembers: each installation (the installed event, its app secret
// sealed as the router seals it) and each user's library in each organization, with a revision that grows by
// one with every write. An embedded PostgreSQL folder (--store PATH) or a PostgreSQL server (postgres://…),
// through the store layer both apps share (src/app-server/store). Installations are read from memory, loaded
// at open; a change is committed first and only then seen in memory. Libraries are read from the database.
import { chmod, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppInstallation } from '../../app-server/installation.ts';
import { runMigrations, type Migration } from '../../app-server/store/migrate.ts';
import {
  secretKey,
  SecretKeyError,
  seal,
  sealedWith,
  unseal,
  type SecretKey,
} from '../../app-server/store/secrets.ts';
import {
  isPostgresUrl,
  openEmbedded,
  openPostgres,
  type EmbeddedOptions,
  type Sql,
} from '../../app-server/store/sql.ts';
import type { LibraryDocument } from '../../wire/playground-app.ts';

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'playground: installations, libraries, meta',
    sql: `
      create table playground_meta (key text primary key, value text not null);
      create table playground_installations (
        organization text primary key,
        record jsonb not null,
        app_secret text not null
      );
      create table playground_libraries (
        organization text not null,
        user_id text not null,
        library jsonb not null,
        revision integer not null,
        saved_at timestamptz not null default now(),
        primary key (organization, user_id)
      );
    `,
  },
];

/** The row that tells at open whether the key given is the store's, even with no installation yet. */
const KEY_CHECK = 'key_check';
const KEY_CHECK_OWNER = 'playground_meta';

export class StoreError extends Error {}

export interface PlaygroundStoreOptions {
  /** Seals app secrets at rest (--secret-key); without it they are kept in plain text. */
  secretKey?: string;
  /** A fresh embedded cluster to start a new embedded store from (tests). */
  template?: EmbeddedOptions['template'];
}

export type LibrarySave = { ok: true; document: LibraryDocument } | { ok: false; current: LibraryDocument };

export class PlaygroundStore {
  private readonly installs = new Map<string, AppInstallation>();

  private constructor(
    private readonly sql: Sql,
    private readonly key: SecretKey | null,
  ) {}

  get location(): string {
    return this.sql.where;
  }

  get kind(): Sql['kind'] {
    return this.sql.kind;
  }

  /** Opens (or creates) the store, brings its schema up to date and loads the installations. */
  static async open(location: string, options: PlaygroundStoreOptions = {}): Promise<PlaygroundStore> {
    let key: SecretKey | null;
    try {
      key = options.secretKey ? secretKey(options.secretKey) : null;
    } catch (e) {
      throw new StoreError((e as Error).message);
    }
    let sql: Sql;
    if (isPostgresUrl(location)) {
      sql = await openPostgres(location).catch((e: Error) => {
        throw new StoreError(`Cannot reach the PostgreSQL store: ${e.message}.`);
      });
    } else {
      try {
        await mkdir(dirname(location), { recursive: true, mode: 0o700 });
        sql = await openEmbedded(location, { template: options.template });
        // It holds secrets: only its owner reads it.
        await chmod(location, 0o700);
      } catch (e) {
        throw new StoreError(`Cannot open the store ${location}: ${(e as Error).message}`);
      }
    }
    try {
      await runMigrations(sql, {
        migrations: MIGRATIONS,
        table: 'playground_migrations',
        lock: 7_301_031,
        product: 'CroQL Playground app',
      });
      const store = new PlaygroundStore(sql, key);
      await store.load();
      return store;
    } catch (e) {
      await sql.close().catch(() => undefined);
      if (e instanceof SecretKeyError) throw new StoreError(e.message);
      throw e instanceof StoreError
        ? e
        : new StoreError(`Cannot open the store ${sql.where}: ${(e as Error).message}`);
    }
  }

  private async load(): Promise<void> {
    const [check] = await this.sql.query<{ value: string }>(
      'select value from playground_meta where key = $1',
      [KEY_CHECK],
    );
    if (check) unseal(check.value, KEY_CHECK_OWNER, [this.key]);
    for (const row of await this.sql.query<{
      organization: string;
      record: Omit<AppInstallation, 'appSecret'>;
      app_secret: string;
    }>('select organization, record, app_secret from playground_installations')) {
      this.installs.set(row.organization, {
        ...row.record,
        appSecret: unseal(row.app_secret, row.organization, [this.key]),
      });
    }
    if (!check || sealedWith(check.value) !== (this.key?.id ?? null)) {
      await this.sql.query(
        `insert into playground_meta (key, value) values ($1, $2)
         on conflict (key) do update set value = excluded.value`,
        [KEY_CHECK, seal('croql', KEY_CHECK_OWNER, this.key)],
      );
    }
  }

  installation(organization: string): AppInstallation | undefined {
    return this.installs.get(organization);
  }

  async install(organization: string, installation: AppInstallation): Promise<void> {
    const { appSecret, ...record } = installation;
    await this.sql.query(
      `insert into playground_installations (organization, record, app_secret) values ($1, $2::jsonb, $3)
       on conflict (organization) do update set record = excluded.record, app_secret = excluded.app_secret`,
      [organization, JSON.stringify(record), seal(appSecret, organization, this.key)],
    );
    this.installs.set(organization, installation);
  }

  /** Forgets the installation; its users' libraries stay (a reinstall finds them again). */
  async uninstall(organization: string): Promise<void> {
    await this.sql.query('delete from playground_installations where organization = $1', [organization]);
    this.installs.delete(organization);
  }

  async library(organization: string, userId: string): Promise<LibraryDocument> {
    const [row] = await this.sql.query<{ library: unknown; revision: number }>(
      'select library, revision from playground_libraries where organization = $1 and user_id = $2',
      [organization, userId],
    );
    return row ? { library: row.library, revision: row.revision } : { library: null, revision: 0 };
  }

  /**
   * Saves a user's library when `baseRevision` is the stored one; else nothing changes and the stored
   * document comes back. One statement decides, so two writes from one revision cannot both succeed.
   */
  async saveLibrary(
    organization: string,
    userId: string,
    library: unknown,
    baseRevision: number,
  ): Promise<LibrarySave> {
    const json = JSON.stringify(library);
    const rows =
      baseRevision === 0
        ? await this.sql.query<{ revision: number }>(
            `insert into playground_libraries (organization, user_id, library, revision)
             values ($1, $2, $3::jsonb, 1) on conflict do nothing returning revision`,
            [organization, userId, json],
          )
        : await this.sql.query<{ revision: number }>(
            `update playground_libraries set library = $3::jsonb, revision = revision + 1, saved_at = now()
             where organization = $1 and user_id = $2 and revision = $4 returning revision`,
            [organization, userId, json, baseRevision],
          );
    if (rows[0]) return { ok: true, document: { library, revision: rows[0].revision } };
    return { ok: false, current: await this.library(organization, userId) };
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}
