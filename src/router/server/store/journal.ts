// The delivery journal: a verified delivery's body as it came, kept before the router answers 2xx, and moved
// into the inbox (inbox.ts) right after the answer. Putting 500 strings into the inbox costs the database
// tens of milliseconds (one row each, their keys, the routed check); keeping the body once costs a write, and
// the acknowledgement waits only for that (src/bench/router-inbox.bench.ts). An entry leaves the journal in
// the same transaction that puts its strings into the inbox, so each delivery reaches the inbox once.
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

/**
 * Puts an entry's strings into the inbox, in the transaction `tx` that also takes it off the journal;
 * resolves to what to do once that transaction is committed (tell the router there is work).
 */
export type MoveToInbox = (tx: SqlRunner, entry: JournalEntry) => Promise<() => void>;

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
    for (const entry of this.left.splice(0)) void this.move(entry);
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
      void this.move(entry);
    });
    this.writes = job.catch(() => undefined);
    return job;
  }

  /** Moves `entry` after those before it; a failing database is tried again (the answer promised it). */
  private move(entry: JournalEntry): Promise<void> {
    const job = this.moves.then(async () => {
      await afterTheAnswer();
      for (let wait = 500; ; wait = Math.min(wait * 2, 30_000)) {
        if (this.closed) return;
        try {
          const after = await this.sql.transaction(async (tx) => {
            const then = await this.put!(tx, entry);
            await tx.query(
              `insert into router_meta (key, value) values ($1, $2)
               on conflict (key) do update set value = excluded.value`,
              [WATERMARK, String(entry.id)],
            );
            return then;
          });
          this.moved = entry.id;
          if (this.moved === this.written) this.empty();
          after();
          return;
        } catch (e) {
          if (this.closed) return;
          this.failed(e as Error);
          await new Promise((r) => setTimeout(r, wait));
        }
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
  private moving = new Set<Promise<void>>();
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
    const moved = afterTheAnswer()
      .then(() =>
        this.sql.transaction(async (tx) => {
          // Deleted first: another instance moving the same row waits for this transaction, then finds none.
          const gone = await tx.query('delete from router_deliveries where id = $1 returning id', [entry.id]);
          return gone.length ? this.put!(tx, entry) : null;
        }),
      )
      // A failure leaves the row, which a sweep (this instance's or another's) moves later.
      .then((after) => after?.())
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
        const after = await this.sql.transaction(async (tx) => {
          const [row] = await tx.query<{ id: string; organization: string; body: Uint8Array }>(
            `delete from router_deliveries where id = (
               select id from router_deliveries where received_at < now() - $1 * interval '1 millisecond'
               order by id limit 1 for update skip locked)
             returning id, organization, body`,
            [olderThanMs],
          );
          if (!row) return 'none' as const;
          const body = inflateRawSync(row.body);
          return this.put!(tx, { id: Number(row.id), organization: row.organization, body });
        });
        if (after === 'none') return;
        after();
      }
    } catch (e) {
      this.failed(e as Error);
    }
  }

  async drained(): Promise<void> {
    await Promise.all([...this.moving]);
    await this.sweeping;
  }

  async close(): Promise<void> {
    if (this.sweep) clearInterval(this.sweep);
  }
}
