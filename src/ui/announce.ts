import { create } from 'zustand';

/** Messages for the page's polite live region (screen readers read them; nothing else moves). */
interface AnnounceState {
  message: string;
  /** Bumped on every announcement so the same text twice is still read twice. */
  seq: number;
  announce: (message: string) => void;
}

export const useAnnouncer = create<AnnounceState>()((set) => ({
  message: '',
  seq: 0,
  announce: (message) => set((s) => ({ message, seq: s.seq + 1 })),
}));

export const announce = (message: string) => useAnnouncer.getState().announce(message);
