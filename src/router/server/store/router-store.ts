// What the router remembers across restarts: installations (the app secret and the ids the token grant
// needs) and each step's settings and languages, in an embedded PostgreSQL folder (--store PATH) or on a
// PostgreSQL server (--store postgres://…). The database is the truth: a change is committed in one
// transaction first and only then seen in memory, so a write that fails leaves nothing behind, neither on
// disk nor in what the router serves. Reads come from memory (Maps: no key reaches a prototype), loaded at
// open. Writes are queued one after another, so memory follows the order they committed in.
import { StoreError, type Installation, type StepRecord, stepKey } from './records.ts';
import { migrate } from './migrations.ts';
import {
  secretKey,
  SecretKeyError,
  seal,
  sealedWith,
  unseal,
  type SecretKey,
} from '../../../app-server/store/secrets.ts';
import {
  isPostgresUrl,
  openPostgres,
  type EmbeddedOptions,
  type Sql,
  type SqlRunner,
} from '../../../app-server/store/sql.ts';
import { openEmbeddedStore } from './embedded.ts';
import { Inbox } from './inbox.ts';
import { openJournal, type DeliveryJournal } from './journal.ts';

export interface StoreOptions {
  /** Seals secrets at rest (--secret-key); without it they are kept in plain text. */
  secretKey?: string;
  /** The key the store was sealed with until now: every secret is re-sealed with `secretKey` at open. */
  previousSecretKey?: string;
  /** A fresh embedded cluster to start a new embedded store from (tests; see src/app-server/store/sql.ts). */
  template?: EmbeddedOptions['template'];
  /** PostgreSQL: how old a journal row is before any instance moves it (its instance died; default 10 s). */
  journalStaleMs?: number;
}

/** The row that tells at open whether the key given is the store's, even with no installation yet. */
const KEY_CHECK = 'key_check';
const KEY_CHECK_OWNER = 'router_meta';

export class RouterStore {
  private readonly installs = new Map<string, Installation>();
  private readonly stepRecords = new Map<string, StepRecord>();
  private writing: Promise<void> = Promise.resolve();
  /** The deliveries kept until routed (inbox.ts). */
  readonly inbox: Inbox;
  /** Deliveries kept before the answer, on their way to the inbox (journal.ts); set at open. */
  journal!: DeliveryJournal;

  private constructor(
    private readonly sql: Sql,
    private readonly key: SecretKey | null,
    /** Where today's JSON file went, when this open migrated one. */
    readonly migratedJson: string | null,
  ) {
    this.inbox = new Inbox(sql);
  }

  /** Where the store is (a PostgreSQL URL without its password). */
  get location(): string {
    return this.sql.where;
  }

  get kind(): Sql['kind'] {
    return this.sql.kind;
  }

  /** Resolves when the database answers a query (GET /health); rejects with why it does not. */
  async reachable(): Promise<void> {
    await this.sql.query('select 1');
  }

  /**
   * Opens the store at `location` (a folder, created when absent, or a postgres:// URL), brings its schema
   * up to date and loads it. A JSON store of an earlier release at `location` is migrated and kept beside.
   * Anything it cannot open stops the start with a StoreError saying what to do; nothing is overwritten.
   */
  static async open(location: string, options: StoreOptions = {}): Promise<RouterStore> {
    let key: SecretKey | null;
    let previous: SecretKey | null;
    try {
      key = options.secretKey ? secretKey(options.secretKey) : null;
      previous = options.previousSecretKey ? secretKey(options.previousSecretKey) : null;
    } catch (e) {
      throw new StoreError((e as Error).message);
    }
    if (previous && !key) {
      throw new StoreError('--previous-secret-key re-seals the store with --secret-key: give both.');
    }
    let sql: Sql;
    let migratedJson: string | null = null;
    if (isPostgresUrl(location)) {
      sql = await openPostgres(location).catch((e: Error) => {
        throw new StoreError(`Cannot reach the PostgreSQL store: ${e.message}.`);
      });
    } else {
      const opened = await openEmbeddedStore(location, options.template, async (s, data) => {
        await migrate(s);
        await s.transaction(async (tx) => {
          for (const [organization, installation] of Object.entries(data.installations)) {
            await putInstallation(tx, organization, installation, key);
          }
          for (const step of Object.values(data.steps)) await putStep(tx, step);
        });
      });
      sql = opened.sql;
      migratedJson = opened.migratedJson;
    }
    try {
      await migrate(sql);
      const store = new RouterStore(sql, key, migratedJson);
      await store.load(previous);
      // An embedded store has one process: claims in its inbox are a killed run's, given back now (and checked
      // with the service before they are routed: that run may have PATCHed some).
      if (sql.kind === 'embedded') await store.inbox.releaseAll();
      store.journal = await openJournal(sql, location, options.journalStaleMs);
      return store;
    } catch (e) {
      await sql.close().catch(() => undefined);
      if (e instanceof SecretKeyError) throw new StoreError(e.message);
      throw e instanceof StoreError
        ? e
        : new StoreError(`Cannot open the store ${sql.where}: ${(e as Error).message}`);
    }
  }

  /** Set when this start re-sealed the store's secrets: the key fingerprints before and now (null: none). */
  resealed: { from: string | null; to: string | null } | null = null;

  /** Reads everything into memory; re-seals, in one transaction, what another key (or none) sealed. */
  private async load(previous: SecretKey | null): Promise<void> {
    const keys = [this.key, previous];
    const current = this.key?.id ?? null;
    const [check] = await this.sql.query<{ value: string }>('select value from router_meta where key = $1', [
      KEY_CHECK,
    ]);
    if (check) unseal(check.value, KEY_CHECK_OWNER, keys);
    let reseal = !check || sealedWith(check.value) !== current;
    if (check && reseal) this.resealed = { from: sealedWith(check.value), to: current };
    for (const row of await this.sql.query<{
      organization: string;
      record: Omit<Installation, 'appSecret'>;
      app_secret: string;
    }>('select organization, record, app_secret from router_installations')) {
      this.installs.set(row.organization, {
        ...row.record,
        appSecret: unseal(row.app_secret, row.organization, keys),
      });
      reseal ||= sealedWith(row.app_secret) !== current;
    }
    if (reseal) {
      await this.sql.transaction(async (tx) => {
        await this.putKeyCheck(tx);
        for (const [organization, installation] of this.installs) {
          await putInstallation(tx, organization, installation, this.key);
        }
      });
    }
    await this.loadSteps();
  }

  private async loadSteps(): Promise<void> {
    const languages = new Map<string, string[]>();
    for (const row of await this.sql.query<{ step_key: string; language: string }>(
      'select step_key, language from router_step_languages order by step_key, language',
    )) {
      languages.set(row.step_key, [...(languages.get(row.step_key) ?? []), row.language]);
    }
    const rows = await this.sql.query<{ step_key: string; record: Omit<StepRecord, 'languages'> }>(
      'select step_key, record from router_steps',
    );
    this.stepRecords.clear();
    for (const row of rows) {
      this.stepRecords.set(row.step_key, { ...row.record, languages: languages.get(row.step_key) ?? [] });
    }
  }

  /** Every step as the database has it now (PostgreSQL: other instances' saves included). */
  async freshSteps(): Promise<StepRecord[]> {
    if (this.sql.kind === 'postgres') {
      // In the write queue: a change of this instance's committing meanwhile is not overwritten by older rows.
      const reload = this.writing.then(() => this.loadSteps());
      this.writing = reload.catch(() => undefined);
      await reload;
    }
    return this.steps();
  }

  private putKeyCheck(runner: SqlRunner): Promise<unknown> {
    return runner.query(
      'insert into router_meta (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
      [KEY_CHECK, seal('croql', KEY_CHECK_OWNER, this.key)],
    );
  }

  installation(organization: string): Installation | undefined {
    return this.installs.get(organization);
  }

  /**
   * The installation as the database has it now. On PostgreSQL another instance may have installed (or
   * uninstalled) the organization since this one loaded; an embedded store has one process, memory is the truth.
   */
  async freshInstallation(organization: string): Promise<Installation | undefined> {
    if (this.sql.kind === 'embedded') return this.installs.get(organization);
    const [row] = await this.sql.query<{ record: Omit<Installation, 'appSecret'>; app_secret: string }>(
      'select record, app_secret from router_installations where organization = $1',
      [organization],
    );
    if (!row) {
      this.installs.delete(organization);
      return undefined;
    }
    const fresh = { ...row.record, appSecret: unseal(row.app_secret, organization, [this.key]) };
    const known = this.installs.get(organization);
    // The same object while nothing changed: API clients are kept per installation object (app.ts).
    if (known && sameFields(known, fresh)) return known;
    this.installs.set(organization, fresh);
    return fresh;
  }

  /**
   * The installation this instance knows, else as the database has it (another instance on the same
   * PostgreSQL may have installed it since this one loaded).
   */
  async knownInstallation(organization: string): Promise<Installation | undefined> {
    return this.installs.get(organization) ?? (await this.freshInstallation(organization));
  }

  /** A step's record as the database has it now (settings saved on another instance count at once). */
  async freshStep(
    organization: string,
    stepId: number,
    templateId: number | null = null,
  ): Promise<StepRecord | undefined> {
    const key = stepKey(organization, stepId, templateId);
    if (this.sql.kind === 'embedded') return this.stepRecords.get(key);
    const [row] = await this.sql.query<{ record: Omit<StepRecord, 'languages'>; languages: string[] | null }>(
      `select s.record, (select array_agg(l.language order by l.language) from router_step_languages l
         where l.step_key = s.step_key) as languages
       from router_steps s where s.step_key = $1`,
      [key],
    );
    if (!row) {
      this.stepRecords.delete(key);
      return undefined;
    }
    const fresh: StepRecord = { ...row.record, languages: row.languages ?? [] };
    this.stepRecords.set(key, fresh);
    return fresh;
  }

  installations(): [string, Installation][] {
    return [...this.installs];
  }

  install(organization: string, installation: Installation): Promise<void> {
    return this.write(async (tx) => {
      await putInstallation(tx, organization, installation, this.key);
      return () => this.installs.set(organization, installation);
    });
  }

  /** Forgets the organization: its installation and every step's settings. */
  uninstall(organization: string): Promise<void> {
    return this.write(async (tx) => {
      await tx.query('delete from router_installations where organization = $1', [organization]);
      await tx.query('delete from router_steps where organization = $1', [organization]);
      await tx.query('delete from router_inbox where organization = $1', [organization]);
      return () => {
        this.installs.delete(organization);
        for (const [key, step] of this.stepRecords) {
          if (step.organization === organization) this.stepRecords.delete(key);
        }
      };
    });
  }

  step(organization: string, stepId: number, templateId: number | null = null): StepRecord | undefined {
    return this.stepRecords.get(stepKey(organization, stepId, templateId));
  }

  steps(): StepRecord[] {
    return [...this.stepRecords.values()];
  }

  saveStep(record: StepRecord): Promise<void> {
    return this.write(async (tx) => {
      const languages = await putStep(tx, record);
      return () =>
        this.stepRecords.set(stepKey(record.organization, record.stepId, record.templateId), {
          ...record,
          languages,
        });
    });
  }

  deleteStep(organization: string, stepId: number, templateId: number | null = null): Promise<void> {
    const key = stepKey(organization, stepId, templateId);
    return this.write(async (tx) => {
      await tx.query('delete from router_steps where step_key = $1', [key]);
      return () => this.stepRecords.delete(key);
    });
  }

  /**
   * Notes that a step routes a language (a delivery for it arrived); written only when it is new. Only the
   * step's project and the language are written, never the rest of the record: on PostgreSQL this instance's
   * memory of the step may predate settings another instance saved, and writing it back would erase them.
   */
  noteLanguage(organization: string, projectId: number, stepId: number, languageId: string): Promise<void> {
    const key = stepKey(organization, stepId);
    const known = (s = this.stepRecords.get(key)) =>
      s?.projectId === projectId && s.languages.includes(languageId);
    if (known()) return this.writing;
    return this.write(async (tx) => {
      if (known()) return () => undefined;
      const blank: Omit<StepRecord, 'languages'> = {
        organization,
        stepId,
        projectId,
        workflowId: null,
        templateId: null,
        settings: null,
        savedAt: null,
      };
      const [row] = await tx.query<{ record: Omit<StepRecord, 'languages'> }>(
        `insert into router_steps (step_key, organization, record) values ($1, $2, $3::jsonb)
         on conflict (step_key) do update set record = router_steps.record || jsonb_build_object('projectId', $4::int)
         returning record`,
        [key, organization, JSON.stringify(blank), projectId],
      );
      const languages = await addLanguages(tx, key, [languageId]);
      return () => this.stepRecords.set(key, { ...(row?.record ?? blank), languages });
    });
  }

  /** Resolves when every change asked for so far is committed (or has failed). */
  flushed(): Promise<void> {
    return this.writing;
  }

  /** Waits for the changes under way, then closes the database. */
  async close(): Promise<void> {
    await this.writing.catch(() => undefined);
    await this.journal?.close();
    await this.sql.close();
  }

  /** Queues a transaction; what it returns is applied to memory once it has committed, never before. */
  private write(change: (tx: SqlRunner) => Promise<() => unknown>): Promise<void> {
    const result = this.writing
      .catch(() => undefined)
      .then(() => this.sql.transaction(change))
      .then((apply) => void apply());
    this.writing = result.catch(() => undefined);
    return result;
  }
}

async function putInstallation(
  runner: SqlRunner,
  organization: string,
  installation: Installation,
  key: SecretKey | null,
): Promise<void> {
  const { appSecret, ...record } = installation;
  await runner.query(
    `insert into router_installations (organization, record, app_secret) values ($1, $2::jsonb, $3)
     on conflict (organization) do update set record = excluded.record, app_secret = excluded.app_secret`,
    [organization, JSON.stringify(record), seal(appSecret, organization, key)],
  );
}

/**
 * Writes a step's row and adds its languages; returns every language the step has now. Languages are only
 * ever added: another instance may have noted one this record does not know of yet.
 */
async function putStep(runner: SqlRunner, step: StepRecord): Promise<string[]> {
  const key = stepKey(step.organization, step.stepId, step.templateId);
  const { languages, ...record } = step;
  await runner.query(
    `insert into router_steps (step_key, organization, record) values ($1, $2, $3::jsonb)
     on conflict (step_key) do update set organization = excluded.organization, record = excluded.record`,
    [key, step.organization, JSON.stringify(record)],
  );
  return addLanguages(runner, key, languages);
}

/** Adds languages to a step (kept ones stay); returns all it has now, sorted. */
async function addLanguages(runner: SqlRunner, key: string, languages: readonly string[]): Promise<string[]> {
  const rows = await runner.query<{ languages: string[] | null }>(
    `with added as (
       insert into router_step_languages (step_key, language) select $1, unnest($2::text[])
       on conflict do nothing returning language
     )
     select array(select language from router_step_languages where step_key = $1
                  union select language from added order by 1) as languages`,
    [key, languages],
  );
  return rows[0]?.languages ?? [];
}

/** Two flat records with the same fields, whatever their order (PostgreSQL's jsonb keeps its own). */
function sameFields(a: object, b: object): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => Object.is(x[k], y[k]));
}
