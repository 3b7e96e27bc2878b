// The delivery journal: a verified delivery's body as it came, kept before the router answers 2xx, and moved
// into the inbox (inbox.ts) right after the answer. Putting 500 strings into the inbox costs the database
// tens of milliseconds (one row each, their keys, the routed check); keeping the body once costs a write, and
// the acknowledgement waits only for that (src/bench/router-inbox.bench.ts). An entry leaves the journal in
// the same transaction that puts its strings into the inbox, so each delivery reaches the inbox once.
// On the embedded store the strings of a kept delivery are routed while that transaction runs (`Move.early`,
// ../deliveries.ts), so a record moved a second time (its first try failed, or the run died before the
// commit) may be PATCHed already: its strings are checked with the service first (`Move.checkFirst`).
// - Embedded (one process): an append-only file in the store's folder. A record is written with one writev(2)
//   and no fsync, as PGlite commits (src/app-server/store/sql.ts): it reaches the operating system before
//   the answer, so it survives the process being killed at any moment, not a power loss. Records carry a
//   sequence number; the store remembers the last one moved into the inbox (router_meta), so at start the
//   records after it are moved first. A record cut short (the process killed while writing it) fails its
//   length or checksum: it was never acknowledged, and is dropped. The file is emptied whenever every record
//   in it is in the inbox.
// - PostgreSQL (several instances): a table, router_deliveries, on the shared server. A file would be one
//   instance's: killed and never started again, its deliveries would be lost. A row is an insert of one
//   bytea, the body deflated (level 1, about a millisecond): the server's time for an
//   insert grows with its size, about 100 ms for a 500 KB body on a loaded machine, and a delivery's JSON
//   shrinks several times. Any instance moves rows left by one that died (older than `staleMs`), the row's
//   lock deciding who.
import { writeSync, writevSync } from 'node:fs';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Sql, SqlRunner } from '../../../app-server/store/sql.ts';

/** A delivery kept in the journal, not yet in the inbox. */
export interface JournalEntry {
  /** The sequence number (file) or row id (table). */
  id: number;
  organization: string;
  body: Uint8Array;
}

/** How an entry is being moved. */
export interface Move {
  /**
   * Nothing else reads or writes the inbox while the move's transaction runs (the embedded store: one
   * process, one connection), so the entry's strings may be routed before it commits.
   */
  early: boolean;
  /**
   * The entry may have been routed already (an earlier try of its move routed it early, then the process
   * died or the move failed): its strings are checked with the service before they are routed again.
   */
  checkFirst: boolean;
  /**
   * What to undo if the transaction rolls back (routing started early); called after it ended, and the move
   * is tried again once it resolves.
   */
  onRollBack(undo: (e: Error) => Promise<void>): void;
}

/**
 * Puts an entry's strings into the inbox, in the transaction `tx` that also takes it off the journal;
 * resolves to what to do once that transaction is committed (tell the router there is work).
 */
export type MoveToInbox = (tx: SqlRunner, entry: JournalEntry, move: Move) => Promise<() => void>;

export interface DeliveryJournal {
  /**
   * Starts moving entries into the inbox with `put`: first those an earlier run left (or, PostgreSQL, that
   * a dead instance left; looked for again every `staleMs`), then each one kept.
   */
  start(put: MoveToInbox, failed: (e: Error) => void): void;
  /** Keeps a verified delivery's body; resolves once it would survive the process being killed. */
  keep(organization: string, body: Uint8Array): Promise<void>;
  /**
   * Resolves once every entry kept so far is in the inbox. The file's moves are tried until the database
   * takes them; PostgreSQL's, when the database failed, are left to a later sweep.
   */
  drained(): Promise<void>;
  close(): Promise<void>;
}

/** The journal of a store: a file for an embedded one (in its folder `location`), a table for PostgreSQL. */
export function openJournal(sql: Sql, location: string, staleMs = 10_000): Promise<DeliveryJournal> {
  return sql.kind === 'embedded'
    ? FileJournal.open(sql, join(location, FileJournal.NAME))
    : Promise.resolve(new TableJournal(sql, staleMs));
}

/**
 * Resolves after the current turn of the event loop. A move is started by the acknowledgement it follows:
 * started at once, its work (500 rows put, a transaction; PGlite runs them on this thread) runs before the
 * answer is written and the delivery's acknowledgement waits for it. Deferred, the answer goes out first.
 */
function afterTheAnswer(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// ---------------------------------------------------------------------------------------------------------
// The file: records of [magic u32][length u32][crc32 u32][sequence f64][organization length u16]
// [organization][body], the checksum over everything after it.

const MAGIC = 0x43514a31; // "CQJ1"
const HEADER = 12;
const WATERMARK = 'journal_moved';

/** Reads a journal file's complete records in order; `end` is where the last complete one ends. */
export function readRecords(file: Uint8Array): { records: JournalEntry[]; end: number } {
  const buf = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const records: JournalEntry[] = [];
  let at = 0;
  while (at + HEADER <= buf.length) {
    const length = buf.readUInt32LE(at + 4);
    if (buf.readUInt32LE(at) !== MAGIC || length < 10 || at + HEADER + length > buf.length) break;
    const payload = buf.subarray(at + HEADER, at + HEADER + length);
    if (crc32(payload) !== buf.readUInt32LE(at + 8)) break;
    const orgLength = payload.readUInt16LE(8);
    if (10 + orgLength > length) break;
    records.push({
      id: payload.readDoubleLE(0),
      organization: payload.toString('utf8', 10, 10 + orgLength),
      body: payload.subarray(10 + orgLength),
    });
    at += HEADER + length;
  }
  return { records, end: at };
}

/** A record as two parts, its head and the body itself, so that a 500 KB body is never copied. */
export function recordParts(entry: JournalEntry): [Buffer, Uint8Array] {
  const org = Buffer.from(entry.organization, 'utf8');
  const head = Buffer.allocUnsafe(HEADER + 10 + org.length);
  head.writeUInt32LE(MAGIC, 0);
  head.writeUInt32LE(10 + org.length + entry.body.byteLength, 4);
  head.writeDoubleLE(entry.id, HEADER);
  head.writeUInt16LE(org.length, HEADER + 8);
  org.copy(head, HEADER + 10);
  head.writeUInt32LE(crc32(entry.body, crc32(head.subarray(HEADER))), 8);
  return [head, entry.body];
}

export function encodeRecord(entry: JournalEntry): Buffer {
  return Buffer.concat(recordParts(entry));
}

class FileJournal implements DeliveryJournal {
  static readonly NAME = 'router-journal';
  /** Writes (and emptying the file) one after another: a record is never written into another. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Moves one after another, in the file's order (the watermark says "every record up to here"). */
  private moves: Promise<unknown> = Promise.resolve();
  private put: MoveToInbox | null = null;
  private failed: (e: Error) => void = () => undefined;
  private written: number;
  private moved: number;
  private closed = false;

  private constructor(
    private readonly sql: Sql,
    private readonly file: FileHandle,
    private next: number,
    private readonly left: JournalEntry[],
  ) {
    this.written = next - 1;
    this.moved = left.length ? left[0]!.id - 1 : next - 1;
  }

  static async open(sql: Sql, path: string): Promise<FileJournal> {
    const [row] = await sql.query<{ value: string }>('select value from router_meta where key = $1', [
      WATERMARK,
    ]);
    const moved = Number(row?.value ?? 0);
    const content = await readFile(path).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return new Uint8Array(0);
      throw e;
    });
    const { records, end } = readRecords(content);
    const file = await open(path, 'a', 0o600);
    // A record cut short was never acknowledged: it goes, so that the next ones follow the last whole one.
    if (end < content.byteLength) await file.truncate(end);
    const last = records.length ? records[records.length - 1]!.id : 0;
    return new FileJournal(
      sql,
      file,
      Math.max(moved, last) + 1,
      records.filter((r) => r.id > moved),
    );
  }

  start(put: MoveToInbox, failed: (e: Error) => void): void {
    this.put = put;
    this.failed = failed;
    // Left by an earlier run, whose early routing may have PATCHed them before it died.
    for (const entry of this.left.splice(0)) void this.move(entry, true);
  }

  keep(organization: string, body: Uint8Array): Promise<void> {
    if (!this.put) throw new Error('The journal is not started.');
    const job = this.writes.then(async () => {
      const entry = { id: this.next, organization, body };
      const [head] = recordParts(entry);
      let at = 0;
      try {
        // Written at once, not through the thread pool: the record reaches the page cache in a fraction of a
        // millisecond (PGlite's own commits write the same way), and the answer does not wait a turn of the
        // event loop in which whatever else is due (a collection of the young heap, 5-8 ms) would run first.
        at = writevSync(this.file.fd, [head, body]);
        // A short write (a full disk, a signal) goes on from where it stopped.
        if (at < head.length + body.byteLength) {
          const rest = Buffer.concat([head, body]);
          while (at < rest.length) at += writeSync(this.file.fd, rest, at);
        }
      } catch (e) {
        // Half a record would hide the next ones: it goes (it is not acknowledged).
        if (at > 0) await this.file.truncate((await this.file.stat()).size - at).catch(() => undefined);
        throw e;
      }
      this.written = this.next++;
      // Queued here, in the order written.
      void this.move(entry, false);
    });
    this.writes = job.catch(() => undefined);
    return job;
  }

  /**
   * Moves `entry` after those before it; a failing database is tried again (the answer promised it). The
   * first try of an entry kept by this run routes it early; a later try, or an entry an earlier run left,
   * is checked first.
   */
  private move(entry: JournalEntry, leftBefore: boolean): Promise<void> {
    const job = this.moves.then(async () => {
      await afterTheAnswer();
      for (let wait = 500, tried = leftBefore; ; wait = Math.min(wait * 2, 30_000), tried = true) {
        if (this.closed) return;
        const undo: ((e: Error) => Promise<void>)[] = [];
        let after: () => void;
        try {
          after = await this.sql.transaction(async (tx) => {
            const then = await this.put!(tx, entry, {
              early: !tried,
              checkFirst: tried,
              onRollBack: (u) => undo.push(u),
            });
            await tx.query(
              `insert into router_meta (key, value) values ($1, $2)
               on conflict (key) do update set value = excluded.value`,
              [WATERMARK, String(entry.id)],
            );
            return then;
          });
        } catch (e) {
          await Promise.all(undo.map((u) => u(e as Error)));
          if (this.closed) return;
          this.failed(e as Error);
          await new Promise((r) => setTimeout(r, wait));
          continue;
        }
        this.moved = entry.id;
        if (this.moved === this.written) this.empty();
        after();
        return;
      }
    });
    this.moves = job.catch(() => undefined);
    return job;
  }

  /** Everything written is in the inbox: the file starts again empty (its sequence goes on). */
  private empty(): void {
    this.writes = this.writes
      .then(async () => {
        if (this.moved === this.written && !this.closed) await this.file.truncate(0);
      })
      .catch((e: Error) => this.failed(e));
  }

  async drained(): Promise<void> {
    await this.writes;
    await this.moves;
    // The last move queued the file's emptying behind the writes (empty()): that is part of being drained.
    await this.writes;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.writes;
    await this.file.close();
  }
}

// ---------------------------------------------------------------------------------------------------------

class TableJournal implements DeliveryJournal {
  private put: MoveToInbox | null = null;
  private failed: (e: Error) => void = () => undefined;
  private moving = new Set<Promise<unknown>>();
  private sweep: ReturnType<typeof setInterval> | null = null;
  private sweeping: Promise<void> | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly staleMs: number,
  ) {}

  start(put: MoveToInbox, failed: (e: Error) => void): void {
    this.put = put;
    this.failed = failed;
    if (this.sweep) clearInterval(this.sweep);
    this.moveLeft(0);
    this.sweep = setInterval(() => this.moveLeft(this.staleMs), Math.max(this.staleMs / 2, 50));
    this.sweep.unref?.();
  }

  async keep(organization: string, body: Uint8Array): Promise<void> {
    if (!this.put) throw new Error('The journal is not started.');
    const [row] = await this.sql.query<{ id: string }>(
      'insert into router_deliveries (organization, body) values ($1, $2) returning id',
      // Deflated here: about 1 ms for 500 KB at level 1, less than the thread pool's round trips cost.
      [organization, deflateRawSync(body, { level: 1 })],
    );
    const entry = { id: Number(row!.id), organization, body };
    const moved = this.moveOne(async (tx) => {
      // Deleted first: another instance moving the same row waits for this transaction, then finds none.
      const gone = await tx.query('delete from router_deliveries where id = $1 returning id', [entry.id]);
      return gone.length ? entry : null;
    }, afterTheAnswer())
      // A failure leaves the row, which a sweep (this instance's or another's) moves later.
      .catch((e: Error) => this.failed(e));
    this.moving.add(moved);
    void moved.finally(() => this.moving.delete(moved));
  }

  /** Moves rows older than `olderThanMs` that nobody is moving, one transaction each, until none is left. */
  private moveLeft(olderThanMs: number): void {
    this.sweeping ??= this.sweepOnce(olderThanMs).finally(() => (this.sweeping = null));
  }

  private async sweepOnce(olderThanMs: number): Promise<void> {
    try {
      for (;;) {
        const found = await this.moveOne(async (tx) => {
          const [row] = await tx.query<{ id: string; organization: string; body: Uint8Array }>(
            `delete from router_deliveries where id = (
               select id from router_deliveries where received_at < now() - $1 * interval '1 millisecond'
               order by id limit 1 for update skip locked)
             returning id, organization, body`,
            [olderThanMs],
          );
          return row
            ? { id: Number(row.id), organization: row.organization, body: inflateRawSync(row.body) }
            : null;
        });
        if (!found) return;
      }
    } catch (e) {
      this.failed(e as Error);
    }
  }

  /**
   * One move: `take` takes an entry off the table in the transaction that puts it into the inbox (null:
   * none, another instance took it). Never early: another instance may put the same strings meanwhile, and
   * a string is routed only once the put that says it is new is committed. So never routed before either.
   */
  private async moveOne(
    take: (tx: SqlRunner) => Promise<JournalEntry | null>,
    after: Promise<void> = Promise.resolve(),
  ): Promise<boolean> {
    await after;
    const moved = await this.sql.transaction(async (tx) => {
      const found = await take(tx);
      return found
        ? this.put!(tx, found, { early: false, checkFirst: false, onRollBack: () => undefined })
        : null;
    });
    moved?.();
    return moved !== null;
  }

  async drained(): Promise<void> {
    await Promise.all([...this.moving]);
    await this.sweeping;
  }

  async close(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
  }
}
