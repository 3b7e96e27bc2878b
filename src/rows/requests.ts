import { create } from 'zustand';

/**
 * The requests of the current run, for the inspector: every page, "Fetch all" included. The URL never holds
 * the token (it travels in a header the inspector shows masked). A request is listed from the moment it is
 * sent, so the results can tell how long the oldest one has gone unanswered (src/results/WaitingNotice.tsx).
 */
export interface InspectedRequest {
  id: number;
  method: 'GET';
  url: string;
  /** null while no answer has come; 0 when none will (network failure, timeout). */
  status: number | null;
  elapsedMs: number;
  /** Bytes of the response body (Content-Length, else the length of its text). */
  size: number;
  body: unknown;
  /** When it was sent, in milliseconds since the epoch. */
  at: number;
  /** An earlier request for the same URL was answered 429, so this one is its retry. */
  afterRateLimit: boolean;
}

export type InspectedAnswer = Pick<InspectedRequest, 'status' | 'elapsedMs' | 'size' | 'body'> & {
  status: number;
};

/** Enough for "Fetch all" of 100,000 rows (200 pages) and its retries; older entries drop off. */
const MAX_REQUESTS = 1000;

interface InspectorState {
  requests: InspectedRequest[];
  actions: {
    /** Lists a request as sent and unanswered; returns its id for `settle` or `drop`. */
    send: (url: string) => number;
    /** Its answer came (or its failure): status, time, size and body. */
    settle: (id: number, answer: InspectedAnswer) => void;
    /** It was aborted (a cancel, a new run, a page past the end of Fetch all): nobody waits for it. */
    drop: (id: number) => void;
    clear: () => void;
  };
}

let lastId = 0;

/** The oldest request still without an answer, or null when every request has its answer. */
export const oldestUnanswered = (requests: readonly InspectedRequest[]): InspectedRequest | null =>
  requests.find((r) => r.status === null) ?? null;

export const useInspectorStore = create<InspectorState>()((set) => ({
  requests: [],
  actions: {
    send: (url) => {
      const id = ++lastId;
      set((s) => {
        const afterRateLimit = s.requests.some((r) => r.url === url && r.status === 429);
        const request: InspectedRequest = {
          id,
          method: 'GET',
          url,
          status: null,
          elapsedMs: 0,
          size: 0,
          body: null,
          at: Date.now(),
          afterRateLimit,
        };
        const next = [...s.requests, request];
        return { requests: next.length > MAX_REQUESTS ? next.slice(-MAX_REQUESTS) : next };
      });
      return id;
    },
    settle: (id, answer) =>
      set((s) => ({ requests: s.requests.map((r) => (r.id === id ? { ...r, ...answer } : r)) })),
    drop: (id) => set((s) => ({ requests: s.requests.filter((r) => r.id !== id) })),
    clear: () => set({ requests: [] }),
  },
}));
