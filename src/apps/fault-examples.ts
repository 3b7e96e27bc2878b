// The Faults panel's examples (./FaultsPanel.tsx): rules to start from, one of each kind.
import type { FaultRule } from '../wire/faults.ts';

/** Rules to start from, one of each kind: the API's, then what deliveries to apps can be made to suffer. */
export const FAULT_EXAMPLES: { label: string; rules: FaultRule[] }[] = [
  {
    label: 'API: answer the strings listing 429 twice',
    rules: [{ method: 'GET', path: '/api/v2/projects/*/strings', status: 429, count: 2 }],
  },
  { label: 'API: hold every request 2 s', rules: [{ path: '/api/v2/**', latencyMs: 2000 }] },
  {
    label: 'API: answer every request 0.1–1 s late, out of order',
    rules: [{ path: '/api/v2/**', latencyMs: 100, latencyJitterMs: 900 }],
  },
  { label: 'Deliveries: drop the next batch', rules: [{ delivery: 'drop', count: 1 }] },
  {
    label: 'Deliveries: send the next batch again after its answer',
    rules: [{ delivery: 'duplicate', count: 1 }],
  },
  { label: 'Deliveries: send the next batch twice at once', rules: [{ delivery: 'parallel', count: 1 }] },
  { label: 'Deliveries: hold each batch 10 s', rules: [{ delivery: 'delay', delayMs: 10_000 }] },
  { label: "Deliveries: reverse the next batch's events", rules: [{ delivery: 'reorder', count: 1 }] },
  { label: 'Deliveries: retry a failed batch after 1 s and 2 s', rules: [{ retrySchedule: [1, 2] }] },
];
