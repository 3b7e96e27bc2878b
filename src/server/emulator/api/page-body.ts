// A listing page's body as bytes, byte for byte `JSON.stringify(listEnvelope(resources, offset, limit))`
// (./envelope.ts), built from each row's item (`{"data":{…}}`) encoded once and kept: a page is then a
// copy of 500 kept byte runs, not 500 resources projected, stringified and encoded again. A "Fetch all"
// asks for the same rows again and again (every run, every client). The emulator's CPU time for the
// bench's Fetch all (40 pages of 230 kB, `npm run bench -- fetch-all`) went from about 320 ms to about
// 130 ms; `node --cpu-prof` showed it in JSON.stringify, in the UTF-8 encoding of the page text (Hono
// rebuilds a Response around a text body once the CORS middleware has set headers) and in fresh buffers.
//
// The bytes live outside the JS heap (Buffers), so the kept rows add no garbage-collection work. They are
// kept per data version (an edit, data/edits.ts, bumps it) and per served shape (the edition and project
// type change a string's fields); at most MAX_BYTES of them.
import { Buffer } from 'node:buffer';
import type { ItemEnvelope } from '../../../wire/envelope.ts';

/** About 100,000 strings' items: enough for a Fetch all of 20,000 strings of a few listings and queries. */
const MAX_BYTES = 48 * 1024 * 1024;

/** Bodies kept for reuse: about the pages one client has in flight. */
const MAX_SPARE = 16;
const MIN_SPARE = 64 * 1024;

const OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

export class PageBodies {
  /** Each source's encoded items by item index (a row of several items is not kept). */
  private rows = new Map<string, Map<number, Buffer>>();
  private bytes = 0;
  /** Bodies sent, for reuse. */
  private free: Buffer[] = [];
  /** What the kept rows were made from: the data set, its version and the served shape. */
  private made: { data: object; version: number; shape: string } | null = null;

  constructor(private maxBytes = MAX_BYTES) {}

  /**
   * The page's body: the items of `groups` (each the item indices of one row in its source, as
   * ListingEngine.page gives them) and the pagination.
   */
  body(
    made: { data: object; version: number; shape: string },
    sourceKey: string,
    groups: readonly (readonly number[])[],
    resource: (group: number[]) => unknown,
    offset: number,
    limit: number,
  ): Buffer {
    if (
      !this.made ||
      this.made.data !== made.data ||
      this.made.version !== made.version ||
      this.made.shape !== made.shape
    ) {
      this.clear();
      this.made = { ...made };
    }
    let kept = this.rows.get(sourceKey);
    if (!kept) this.rows.set(sourceKey, (kept = new Map()));
    const parts: Buffer[] = [OPEN];
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      if (i > 0) parts.push(COMMA);
      if (group.length !== 1) {
        parts.push(encodeItem(resource([...group])));
        continue;
      }
      let bytes = kept.get(group[0]!);
      if (!bytes) {
        bytes = encodeItem(resource([group[0]!]));
        // Full: start over (simpler than ageing rows, and a full cache means the data is huge anyway).
        if (this.bytes + bytes.length > this.maxBytes) this.clear();
        this.rows.set(sourceKey, kept);
        kept.set(group[0]!, bytes);
        this.bytes += bytes.length;
      }
      parts.push(bytes);
    }
    parts.push(Buffer.from(`],"pagination":${JSON.stringify({ offset, limit })}}`));
    let length = 0;
    for (const part of parts) length += part.length;
    const out = this.spare(length);
    let at = 0;
    for (const part of parts) at += part.copy(out, at);
    return out.subarray(0, length);
  }

  /**
   * Hands a body's bytes back once they are sent, for a later page to reuse: a fresh 230 kB buffer per
   * page (fresh memory pages from the system each time) cost more than the copy into it.
   */
  release(body: Buffer): void {
    const whole = Buffer.from(body.buffer, body.byteOffset, body.buffer.byteLength - body.byteOffset);
    if (this.free.length < MAX_SPARE && whole.length >= MIN_SPARE) this.free.push(whole);
  }

  private spare(length: number): Buffer {
    for (let i = this.free.length - 1; i >= 0; i--) {
      if (this.free[i]!.length >= length) return this.free.splice(i, 1)[0]!;
    }
    return Buffer.allocUnsafeSlow(Math.max(MIN_SPARE, Math.ceil((length * 1.25) / 65536) * 65536));
  }

  private clear(): void {
    for (const kept of this.rows.values()) kept.clear();
    this.rows.clear();
    this.bytes = 0;
  }
}

/** One item of the list envelope, as JSON.stringify writes it inside the page. */
function encodeItem(data: unknown): Buffer {
  const item: ItemEnvelope<unknown> = { data };
  return Buffer.from(JSON.stringify(item));
}
