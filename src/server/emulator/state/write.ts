// Writes a state document as JSON a chunk at a time, to a file or an HTTP answer. Lists (and the objects
// holding them) are written a few hundred items at a time, so a state of hundreds of thousands of records never becomes
// one giant string, and the emulator serves other requests between chunks. A file is written atomically:
// a temporary file beside it, flushed to disk, then renamed over it, so a crash or a full disk at any
// moment leaves the previous file whole.
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Objects this deep are written member by member; deeper values with one JSON.stringify. */
const SPREAD_DEPTH = 4;
/** A list is written this many items per JSON.stringify: near its speed, never one giant string. */
const LIST_BATCH = 512;
/** Characters gathered before a chunk is handed out. */
const CHUNK_CHARS = 1 << 20;

/** The JSON text of `value` in pieces; joined, they are JSON.stringify(value). */
function* pieces(value: unknown, depth: number): Generator<string> {
  if (depth >= SPREAD_DEPTH || value === null || typeof value !== 'object') {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    // JSON.stringify of a slice writes its items as it writes them in the whole list (undefined as null).
    yield '[';
    for (let i = 0; i < value.length; i += LIST_BATCH) {
      const batch = JSON.stringify(value.slice(i, i + LIST_BATCH));
      yield (i > 0 ? ',' : '') + batch.slice(1, -1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || typeof item === 'function') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* pieces(item, depth + 1);
  }
  yield '}';
}

/** The JSON text of `value` in chunks of about a megabyte. */
export function* jsonChunks(value: unknown): Generator<string> {
  let chunk = '';
  for (const piece of pieces(value, 0)) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** The chunks as bytes, for an HTTP answer: the emulator's other requests are served between them. */
export function jsonStream(value: unknown): ReadableStream<Uint8Array> {
  const chunks = jsonChunks(value);
  return new ReadableStream({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(Buffer.from(next.value));
    },
  });
}

/**
 * Writes `value` as JSON to `path` atomically (temporary file, fsync, rename, fsync of the folder), only
 * you may read it (it holds secrets). Resolves with the bytes written.
 */
export async function writeJsonFile(path: string, value: unknown): Promise<number> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(4).toString('hex')}.tmp`);
  const file = await open(temp, 'wx', 0o600);
  let bytes = 0;
  try {
    for (const chunk of jsonChunks(value)) {
      const buffer = Buffer.from(chunk);
      await file.write(buffer);
      bytes += buffer.length;
    }
    await file.sync();
  } catch (e) {
    await file.close();
    await rm(temp, { force: true });
    throw e;
  }
  await file.close();
  try {
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  // The rename itself survives a power cut only once the folder is on disk too (where the system allows).
  const folder = await open(dirname(path), 'r').catch(() => null);
  if (folder)
    await folder
      .sync()
      .catch(() => {})
      .finally(() => folder.close());
  return bytes;
}
