// The Library kept on the CroQL Playground app server (`/api/library`, src/wire/playground-app.ts) when the
// playground runs inside Crowdin: Crowdin's iframes may not keep localStorage, and the server keeps one
// Library per user and organization. Each write names the revision it was based on; when another window
// wrote in between (409 `libraryConflict`), both are merged and written again, so nothing is lost.
import { freshSession } from '../auth/refresh.ts';
import { useStorageNotices, type WriteOutcome } from '../ui/stored.ts';
import { PLAYGROUND_APP_API, type LibraryDocument, type LibraryWrite } from '../wire/playground-app.ts';
import {
  HISTORY_LIMIT,
  keepLibraryWith,
  migrateLibrary,
  useLibraryStore,
  type LibraryV2,
} from './library.ts';

const NOTICE_ID = 'library:server';

export interface ServerKeptDeps {
  fetch: typeof fetch;
  /** The module JWT to send (a fresh one when it is about to expire). */
  token: () => Promise<string | null>;
}

const browserDeps = (): ServerKeptDeps => ({
  fetch: (...args) => fetch(...args),
  token: async () => (await freshSession())?.accessToken ?? null,
});

/**
 * Both Libraries in one: every history entry and saved query of either (by id), history newest first. A
 * query removed in one window and kept in the other stays: a merge never deletes.
 */
export function mergeLibraries(mine: LibraryV2, theirs: LibraryV2): LibraryV2 {
  const history = [...mine.history];
  const seen = new Set(history.map((e) => e.id));
  for (const entry of theirs.history) if (!seen.has(entry.id)) history.push(entry);
  history.sort((a, b) => b.ranAt - a.ranAt);
  const saved: LibraryV2['saved'] = { ...theirs.saved };
  for (const [key, list] of Object.entries(mine.saved)) {
    const ids = new Set(list.map((q) => q.id));
    saved[key] = [...list, ...(theirs.saved[key] ?? []).filter((q) => !ids.has(q.id))];
  }
  return { version: 2, history: history.slice(0, HISTORY_LIMIT), saved };
}

/** Reads the server's Library, shows it, and writes every later change there. Resolves once it is shown. */
export async function keepLibraryOnServer(
  origin: string,
  deps: ServerKeptDeps = browserDeps(),
): Promise<void> {
  const url = `${origin}${PLAYGROUND_APP_API.library}`;
  const notices = useStorageNotices.getState().actions;
  const request = async (init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    const token = await deps.token();
    const response = await deps.fetch(url, {
      ...init,
      headers: {
        Accept: 'application/json',
        ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };
  const failed = (what: string, status: number, body: unknown) => {
    const said = (body as { error?: { message?: unknown } } | null)?.error?.message;
    notices.add({
      id: NOTICE_ID,
      kind: 'error',
      text: `The Library ${what} the app server${status ? ` (HTTP ${status}${typeof said === 'string' ? `: ${said}` : ''})` : ''}. What is shown stays here for this page; it is written there with your next change.`,
    });
  };

  let revision = 0;
  // One write at a time; changes made while one is out go in the next, whole.
  let latest: LibraryV2 | null = null;
  let sending = false;
  const flush = async (): Promise<void> => {
    if (sending) return;
    sending = true;
    try {
      while (latest) {
        const library: LibraryV2 = latest;
        latest = null;
        const write: LibraryWrite = { library, baseRevision: revision };
        let answer: { status: number; body: unknown };
        try {
          answer = await request({ method: 'PUT', body: JSON.stringify(write) });
        } catch {
          return failed('could not be written to', 0, null);
        }
        if (answer.status === 409) {
          const current = await request();
          if (current.status !== 200) return failed('could not be read from', current.status, current.body);
          const doc = current.body as LibraryDocument;
          revision = doc.revision;
          const merged = mergeLibraries(latest ?? library, migrateLibrary(doc.library));
          useLibraryStore.setState({ library: merged });
          latest = merged;
          continue;
        }
        if (answer.status !== 200) return failed('could not be written to', answer.status, answer.body);
        revision = (answer.body as LibraryDocument).revision;
        notices.dismiss(NOTICE_ID);
      }
    } finally {
      sending = false;
    }
  };
  // The Library shows a change at once and writes it to the server behind.
  const keeper = {
    write: (library: LibraryV2): WriteOutcome => {
      latest = library;
      void flush();
      return { ok: true };
    },
  };

  let shown = useLibraryStore.getState().library;
  try {
    const first = await request();
    if (first.status === 200) {
      const doc = first.body as LibraryDocument;
      revision = doc.revision;
      if (doc.library !== null) shown = migrateLibrary(doc.library);
    } else {
      failed('could not be read from', first.status, first.body);
    }
  } catch {
    failed('could not be read from', 0, null);
  }
  keepLibraryWith(keeper, shown);
}
