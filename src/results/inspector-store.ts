import { create } from 'zustand';

/**
 * The requests of the current run, for the inspector: every page, "Fetch all" included. The URL never holds
 * the token (it travels in a header the inspector shows masked).
 */
export interface InspectedRequest {
  id: number;
  method: 'GET';
  url: string;
  /** 0 when no response came (network failure). */
  status: number;
  elapsedMs: number;
  /** Bytes of the response body (Content-Length, else the length of its text). */
  size: number;
  body: unknown;
  at: number;
  /** An earlier request for the same URL was answered 429, so this one is its retry. */
  afterRateLimit: boolean;
}

/** Enough for "Fetch all" of 100,000 rows (200 pages) and its retries; older entries drop off. */
const MAX_REQUESTS = 1000;

interface InspectorState {
  requests: InspectedRequest[];
  actions: {
    record: (request: Omit<InspectedRequest, 'id' | 'afterRateLimit'>) => void;
    clear: () => void;
  };
}

let lastId = 0;

export const useInspectorStore = create<InspectorState>()((set) => ({
  requests: [],
  actions: {
    record: (request) =>
      set((s) => {
        const afterRateLimit = s.requests.some((r) => r.url === request.url && r.status === 429);
        const next = [...s.requests, { ...request, id: ++lastId, afterRateLimit }];
        return { requests: next.length > MAX_REQUESTS ? next.slice(-MAX_REQUESTS) : next };
      }),
    clear: () => set({ requests: [] }),
  },
}));
