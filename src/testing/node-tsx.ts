// How tests and benches start a TypeScript entry point as a process: as package.json's scripts do, in one
// Node process with tsx's loader (`node --import tsx entry.ts`). The `tsx` CLI instead runs the entry as its
// child and relays signals; when the child has not confirmed a signal within 30 ms (a busy machine) it sends
// it again and then SIGKILL, so a SIGTERM meant to save state could kill the process first.
export const TSX_LOADER = ['--import', 'tsx'] as const;
