import { create } from 'zustand';
import { isConnectionKind, type ConnectionKind } from '../wire/connection.ts';
import { isValidOrganizationDomain } from './config.ts';

/**
 * The connection the user wants to sign in to (which may differ from the signed-in session's).
 * Kept in localStorage: it holds no secret, only the choice, the organization domain and a typed client id.
 */
export interface ConnectionChoice {
  connection: ConnectionKind;
  domain: string;
  clientIds: Partial<Record<ConnectionKind, string>>;
}

const CHOICE_KEY = 'croql.connection.v1';
const DEFAULT_CHOICE: ConnectionChoice = { connection: 'emulator', domain: '', clientIds: {} };

function readChoice(): ConnectionChoice {
  try {
    const raw = localStorage.getItem(CHOICE_KEY);
    if (!raw) return DEFAULT_CHOICE;
    const value = JSON.parse(raw) as Partial<ConnectionChoice>;
    const clientIds: ConnectionChoice['clientIds'] = {};
    for (const [kind, id] of Object.entries(value.clientIds ?? {})) {
      if (isConnectionKind(kind) && typeof id === 'string') clientIds[kind] = id;
    }
    return {
      connection: isConnectionKind(value.connection) ? value.connection : 'emulator',
      domain: typeof value.domain === 'string' && isValidOrganizationDomain(value.domain) ? value.domain : '',
      clientIds,
    };
  } catch {
    return DEFAULT_CHOICE;
  }
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
    try {
      localStorage.setItem(CHOICE_KEY, JSON.stringify({ connection, domain, clientIds }));
    } catch {
      // not remembered across visits then
    }
  };
  return {
    ...(typeof localStorage === 'undefined' ? DEFAULT_CHOICE : readChoice()),
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
