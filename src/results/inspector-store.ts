import { create } from 'zustand';

/** The last listing request, for the inspector. The URL never holds the token (it travels in a header). */
export interface InspectedRequest {
  url: string;
  status: number;
  elapsedMs: number;
  body: unknown;
  at: number;
}

interface InspectorState {
  last: InspectedRequest | null;
  requestCount: number;
  actions: { record: (request: InspectedRequest) => void; clear: () => void };
}

export const useInspectorStore = create<InspectorState>()((set) => ({
  last: null,
  requestCount: 0,
  actions: {
    record: (last) => set((s) => ({ last, requestCount: s.requestCount + 1 })),
    clear: () => set({ last: null, requestCount: 0 }),
  },
}));
