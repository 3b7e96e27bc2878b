import { create } from 'zustand';
import { readStore, writeStore, type Reading, type StoreSpec } from '../ui/stored.ts';
import { CONNECTION_KINDS, isConnectionKind, type ConnectionKind } from '../wire/connection.ts';
import { isRecord } from '../wire/json.ts';
import { describeValue, problemText } from '../wire/shape.ts';

/**
 * The connection the user wants to sign in to (which may differ from the signed-in session's).
 * Kept in localStorage: it holds no secret, only the choice, the organization domain and a typed client id.
 */
export interface ConnectionChoice {
  connection: ConnectionKind;
  domain: string;
  clientIds: Partial<Record<ConnectionKind, string>>;
}

const DEFAULT_CHOICE: ConnectionChoice = { connection: 'emulator', domain: '', clientIds: {} };

/**
 * The choice in localStorage, through src/ui/stored.ts: a part this version cannot read (an unknown
 * connection, a domain or a client id that is not text) is left out for its default and said
 * so, the stored data kept aside; a choice that cannot be saved lasts for this page, with a notice.
 */
export const CHOICE_STORE: StoreSpec<ConnectionChoice> = {
  area: 'local',
  key: 'croql.connection.v1',
  label: 'Your choice of connection',
  unsaved: 'It lasts until you reload the page.',
  instead: 'the emulator is chosen',
  check: checkChoice,
  empty: () => DEFAULT_CHOICE,
};

/** The stored choice → the parts that can be used, and what was left out. Never throws. */
export function checkChoice(raw: unknown): Reading<ConnectionChoice> {
  if (!isRecord(raw)) return { unreadable: `it is ${describeValue(raw)}, not connection settings` };
  const dropped: string[] = [];
  const problem = (path: string, expected: string, found: unknown) =>
    dropped.push(problemText({ path, expected, found: describeValue(found) }));
  const choice: ConnectionChoice = { ...DEFAULT_CHOICE, clientIds: {} };
  if (isConnectionKind(raw.connection)) choice.connection = raw.connection;
  else if (raw.connection !== undefined)
    problem('connection', `one of ${CONNECTION_KINDS.join(', ')}`, raw.connection);
  // The domain as typed, checked when it is used to sign in (config.ts), so a half-typed one comes back.
  if (typeof raw.domain === 'string') choice.domain = raw.domain;
  else if (raw.domain !== undefined) problem('domain', 'text', raw.domain);
  if (isRecord(raw.clientIds)) {
    for (const [kind, id] of Object.entries(raw.clientIds)) {
      if (isConnectionKind(kind) && typeof id === 'string') choice.clientIds[kind] = id;
      else problem(`clientIds.${kind}`, 'a client id of a connection', id);
    }
  } else if (raw.clientIds !== undefined) {
    problem('clientIds', 'client ids by connection', raw.clientIds);
  }
  return { value: choice, dropped };
}

interface ChoiceState extends ConnectionChoice {
  actions: {
    setConnection: (connection: ConnectionKind) => void;
    setDomain: (domain: string) => void;
    setClientId: (connection: ConnectionKind, clientId: string) => void;
  };
}

export const useConnectionChoice = create<ChoiceState>()((set, get) => {
  const save = () => {
    const { connection, domain, clientIds } = get();
    writeStore(CHOICE_STORE, { connection, domain, clientIds });
  };
  return {
    ...readStore(CHOICE_STORE),
    actions: {
      setConnection: (connection) => {
        set({ connection });
        save();
      },
      setDomain: (domain) => {
        set({ domain: domain.trim().toLowerCase() });
        save();
      },
      setClientId: (connection, clientId) => {
        set({ clientIds: { ...get().clientIds, [connection]: clientId.trim() } });
        save();
      },
    },
  };
});
