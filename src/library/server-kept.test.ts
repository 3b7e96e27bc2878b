import { afterEach, describe, expect, it } from 'vitest';
import type { LibraryDocument, LibraryWrite } from '../wire/playground-app.ts';
import { keepLibraryWith, useLibraryStore, type LibraryV2 } from './library.ts';
import { keepLibraryOnServer, mergeLibraries } from './server-kept.ts';

const SETUP = {
  context: 'strings' as const,
  target: { projectId: 7, languageId: null, tmId: null, glossaryId: null },
  connection: 'standard' as const,
  domain: null,
};
const entry = (id: string, ranAt: number) => ({ ...SETUP, id, text: `id = ${ranAt}`, ranAt });
const lib = (history: ReturnType<typeof entry>[]): LibraryV2 => ({ version: 2, history, saved: {} });

/** The app server's `/api/library` as the contract says (src/wire/playground-app.ts), in memory. */
function fakeServer(start: LibraryDocument) {
  const doc = { ...start };
  const writes: LibraryWrite[] = [];
  let settled: () => void = () => {};
  const fetch: typeof globalThis.fetch = async (_url, init) => {
    if (init?.method === 'PUT') {
      const write = JSON.parse(String(init.body)) as LibraryWrite;
      writes.push(write);
      if (write.baseRevision !== doc.revision) {
        return new Response(JSON.stringify({ error: { code: 'libraryConflict', message: 'stale' } }), {
          status: 409,
        });
      }
      doc.library = write.library;
      doc.revision++;
      settled();
    }
    return new Response(JSON.stringify(doc), { status: 200 });
  };
  return { doc, writes, fetch, written: () => new Promise<void>((r) => (settled = r)) };
}

afterEach(() => {
  // Back to this browser's storage for the other tests.
  keepLibraryWith({ write: () => ({ ok: true }) }, lib([]));
});

describe('the Library kept on the app server', () => {
  it('shows the server’s Library and writes each change with the revision it was based on', async () => {
    const server = fakeServer({ library: lib([entry('a', 1)]), revision: 3 });
    await keepLibraryOnServer('http://app', { fetch: server.fetch, token: async () => 'jwt' });
    expect(useLibraryStore.getState().library.history.map((e) => e.id)).toEqual(['a']);
    const written = server.written();
    useLibraryStore.getState().actions.removeHistory('a');
    await written;
    expect(server.writes).toEqual([{ library: lib([]), baseRevision: 3 }]);
    expect(server.doc.revision).toBe(4);
  });

  it('another window wrote in between: both are merged and written again, nothing lost', async () => {
    const server = fakeServer({ library: lib([entry('a', 1)]), revision: 1 });
    await keepLibraryOnServer('http://app', { fetch: server.fetch, token: async () => 'jwt' });
    // The other window's run reaches the server first.
    server.doc.library = lib([entry('b', 2), entry('a', 1)]);
    server.doc.revision = 2;
    const written = server.written();
    useLibraryStore.getState().actions.removeSaved('none'); // any change: a write based on revision 1
    await written;
    expect(server.writes.map((w) => w.baseRevision)).toEqual([1, 2]);
    expect((server.doc.library as LibraryV2).history.map((e) => e.id)).toEqual(['b', 'a']);
    expect(useLibraryStore.getState().library.history.map((e) => e.id)).toEqual(['b', 'a']);
  });

  it('merging keeps every entry of both, newest first', () => {
    const merged = mergeLibraries(lib([entry('c', 3), entry('a', 1)]), lib([entry('b', 2), entry('a', 1)]));
    expect(merged.history.map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });
});
